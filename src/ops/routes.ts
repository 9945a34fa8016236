// Operations endpoints: liveness, readiness, Prometheus metrics.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { migrationsCurrent } from '../db/migrate.ts';
import { problemTitle, problemType } from '../http/errors.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * With LATCHKEY_METRICS_TOKEN set, `/metrics` needs `Authorization: Bearer <that token>`. The
 * comparison is of SHA-256 digests with timingSafeEqual: constant time whatever the lengths.
 * The answer is written here (not by the API's error handler) because `latchkey worker` serves
 * this route from a bare server of its own.
 */
function metricsGuard(token: string | undefined) {
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
      .send({ type: problemType(401), title: problemTitle(401), status: 401, detail });
  };
}

export async function opsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const hide = { hide: true };
  app.get('/healthz', { schema: { ...hide } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { ...hide } }, async (_request, reply) => {
    try {
      if (await migrationsCurrent(ctx.db)) return { status: 'ready' };
      return reply.code(503).send({ status: 'migrations pending' });
    } catch {
      return reply.code(503).send({ status: 'store unavailable' });
    }
  });
  const onRequest = metricsGuard(ctx.config.metricsToken);
  app.get('/metrics', { schema: { ...hide }, ...(onRequest ? { onRequest } : {}) }, async (_request, reply) =>
    reply.type(ctx.metrics.registry.contentType).send(await ctx.metrics.registry.metrics()),
  );
}
