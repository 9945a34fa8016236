// Retention of the access log: access_events is partitioned by UTC day on `created`
// (access_events_YYYYMMDD). Each run, serialized across processes by an advisory lock:
//   1. creates the day partitions from DAYS_AHEAD days from now back to the start of the window
//      (the first run creates the whole window), so inserts land in a day partition, not the default;
//   2. drops day partitions wholly older than the window (cheap: no row-by-row DELETE);
//   3. deletes expired rows from the default partition and from access_event_ids.
// A day whose rows already sit in the default partition (written while its partition was missing)
// cannot get its partition by CREATE ... PARTITION OF (PostgreSQL refuses: the default would then
// hold rows of the new range). Those rows are moved: create the table detached, move the day's
// rows into it, ATTACH it, all in one transaction with the whole table locked (reads wait).
// The same DDL runs on PostgreSQL 15+ and PGlite.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { deleteInBatches } from '../../db/batches.ts';
import type { Db, Tx } from '../../db/db.ts';
import { periodicJobStart, type StopJob } from '../../periodic.ts';
import { DAY_MS } from '../../time/durations.ts';
import { activityCountsExpire, activityLockHoursCompact } from '../activity-summary/fold.ts';

export const DAYS_AHEAD = 3;
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
/** pg_advisory_xact_lock key ("lkrt"): one retention run at a time across processes. */
const LOCK_KEY = 0x6c6b7274;
const ID_DELETE_BATCH = 10_000;

export interface RetentionOptions {
  retentionDays: number;
  now?: Date;
  daysAhead?: number;
}

export interface RetentionReport {
  created: string[];
  dropped: string[];
  movedFromDefault: number;
  deletedIds: number;
  /** Rows of the stream's order (access_event_feed) received before the window. */
  deletedFeed: number;
  /** Rows of the activity summary's counts before the window. */
  deletedCounts: number;
  /** Lock rows of the activity summary's older hours beyond each hour's busiest. */
  cutLockRows: number;
}

/** Start of the UTC day (the partition) holding `t`. */
export const dayStart = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
export const partitionName = (t: number) => `access_events_${isoDay(t).replace(/-/g, '')}`;

async function partitionsList(q: Tx): Promise<string[]> {
  const { rows } = await q.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'access_events'::regclass AND c.relname ~ '^access_events_[0-9]{8}$'`,
  );
  return rows.map((r) => r.name);
}

/** Creates the partition of the UTC day starting at `day`, moving any of its rows out of the default. */
export async function partitionCreate(tx: Tx, day: number): Promise<number> {
  const name = partitionName(day);
  // An INSERT routes its row with the partition list it read when it locked access_events; if this
  // DDL commits in between, its row reaches the default partition and fails its new constraint
  // (23514, a 500). SHARE mode waits for inserts in progress and holds new ones until we commit,
  // while reads go on. Taken before any other lock, so there is no lock-upgrade deadlock.
  await tx.query('LOCK TABLE access_events IN SHARE MODE');
  const from = `'${new Date(day).toISOString()}'`;
  const to = `'${new Date(day + DAY_MS).toISOString()}'`;
  const stray = await tx.query(
    'SELECT 1 FROM access_events_default WHERE created >= $1 AND created < $2 LIMIT 1',
    [new Date(day), new Date(day + DAY_MS)],
  );
  if (stray.rows.length === 0) {
    await tx.query(`CREATE TABLE ${name} PARTITION OF access_events FOR VALUES FROM (${from}) TO (${to})`);
    return 0;
  }
  // Reads wait too, on the parent: a read that had already expanded the partition list would
  // otherwise wait on the default partition alone and then scan it emptied, without the new
  // partition in its plan, and miss the day's events. Rare (rows reach the default only while a
  // day's partition is missing, e.g. uploads during a new database's first retention run) and short.
  await tx.query('LOCK TABLE access_events IN ACCESS EXCLUSIVE MODE');
  await tx.query(`CREATE TABLE ${name} (LIKE access_events INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
  const moved = await tx.query(
    `WITH m AS (DELETE FROM access_events_default WHERE created >= $1 AND created < $2 RETURNING *)
     INSERT INTO ${name} SELECT * FROM m`,
    [new Date(day), new Date(day + DAY_MS)],
  );
  await tx.query(`ALTER TABLE access_events ATTACH PARTITION ${name} FOR VALUES FROM (${from}) TO (${to})`);
  return moved.rowCount;
}

export async function retentionRun(db: Db, o: RetentionOptions): Promise<RetentionReport> {
  const now = (o.now ?? new Date()).getTime();
  const cutoff = now - o.retentionDays * DAY_MS;
  const report: RetentionReport = {
    created: [],
    dropped: [],
    movedFromDefault: 0,
    deletedIds: 0,
    deletedFeed: 0,
    deletedCounts: 0,
    cutLockRows: 0,
  };
  // One short transaction per partition: partition DDL locks access_events (and its default
  // partition), so inserts wait only for one day's DDL at a time, never for the whole run.
  const locked = async (fn: (tx: Tx, existing: Set<string>) => Promise<void>) =>
    db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
      await fn(tx, new Set(await partitionsList(tx)));
    });
  const lastDay = dayStart(now) + (o.daysAhead ?? DAYS_AHEAD) * DAY_MS;
  // Newest first: on a new database, today's partition exists after the first few transactions,
  // so uploads arriving during this run land in it instead of the default partition.
  for (let day = lastDay; day >= dayStart(cutoff); day -= DAY_MS) {
    await locked(async (tx, existing) => {
      if (existing.has(partitionName(day))) return;
      report.movedFromDefault += await partitionCreate(tx, day);
      report.created.push(partitionName(day));
    });
  }
  await locked(async (tx, existing) => {
    for (const name of existing) {
      const d = name.slice('access_events_'.length);
      const dayEnd =
        Date.UTC(Number(d.slice(0, 4)), Number(d.slice(4, 6)) - 1, Number(d.slice(6, 8))) + DAY_MS;
      if (dayEnd > cutoff) continue;
      await tx.query(`DROP TABLE ${name}`);
      report.dropped.push(name);
    }
    await tx.query('DELETE FROM access_events_default WHERE created < $1', [new Date(cutoff)]);
  });
  // Seen ids outside the window: events that old are rejected anyway. In batches, outside the
  // DDL transaction, so a large backlog never holds one long transaction.
  report.deletedIds += await deleteInBatches(ID_DELETE_BATCH, () =>
    db.query(
      // By the whole key: the same id may be seen in another project, later (ids are per project).
      `DELETE FROM access_event_ids WHERE (id, project_id) IN
         (SELECT id, project_id FROM access_event_ids WHERE created < $1 LIMIT ${ID_DELETE_BATCH})`,
      [new Date(cutoff)],
    ),
  );
  // The stream resumes within the window of `received` (an event's own `created` may be older).
  report.deletedFeed += await deleteInBatches(ID_DELETE_BATCH, () =>
    db.query(
      `DELETE FROM access_event_feed WHERE (event_id, project_id) IN
         (SELECT event_id, project_id FROM access_event_feed WHERE received < $1 LIMIT ${ID_DELETE_BATCH})`,
      [new Date(cutoff)],
    ),
  );
  report.deletedCounts = await activityCountsExpire(db, new Date(cutoff));
  report.cutLockRows = await activityLockHoursCompact(db);
  return report;
}

/** Runs retention now and then every hour; returns the stop function for startBackgroundJobs. */
export function retentionJobStart(
  ctx: AppContext,
  log: FastifyBaseLogger,
  intervalMs = RETENTION_INTERVAL_MS,
): StopJob {
  return periodicJobStart({
    intervalMs,
    run: async () => {
      const r = await retentionRun(ctx.db, { retentionDays: ctx.config.accessLogRetentionDays });
      const { created, dropped, ...counts } = r;
      if (created.length || dropped.length || Object.values(counts).some((n) => n > 0))
        log.info({ ...r, created: r.created.length, dropped: r.dropped }, 'access log retention');
    },
    log,
    failure: 'access log retention failed; retrying at the next run',
    failureLevel: 'error',
  });
}
