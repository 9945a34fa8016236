// The service's side of keys → PINs on a lock (the bridge's side is src/matter/reconcile.ts):
// what the lock must hold, and what the bridge reported it did. Both speak plain JSON, so they
// cross the bridge's channel unchanged.
//
// Which keys the lock holds: every key with a PIN on the lock that is not revoked and has not
// ended, including keys whose start is still to come. Those are written ahead of their start,
// bounded by their year-day schedule (the lock opens for them only from the start), so the PIN
// works at the door the moment the key starts, even if the lock is unreachable then. The lock is
// never trusted to enforce: the service clears a PIN when its key is revoked or ends, and checks
// every event the lock reports against the key itself.
import type { Keyring } from '../../crypto/master-key.ts';
import type { Queryable } from '../../db/db.ts';
import type { DesiredLockState, DesiredLockUser, ReconcileReport } from '../../matter/reconcile.ts';
import { weekDaySchedules, yearDaySchedule } from '../../matter/schedules.ts';
import type { Recurrence } from '../../time/recurrence.ts';
import type { PinStatus } from './pin.ts';
import { pinSealContext } from './pin-queries.ts';

/**
 * The users the lock must hold at `now`: one per live key with a PIN, with its PIN, one week-day
 * schedule per recurrence window (two for a window past midnight) and a year-day schedule from
 * start to end in the lock's time zone. A key that has started and never ends gets no year-day
 * schedule (it would restrict nothing, and a lock without year-day schedules could not take it).
 * Ordered as the service prefers them when the lock cannot hold them all: keys whose time has
 * come first, then by start, then by id.
 */
export async function desiredLockState(
  db: Queryable,
  keyring: Keyring,
  lockId: string,
  now: Date,
): Promise<DesiredLockState> {
  const at = now.toISOString();
  const { rows: locks } = await db.query<{ timezone: string }>(
    'SELECT timezone FROM locks WHERE id = $1 AND deleted IS NULL',
    [lockId],
  );
  const timeZone = locks[0]?.timezone ?? 'UTC';
  if (!locks[0]) return { lockId, at, timeZone, users: [] };
  const { rows } = await db.query<{
    key_id: string;
    ref: number;
    code: string;
    starts: Date;
    ends: Date | null;
    recurrence: Recurrence | null;
  }>(
    `SELECT p.key_id, p.ref, p.code, k.starts, k.ends, k.recurrence
       FROM key_pins p JOIN keys k ON k.id = p.key_id
      WHERE p.lock_id = $1 AND k.lock_id = $1 AND k.revoked IS NULL
        AND (k.ends IS NULL OR k.ends > $2::timestamptz)
      ORDER BY (k.starts > $2::timestamptz), k.starts, k.id`,
    [lockId, at],
  );
  const users: DesiredLockUser[] = rows.map((r) => {
    const active = r.starts.getTime() <= now.getTime();
    return {
      keyId: r.key_id,
      ref: Number(r.ref),
      pin: keyring.decrypt(r.code, pinSealContext(r.key_id)),
      active,
      weekDays: r.recurrence ? weekDaySchedules(r.recurrence) : [],
      yearDays: active && r.ends === null ? [] : [yearDaySchedule(r.starts, r.ends, timeZone)],
    };
  });
  return { lockId, at, timeZone, users };
}

export interface PinStatusChange {
  keyId: string;
  status: PinStatus;
  previous: PinStatus;
}

/**
 * Records what a reconcile pass did on the lock: each key's PIN `set` (with its user slot) or
 * `failed` (with the lock's reason, naming the limit); `pending` ones are left as they are. When
 * the pass was complete, the PINs of keys that were no longer live when it was planned (revoked,
 * ended) are `removed`. Only keys of this lock are touched, whatever the report says. Returns the
 * PINs whose status changed (for the key's change events).
 */
export async function recordReconcileReport(
  db: Queryable,
  lockId: string,
  report: ReconcileReport,
): Promise<PinStatusChange[]> {
  const changes: PinStatusChange[] = [];
  const done = report.keys.filter((k) => k.status === 'set' || k.status === 'failed');
  if (done.length) {
    const { rows } = await db.query<{ key_id: string; status: PinStatus; previous: PinStatus }>(
      `WITH r AS (
         SELECT * FROM unnest($2::uuid[], $3::text[], $4::jsonb[], $5::int[]) AS t(key_id, status, error, user_index)
       ), old AS (
         SELECT p.key_id, p.status FROM key_pins p JOIN r ON r.key_id = p.key_id WHERE p.lock_id = $1 FOR UPDATE
       )
       UPDATE key_pins p SET status = r.status, error = r.error, user_index = r.user_index, updated = now()
         FROM r, old
        WHERE p.key_id = r.key_id AND old.key_id = r.key_id AND p.lock_id = $1
          AND (p.status, p.error, p.user_index) IS DISTINCT FROM (r.status, r.error, r.user_index)
       RETURNING p.key_id, p.status, old.status AS previous`,
      [
        lockId,
        done.map((k) => k.keyId),
        done.map((k) => k.status),
        done.map((k) => (k.status === 'failed' && k.error ? JSON.stringify(k.error) : null)),
        done.map((k) => (k.status === 'set' ? (k.userIndex ?? null) : null)),
      ],
    );
    for (const r of rows)
      if (r.status !== r.previous) changes.push({ keyId: r.key_id, status: r.status, previous: r.previous });
  }
  if (report.complete) {
    const { rows } = await db.query<{ key_id: string; previous: PinStatus }>(
      `WITH gone AS (
         SELECT p.key_id, p.status FROM key_pins p JOIN keys k ON k.id = p.key_id
          WHERE p.lock_id = $1 AND p.status <> 'removed' AND NOT (p.key_id = ANY($3::uuid[]))
            AND (k.revoked <= $2::timestamptz OR k.ends <= $2::timestamptz)
          FOR UPDATE OF p
       )
       UPDATE key_pins p SET status = 'removed', error = NULL, user_index = NULL, updated = now()
         FROM gone WHERE p.key_id = gone.key_id
       RETURNING p.key_id, gone.status AS previous`,
      [lockId, report.desiredAt, report.keys.map((k) => k.keyId)],
    );
    for (const r of rows) changes.push({ keyId: r.key_id, status: 'removed', previous: r.previous });
  }
  return changes;
}

/**
 * The lock's connection was removed (the bridge cleared what it wrote, or forgot a lock it could not
 * reach): no PIN is on it any more as far as the service knows. PINs of live keys go back to
 * `pending` (written again if the lock is connected again), the others are `removed`. Returns the
 * PINs whose status changed.
 */
export async function recordLockDisconnected(
  db: Queryable,
  lockId: string,
  now: Date,
): Promise<PinStatusChange[]> {
  const { rows } = await db.query<{ key_id: string; status: PinStatus; previous: PinStatus }>(
    `WITH old AS (
       SELECT p.key_id, p.status,
              CASE WHEN k.revoked IS NULL AND (k.ends IS NULL OR k.ends > $2::timestamptz)
                   THEN 'pending' ELSE 'removed' END AS next
         FROM key_pins p JOIN keys k ON k.id = p.key_id
        WHERE p.lock_id = $1 AND p.status <> 'removed'
        FOR UPDATE OF p
     )
     UPDATE key_pins p SET status = old.next, error = NULL, user_index = NULL, updated = now()
       FROM old WHERE p.key_id = old.key_id
     RETURNING p.key_id, p.status, old.status AS previous`,
    [lockId, now.toISOString()],
  );
  return rows
    .filter((r) => r.status !== r.previous)
    .map((r) => ({ keyId: r.key_id, status: r.status, previous: r.previous }));
}
