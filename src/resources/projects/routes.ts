// GET /v2/projects/{projectId}.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { RequireToken } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { bearerSecurity, problemResponses, Uuid, wrap } from '../../http/schemas.ts';
import { presentProject } from './present.ts';
import { projectFindById } from './queries.ts';

export async function projectRoutes(root: FastifyInstance, ctx: AppContext, requireToken: RequireToken) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v2/projects/:projectId',
    {
      onRequest: requireToken({ scopes: ['project.admin'], resource: 'project' }),
      schema: {
        tags: ['projects'],
        security: bearerSecurity,
        summary: 'Get the project',
        params: Type.Object({ projectId: Uuid }),
        response: { 200: wrap('project', Type.Ref('Project')), ...problemResponses },
      },
    },
    async (request) => {
      const row = await projectFindById(ctx.db, request.params.projectId);
      if (!row) throw notFound('project');
      return { project: presentProject(row) };
    },
  );
}
