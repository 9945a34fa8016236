// Access log: the last LATCHKEY_ACCESS_LOG_RETENTION_DAYS days of access
// events of a project or one lock, newest `created` first, keyset-paged with an opaque cursor.
import { Type } from '@sinclair/typebox';
import { principalOf } from '../../auth/bearer.ts';
import type { AppContext } from '../../context.ts';
import { invalidParam, notFound, tooManyRequests, unauthorized } from '../../http/errors.ts';
import { defineOperation } from '../../http/operations.ts';
import { addressKey } from '../../http/rate-limit.ts';
import { Uuid } from '../../http/schemas.ts';
import { isUuid } from '../../ids.ts';
import { DAY_MS } from '../../time/durations.ts';
import { projectAdmin as auth } from '../projects/auth.ts';
import { cursorDecode, cursorEncode } from './cursor.ts';
import { streamKeyOf } from './feed.ts';
import { presentAccessEvent } from './present.ts';
import { accessEventsPage, lockExistsInProject } from './queries.ts';
import {
  AccessEventSchema,
  AccessLogQuery,
  AccessLogResponse,
  AccessLogStreamQuery,
  ProjectAccessLogQuery,
} from './schema.ts';
import type { StreamRefusal } from './stream.ts';

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
    windowStart: new Date(Date.now() - days * DAY_MS),
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

const RETRY_AFTER_SECONDS = 5;

function refused(why: StreamRefusal, c: AppContext['config']) {
  const detail = {
    project: `This project already has ${c.streamMaxPerProject} open access-event streams on this server process (LATCHKEY_STREAM_MAX_PER_PROJECT); close one or retry later`,
    client: `This API client already has ${c.streamsPerClient} open access-event streams on this server process (LATCHKEY_STREAMS_PER_CLIENT); close one or retry later`,
    address: `Your address already has ${c.streamsPerAddress} open access-event streams on this server process (LATCHKEY_STREAMS_PER_ADDRESS); close one or retry later`,
    descriptors:
      'This server process is holding as many open connections as it can while keeping room for other requests (LATCHKEY_CONNECTION_RESERVE); retry later',
  }[why];
  return tooManyRequests(detail, RETRY_AFTER_SECONDS);
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
      'Without Last-Event-ID the stream carries only events accepted after it opened, never earlier ones.',
      'The stream ends with a comment line saying why when its token stops being valid (it expires, or its client is deleted, its secret rotated or its grant removed: within seconds, on every server process); the next request with that token is 401. It also closes when the server shuts down and when the client reads too slowly (more than 1 MiB waiting); reconnect with Last-Event-ID.',
      'Limits per server process: LATCHKEY_STREAM_MAX_PER_PROJECT (50) streams per project, LATCHKEY_STREAMS_PER_CLIENT (20) per API client and LATCHKEY_STREAMS_PER_ADDRESS (50) per source address, and none while the process is short of connections (LATCHKEY_CONNECTION_RESERVE); beyond any of them: 429 with Retry-After.',
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
      const streams = ctx.accessEventStreams;
      const projectId = request.params.projectId.toLowerCase();
      const { lockId } = request.query;
      const { claims } = principalOf(request);
      // Every v2 token names its client (token-grant.ts); the hub re-checks the client's grant.
      if (typeof claims.client_id !== 'string')
        throw unauthorized('invalid_token', 'The access token has no client');
      const exp = Number(claims.exp);
      const expiresAt = Number.isFinite(exp) ? exp * 1000 : Number.POSITIVE_INFINITY;
      // Requests allow a clock skew past `exp`; a stream would be ended at its first token check.
      if (expiresAt <= Date.now()) throw unauthorized('invalid_token', 'The access token has expired');
      const who = {
        projectId,
        clientId: claims.client_id,
        address: addressKey(request.ip),
      };
      const early = streams.refusal(who);
      if (early) throw refused(early, ctx.config);
      const header = request.headers['last-event-id'];
      const [name, last] =
        request.query.lastEventId !== undefined
          ? ['lastEventId', request.query.lastEventId]
          : ['Last-Event-ID', typeof header === 'string' && header.trim() !== '' ? header.trim() : undefined];
      const days = ctx.config.accessLogRetentionDays;
      const unknown = `is not the id of an event of this project accepted in the last ${days} days; reconnect without it and read the access log for what you may have missed`;
      if (last !== undefined && !isUuid(last)) throw invalidParam(name, unknown);
      if (lockId && !(await lockExistsInProject(ctx.db, projectId, lockId))) throw notFound('lock');
      const after = last === undefined ? undefined : await streamKeyOf(ctx.db, projectId, last.toLowerCase());
      if (last !== undefined && !after) throw invalidParam(name, unknown);
      await streams.ready();
      // Without Last-Event-ID the stream starts now: before the answer, so nothing the client
      // could see as accepted after it opened is left out.
      const from = after ? { key: after } : await streams.now();
      const why = streams.refusal(who);
      if (why) throw refused(why, ctx.config);
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
      streams.open({
        ...who,
        lockId: lockId?.toLowerCase(),
        from,
        res,
        generation: Number(claims.client_gen),
        expiresAt,
      });
    },
  }),
];
