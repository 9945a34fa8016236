// The producer side of the delivery queue (transactional outbox), called by event ingestion in the
// SAME transaction that records accepted access events: either both are stored or neither.
import type { Tx } from '../db/db.ts';
import { uuidv7 } from '../ids.ts';

export const DELIVERIES_CHANNEL = 'latchkey_deliveries';

export interface AccessEventBody {
  id: string;
  action: 'locked' | 'unlocked';
  /** ISO 8601 UTC with milliseconds (Date.toISOString()), or a Date. */
  created: Date | string;
  keyId: string;
  lockId: string;
  lockName: string;
  appUserId: string;
  userName: string;
}

/** The exact webhook body: the Access Event's eight fields in this order, `created` with milliseconds. */
export function accessEventBody(e: AccessEventBody): string {
  return JSON.stringify({
    id: e.id,
    action: e.action,
    created: typeof e.created === 'string' ? e.created : e.created.toISOString(),
    keyId: e.keyId,
    lockId: e.lockId,
    lockName: e.lockName,
    appUserId: e.appUserId,
    userName: e.userName,
  });
}

export interface EnqueueEvent {
  id: string;
  projectId: string;
  lockId: string;
  /** When the service recorded the event (delivery latency is measured from here). */
  received: Date;
  /** accessEventBody(...) of the event. */
  body: string;
}

/** One event: see deliveriesEnqueueForEvents. */
export function deliveriesEnqueueForEvent(tx: Tx, event: EnqueueEvent): Promise<number> {
  return deliveriesEnqueueForEvents(tx, [event]);
}

/**
 * Queues one delivery per enabled accessEvent webhook of each event's lock and wakes the workers
 * (the NOTIFY is delivered at COMMIT). Only call it for keys of origin `integrator`. One lookup,
 * one multi-row insert and one NOTIFY for the whole batch, not one of each per event (a large
 * upload would take seconds: docs/performance.md). An event queued twice is queued once per webhook.
 *
 * Each delivery gets its place in the fair order across projects (`fair_at`, migrations/0016):
 * a project's deliveries of this batch follow one another a microsecond apart from where the
 * project's next one goes (`delivery_fair_start`), so a project that queues 100,000 takes turns
 * with the others instead of going before them.
 */
export async function deliveriesEnqueueForEvents(tx: Tx, events: EnqueueEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const { rows: hooks } = await tx.query<{ id: string; lock_id: string; project_id: string }>(
    `SELECT id, lock_id, project_id FROM webhooks
      WHERE lock_id = ANY($1::uuid[]) AND enabled AND trigger = 'accessEvent'`,
    [[...new Set(events.map((e) => e.lockId))]],
  );
  if (hooks.length === 0) return 0;
  const cols = {
    id: [] as string[],
    webhook: [] as string[],
    project: [] as string[],
    event: [] as string[],
    body: [] as string[],
    received: [] as Date[],
    /** The delivery's place among this batch's deliveries of its project. */
    place: [] as number[],
  };
  const places = new Map<string, number>();
  for (const e of events) {
    for (const h of hooks) {
      if (h.lock_id !== e.lockId || h.project_id !== e.projectId) continue;
      cols.id.push(uuidv7()); // time-ordered: delivery lists are newest-first by id
      cols.webhook.push(h.id);
      cols.project.push(e.projectId);
      cols.event.push(e.id);
      cols.body.push(e.body);
      cols.received.push(e.received);
      const place = places.get(e.projectId) ?? 0;
      cols.place.push(place);
      places.set(e.projectId, place + 1);
    }
  }
  if (cols.id.length === 0) return 0;
  // The insert and the NOTIFY (only when something was queued) in one statement: one round trip.
  const { rows } = await tx.query<{ queued: number }>(
    `WITH start AS MATERIALIZED ( -- once per project, not per row
       SELECT p AS project_id, delivery_fair_start(p) AS at FROM unnest($8::uuid[]) AS p
     ), queued AS (
       INSERT INTO webhook_deliveries (id, webhook_id, project_id, event_id, body, event_received, fair_at)
       SELECT f.id, f.webhook_id, f.project_id, f.event_id, f.body, f.event_received,
              s.at + f.place * interval '1 microsecond'
         FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::timestamptz[], $7::int[])
                AS f(id, webhook_id, project_id, event_id, body, event_received, place)
         JOIN start s ON s.project_id = f.project_id
       ON CONFLICT (webhook_id, event_id) DO NOTHING
       RETURNING 1
     ), n AS (SELECT count(*)::int AS queued FROM queued)
     SELECT queued, CASE WHEN queued > 0 THEN pg_notify('${DELIVERIES_CHANNEL}', '') END AS notified FROM n`,
    [
      cols.id,
      cols.webhook,
      cols.project,
      cols.event,
      cols.body,
      cols.received,
      cols.place,
      [...places.keys()],
    ],
  );
  return rows[0]?.queued ?? 0;
}
