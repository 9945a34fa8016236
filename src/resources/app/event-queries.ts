// SQL of event ingestion. Every statement handles the whole batch at once (arrays + unnest), so an
// upload of 1,000 events costs a handful of round trips, not thousands.
import type { Tx } from '../../db/db.ts';
import type { Recurrence } from '../../time/recurrence.ts';

export interface EventKeyRow {
  id: string;
  project_id: string;
  lock_id: string;
  origin: 'integrator' | 'shared';
  starts: Date;
  ends: Date | null;
  revoked: Date | null;
  recurrence: Recurrence | null;
  lock_name: string;
  timezone: string;
  user_name: string;
}

/**
 * The caller's keys among `keyIds`, with what an event needs: the lock's name and time zone and the
 * user's display name (the managed user's "firstName lastName", else the app user's own
 * name, else ""). A key of another app user is simply not returned ("key not found").
 */
export async function eventKeysLoad(tx: Tx, appUserId: string, keyIds: string[]): Promise<EventKeyRow[]> {
  const { rows } = await tx.query<EventKeyRow>(
    `SELECT k.id, k.project_id, k.lock_id, k.origin, k.starts, k.ends, k.revoked, k.recurrence,
            l.name AS lock_name, l.timezone,
            COALESCE(NULLIF(btrim(concat_ws(' ', m.first_name, m.last_name)), ''), u.name, '') AS user_name
       FROM keys k
       JOIN locks l ON l.id = k.lock_id AND l.project_id = k.project_id
       LEFT JOIN managed_users m ON m.project_id = k.project_id AND m.app_user_id = k.app_user_id
       LEFT JOIN app_users u ON u.app_user_id = k.app_user_id
      WHERE k.id = ANY($1::uuid[]) AND k.app_user_id = $2`,
    [keyIds, appUserId],
  );
  return rows;
}

/** An upload id within its project: ids are one namespace per project, never across tenants. */
export interface ScopedId {
  id: string;
  projectId: string;
}

export const scopedKey = (s: ScopedId) => `${s.projectId}:${s.id}`;

/**
 * Claims event ids in their projects (idempotency): returns the keys (scopedKey) that were new. Rows
 * are inserted in key order so that two concurrent uploads of overlapping batches take their row
 * locks in the same order and cannot deadlock; the later one waits for the earlier to commit and
 * then sees the conflict.
 */
export async function eventIdsClaim(tx: Tx, ids: ScopedId[], created: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await tx.query<{ id: string; project_id: string }>(
    `INSERT INTO access_event_ids (id, project_id, created)
     SELECT id, project_id, created FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS t(id, project_id, created)
      ORDER BY id, project_id
     ON CONFLICT (id, project_id) DO NOTHING RETURNING id, project_id`,
    [ids.map((s) => s.id), ids.map((s) => s.projectId), created],
  );
  return new Set(rows.map((r) => scopedKey({ id: r.id, projectId: r.project_id })));
}

/** Which of these ids were recorded before (by an earlier upload) in their projects. */
export async function eventIdsSeen(tx: Tx, ids: ScopedId[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await tx.query<{ id: string; project_id: string }>(
    `SELECT i.id, i.project_id FROM access_event_ids i
       JOIN unnest($1::uuid[], $2::uuid[]) AS t(id, project_id) ON i.id = t.id AND i.project_id = t.project_id`,
    [ids.map((s) => s.id), ids.map((s) => s.projectId)],
  );
  return new Set(rows.map((r) => scopedKey({ id: r.id, projectId: r.project_id })));
}

export interface NewEventRow {
  id: string;
  projectId: string;
  lockId: string;
  keyId: string;
  appUserId: string;
  action: 'locked' | 'unlocked';
  created: string;
  lockName: string;
  userName: string;
  origin: string;
}

/** NOTIFY channel of accepted access events; the payload lists their projects ("*": too many to list). */
export const ACCESS_EVENTS_CHANNEL = 'latchkey_access_events';
const NOTIFY_PAYLOAD_MAX = 7900;

/**
 * One statement: the multi-row insert, the events' rows in the stream's order (access_event_feed,
 * in upload order under this transaction's id) and the NOTIFY that wakes live streams (delivered at
 * COMMIT). Returns the `received` time (the transaction's clock, the same for all).
 */
export async function eventsInsert(tx: Tx, events: NewEventRow[]): Promise<Date> {
  const col = <K extends keyof NewEventRow>(k: K) => events.map((e) => e[k]);
  const projects = [...new Set(events.map((e) => e.projectId))].join(',');
  const { rows } = await tx.query<{ received: Date }>(
    `WITH e AS (
       INSERT INTO access_events
         (id, project_id, lock_id, key_id, app_user_id, action, created, lock_name, user_name, origin)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[],
                            $7::timestamptz[], $8::text[], $9::text[], $10::text[])
       RETURNING id, project_id, created, received
     ), f AS (
       INSERT INTO access_event_feed (event_id, project_id, tx_id, created, received)
       SELECT id, project_id, pg_current_xact_id(), created, received FROM e
     )
     SELECT received, pg_notify('${ACCESS_EVENTS_CHANNEL}', $11) FROM e LIMIT 1`,
    [
      col('id'),
      col('projectId'),
      col('lockId'),
      col('keyId'),
      col('appUserId'),
      col('action'),
      col('created'),
      col('lockName'),
      col('userName'),
      col('origin'),
      projects.length > NOTIFY_PAYLOAD_MAX ? '*' : projects,
    ],
  );
  return rows[0]!.received;
}
