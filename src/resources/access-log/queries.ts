// Reads of the access log. A page is ONE range scan of access_events_project (project_id, created
// DESC, id DESC) or access_events_lock (lock_id, created DESC, id DESC): equality on the leading
// column, the window and cursor as a range on (created, id), LIMIT n + 1. The `created >= window
// start` bound also prunes the day partitions that are out of the window.
import type { Queryable } from '../../db/db.ts';
import type { LogCursor } from './cursor.ts';

export interface AccessEventRow {
  id: string;
  action: string;
  created: Date;
  /** `created` with microseconds, for the cursor (a JS Date keeps only milliseconds). */
  created_text: string;
  key_id: string;
  lock_id: string;
  lock_name: string;
  app_user_id: string;
  user_name: string;
  received: Date;
  origin: string;
}

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

export async function accessEventsPage(db: Queryable, f: AccessLogFilter): Promise<AccessEventRow[]> {
  const from = f.from && f.from > f.windowStart ? f.from : f.windowStart;
  const params: unknown[] = [f.projectId, from];
  const where = ['project_id = $1', 'created >= $2'];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (f.lockId) add('lock_id = ?', f.lockId);
  if (f.appUserId) add('app_user_id = ?', f.appUserId);
  if (f.keyId) add('key_id = ?', f.keyId);
  if (f.to) add('created < ?', f.to);
  if (f.cursor) {
    params.push(f.cursor.created, f.cursor.id);
    const n = params.length;
    // The row comparison is the index condition; the plain upper bound on `created` also lets
    // the executor skip the day partitions newer than the cursor.
    where.push(`created <= $${n - 1}::timestamptz`, `(created, id) < ($${n - 1}::timestamptz, $${n}::uuid)`);
  }
  params.push(f.limit + 1);
  const { rows } = await db.query<AccessEventRow>(
    `SELECT id, action, created, to_char(created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_text,
            key_id, lock_id, lock_name, app_user_id, user_name, received, origin
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
