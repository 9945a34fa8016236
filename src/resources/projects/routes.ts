// The project, read by its own project.admin token.
import { Type } from '@sinclair/typebox';
import { found } from '../../http/errors.ts';
import { defineOperation } from '../../http/operations.ts';
import { Uuid, wrap } from '../../http/schemas.ts';
import { projectAdmin } from './auth.ts';
import { presentProject } from './present.ts';
import { projectFindById } from './queries.ts';
import { ProjectSchema } from './schema.ts';

export const projectOperations = [
  defineOperation({
    operationId: 'projectsGet',
    method: 'GET',
    path: '/v2/projects/:projectId',
    tags: ['projects'],
    summary: 'Get the project',
    auth: projectAdmin,
    components: [ProjectSchema],
    params: Type.Object({ projectId: Uuid }),
    success: { status: 200, schema: wrap('project', Type.Ref('Project')) },
    handler: async (request, _reply, ctx) => {
      const row = await found('project', projectFindById(ctx.db, request.params.projectId));
      return { project: presentProject(row) };
    },
  }),
];
