// Organization API: the organization, its projects, and cross-organization
// API permissions on a project. Every route needs organization.admin for the path's organization.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { RequireToken } from '../../http/authenticate.ts';
import { principalOf } from '../../http/authenticate.ts';
import { invalidParam, notFound } from '../../http/errors.ts';
import { assertMetadataKeys } from '../../http/metadata.ts';
import { page, pageLimit } from '../../http/paging.ts';
import {
  bearerSecurity,
  list,
  PagingQuery,
  problemResponses,
  Timestamp,
  Uuid,
  wrap,
} from '../../http/schemas.ts';
import { canonicalTimeZone } from '../../time/timezone.ts';
import { presentProject } from '../projects/present.ts';
import { projectInsert, projectListByOrganization } from '../projects/queries.ts';
import { ProjectCreateBody, ProjectSchema } from '../projects/schema.ts';

const OrgParams = Type.Object({ organizationId: Uuid });
const PermissionParams = Type.Object({ organizationId: Uuid, projectId: Uuid });
const PermissionSchema = Type.Object({
  clientId: Uuid,
  clientName: Type.String(),
  organizationId: Uuid,
  scope: Type.String(),
  created: Timestamp,
});
const tags = ['organizations'];

export async function organizationRoutes(root: FastifyInstance, ctx: AppContext, requireToken: RequireToken) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const orgAdmin = requireToken({ scopes: ['organization.admin'], resource: 'organization' });

  app.get(
    '/v2/organization/:organizationId',
    {
      onRequest: orgAdmin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Get the organization',
        params: OrgParams,
        response: {
          200: wrap('organization', Type.Object({ id: Uuid, name: Type.String(), created: Timestamp })),
          ...problemResponses,
        },
      },
    },
    async (request) => {
      const { rows } = await ctx.db.query<{ id: string; name: string; created: Date }>(
        'SELECT id, name, created FROM organizations WHERE id = $1',
        [request.params.organizationId],
      );
      const o = rows[0];
      if (!o) throw notFound('organization');
      return { organization: { ...o, created: o.created.toISOString() } };
    },
  );

  app.get(
    '/v2/organization/:organizationId/projects',
    {
      onRequest: orgAdmin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: "List the organization's projects",
        params: OrgParams,
        querystring: Type.Object(PagingQuery, { additionalProperties: false }),
        response: { 200: list('projects', Type.Ref('Project')), ...problemResponses },
      },
    },
    async (request) => {
      const limit = pageLimit(request.query);
      const rows = await projectListByOrganization(
        ctx.db,
        request.params.organizationId,
        limit,
        request.query.startAfterId,
      );
      const p = page(rows, limit);
      return { projects: p.items.map(presentProject), startAfterId: p.startAfterId };
    },
  );

  app.post(
    '/v2/organization/:organizationId/projects',
    {
      onRequest: orgAdmin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Create a project; the calling client gets project.admin on it',
        params: OrgParams,
        body: ProjectCreateBody,
        response: { 201: wrap('project', ProjectSchema), ...problemResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      assertMetadataKeys(body.metadata);
      let timezone: string | undefined;
      if (body.timezone !== undefined) {
        timezone = canonicalTimeZone(body.timezone);
        if (!timezone) throw invalidParam('timezone', 'must be an IANA time zone such as Europe/Oslo');
      }
      const clientId = principalOf(request).claims.client_id as string;
      const row = await ctx.db.transaction((tx) =>
        projectInsert(tx, request.params.organizationId, { ...body, timezone }, clientId),
      );
      ctx.clientStatus.clear();
      return reply.code(201).send({ project: presentProject(row) });
    },
  );

  // API permissions: which clients (of any organization) hold a scope on one of our projects.
  const projectOfOrg = async (organizationId: string, projectId: string) => {
    const r = await ctx.db.query('SELECT 1 FROM projects WHERE id = $1 AND organization_id = $2', [
      projectId,
      organizationId,
    ]);
    if (r.rowCount === 0) throw notFound('project');
  };

  app.get(
    '/v2/organization/:organizationId/projects/:projectId/api-permissions',
    {
      onRequest: orgAdmin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'List the API clients that hold a scope on the project',
        params: PermissionParams,
        response: { 200: Type.Object({ apiPermissions: Type.Array(PermissionSchema) }), ...problemResponses },
      },
    },
    async (request) => {
      const { organizationId, projectId } = request.params;
      await projectOfOrg(organizationId, projectId);
      const { rows } = await ctx.db.query<{
        client_id: string;
        name: string;
        organization_id: string;
        scope: string;
        created: Date;
      }>(
        `SELECT g.client_id, c.name, c.organization_id, g.scope, g.created FROM grants g
           JOIN api_clients c ON c.id = g.client_id
          WHERE g.resource_id = $1 ORDER BY g.client_id LIMIT 1000`,
        [projectId],
      );
      return {
        apiPermissions: rows.map((r) => ({
          clientId: r.client_id,
          clientName: r.name,
          organizationId: r.organization_id,
          scope: r.scope,
          created: r.created.toISOString(),
        })),
      };
    },
  );

  app.put(
    '/v2/organization/:organizationId/projects/:projectId/api-permissions/:clientId',
    {
      onRequest: orgAdmin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Give an API client (possibly of another organization) a scope on the project',
        params: Type.Object({ organizationId: Uuid, projectId: Uuid, clientId: Uuid }),
        body: Type.Object(
          { scope: Type.Union([Type.Literal('project.admin'), Type.Literal('project.installer')]) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ apiPermission: PermissionSchema }), ...problemResponses },
      },
    },
    async (request) => {
      const { organizationId, projectId, clientId } = request.params;
      await projectOfOrg(organizationId, projectId);
      const row = await ctx.db.transaction(async (tx) => {
        const c = await tx.query<{ name: string; organization_id: string }>(
          'SELECT name, organization_id FROM api_clients WHERE id = $1',
          [clientId],
        );
        if (!c.rows[0]) throw notFound('client');
        const g = await tx.query<{ created: Date }>(
          `INSERT INTO grants (client_id, resource_type, resource_id, scope) VALUES ($1, 'project', $2, $3)
           ON CONFLICT (client_id, resource_id) DO UPDATE SET scope = EXCLUDED.scope RETURNING created`,
          [clientId, projectId, request.body.scope],
        );
        return { ...c.rows[0], created: g.rows[0]!.created };
      });
      ctx.clientStatus.clear();
      return {
        apiPermission: {
          clientId,
          clientName: row.name,
          organizationId: row.organization_id,
          scope: request.body.scope,
          created: row.created.toISOString(),
        },
      };
    },
  );

  app.delete(
    '/v2/organization/:organizationId/projects/:projectId/api-permissions/:clientId',
    {
      onRequest: orgAdmin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: "Remove a client's scope on the project; its tokens stop working within seconds",
        params: Type.Object({ organizationId: Uuid, projectId: Uuid, clientId: Uuid }),
        response: problemResponses,
      },
    },
    async (request, reply) => {
      const { organizationId, projectId, clientId } = request.params;
      await projectOfOrg(organizationId, projectId);
      const r = await ctx.db.query('DELETE FROM grants WHERE client_id = $1 AND resource_id = $2', [
        clientId,
        projectId,
      ]);
      if (r.rowCount === 0) throw notFound('api permission');
      ctx.clientStatus.clear();
      return reply.code(204).send();
    },
  );
}
