// Right to erasure: removes one person (an app user, known by phone number) from every project.
// Everything that carries the phone number or the person's name goes: their access events, keys,
// sharing rights, managed-user records, pending and historical webhook deliveries of their events
// (with the attempts), login codes, app sessions (their refresh tokens and, through the session
// check, their access tokens stop working), registered devices, kept Idempotency-Key answers and
// the app user row with its display name. The audit trail keeps its records, with the number and
// the names replaced. What others hold stays: keys this person shared keep working for their
// holders and only lose the sharer's number and the link to the erased sharing right. Deliveries
// already sent are not recalled.
// One transaction: all or nothing. The access log finds the person's events through
// access_events_app_user (kept for the access log's appUserId filter, migration 0095); the delivery
// queue has no index on the person (one would cost every delivery for a rare operation), so it is
// scanned: the transaction allows its statements minutes instead of the usual 15 s. What bounds
// the rest is the disk: each erased access event is on a page of its own, and the first change of a
// page after a checkpoint writes the whole page to the WAL (20,000 events: ~18,500 pages, 150 MB).

import { auditErasePerson } from '../../audit/queries.ts';
import type { Keyring } from '../../crypto/master-key.ts';
import type { Db, Tx } from '../../db/db.ts';
import { idempotencyAnswersErase } from '../../http/idempotency.ts';
import { endSessionsOfAppUser } from '../app/sessions.ts';

export interface Erased {
  accessEvents: number;
  keys: number;
  managedUsers: number;
  sharingRights: number;
  deliveries: number;
}

export async function appUserErase(db: Db, keyring: Keyring, appUserId: string): Promise<Erased> {
  return db.transaction(async (tx) => {
    await tx.query("SET LOCAL statement_timeout = '10min'");
    // The names the person is known by, read before their rows go: the audit trail keeps its
    // records of them, with these and the number replaced by a marker.
    const { rows: named } = await tx.query<{ name: string | null }>(
      `SELECT first_name AS name FROM managed_users WHERE app_user_id = $1
       UNION SELECT last_name FROM managed_users WHERE app_user_id = $1
       UNION SELECT name FROM app_users WHERE app_user_id = $1`,
      [appUserId],
    );
    await auditErasePerson(
      tx,
      appUserId,
      named.flatMap((r) => (r.name ? [r.name] : [])),
    );
    // A delivery body is what was posted, and is shown by GET .../deliveries/{deliveryId}: an
    // Access Event carries the person's number as appUserId; a key.* envelope carries the key,
    // whose appUserId is its holder and sharedBy the person who shared it. strpos narrows the scan
    // before each candidate is parsed. Found by a SELECT, then deleted by id: PostgreSQL scans for
    // a SELECT with parallel workers, never for a DELETE (2,000,000 deliveries: 0.46-0.55 s against
    // 0.91 s).
    const { rows: mentioned } = await tx.query<{ id: string }>(
      `SELECT id FROM webhook_deliveries
        WHERE strpos(body, $1) > 0
          AND $1 IN (body::jsonb ->> 'appUserId', body::jsonb -> 'data' ->> 'appUserId',
                     body::jsonb -> 'data' ->> 'sharedBy')`,
      [appUserId],
    );
    const deliveries = await tx.query('DELETE FROM webhook_deliveries WHERE id = ANY ($1::uuid[])', [
      mentioned.map((r) => r.id),
    ]);
    const accessEvents = await accessEventsErase(tx, appUserId);
    await tx.query(
      `UPDATE keys SET sharing_right_id = NULL
        WHERE sharing_right_id IN (SELECT id FROM sharing_rights WHERE app_user_id = $1)`,
      [appUserId],
    );
    await tx.query('UPDATE keys SET shared_by = NULL WHERE shared_by = $1', [appUserId]);
    // Found project by project through (project_id, app_user_id, id): the one index on the person
    // alone holds only keys not revoked, so `WHERE app_user_id = $1` read every key (1,000,000 keys:
    // 108-339 ms; a probe per project 9-11 ms, docs/performance.md).
    const keys = await tx.query(
      `DELETE FROM keys WHERE id IN (
         SELECT k.id FROM projects p
          CROSS JOIN LATERAL (SELECT id FROM keys WHERE project_id = p.id AND app_user_id = $1) k)`,
      [appUserId],
    );
    const sharingRights = await tx.query('DELETE FROM sharing_rights WHERE app_user_id = $1', [appUserId]);
    const managedUsers = await tx.query('DELETE FROM managed_users WHERE app_user_id = $1', [appUserId]);
    await tx.query('DELETE FROM app_login_codes WHERE app_user_id = $1', [appUserId]);
    await endSessionsOfAppUser(tx, appUserId);
    await tx.query('DELETE FROM app_devices WHERE app_user_id = $1', [appUserId]);
    await tx.query('DELETE FROM app_users WHERE app_user_id = $1', [appUserId]);
    // Kept Idempotency-Key answers: those the person asked for (owner app:<phone>) and any that
    // carry the number (a create naming them). They only serve retries within 24 hours.
    await idempotencyAnswersErase(tx, keyring, appUserId);
    return {
      accessEvents,
      keys: keys.rowCount,
      managedUsers: managedUsers.rowCount,
      sharingRights: sharingRights.rowCount,
      deliveries: deliveries.rowCount,
    };
  });
}

/**
 * Deletes the person's access events, and takes those already in the activity summary's hourly
 * counts out of them. The projects' fold positions are locked first, so no fold moves past an
 * event between the two (one that is not folded yet is simply never counted: it is gone).
 *
 * Whether an event was folded is its feed row's place against the position. Looking that up for
 * each of 20,000 events spread over a month is one random read of the feed each (13.7 s at
 * 50,000,000 events), so only the recent ones are looked up: the rows past a position are the
 * newest few, and an event received before the earliest of them is folded.
 */
async function accessEventsErase(tx: Tx, appUserId: string): Promise<number> {
  // The mode the DELETE below needs, taken before the first read of the table. Otherwise this
  // transaction would hold the read's lock and then ask for a stronger one, and retention creating
  // a day's partition in between (SHARE on the table, then ACCESS EXCLUSIVE on it or its default
  // partition) waits for the read while the DELETE waits for it: a deadlock, and a 500.
  await tx.query('LOCK TABLE access_events IN ROW EXCLUSIVE MODE');
  await tx.query(
    `SELECT 1 FROM activity_event_positions
      WHERE project_id IN (SELECT DISTINCT project_id FROM access_events WHERE app_user_id = $1)
      ORDER BY project_id FOR UPDATE`,
    [appUserId],
  );
  const { rows } = await tx.query<{ n: number }>(
    `WITH d AS (
       DELETE FROM access_events WHERE app_user_id = $1 RETURNING id, project_id, created, received, lock_id
     ), pos AS ( -- per project: its position, and when the earliest event past it was received
       SELECT p.project_id, p.tx_id, p.seq,
              (SELECT min(f.received) FROM access_event_feed f
                WHERE f.project_id = p.project_id AND (f.tx_id, f.seq) > (p.tx_id, p.seq)) AS unfolded_from
         FROM activity_event_positions p WHERE p.project_id IN (SELECT DISTINCT project_id FROM d)
     ), counted AS (
       SELECT d.project_id, date_trunc('hour', d.created, 'UTC') AS hour, d.lock_id, count(*) AS n
         FROM d JOIN pos ON pos.project_id = d.project_id
        WHERE pos.unfolded_from IS NULL OR d.received < pos.unfolded_from
           OR EXISTS (SELECT 1 FROM access_event_feed f
                       WHERE f.event_id = d.id AND f.project_id = d.project_id
                         AND (f.tx_id, f.seq) <= (pos.tx_id, pos.seq))
        GROUP BY 1, 2, 3
     ), l AS (
       UPDATE activity_lock_hours t SET events = t.events - c.n FROM counted c
        WHERE t.project_id = c.project_id AND t.hour = c.hour AND t.lock_id = c.lock_id
     ), h AS (
       UPDATE activity_hours t SET events = t.events - c.n
         FROM (SELECT project_id, hour, sum(n) AS n FROM counted GROUP BY 1, 2) c
        WHERE t.project_id = c.project_id AND t.hour = c.hour
     )
     SELECT count(*)::int AS n FROM d`,
    [appUserId],
  );
  return rows[0]!.n;
}
