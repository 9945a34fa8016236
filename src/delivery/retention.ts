// Retention of the delivery history and the login codes: deliveries finished (succeeded or failed)
// longer ago than LATCHKEY_DELIVERY_RETENTION_DAYS are deleted with their attempts (ON DELETE
// CASCADE), expired login codes too. The access log and the upload ids have their own retention
// (src/resources/access-log/retention.ts: day partitions dropped whole).
// Deletes run in batches of one short statement each, so no transaction is long and no lock is
// held for long. A batch walks the primary key up to the cutoff (ids are UUIDv7, so creation order,
// and a delivery finishes after it was created): no index beside the primary key is needed, and
// pending rows are never touched, so claims (FOR UPDATE SKIP LOCKED on pending rows) are never
// blocked. Rows another process's batch holds are skipped (SKIP LOCKED), so concurrent runs in
// several processes split the work instead of waiting for each other.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { deleteInBatches } from '../db/batches.ts';
import type { Queryable } from '../db/db.ts';
import { periodicJobStart, type StopJob } from '../periodic.ts';
import { DAY_MS } from '../time/durations.ts';

/** Every few minutes: at a steady load each run deletes a few minutes' worth of deliveries. */
export const DELIVERY_RETENTION_INTERVAL_MS = 5 * 60 * 1000;
const BATCH = 2_000;

/** The smallest UUIDv7 of the millisecond `t`: every id generated before `t` sorts below it. */
export function uuidv7Floor(t: number): string {
  const h = Math.max(0, Math.floor(t)).toString(16).padStart(12, '0');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-7000-8000-000000000000`;
}

/**
 * SQL condition of the deliveries still kept at `now()`: pending, or finished within the window
 * (`$n` is the window in days). The history API lists exactly these, whether or not the retention
 * job has run since the others became due.
 */
export const deliveryKept = (daysParam: string, alias = '') =>
  `(${alias}completed_at IS NULL OR ${alias}completed_at >= now() - make_interval(days => ${daysParam}))`;

export interface DeliveryRetentionOptions {
  /** Deliveries finished before this are deleted. */
  cutoff: Date;
  /** Login codes that expired before this are deleted (default: now). */
  codesBefore?: Date;
  batch?: number;
}

export interface DeliveryRetentionReport {
  deliveries: number;
  loginCodes: number;
  batches: number;
}

export async function deliveryRetentionRun(
  db: Queryable,
  o: DeliveryRetentionOptions,
): Promise<DeliveryRetentionReport> {
  const batch = o.batch ?? BATCH;
  const report: DeliveryRetentionReport = { deliveries: 0, loginCodes: 0, batches: 0 };
  // Each batch starts after the last id the previous one reached: rows left behind (pending, or
  // finished after the cutoff: re-queued ones) are passed over once, not read again by every batch.
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await db.query<{ n: number; last: string | null }>(
      `WITH scan AS MATERIALIZED (
         SELECT id FROM webhook_deliveries WHERE id > $1 AND id < $2 ORDER BY id LIMIT $4
       ), gone AS (
         DELETE FROM webhook_deliveries d WHERE d.id IN (
           SELECT x.id FROM webhook_deliveries x
            WHERE x.id IN (SELECT id FROM scan) AND x.status <> 'pending' AND x.completed_at < $3
              FOR UPDATE SKIP LOCKED)
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM gone) AS n, (SELECT id FROM scan ORDER BY id DESC LIMIT 1)::text AS last`,
      [after, uuidv7Floor(o.cutoff.getTime()), o.cutoff, batch],
    );
    report.batches++;
    report.deliveries += rows[0]?.n ?? 0;
    const last = rows[0]?.last;
    if (!last) break;
    after = last;
  }
  report.loginCodes += await deleteInBatches(batch, () =>
    db.query(
      `DELETE FROM app_login_codes WHERE app_user_id IN
         (SELECT app_user_id FROM app_login_codes WHERE expires < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [o.codesBefore ?? new Date(), batch],
    ),
  );
  return report;
}

/** Runs delivery retention now and then every few minutes; returns the stop function. */
export function deliveryRetentionJobStart(
  ctx: AppContext,
  log: FastifyBaseLogger,
  intervalMs = DELIVERY_RETENTION_INTERVAL_MS,
): StopJob {
  return periodicJobStart({
    intervalMs,
    run: async () => {
      const r = await deliveryRetentionRun(ctx.db, {
        cutoff: new Date(Date.now() - ctx.config.deliveryRetentionDays * DAY_MS),
      });
      if (r.deliveries || r.loginCodes) log.info(r, 'delivery retention');
    },
    log,
    failure: 'delivery retention failed; retrying at the next run',
    failureLevel: 'error',
    dropWaitingRunOnStop: true,
  });
}
