// Lock activity: one row per thing a network lock reported or the service did to it. Written only
// through recordLockActivity, inside the transaction of what it records.
import type { Queryable, Tx } from '../../db/db.ts';
import { enqueueLockActivity } from '../../delivery/envelopes.ts';
import type { LOCK_ACTIVITY_SOURCES, LockActivityKind } from '../../delivery/event-types.ts';
import { uuidv7 } from '../../ids.ts';

// The kinds and sources are the lock-activity webhooks' too: one list, in the event types.
export {
  LOCK_ACTIVITY_KINDS as ACTIVITY_KINDS,
  LOCK_ACTIVITY_SOURCES as ACTIVITY_SOURCES,
} from '../../delivery/event-types.ts';
export type ActivityKind = LockActivityKind;
export type ActivitySource = (typeof LOCK_ACTIVITY_SOURCES)[number] | null;

/** Kept this long, like the access log. */
export const ACTIVITY_RETENTION_DAYS = 30;

export interface LockActivity {
  projectId: string;
  lockId: string;
  at: Date | string;
  kind: ActivityKind;
  source: ActivitySource;
  keyId?: string | null;
  detail?: Record<string, unknown>;
}

export interface LockActivityRow {
  id: string;
  project_id: string;
  lock_id: string;
  at: Date;
  kind: ActivityKind;
  source: ActivitySource;
  key_id: string | null;
  detail: Record<string, unknown>;
}

/**
 * Records one lock activity row in the caller's transaction, and returns it. The one place lock
 * activity is written: a `lockActivity` webhook's delivery is queued from here, in the same
 * transaction.
 */
export async function recordLockActivity(tx: Tx, a: LockActivity): Promise<LockActivityRow> {
  const { rows } = await tx.query<LockActivityRow>(
    `INSERT INTO lock_activity (id, project_id, lock_id, at, kind, source, key_id, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     RETURNING id, project_id, lock_id, at, kind, source, key_id, detail`,
    [
      uuidv7(),
      a.projectId,
      a.lockId,
      a.at,
      a.kind,
      a.source,
      a.keyId ?? null,
      JSON.stringify(a.detail ?? {}),
    ],
  );
  const row = rows[0]!;
  await enqueueLockActivity(tx, {
    projectId: row.project_id,
    lockId: row.lock_id,
    activity: {
      id: row.id,
      at: row.at,
      kind: row.kind,
      source: row.source,
      keyId: row.key_id,
      detail: activityInWords(row.detail),
    },
  });
  return row;
}

/**
 * The record's detail in words, for the webhook (a receiver shows it as is): what the lock said
 * (operation, error, user slot, battery), or null when it said nothing more than the kind.
 */
export function activityInWords(d: Record<string, unknown>): string | null {
  const parts: string[] = [];
  if (typeof d.operation === 'string') parts.push(d.operation);
  if (typeof d.action === 'string') parts.push(d.action);
  if (typeof d.error === 'string') parts.push(`error ${d.error}`);
  if (typeof d.userIndex === 'number') parts.push(`user ${d.userIndex}`);
  if (typeof d.batteryPercent === 'number') parts.push(`battery ${d.batteryPercent}%`);
  if (typeof d.batteryLevel === 'string') parts.push(`battery ${d.batteryLevel}`);
  if (d.reconnected === true) parts.push('reconnected');
  if (typeof d.accessEventId === 'string') parts.push(`access event ${d.accessEventId}`);
  return parts.length ? parts.join(', ') : null;
}

export interface ActivityFilter {
  projectId: string;
  lockId: string;
  from?: Date;
  to?: Date;
  limit: number;
  startAfterId?: string;
}

/** The lock's activity, newest recorded first, within the retention window; limit + 1 rows. */
export async function lockActivityPage(db: Queryable, f: ActivityFilter): Promise<LockActivityRow[]> {
  const { rows } = await db.query<LockActivityRow>(
    `SELECT id, project_id, lock_id, at, kind, source, key_id, detail FROM lock_activity
      WHERE project_id = $1 AND lock_id = $2
        AND at >= GREATEST(COALESCE($3::timestamptz, '-infinity'), now() - $7 * interval '1 day')
        AND ($4::timestamptz IS NULL OR at < $4)
        AND ($5::uuid IS NULL OR id < $5)
      ORDER BY id DESC LIMIT $6`,
    [
      f.projectId,
      f.lockId,
      f.from ?? null,
      f.to ?? null,
      f.startAfterId ?? null,
      f.limit + 1,
      ACTIVITY_RETENTION_DAYS,
    ],
  );
  return rows;
}

/** Deletes activity and lock events past the retention window. */
export async function lockActivityExpire(db: Queryable) {
  await db.query(`DELETE FROM lock_activity WHERE created < now() - $1 * interval '1 day'`, [
    ACTIVITY_RETENTION_DAYS,
  ]);
  await db.query(`DELETE FROM lock_events WHERE received < now() - $1 * interval '1 day'`, [
    ACTIVITY_RETENTION_DAYS,
  ]);
}
