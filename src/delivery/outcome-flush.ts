// The outcome flush: attempts finish one by one, and are written in batches. One write per attempt
// capped the worker at the store's round trips (a few thousand per second on PostgreSQL, far fewer
// on PGlite); a batch of every attempt that finished within COALESCE_MS is one statement whatever
// its size (deliveryOutcomesRecord), and batches form by themselves while the previous write runs.
// Until its outcome is written, a delivery keeps its lease: a write that fails leaves those
// deliveries to come back when their leases end (at-least-once).
import type { Db } from '../db/db.ts';
import { sqlState } from '../db/errors.ts';
import { STORE_CALL_DEADLINE_MS, withDeadline } from './deadline.ts';
import { type AttemptOutcome, deliveryOutcomesRecord } from './queries.ts';
import type { WorkerLog } from './worker-log.ts';

/** Outcomes that finish within this window share one write (unless FLUSH_AT are waiting). */
export const COALESCE_MS = 5;
/** Waiting outcomes that are written at once, without waiting for the window. */
const FLUSH_AT = 100;
/** Outcomes per statement: 500 rows of 11 columns stay far below any parameter or size limit. */
const WRITE_AT_MOST = 500;

/**
 * IDLE: nothing waiting. SCHEDULED: outcomes waiting, a write due within COALESCE_MS. WRITING: a
 * write under way; outcomes that arrive meanwhile are written as soon as it ends.
 */
export type OutcomeFlushMode = 'idle' | 'scheduled' | 'writing';

export interface OutcomeFlushOptions {
  disableAfterFailingMs: number;
  log: WorkerLog;
  /** After each batch, written or not (the worker forgets its 410s then). */
  onBatchDone(batch: readonly AttemptOutcome[]): void;
}

export class OutcomeFlush {
  private buffer: AttemptOutcome[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly o: OutcomeFlushOptions,
  ) {}

  get mode(): OutcomeFlushMode {
    if (this.writing) return 'writing';
    return this.timer ? 'scheduled' : 'idle';
  }

  push(outcome: AttemptOutcome): void {
    this.buffer.push(outcome);
    if (this.buffer.length >= FLUSH_AT) void this.flush();
    else if (this.mode === 'idle') this.timer = setTimeout(() => void this.flush(), COALESCE_MS);
  }

  /** Writes what is waiting now; resolves when nothing is waiting any more. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.writing ??= this.writeAll().finally(() => {
      this.writing = undefined;
      // An outcome pushed while the last write was finishing must not wait for the next one.
      if (this.buffer.length > 0) void this.flush();
    });
    return this.writing;
  }

  private async writeAll(): Promise<void> {
    while (this.buffer.length > 0) {
      const batch = this.buffer.splice(0, WRITE_AT_MOST);
      try {
        const record = () =>
          withDeadline(
            deliveryOutcomesRecord(this.db, batch, this.o.disableAfterFailingMs),
            STORE_CALL_DEADLINE_MS,
            'recording delivery outcomes',
          );
        // A webhook deleted while this batch was being written: once more, its rows are gone now.
        const r = await record().catch((e) => {
          if (sqlState(e) === '23503') return record();
          throw e;
        });
        for (const w of r.disabled)
          this.o.log.warn({ webhookId: w.id, reason: w.reason }, 'webhook disabled');
      } catch (e) {
        // The leases are still held: those deliveries come back when they end (at-least-once).
        this.o.log.error({ err: (e as Error).message, count: batch.length }, 'recording deliveries failed');
      }
      this.o.onBatchDone(batch);
    }
  }
}
