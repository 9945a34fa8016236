// Audit retention: records older than LATCHKEY_AUDIT_RETENTION_DAYS are deleted, a batch at a
// time (each its own statement, so a year's backlog never holds one long transaction), at start
// and then hourly. Ids are time-ordered, so the old records are a range of the primary key.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { deleteInBatches } from '../db/batches.ts';
import type { Queryable } from '../db/db.ts';
import { periodicJobStart, type StopJob } from '../periodic.ts';
import { DAY_MS } from '../time/durations.ts';
import { auditExpireBatch } from './queries.ts';

const BATCH = 5000;
const INTERVAL_MS = 60 * 60_000;

/** Deletes every record older than `cutoff`; answers how many. */
export function auditRetentionRun(db: Queryable, cutoff: Date, batch = BATCH): Promise<number> {
  return deleteInBatches(batch, () => auditExpireBatch(db, cutoff, batch));
}

export function auditRetentionJobStart(
  ctx: AppContext,
  log: FastifyBaseLogger,
  intervalMs = INTERVAL_MS,
): StopJob {
  return periodicJobStart({
    intervalMs,
    run: async () => {
      const cutoff = new Date(Date.now() - ctx.config.auditRetentionDays * DAY_MS);
      const deleted = await auditRetentionRun(ctx.db, cutoff);
      if (deleted > 0) log.info({ deleted }, 'audit retention');
    },
    log,
    failure: 'audit retention failed; retrying at the next run',
    failureLevel: 'error',
    dropWaitingRunOnStop: true,
  });
}
