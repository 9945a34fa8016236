// Operations endpoints: liveness, readiness, Prometheus metrics.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { migrationsCurrent } from '../db/migrate.ts';

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
  app.get('/metrics', { schema: { ...hide } }, async (_request, reply) =>
    reply.type(ctx.metrics.registry.contentType).send(await ctx.metrics.registry.metrics()),
  );
}
