// Access log: the last LATCHKEY_ACCESS_LOG_RETENTION_DAYS days of access
// events of a project or one lock, newest `created` first, keyset-paged with an opaque cursor.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import { principalOf } from '../../auth/bearer.ts';
import type { AppContext } from '../../context.ts';
import { invalidParam, notFound, tooManyRequests } from '../../http/errors.ts';
import { defineOperation } from '../../http/operations.ts';
import { Uuid } from '../../http/schemas.ts';
import { isUuid } from '../../ids.ts';
import { projectAdmin as auth } from '../projects/auth.ts';
import { cursorDecode, cursorEncode } from './cursor.ts';
import { presentAccessEvent } from './present.ts';
import { accessEventsPage, lockExistsInProject } from './queries.ts';
import {
  AccessEventSchema,
  AccessLogQuery,
  AccessLogResponse,
  AccessLogStreamQuery,
  ProjectAccessLogQuery,
} from './schema.ts';
import { AccessEventStreams, streamKeyOf } from './stream.ts';

interface LogQuery {
  lockId?: string;
  appUserId?: string;
  keyId?: string;
  from?: string;
  to?: string;
  limit?: number;
  startAfterId?: string;
}

async function read(ctx: AppContext, projectId: string, q: LogQuery) {
  const from = q.from ? new Date(q.from) : undefined;
  const to = q.to ? new Date(q.to) : undefined;
  if (from && Number.isNaN(from.getTime())) throw invalidParam('from', 'must be a valid date-time');
  if (to && Number.isNaN(to.getTime())) throw invalidParam('to', 'must be a valid date-time');
  if (from && to && from > to) throw invalidParam('to', 'must not be before from');
  const limit = q.limit ?? 100;
  const days = ctx.config.accessLogRetentionDays;
  const rows = await accessEventsPage(ctx.db, {
    projectId,
    lockId: q.lockId,
    appUserId: q.appUserId,
    keyId: q.keyId,
    from,
    to,
    windowStart: new Date(Date.now() - days * 86_400_000),
    cursor: q.startAfterId === undefined ? undefined : cursorDecode(q.startAfterId),
    limit,
  });
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    accessEvents: items.map(presentAccessEvent),
    startAfterId:
      rows.length > limit && last ? cursorEncode({ created: last.created_text, id: last.id }) : undefined,
  };
}

const streamHubs = new WeakMap<AppContext, AccessEventStreams>();

/**
 * One live-stream hub per app (process): one LISTEN for every open stream of this process. Ended
 * before the server stops accepting (preClose), or close() would wait for the streams forever.
 */
export function installAccessEventStreams(app: FastifyInstance, ctx: AppContext): void {
  const streams = new AccessEventStreams(
    ctx.db,
    { heartbeatMs: ctx.config.streamHeartbeatMs },
    app.log.child({ component: 'access-event-stream' }),
  );
  streamHubs.set(ctx, streams);
  app.addHook('preClose', async () => {
    await streams.close();
  });
  app.decorate('accessEventStreams', streams);
  new Gauge({
    name: 'latchkey_access_event_streams_open',
    help: 'Live access-event streams open in this process',
    registers: [ctx.metrics.registry],
    collect() {
      this.set(streams.size);
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The live access-event stream hub of this app (tests and benchmarks count its streams). */
    accessEventStreams: AccessEventStreams;
  }
}

const tags = ['access log'];
const components = [AccessEventSchema];

export const accessLogOperations = [
  defineOperation({
    operationId: 'accessLogList',
    method: 'GET',
    path: '/v2/projects/:projectId/logs/access',
    tags,
    summary: "The project's access events of the retention window, newest first",
    auth,
    components,
    params: Type.Object({ projectId: Uuid }),
    query: ProjectAccessLogQuery,
    success: { status: 200, schema: AccessLogResponse },
    handler: (request, _reply, ctx) => read(ctx, request.params.projectId, request.query),
  }),

  defineOperation({
    operationId: 'lockAccessLogList',
    method: 'GET',
    path: '/v2/projects/:projectId/locks/:lockId/logs/access',
    tags,
    summary: "One lock's access events of the retention window, newest first",
    auth,
    components,
    params: Type.Object({ projectId: Uuid, lockId: Uuid }),
    query: AccessLogQuery,
    success: { status: 200, schema: AccessLogResponse },
    handler: async (request, _reply, ctx) => {
      const { projectId, lockId } = request.params;
      const page = await read(ctx, projectId, { ...request.query, lockId });
      // Locks are never deleted and an event carries its lock's project, so a non-empty page
      // proves the lock is this project's; only an empty one needs the lookup (404 vs empty list).
      if (page.accessEvents.length === 0 && !(await lockExistsInProject(ctx.db, projectId, lockId)))
        throw notFound('lock');
      return page;
    },
  }),

  defineOperation({
    operationId: 'accessLogStream',
    method: 'GET',
    path: '/v2/projects/:projectId/logs/access/stream',
    tags,
    summary: 'Live stream of accepted access events (Server-Sent Events)',
    description: [
      'A `text/event-stream` (the HTML EventSource format): each access event accepted from now on, in the order the service accepted it, as `id: <event id>`, `event: accessEvent`, `data: <the access-log item as JSON>`; a comment line at least every 15 s.',
      'Resume after a disconnect with the last id you received, as the `Last-Event-ID` header (EventSource sends it by itself) or the `lastEventId` query parameter: the stream continues right after that event, whichever server process serves it, and nothing is missed. An id that is not an event of this project within the retention window is 400: reconnect without it and read the access log for the gap.',
      'The stream closes when the token expires, when the server shuts down, and when the client reads too slowly (more than 1 MiB waiting); reconnect with Last-Event-ID. At most LATCHKEY_STREAM_MAX_PER_PROJECT (50) streams per project are open in one server process; one more is 429 with Retry-After.',
    ].join('\n\n'),
    auth,
    params: Type.Object({ projectId: Uuid }),
    query: AccessLogStreamQuery,
    errors: ['rate-limited'],
    success: {
      status: 200,
      schema: Type.Unsafe({
        description: 'The event stream',
        content: { 'text/event-stream': { schema: Type.String() } },
      }),
    },
    handler: async (request, reply, ctx) => {
      const streams = streamHubs.get(ctx);
      if (!streams) throw new Error('installAccessEventStreams was not called for this app');
      const { projectId } = request.params;
      const { lockId } = request.query;
      const header = request.headers['last-event-id'];
      const [name, last] =
        request.query.lastEventId !== undefined
          ? ['lastEventId', request.query.lastEventId]
          : ['Last-Event-ID', typeof header === 'string' && header.trim() !== '' ? header.trim() : undefined];
      const days = ctx.config.accessLogRetentionDays;
      const unknown = `is not the id of an event of this project accepted in the last ${days} days; reconnect without it and read the access log for what you may have missed`;
      if (last !== undefined && !isUuid(last)) throw invalidParam(name, unknown);
      if (lockId && !(await lockExistsInProject(ctx.db, projectId, lockId))) throw notFound('lock');
      const from = last === undefined ? undefined : await streamKeyOf(ctx.db, projectId, last.toLowerCase());
      if (last !== undefined && !from) throw invalidParam(name, unknown);
      await streams.ready();
      const max = ctx.config.streamMaxPerProject;
      if (streams.count(projectId) >= max)
        throw tooManyRequests(
          `This project already has ${max} open access-event streams on this server process (LATCHKEY_STREAM_MAX_PER_PROJECT); close one or retry later`,
          5,
        );
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      // How long an EventSource waits before reconnecting; the comment sends the headers now.
      res.write('retry: 1000\n: stream open\n\n');
      const exp = Number(principalOf(request).claims.exp);
      streams.open({
        projectId,
        lockId: lockId?.toLowerCase(),
        from,
        res,
        expiresAt: Number.isFinite(exp) ? exp * 1000 : Number.POSITIVE_INFINITY,
      });
    },
  }),
];
