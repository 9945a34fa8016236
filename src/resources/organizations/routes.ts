// Organization API: the organization, its projects, and cross-organization API permissions on a
// project. Every operation needs organization.admin for the path's organization.
import { Type } from '@sinclair/typebox';
import { principalOf } from '../../auth/bearer.ts';
import { grantRemove, grantsChange, grantUpsert } from '../../auth/grants.ts';
import { found } from '../../http/errors.ts';
import { assertMetadataKeys } from '../../http/metadata.ts';
import { type Auth, defineOperation } from '../../http/operations.ts';
import { listPage } from '../../http/paging.ts';
import { list, PagingQuery, Timestamp, Uuid, wrap } from '../../http/schemas.ts';
import { clientFindById } from '../admin/service.ts';
import { timeZoneParam } from '../locks/routes.ts';
import { presentProject } from '../projects/present.ts';
import { projectInsert, projectListByOrganization } from '../projects/queries.ts';
import { ProjectCreateBody, ProjectSchema } from '../projects/schema.ts';
import {
  apiPermissionList,
  organizationFindById,
  presentApiPermission,
  projectOfOrganization,
} from './queries.ts';

const OrgParams = Type.Object({ organizationId: Uuid });
const PermissionParams = Type.Object({ organizationId: Uuid, projectId: Uuid });
const ClientPermissionParams = Type.Object({ organizationId: Uuid, projectId: Uuid, clientId: Uuid });
const PermissionSchema = Type.Object({
  clientId: Uuid,
  clientName: Type.Optional(
    Type.String({ description: "The client's name; only for clients of this organization" }),
  ),
  organizationId: Type.Optional(
    Type.String({
      format: 'uuid',
      description: "The client's organization; only when it is this organization",
    }),
  ),
  scope: Type.String(),
  created: Timestamp,
});
const tags = ['organizations'];
const auth: Auth = { kind: 'bearer', scopes: ['organization.admin'], resource: 'organization' };

export const organizationOperations = [
  defineOperation({
    operationId: 'organizationsGet',
    method: 'GET',
    path: '/v2/organization/:organizationId',
    tags,
    summary: 'Get the organization',
    auth,
    params: OrgParams,
    success: {
      status: 200,
      schema: wrap('organization', Type.Object({ id: Uuid, name: Type.String(), created: Timestamp })),
    },
    handler: async (request, _reply, ctx) => {
      const o = await found('organization', organizationFindById(ctx.db, request.params.organizationId));
      return { organization: { ...o, created: o.created.toISOString() } };
    },
  }),

  defineOperation({
    operationId: 'projectsList',
    method: 'GET',
    path: '/v2/organization/:organizationId/projects',
    tags,
    summary: "List the organization's projects",
    auth,
    components: [ProjectSchema],
    params: OrgParams,
    query: Type.Object(PagingQuery, { additionalProperties: false }),
    success: { status: 200, schema: list('projects', Type.Ref('Project')) },
    handler: (request, _reply, ctx) =>
      listPage(
        request.query,
        'projects',
        (limit, after) => projectListByOrganization(ctx.db, request.params.organizationId, limit, after),
        presentProject,
      ),
  }),

  defineOperation({
    operationId: 'projectsCreate',
    audit: 'project.created',
    method: 'POST',
    path: '/v2/organization/:organizationId/projects',
    tags,
    summary: 'Create a project; the calling client gets project.admin on it',
    auth,
    params: OrgParams,
    body: ProjectCreateBody,
    success: { status: 201, schema: wrap('project', ProjectSchema) },
    location: (body: { project: { id: string } }) => `/v2/projects/${body.project.id}`,
    handler: async (request, _reply, ctx) => {
      const body = request.body;
      assertMetadataKeys(body.metadata);
      const timezone = body.timezone === undefined ? undefined : timeZoneParam(body.timezone);
      const clientId = principalOf(request).claims.client_id as string;
      const row = await grantsChange(ctx, (tx) =>
        projectInsert(tx, request.params.organizationId, { ...body, timezone }, clientId),
      );
      return { project: presentProject(row) };
    },
  }),

  defineOperation({
    operationId: 'apiPermissionsList',
    method: 'GET',
    path: '/v2/organization/:organizationId/projects/:projectId/api-permissions',
    tags,
    summary: 'List the API clients that hold a scope on the project',
    auth,
    params: PermissionParams,
    success: { status: 200, schema: Type.Object({ apiPermissions: Type.Array(PermissionSchema) }) },
    handler: async (request, _reply, ctx) => {
      const { organizationId, projectId } = request.params;
      await projectOfOrganization(ctx.db, organizationId, projectId);
      return {
        apiPermissions: (await apiPermissionList(ctx.db, projectId)).map((p) =>
          presentApiPermission(p, organizationId),
        ),
      };
    },
  }),

  defineOperation({
    operationId: 'apiPermissionsPut',
    audit: 'apiPermission.put',
    method: 'PUT',
    path: '/v2/organization/:organizationId/projects/:projectId/api-permissions/:clientId',
    tags,
    summary: 'Give an API client (possibly of another organization) a scope on the project',
    auth,
    params: ClientPermissionParams,
    body: Type.Object(
      { scope: Type.Union([Type.Literal('project.admin'), Type.Literal('project.installer')]) },
      { additionalProperties: false, examples: [{ scope: 'project.installer' }] },
    ),
    success: { status: 200, schema: Type.Object({ apiPermission: PermissionSchema }) },
    handler: async (request, _reply, ctx) => {
      const { organizationId, projectId, clientId } = request.params;
      const { scope } = request.body;
      await projectOfOrganization(ctx.db, organizationId, projectId);
      const row = await grantsChange(ctx, async (tx) => {
        const c = await found('client', clientFindById(tx, clientId));
        return { ...c, created: await grantUpsert(tx, clientId, 'project', projectId, scope) };
      });
      return {
        apiPermission: presentApiPermission(
          {
            client_id: clientId,
            name: row.name,
            organization_id: row.organizationId,
            scope,
            created: row.created,
          },
          organizationId,
        ),
      };
    },
  }),

  defineOperation({
    operationId: 'apiPermissionsDelete',
    audit: 'apiPermission.deleted',
    method: 'DELETE',
    path: '/v2/organization/:organizationId/projects/:projectId/api-permissions/:clientId',
    tags,
    summary: "Remove a client's scope on the project; its tokens stop working within seconds",
    auth,
    params: ClientPermissionParams,
    success: { status: 204, description: 'Removed' },
    handler: async (request, _reply, ctx) => {
      const { organizationId, projectId, clientId } = request.params;
      await projectOfOrganization(ctx.db, organizationId, projectId);
      await found(
        'api permission',
        grantsChange(ctx, (tx) => grantRemove(tx, clientId, projectId)),
      );
    },
  }),
];
