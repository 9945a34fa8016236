// The queue gauges of /metrics (depth, age of the oldest due delivery), read from the store every
// 5 s by each worker: one aggregate over the pending rows (the partial claim index), cheap enough at
// that rate and fresh enough for an alert that looks at minutes.
import type { AppContext } from '../context.ts';
import { deliveryQueueStats } from './queries.ts';

const REFRESH_MS = 5_000;

/** STOPPED: no timer. RUNNING: refreshing every REFRESH_MS. */
export type QueueStatsMode = 'stopped' | 'running';

export class QueueStats {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly ctx: Pick<AppContext, 'db' | 'metrics'>) {}

  get mode(): QueueStatsMode {
    return this.timer ? 'running' : 'stopped';
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.refresh(), REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  async refresh(): Promise<void> {
    try {
      const s = await deliveryQueueStats(this.ctx.db);
      this.ctx.metrics.queueDepth.set(s.depth);
      this.ctx.metrics.queueOldestAgeSeconds.set(s.oldestAgeSeconds);
    } catch {
      // the store is unavailable; the next refresh tries again
    }
  }
}
