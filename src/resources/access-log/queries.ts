// Reads of the access log. A page is a range scan of access_events_project (project_id, created
// DESC, id DESC), access_events_lock (lock_id, ...), access_events_app_user (app_user_id, ...) or
// access_events_key (key_id, ...), whichever filter given is the narrowest (key, person, lock,
// project): equality on the leading column, the window and cursor as a range on (created, id),
// LIMIT n + 1. The reads by key, person and lock are PL/pgSQL functions whose plans the server
// connection keeps, so a read over thirty day partitions is not planned again on every call.
//
// Partitions decide the cost. The planner's work grows with the day partitions a query's range
// spans (for a 30-day window, more than the scan itself), and a range without an upper bound also
// spans the default partition, which forbids the ordered Append and makes the executor open an
// index scan in every partition (docs/performance.md has the figures). So a page is read newest
// day first:
//   1. the UTC day holding the newest possible `created` (the cursor, `to`, or now + the upload
//      clock allowance) up to a finite upper bound: one or two partitions, default pruned;
//   2. only when that day holds fewer than a page, the rest of the window in one more query.
// A busy lock's page costs one small query; a quiet one's at most two.
import type { Queryable } from '../../db/db.ts';
import { DAY_MS } from '../../time/durations.ts';
import { MAX_FUTURE_MS } from '../app/event-validation.ts';
import type { LogCursor } from './cursor.ts';
import { dayStart } from './retention.ts';

export interface AccessEventRow {
  id: string;
  action: string;
  /**
   * `created` and `received` as UTC text with microseconds ("2026-11-21T10:15:30.123456Z"): exact
   * for the cursor (a JS Date keeps only milliseconds), and cheaper than parsing 200 Dates a page
   * only to print them again.
   */
  created_text: string;
  key_id: string;
  lock_id: string;
  lock_name: string;
  app_user_id: string;
  user_name: string;
  received_text: string;
  origin: string;
}

/** The columns of an AccessEventRow (the read functions return the same, as access_log_row). */
export const ACCESS_EVENT_COLUMNS = `id, action,
  to_char(created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_text,
  key_id, lock_id, lock_name, app_user_id, user_name, origin,
  to_char(received AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS received_text`;

export interface AccessLogFilter {
  projectId: string;
  lockId?: string;
  appUserId?: string;
  keyId?: string;
  from?: Date;
  to?: Date;
  /** Oldest `created` still in the retention window. */
  windowStart: Date;
  cursor?: LogCursor;
  limit: number;
}

/**
 * Upper bound of every read: the end of tomorrow (UTC). Uploads refuse `created` more than
 * MAX_FUTURE_MS ahead of the service clock, so no stored event is later; the bound lies inside the
 * partitions retention keeps ahead (DAYS_AHEAD), which prunes the default partition.
 */
const readHorizon = (now: number) => dayStart(now) + 2 * DAY_MS;

export async function accessEventsPage(db: Queryable, f: AccessLogFilter): Promise<AccessEventRow[]> {
  const now = Date.now();
  const lo = Math.max(f.from?.getTime() ?? 0, f.windowStart.getTime());
  const hi = Math.min(f.to?.getTime() ?? Infinity, readHorizon(now));
  const newest = Math.min(hi - 1, now + MAX_FUTURE_MS, f.cursor ? Date.parse(f.cursor.created) : Infinity);
  if (newest < lo) return [];
  const split = Math.max(lo, dayStart(newest));
  const rows = await rangeRead(db, f, split, hi, f.limit + 1);
  if (rows.length > f.limit || split === lo) return rows;
  rows.push(...(await rangeRead(db, f, lo, split, f.limit + 1 - rows.length)));
  return rows;
}

/** The smallest uuid: with the range's end as `created`, a bound that every earlier event is before. */
const FIRST_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Events of the filter with lo <= created < hi, newest first, at most `limit`. A read by key, person
 * or lock (the narrowest given leads: a key has the fewest events, then a person, then a lock) calls
 * its function (migrations/0103_access_log_page_functions.sql says why functions, and why these
 * plans); the project's whole log is one statement planned per call.
 */
async function rangeRead(
  db: Queryable,
  f: AccessLogFilter,
  lo: number,
  hi: number,
  limit: number,
): Promise<AccessEventRow[]> {
  const fn = f.keyId ? 'key' : f.appUserId ? 'app_user' : f.lockId ? 'lock' : undefined;
  if (fn) {
    // The newest bound: the cursor when it lies before the range's end (milliseconds are enough to
    // compare: a cursor in the same millisecond as `hi` is not before it), else the end itself.
    const [newest, newestId] =
      f.cursor && Date.parse(f.cursor.created) < hi
        ? [f.cursor.created, f.cursor.id]
        : [new Date(hi).toISOString(), FIRST_ID];
    const { rows } = await db.query<AccessEventRow>(
      `SELECT * FROM access_log_page_${fn}($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        f.projectId,
        new Date(lo),
        newest,
        newestId,
        limit,
        f.lockId ?? null,
        f.appUserId ?? null,
        f.keyId ?? null,
      ],
    );
    return rows;
  }
  const params: unknown[] = [f.projectId, new Date(lo), new Date(hi)];
  const where = ['project_id = $1', 'created >= $2', 'created < $3'];
  if (f.cursor) {
    params.push(f.cursor.created, f.cursor.id);
    // The row comparison is the index condition; the plain bound on `created` also prunes the
    // day partitions newer than the cursor (the day split above already does, mostly).
    where.push('created <= $4::timestamptz', '(created, id) < ($4::timestamptz, $5::uuid)');
  }
  params.push(limit);
  const { rows } = await db.query<AccessEventRow>(
    `SELECT ${ACCESS_EVENT_COLUMNS}
       FROM access_events
      WHERE ${where.join(' AND ')}
      ORDER BY created DESC, id DESC
      LIMIT $${params.length}`,
    params,
  );
  return rows;
}

/** Locks of the project, offboarded ones included: their events stay readable for the window. */
export async function lockExistsInProject(
  db: Queryable,
  projectId: string,
  lockId: string,
): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM locks WHERE id = $1 AND project_id = $2', [
    lockId,
    projectId,
  ]);
  return rows.length > 0;
}
