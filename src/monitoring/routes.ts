// Monitoring endpoints: liveness, readiness, Prometheus metrics. Not in the API document.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { migrationsCurrent } from '../db/migrate.ts';
import { PROBLEMS, problemType } from '../http/errors.ts';
import { defineOperation } from '../http/operations.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * With LATCHKEY_METRICS_TOKEN set, `/metrics` needs `Authorization: Bearer <that token>` (auth kind
 * `metrics`). The comparison is of SHA-256 digests with timingSafeEqual: constant time whatever the
 * lengths. The answer is written here (not by the API's error handler) because `latchkey worker`
 * serves this route from a bare server of its own.
 */
export function metricsGuard(token: string | undefined) {
  if (token === undefined) return undefined;
  const expected = digest(token);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const m = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
    if (m && timingSafeEqual(digest(m[1]!), expected)) return;
    const detail = m
      ? 'The metrics token was not accepted'
      : 'Metrics need Authorization: Bearer <LATCHKEY_METRICS_TOKEN>';
    return reply
      .code(401)
      .header('www-authenticate', `Bearer realm="latchkey-metrics"${m ? ', error="invalid_token"' : ''}`)
      .type('application/problem+json')
      .send({ type: problemType('unauthorized'), title: PROBLEMS.unauthorized.title, status: 401, detail });
  };
}

const common = { tags: ['monitoring'], auth: { kind: 'none' }, hidden: true } as const;

export const monitoringOperations = [
  defineOperation({
    ...common,
    operationId: 'healthz',
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness',
    success: { status: 200 },
    handler: () => ({ status: 'ok' }),
  }),
  defineOperation({
    ...common,
    operationId: 'readyz',
    method: 'GET',
    path: '/readyz',
    summary: 'Readiness: the store answers and no migration is pending',
    success: { status: 200 },
    handler: async (_request, reply, ctx) => {
      try {
        if (await migrationsCurrent(ctx.db)) return { status: 'ready' };
        reply.code(503);
        return { status: 'migrations pending' };
      } catch {
        reply.code(503);
        return { status: 'store unavailable' };
      }
    },
  }),
  defineOperation({
    ...common,
    operationId: 'metrics',
    method: 'GET',
    path: '/metrics',
    summary: 'Prometheus metrics',
    auth: { kind: 'metrics' },
    success: { status: 200 },
    handler: async (_request, reply, ctx) => {
      reply.type(ctx.metrics.registry.contentType);
      return ctx.metrics.registry.metrics();
    },
  }),
];
