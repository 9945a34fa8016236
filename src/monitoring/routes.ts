// Monitoring endpoints: liveness, readiness, Prometheus metrics. Not in the API document. Who may
// read /metrics is decided in metrics-access.ts.
import type { AppContext } from '../context.ts';
import { migrationsCurrent } from '../db/migrate.ts';
import { defineOperation } from '../http/operations.ts';

function canSign(ctx: AppContext): boolean {
  try {
    ctx.signingKeys.signer();
    return true;
  } catch {
    return false;
  }
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
    summary: 'Readiness: the store answers, no migration is pending and the service can sign tokens',
    success: { status: 200 },
    handler: async (_request, reply, ctx) => {
      // A process that cannot open its signing key would answer every token request with an error.
      if (!canSign(ctx)) {
        reply.code(503);
        return { status: 'cannot sign tokens' };
      }
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
