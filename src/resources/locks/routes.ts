// Locks. project.admin may do everything; project.installer may onboard (create) and
// read locks only.
import { auditNote, revokedNotes } from '../../audit/run.ts';
import { found, invalidParam } from '../../http/errors.ts';
import { assertMetadataKeys, metadataMerge } from '../../http/metadata.ts';
import { defineOperation, pathParam } from '../../http/operations.ts';
import { listPage } from '../../http/paging.ts';
import { patchRow } from '../../http/patch.ts';
import { list, wrap } from '../../http/schemas.ts';
import { canonicalTimeZone } from '../../time/timezone.ts';
import { projectAdmin, projectAdminOrInstaller } from '../projects/auth.ts';
import { presentLock } from './present.ts';
import {
  lockFindById,
  lockFindForUpdate,
  lockInsert,
  lockList,
  lockOffboard,
  lockUpdate,
} from './queries.ts';
import {
  LockCreateBody,
  LockListQuery,
  LockParams,
  LockPatchBody,
  LockSchema,
  ProjectParams,
} from './schema.ts';

const tags = ['locks'];

/** The canonical IANA name, or 400 on `timezone`. */
export function timeZoneParam(value: string, name = 'timezone'): string {
  const tz = canonicalTimeZone(value);
  if (!tz) throw invalidParam(name, 'must be an IANA time zone such as Europe/Oslo');
  return tz;
}

const Lock = wrap('lock', LockSchema);
const components = [LockSchema];

export const lockOperations = [
  defineOperation({
    operationId: 'locksCreate',
    audit: 'lock.created',
    method: 'POST',
    path: '/v2/projects/:projectId/locks',
    tags,
    summary:
      "Onboard a lock (project.admin or project.installer); timezone defaults to the project's, else UTC",
    auth: projectAdminOrInstaller,
    components,
    params: ProjectParams,
    body: LockCreateBody,
    success: { status: 201, schema: Lock },
    location: (body: { lock: { id: string } }, request) =>
      `/v2/projects/${pathParam(request, 'projectId')}/locks/${body.lock.id}`,
    handler: async (request, _reply, ctx) => {
      const body = request.body;
      assertMetadataKeys(body.metadata);
      const timezone = body.timezone === undefined ? undefined : timeZoneParam(body.timezone);
      const row = await found('project', lockInsert(ctx.db, request.params.projectId, { ...body, timezone }));
      return { lock: presentLock(row) };
    },
  }),

  defineOperation({
    operationId: 'locksList',
    method: 'GET',
    path: '/v2/projects/:projectId/locks',
    tags,
    summary: "List the project's locks (ordered by id)",
    auth: projectAdminOrInstaller,
    components,
    params: ProjectParams,
    query: LockListQuery,
    success: { status: 200, schema: list('locks', LockSchema) },
    handler: (request, _reply, ctx) =>
      listPage(
        request.query,
        'locks',
        (limit, after) => lockList(ctx.db, request.params.projectId, limit, after),
        presentLock,
      ),
  }),

  defineOperation({
    operationId: 'locksGet',
    method: 'GET',
    path: '/v2/projects/:projectId/locks/:lockId',
    tags,
    summary: 'Get a lock',
    auth: projectAdminOrInstaller,
    components,
    params: LockParams,
    success: { status: 200, schema: Lock },
    handler: async (request, _reply, ctx) => ({
      lock: presentLock(
        await found('lock', lockFindById(ctx.db, request.params.projectId, request.params.lockId)),
      ),
    }),
  }),

  defineOperation({
    operationId: 'locksUpdate',
    audit: 'lock.updated',
    method: 'PATCH',
    path: '/v2/projects/:projectId/locks/:lockId',
    tags,
    summary: 'Update a lock; metadata merges and a null value deletes a pair',
    auth: projectAdmin,
    components,
    params: LockParams,
    body: LockPatchBody,
    success: { status: 200, schema: Lock },
    handler: async (request, _reply, ctx) => {
      const { projectId, lockId } = request.params;
      const body = request.body;
      assertMetadataKeys(body.metadata);
      const timezone = body.timezone === undefined ? undefined : timeZoneParam(body.timezone);
      const row = await patchRow(
        ctx.db,
        'lock',
        (tx) => lockFindForUpdate(tx, projectId, lockId),
        (tx, cur) =>
          lockUpdate(tx, projectId, lockId, {
            name: body.name ?? cur.name,
            timezone: timezone ?? cur.timezone,
            address: body.address === undefined ? cur.address : body.address,
            metadata: metadataMerge(cur.metadata, body.metadata),
          }),
      );
      return { lock: presentLock(row) };
    },
  }),

  defineOperation({
    operationId: 'locksOffboard',
    audit: 'lock.offboarded',
    method: 'DELETE',
    path: '/v2/projects/:projectId/locks/:lockId',
    tags,
    summary: 'Offboard a lock: its keys and sharing rights are revoked, its webhooks removed',
    description: 'Its access events stay readable through the access log for the retention window.',
    auth: projectAdmin,
    params: LockParams,
    success: { status: 204, description: 'Offboarded' },
    handler: async (request, _reply, ctx) => {
      const { projectId, lockId } = request.params;
      const gone = await found(
        'lock',
        ctx.db.transaction((tx) => lockOffboard(tx, projectId, lockId)),
      );
      auditNote(
        request,
        ...revokedNotes(gone.keys, 'key.revoked'),
        ...revokedNotes(gone.sharingRights, 'sharingRight.revoked'),
        ...gone.webhooks.map((id) => ({ resourceId: id, action: 'webhook.deleted' })),
      );
    },
  }),
];
