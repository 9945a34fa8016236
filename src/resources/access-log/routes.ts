// Access log: the last LATCHKEY_ACCESS_LOG_RETENTION_DAYS days of access
// events of a project or one lock, newest `created` first, keyset-paged with an opaque cursor.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { RequireToken } from '../../http/authenticate.ts';
import { invalidParam, notFound } from '../../http/errors.ts';
import { bearerSecurity, problemResponses, Uuid } from '../../http/schemas.ts';
import { cursorDecode, cursorEncode } from './cursor.ts';
import { type AccessEventRow, accessEventsPage, lockExistsInProject } from './queries.ts';
import { AccessEventSchema, AccessLogQuery, AccessLogResponse, ProjectAccessLogQuery } from './schema.ts';

/** "…:30.123456Z" → "…:30.123Z": milliseconds, truncated, as Date#toISOString prints them. */
const millis = (us: string) => `${us.slice(0, 23)}Z`;

function present(r: AccessEventRow) {
  return {
    id: r.id,
    action: r.action as 'locked' | 'unlocked',
    created: millis(r.created_text),
    keyId: r.key_id,
    lockId: r.lock_id,
    lockName: r.lock_name,
    appUserId: r.app_user_id,
    userName: r.user_name,
    received: millis(r.received_text),
    origin: r.origin as 'integrator' | 'shared',
  };
}

interface LogQuery {
  lockId?: string;
  appUserId?: string;
  keyId?: string;
  from?: string;
  to?: string;
  limit?: number;
  startAfterId?: string;
}

export async function accessLogRoutes(root: FastifyInstance, ctx: AppContext, requireToken: RequireToken) {
  root.addSchema(AccessEventSchema);
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const projectAdmin = requireToken({ scopes: ['project.admin'], resource: 'project' });
  const tags = ['access log'];

  const read = async (projectId: string, q: LogQuery) => {
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
      accessEvents: items.map(present),
      startAfterId:
        rows.length > limit && last ? cursorEncode({ created: last.created_text, id: last.id }) : undefined,
    };
  };

  app.get(
    '/v2/projects/:projectId/logs/access',
    {
      onRequest: projectAdmin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: "The project's access events of the retention window, newest first",
        params: Type.Object({ projectId: Uuid }),
        querystring: ProjectAccessLogQuery,
        response: { 200: AccessLogResponse, ...problemResponses },
      },
    },
    async (request) => read(request.params.projectId, request.query),
  );

  app.get(
    '/v2/projects/:projectId/locks/:lockId/logs/access',
    {
      onRequest: projectAdmin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: "One lock's access events of the retention window, newest first",
        params: Type.Object({ projectId: Uuid, lockId: Uuid }),
        querystring: AccessLogQuery,
        response: { 200: AccessLogResponse, ...problemResponses },
      },
    },
    async (request) => {
      const { projectId, lockId } = request.params;
      const page = await read(projectId, { ...request.query, lockId });
      // Locks are never deleted and an event carries its lock's project, so a non-empty page
      // proves the lock is this project's; only an empty one needs the lookup (404 vs empty list).
      if (page.accessEvents.length === 0 && !(await lockExistsInProject(ctx.db, projectId, lockId)))
        throw notFound('lock');
      return page;
    },
  );
}
