// The audit trail's three lists: a project's records (project.admin), an organization's
// (organization.admin: its own and its projects'), and everything (the operator). Paged by id,
// which is time order; each owner's records only, by the WHERE of the query.
import { type Static, Type } from '@sinclair/typebox';
import type { Queryable } from '../db/db.ts';
import { badRequest } from '../http/errors.ts';
import { type Auth, defineOperation } from '../http/operations.ts';
import { listPage } from '../http/paging.ts';
import { list, Uuid } from '../http/schemas.ts';
import { ProjectParams } from '../resources/locks/schema.ts';
import { projectAdmin } from '../resources/projects/auth.ts';
import { presentAuditRecord } from './present.ts';
import { type AuditOwner, auditList } from './queries.ts';
import { AuditListQuery, AuditRecordSchema } from './schema.ts';

const tags = ['audit'];
const OrganizationParams = Type.Object({ organizationId: Uuid });
const components = [AuditRecordSchema];
const success = { status: 200 as const, schema: list('auditRecords', AuditRecordSchema) };
const description =
  'Every change, oldest first, paged like every list (`limit`, `startAfterId`). Filters: `resourceType` and `resourceId` (`key` and its id), `actorId` (a client id), `action` (`key.revoked`), `from` and `to` (inclusive times).';

function page(db: Queryable, owner: AuditOwner, q: Static<typeof AuditListQuery>) {
  if (q.from !== undefined && q.to !== undefined && Date.parse(q.from) > Date.parse(q.to))
    throw badRequest('from is after to', [{ name: 'from', reason: 'must not be after to' }]);
  return listPage(
    q,
    'auditRecords',
    (limit, after) => auditList(db, owner, q, limit, after),
    presentAuditRecord,
  );
}

const organizationAdmin: Auth = { kind: 'bearer', scopes: ['organization.admin'], resource: 'organization' };

export const auditOperations = [
  defineOperation({
    operationId: 'projectAuditList',
    method: 'GET',
    path: '/v2/projects/:projectId/audit',
    tags,
    summary: "The project's audit trail",
    description,
    auth: projectAdmin,
    components,
    params: ProjectParams,
    query: AuditListQuery,
    success,
    handler: (request, _reply, ctx) => page(ctx.db, { projectId: request.params.projectId }, request.query),
  }),
  defineOperation({
    operationId: 'organizationAuditList',
    method: 'GET',
    path: '/v2/organization/:organizationId/audit',
    tags,
    summary: "The organization's audit trail, its projects' included",
    description,
    auth: organizationAdmin,
    components,
    params: OrganizationParams,
    query: AuditListQuery,
    success,
    handler: (request, _reply, ctx) =>
      page(ctx.db, { organizationId: request.params.organizationId }, request.query),
  }),
  defineOperation({
    operationId: 'adminAuditList',
    method: 'GET',
    path: '/admin/v1/audit',
    tags,
    summary: 'The whole audit trail',
    description,
    auth: { kind: 'admin' },
    components,
    query: AuditListQuery,
    success,
    handler: (request, _reply, ctx) => page(ctx.db, 'all', request.query),
  }),
];
