// The app user's keys, across every project that gave them one. Scoped by the caller's phone
// (their "tenant"): a key of another app user is never read or touched here.
import type { Tx } from '../../db/db.ts';
import { keysetListOf } from '../../db/keyset.ts';
import { uuidv7 } from '../../ids.ts';
import type { Recurrence } from '../../time/recurrence.ts';
import { type AppKeyRow, KEY_COLUMNS, type KeyRow } from './present.ts';

/**
 * appKeysList(db, appUserId, limit, startAfterId?): the app user's keys not revoked and not expired,
 * oldest first by id (keyset paging).
 */
export const appKeysList = keysetListOf<AppKeyRow>({
  select: `SELECT ${KEY_COLUMNS}, l.name AS lock_name, l.timezone,
            EXISTS (SELECT 1 FROM sharing_rights s
                     WHERE s.project_id = k.project_id AND s.lock_id = k.lock_id
                       AND s.app_user_id = k.app_user_id AND s.revoked IS NULL) AS can_share
       FROM keys k JOIN locks l ON l.id = k.lock_id AND l.project_id = k.project_id`,
  where: `k.app_user_id = $1 AND k.revoked IS NULL AND (k.ends IS NULL OR k.ends > now())
        AND l.deleted IS NULL`,
  id: 'k.id',
});

/** The caller's own key that is still usable now or later (not revoked, not expired). */
export async function appKeyFindLive(tx: Tx, appUserId: string, keyId: string): Promise<KeyRow | undefined> {
  const { rows } = await tx.query<KeyRow>(
    `SELECT ${KEY_COLUMNS} FROM keys k JOIN locks l ON l.id = k.lock_id AND l.project_id = k.project_id
      WHERE k.id = $1 AND k.app_user_id = $2 AND k.revoked IS NULL AND (k.ends IS NULL OR k.ends > now())
        AND l.deleted IS NULL`,
    [keyId, appUserId],
  );
  return rows[0];
}

/**
 * The caller's active sharing right on the lock, locked FOR SHARE until the transaction ends: a
 * concurrent revocation of the right waits for us, then revokes the key we shared under it too.
 */
export async function sharingRightActive(
  tx: Tx,
  projectId: string,
  lockId: string,
  appUserId: string,
): Promise<string | undefined> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM sharing_rights
      WHERE project_id = $1 AND lock_id = $2 AND app_user_id = $3 AND revoked IS NULL
      FOR SHARE`,
    [projectId, lockId, appUserId],
  );
  return rows[0]?.id;
}

export interface SharedKeyInput {
  projectId: string;
  lockId: string;
  appUserId: string;
  sharedBy: string;
  sharingRightId: string;
  starts: Date;
  ends: Date | null;
  recurrence: Recurrence | null;
}

/**
 * Seconds until `sharer` may share again: when another share of the same app user is being made
 * right now (on any process), 1; when it has shared `perHour` keys in the last hour, until the
 * oldest of them is an hour old; else undefined. The per-sharer lock is only tried, never waited
 * for: a burst of one app user's shares must not hold the store's connections while they queue.
 */
export async function shareRetryAfter(tx: Tx, sharer: string, perHour: number): Promise<number | undefined> {
  const { rows: lock } = await tx.query<{ locked: boolean }>(
    "SELECT pg_try_advisory_xact_lock(hashtextextended('app-share:' || $1, 0)) AS locked",
    [sharer],
  );
  if (!lock[0]?.locked) return 1;
  const { rows } = await tx.query<{ wait: number }>(
    `SELECT greatest(1, ceil(extract(epoch FROM created + interval '1 hour' - now())))::int AS wait
       FROM keys WHERE shared_by = $1 AND created > now() - interval '1 hour'
      ORDER BY created DESC OFFSET $2 LIMIT 1`,
    [sharer, perHour - 1],
  );
  return rows[0]?.wait;
}

/** Creates the shared key, and the recipient's managed user in the project when new. */
export async function sharedKeyInsert(tx: Tx, k: SharedKeyInput): Promise<KeyRow> {
  await tx.query('INSERT INTO app_users (app_user_id) VALUES ($1) ON CONFLICT DO NOTHING', [k.appUserId]);
  await tx.query(
    `INSERT INTO managed_users (id, project_id, app_user_id) VALUES ($1, $2, $3)
     ON CONFLICT (project_id, app_user_id) DO NOTHING`,
    [uuidv7(), k.projectId, k.appUserId],
  );
  const { rows } = await tx.query<KeyRow>(
    `INSERT INTO keys AS k (id, project_id, lock_id, app_user_id, origin, shared_by, sharing_right_id,
                            starts, ends, recurrence)
     VALUES ($1, $2, $3, $4, 'shared', $5, $6, $7, $8, $9) RETURNING ${KEY_COLUMNS}`,
    [
      uuidv7(),
      k.projectId,
      k.lockId,
      k.appUserId,
      k.sharedBy,
      k.sharingRightId,
      k.starts,
      k.ends,
      k.recurrence === null ? null : JSON.stringify(k.recurrence),
    ],
  );
  return rows[0]!;
}
