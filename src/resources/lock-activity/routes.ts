// GET a lock's activity (project.admin): what the network lock reported or the service did to it.
import { Type } from '@sinclair/typebox';
import { found } from '../../http/errors.ts';
import { defineOperation } from '../../http/operations.ts';
import { page } from '../../http/paging.ts';
import { PagingQuery, Timestamp, Uuid } from '../../http/schemas.ts';
import { lockFindById } from '../locks/queries.ts';
import { LockParams } from '../locks/schema.ts';
import { projectAdmin } from '../projects/auth.ts';
import { ACTIVITY_KINDS, ACTIVITY_SOURCES, type LockActivityRow, lockActivityPage } from './queries.ts';

const ActivitySchema = Type.Object(
  {
    id: Uuid,
    at: Timestamp,
    kind: Type.Union(ACTIVITY_KINDS.map((k) => Type.Literal(k))),
    source: Type.Union([...ACTIVITY_SOURCES.map((s) => Type.Literal(s)), Type.Null()]),
    keyId: Type.Optional(Uuid),
    detail: Type.Record(Type.String(), Type.Unknown()),
  },
  { $id: 'LockActivity' },
);

export function presentActivity(r: LockActivityRow) {
  return {
    id: r.id,
    at: r.at.toISOString(),
    kind: r.kind,
    source: r.source,
    ...(r.key_id ? { keyId: r.key_id } : {}),
    detail: r.detail,
  };
}

export const lockActivityOperations = [
  defineOperation({
    operationId: 'lockActivityList',
    method: 'GET',
    path: '/v2/projects/:projectId/locks/:lockId/activity',
    tags: ['locks'],
    summary: "The lock's activity for the last 30 days, newest first",
    description:
      "`kind`: operated, operationFailed, wrongCode, jammed, lowBattery, connected, disconnected, pinWritten, pinRemoved. `source`: keypad, remote, manual, auto, integrator or null. `at` is the lock's own time for what it reported. `from` and `to` bound `at`.",
    auth: projectAdmin,
    components: [ActivitySchema],
    params: LockParams,
    query: Type.Object(
      { ...PagingQuery, from: Type.Optional(Timestamp), to: Type.Optional(Timestamp) },
      { additionalProperties: false },
    ),
    success: {
      status: 200,
      schema: Type.Object({
        activity: Type.Array(Type.Ref('LockActivity')),
        startAfterId: Type.Optional(Uuid),
      }),
    },
    handler: async (request, _reply, ctx) => {
      const { projectId, lockId } = request.params;
      const q = request.query;
      await found('lock', lockFindById(ctx.db, projectId, lockId));
      const limit = q.limit ?? 100;
      const rows = await lockActivityPage(ctx.db, {
        projectId,
        lockId,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
        limit,
        startAfterId: q.startAfterId,
      });
      const p = page(rows, limit);
      return { activity: p.items.map(presentActivity), startAfterId: p.startAfterId };
    },
  }),
];
