// Background work that runs beside the HTTP server in the same process (and alone under
// `latchkey worker`). Each job returns a stop function; stop drains in reverse start order.
import type { FastifyBaseLogger } from 'fastify';
import { auditRetentionJobStart } from './audit/retention.ts';
import type { AppContext } from './context.ts';
import { keyExpiryJobStart } from './delivery/key-expiry.ts';
import { deliveryQueueStats } from './delivery/queries.ts';
import { deliveryRetentionJobStart } from './delivery/retention.ts';
import { DeliveryWorker } from './delivery/worker.ts';
import { idempotencyAnswersSeal, idempotencyKeysExpire } from './http/idempotency.ts';
import { periodicJobStart, type StopJob } from './periodic.ts';
import { retentionJobStart } from './resources/access-log/retention.ts';
import { activityFoldJobStart } from './resources/activity-summary/fold.ts';
import { sessionsExpire } from './resources/app/sessions.ts';

export interface JobOptions {
  /** Run the webhook delivery worker; default config.runWorker (LATCHKEY_WORKER). */
  deliveryWorker?: boolean;
}

export async function startBackgroundJobs(
  ctx: AppContext,
  log: FastifyBaseLogger,
  o: JobOptions = {},
): Promise<StopJob[]> {
  // Retention (partitions ahead, expired days dropped) runs in every process; an advisory lock
  // makes concurrent runs take turns. Delivery retention too: its batches skip rows another
  // process's batch holds, so concurrent runs share the work.
  const stops: StopJob[] = [
    retentionJobStart(ctx, log),
    deliveryRetentionJobStart(ctx, log),
    idempotencyExpiryJobStart(ctx, log),
    appSessionExpiryJobStart(ctx, log),
    keyExpiryJobStart(ctx, log),
    auditRetentionJobStart(ctx, log),
    activityFoldJobStart(ctx, log),
  ];
  if (o.deliveryWorker ?? ctx.config.runWorker) {
    const worker = new DeliveryWorker(ctx, { log: log.child({ component: 'delivery' }) });
    await worker.start();
    stops.push(() => worker.stop());
  } else {
    // An API process without a worker (LATCHKEY_WORKER=off, workers scaled apart as `latchkey
    // worker`, which serves no /metrics) still exports the queue gauges operators alert on.
    stops.push(queueStatsJobStart(ctx));
  }
  return stops;
}

function queueStatsJobStart(ctx: AppContext, intervalMs = 5000): StopJob {
  const refresh = async () => {
    try {
      const s = await deliveryQueueStats(ctx.db);
      ctx.metrics.queueDepth.set(s.depth);
      ctx.metrics.queueOldestAgeSeconds.set(s.oldestAgeSeconds);
    } catch {
      // the store is unavailable; the next refresh tries again
    }
  };
  void refresh();
  const timer = setInterval(() => void refresh(), intervalMs);
  timer.unref();
  return async () => clearInterval(timer);
}

/**
 * Deletes Idempotency-Key records older than 24 hours, at start and then every ten minutes, and
 * seals answers a version before sealing kept in plain text (during an upgrade its processes may
 * still write them).
 */
export function idempotencyExpiryJobStart(
  ctx: AppContext,
  log: FastifyBaseLogger,
  intervalMs = 10 * 60_000,
): StopJob {
  return periodicJobStart({
    intervalMs,
    run: async () => {
      const n = await idempotencyKeysExpire(ctx.db);
      if (n > 0) log.info({ expired: n }, 'idempotency keys expired');
      const sealed = await idempotencyAnswersSeal(ctx);
      if (sealed > 0) log.info({ sealed }, 'idempotency answers kept in plain text sealed');
    },
    log,
    failure: 'idempotency key expiry failed; retrying at the next run',
    failureLevel: 'warn',
  });
}

/**
 * Deletes app sessions unused for LATCHKEY_APP_SESSION_IDLE_DAYS, at start and then every hour (a
 * refresh refuses them anyway; this keeps the store from holding them).
 */
export function appSessionExpiryJobStart(
  ctx: AppContext,
  log: FastifyBaseLogger,
  intervalMs = 60 * 60_000,
): StopJob {
  return periodicJobStart({
    intervalMs,
    run: async () => {
      const n = await sessionsExpire(ctx.db, ctx.config.appSessionIdleDays);
      if (n > 0) log.info({ expired: n }, 'idle app sessions ended');
    },
    log,
    failure: 'app session expiry failed; retrying at the next run',
    failureLevel: 'warn',
  });
}
