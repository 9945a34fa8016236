// Background work that runs beside the HTTP server in the same process (and alone under
// `latchkey worker`). Each job returns a stop function; stop drains in reverse start order.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.ts';
import { DeliveryWorker } from './delivery/worker.ts';
import { retentionJobStart } from './resources/access-log/retention.ts';

export type StopJob = () => Promise<void>;

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
  // makes concurrent runs take turns.
  const stops: StopJob[] = [retentionJobStart(ctx, log)];
  if (o.deliveryWorker ?? ctx.config.runWorker) {
    const worker = new DeliveryWorker(ctx, { log: log.child({ component: 'delivery' }) });
    await worker.start();
    stops.push(() => worker.stop());
  }
  return stops;
}
