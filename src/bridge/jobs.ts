// The bridge work of an API process: the local bridge (LATCHKEY_BRIDGE=local), the periodic
// reconciliation of network locks, and the expiry of old commands.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { periodicJobStart, type StopJob } from '../periodic.ts';
import { lockActivityExpire } from '../resources/lock-activity/queries.ts';
import { connectionsCommissioningExpire } from '../resources/lock-connections/queries.ts';
import { COMMISSION_WAIT_MS } from '../resources/lock-connections/routes.ts';
import { localBridgeStart } from './local.ts';
import { commandsExpire } from './queries.ts';
import { reconcileJobStart } from './reconcile-wiring.ts';

export async function bridgeJobsStart(ctx: AppContext, log: FastifyBaseLogger): Promise<StopJob[]> {
  const stops: StopJob[] = [
    periodicJobStart({
      intervalMs: 3_600_000,
      log,
      failure: 'deleting old bridge commands failed',
      failureLevel: 'warn',
      run: async () => {
        await commandsExpire(ctx.db);
        await lockActivityExpire(ctx.db);
      },
    }),
  ];
  stops.push(
    periodicJobStart({
      intervalMs: 60_000,
      log,
      failure: 'failing stale commissioning failed',
      failureLevel: 'warn',
      // A little longer than a commission command waits, plus the commissioning itself.
      run: () => connectionsCommissioningExpire(ctx.db, COMMISSION_WAIT_MS + 180_000),
    }),
  );
  if (ctx.config.reconcileIntervalSeconds > 0)
    stops.push(reconcileJobStart(ctx, log, ctx.config.reconcileIntervalSeconds * 1000));
  if (ctx.config.bridge === 'local') {
    const local = await localBridgeStart(ctx, log, { livenessSeconds: ctx.config.matterLivenessSeconds });
    stops.push(local.stop);
  }
  return stops;
}
