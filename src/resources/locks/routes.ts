// Locks. project.admin may do everything; project.installer may onboard (create) and
// read locks only.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { RequireToken } from '../../http/authenticate.ts';
import { invalidParam, notFound } from '../../http/errors.ts';
import { assertMetadataKeys, metadataMerge } from '../../http/metadata.ts';
import { page, pageLimit } from '../../http/paging.ts';
import { bearerSecurity, list, problemResponses, wrap } from '../../http/schemas.ts';
import { canonicalTimeZone } from '../../time/timezone.ts';
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

export async function lockRoutes(root: FastifyInstance, ctx: AppContext, requireToken: RequireToken) {
  root.addSchema(LockSchema);
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const adminOrInstaller = requireToken({
    scopes: ['project.admin', 'project.installer'],
    resource: 'project',
  });
  const admin = requireToken({ scopes: ['project.admin'], resource: 'project' });
  const Lock = wrap('lock', LockSchema);

  app.post(
    '/v2/projects/:projectId/locks',
    {
      onRequest: adminOrInstaller,
      schema: {
        tags,
        security: bearerSecurity,
        summary:
          "Onboard a lock (project.admin or project.installer); timezone defaults to the project's, else UTC",
        params: ProjectParams,
        body: LockCreateBody,
        response: { 201: Lock, ...problemResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      assertMetadataKeys(body.metadata);
      const timezone = body.timezone === undefined ? undefined : timeZoneParam(body.timezone);
      const row = await lockInsert(ctx.db, request.params.projectId, { ...body, timezone });
      if (!row) throw notFound('project');
      return reply.code(201).send({ lock: presentLock(row) });
    },
  );

  app.get(
    '/v2/projects/:projectId/locks',
    {
      onRequest: adminOrInstaller,
      schema: {
        tags,
        security: bearerSecurity,
        summary: "List the project's locks (ordered by id)",
        params: ProjectParams,
        querystring: LockListQuery,
        response: { 200: list('locks', LockSchema), ...problemResponses },
      },
    },
    async (request) => {
      const limit = pageLimit(request.query);
      const rows = await lockList(ctx.db, request.params.projectId, limit, request.query.startAfterId);
      const p = page(rows, limit);
      return { locks: p.items.map(presentLock), startAfterId: p.startAfterId };
    },
  );

  app.get(
    '/v2/projects/:projectId/locks/:lockId',
    {
      onRequest: adminOrInstaller,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Get a lock',
        params: LockParams,
        response: { 200: Lock, ...problemResponses },
      },
    },
    async (request) => {
      const row = await lockFindById(ctx.db, request.params.projectId, request.params.lockId);
      if (!row) throw notFound('lock');
      return { lock: presentLock(row) };
    },
  );

  app.patch(
    '/v2/projects/:projectId/locks/:lockId',
    {
      onRequest: admin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Update a lock; metadata merges and a null value deletes a pair',
        params: LockParams,
        body: LockPatchBody,
        response: { 200: Lock, ...problemResponses },
      },
    },
    async (request) => {
      const { projectId, lockId } = request.params;
      const body = request.body;
      assertMetadataKeys(body.metadata);
      const timezone = body.timezone === undefined ? undefined : timeZoneParam(body.timezone);
      const row = await ctx.db.transaction(async (tx) => {
        const cur = await lockFindForUpdate(tx, projectId, lockId);
        if (!cur) throw notFound('lock');
        return lockUpdate(tx, projectId, lockId, {
          name: body.name ?? cur.name,
          timezone: timezone ?? cur.timezone,
          address: body.address === undefined ? cur.address : body.address,
          metadata: metadataMerge(cur.metadata, body.metadata),
        });
      });
      if (!row) throw notFound('lock');
      return { lock: presentLock(row) };
    },
  );

  app.delete(
    '/v2/projects/:projectId/locks/:lockId',
    {
      onRequest: admin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Offboard a lock: its keys and sharing rights are revoked, its webhooks removed',
        description: 'Its access events stay readable through the access log for the retention window.',
        params: LockParams,
        response: { 204: { type: 'null', description: 'Offboarded' }, ...problemResponses },
      },
    },
    async (request, reply) => {
      const { projectId, lockId } = request.params;
      const done = await ctx.db.transaction((tx) => lockOffboard(tx, projectId, lockId));
      if (!done) throw notFound('lock');
      return reply.code(204).send();
    },
  );
}
