// Keeps the activity summary's counts (migrations 0104 to 0107): access events folded from the
// live stream's feed past each project's position, attempts moved from activity_attempts_pending.
// Runs every few seconds in every process; processes skip what another is folding at that moment.
// Reads never wait for it: they add what it has not reached (queries.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { periodicJobStart, type StopJob } from '../../periodic.ts';

/** Pending attempts folded per statement: bounds each transaction. */
export const FOLD_BATCH = 5000;
/** Access events folded per project and statement (a statement covers every project). */
export const FOLD_EVENTS_PER_PROJECT = 1000;
/** pg_advisory_xact_lock key ("lkaf"): one attempts fold at a time across processes. */
const ATTEMPTS_LOCK = 0x6c6b6166;

/**
 * Folds access events of every project that has some past its position, at most `perProject` each
 * (activity_fold_events, migrations 0104 and 0105), until none is left that can be folded now. Only
 * rows of transactions older than every running one: a row of a transaction still running could
 * otherwise commit later with a place before the new position.
 */
export async function eventsFold(db: Queryable, perProject = FOLD_EVENTS_PER_PROJECT): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await db.query<{ folded_events: number; projects_full: number }>(
      'SELECT folded_events, projects_full FROM activity_fold_events($1)',
      [perProject],
    );
    total += rows[0]!.folded_events;
    if (rows[0]!.projects_full === 0) return total;
  }
}

/**
 * Moves up to `limit` pending attempts into the counts, in one statement: a reader sees each
 * attempt either pending or counted. Attempts of a webhook deleted since are dropped with it.
 */
export async function attemptsFoldBatch(db: Db, limit = FOLD_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = await tx.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [
      ATTEMPTS_LOCK,
    ]);
    if (!locked.rows[0]!.ok) return 0;
    const { rows } = await tx.query<{ n: number }>(
      `WITH p AS (
         DELETE FROM activity_attempts_pending
          WHERE ctid = ANY (ARRAY(SELECT ctid FROM activity_attempts_pending LIMIT $1))
         RETURNING webhook_id, at, response_status, duration_ms
       ), a AS (
         SELECT w.id AS webhook_id, w.project_id, date_trunc('hour', p.at, 'UTC') AS hour,
                activity_duration_bucket(p.duration_ms) AS bucket, count(*) AS attempts,
                count(*) FILTER (WHERE p.response_status BETWEEN 200 AND 299) AS succeeded,
                count(*) FILTER (WHERE p.response_status NOT BETWEEN 200 AND 299) AS failed,
                count(*) FILTER (WHERE p.response_status IS NULL) AS unanswered
           FROM p JOIN webhooks w ON w.id = p.webhook_id
          GROUP BY 1, 2, 3, 4
       ), d AS ( -- triggers carry each change into the buckets per day (activity_webhook_day_durations, 0107)
         INSERT INTO activity_webhook_durations AS t (webhook_id, hour, bucket, attempts)
         SELECT webhook_id, hour, bucket, attempts FROM a
         ON CONFLICT (webhook_id, hour, bucket) DO UPDATE SET attempts = t.attempts + excluded.attempts
       ), w AS ( -- per webhook and day, as running totals over its hours (migration 0105); a trigger
                 -- carries each change into the running totals across days (activity_webhook_totals, 0106)
         INSERT INTO activity_webhook_days AS t (webhook_id, day, project_id, attempts, failed)
         SELECT webhook_id, day, project_id, activity_day_totals(array_agg(h), array_agg(n)),
                activity_day_totals(array_agg(h), array_agg(f))
           FROM (SELECT webhook_id, project_id, date_trunc('day', hour, 'UTC') AS day,
                        extract(hour FROM hour AT TIME ZONE 'UTC')::int AS h, sum(attempts)::bigint AS n,
                        sum(failed + unanswered)::bigint AS f
                   FROM a GROUP BY 1, 2, 3, 4) x
          GROUP BY 1, 2, 3
         ON CONFLICT (webhook_id, day) DO UPDATE
           SET attempts = activity_day_totals_add(t.attempts, excluded.attempts),
               failed = activity_day_totals_add(t.failed, excluded.failed)
       ), h AS (
         INSERT INTO activity_hours AS t (project_id, hour, succeeded, failed, unanswered)
         SELECT project_id, hour, sum(succeeded), sum(failed), sum(unanswered) FROM a GROUP BY 1, 2
         ON CONFLICT (project_id, hour) DO UPDATE
           SET succeeded = t.succeeded + excluded.succeeded, failed = t.failed + excluded.failed,
               unanswered = t.unanswered + excluded.unanswered
       )
       SELECT count(*)::int AS n FROM p`,
      [limit],
    );
    return rows[0]!.n;
  });
}

/** One run: every pending attempt, then every project's access events. */
export async function activityFoldRun(db: Db): Promise<{ attempts: number; events: number }> {
  let attempts = 0;
  for (;;) {
    const n = await attemptsFoldBatch(db);
    attempts += n;
    if (n < FOLD_BATCH) break;
  }
  return { attempts, events: await eventsFold(db) };
}

/**
 * Deletes the counts of hours that ended by `cutoff` (the access log's retention, run beside it),
 * so the summary never counts what the access log no longer holds. The hour the cutoff falls in
 * is still partly inside the window and stays. A webhook's day whose first hours ended by the
 * cutoff keeps its running totals of the later ones only.
 */
export async function activityCountsExpire(db: Queryable, cutoff: Date): Promise<number> {
  const rows = async (sql: string) => (await db.query(sql, [cutoff])).rowCount ?? 0;
  let n = 0;
  for (const table of [
    'activity_hours',
    'activity_lock_hours',
    'activity_webhook_hours', // written by the previous version during a rolling upgrade only
    'activity_webhook_durations',
  ])
    n += await rows(`DELETE FROM ${table} WHERE hour <= $1::timestamptz - interval '1 hour'`);
  n += await rows(`DELETE FROM activity_webhook_days WHERE day <= $1::timestamptz - interval '1 day'`);
  n += await rows(
    `UPDATE activity_webhook_days
        SET attempts = activity_day_totals_drop(attempts, k), failed = activity_day_totals_drop(failed, k)
       FROM (SELECT floor(extract(epoch FROM $1::timestamptz - date_trunc('day', $1::timestamptz, 'UTC')) / 3600)::int AS k) c
      WHERE day = date_trunc('day', $1::timestamptz, 'UTC') AND k > 0 AND attempts[k] > 0`,
  );
  return n;
}

/**
 * Cuts every hour that is old enough to its busiest locks (activity_lock_hours_cut, migration
 * 0105), a day of hours per transaction; returns the rows deleted. One process at a time: the
 * others skip the row that says how far the cut has gone.
 */
export async function activityLockHoursCompact(db: Db): Promise<number> {
  let deleted = 0;
  for (;;) {
    const more = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ through: Date; hi: Date | null }>(
        `SELECT through, CASE WHEN through < cut THEN least(cut, through + interval '1 day') END AS hi
           FROM activity_lock_hours_compacted, (SELECT activity_lock_detail_from() - interval '1 hour' AS cut) c
            FOR UPDATE OF activity_lock_hours_compacted SKIP LOCKED`,
      );
      const hi = rows[0]?.hi;
      if (!hi) return false;
      const cut = await tx.query<{ n: string }>('SELECT activity_lock_hours_cut($1, $2) AS n', [
        rows[0]!.through,
        hi,
      ]);
      deleted += Number(cut.rows[0]!.n);
      await tx.query('UPDATE activity_lock_hours_compacted SET through = $1', [hi]);
      return true;
    });
    if (!more) return deleted;
  }
}

export function activityFoldJobStart(ctx: AppContext, log: FastifyBaseLogger): StopJob {
  return periodicJobStart({
    intervalMs: ctx.config.activityFoldIntervalMs,
    run: async () => {
      await activityFoldRun(ctx.db);
    },
    log,
    failure: 'activity summary counts failed; retrying at the next run',
    failureLevel: 'warn',
    dropWaitingRunOnStop: true,
  });
}
