// The producer side of the delivery queue (transactional outbox), called by event ingestion in the
// SAME transaction that records accepted access events: either both are stored or neither.
import type { Tx } from '../db/db.ts';
import { uuidv7 } from '../ids.ts';
import type { Trigger } from './event-types.ts';

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
 * Queues one delivery per enabled accessEvent webhook of each event's lock, and per enabled
 * project-wide one of its project, and wakes the workers
 * (the NOTIFY is delivered at COMMIT). Only call it for keys of origin `integrator`. One lookup,
 * one multi-row insert and one NOTIFY for the whole batch, not one of each per event (a large
 * upload would take seconds: docs/performance.md). An event queued twice is queued once per webhook.
 *
 * Each delivery gets its place in the fair order across projects (`fair_at`, migrations/0016):
 * a project's deliveries of this batch follow one another a microsecond apart from where the
 * project's next one goes (`delivery_fair_start`), so a project that queues 100,000 takes turns
 * with the others instead of going before them.
 */
export function deliveriesEnqueueForEvents(tx: Tx, events: EnqueueEvent[]): Promise<number> {
  return deliveriesEnqueue(tx, 'accessEvent', events);
}

/** The enabled webhooks of a trigger that would receive events of these locks (of these projects). */
export async function webhooksFor(
  tx: Tx,
  trigger: Trigger,
  events: readonly { projectId: string; lockId: string }[],
): Promise<{ id: string; lock_id: string | null; project_id: string }[]> {
  // The webhooks of each event's lock, and the project-wide ones (lock_id NULL) of each event's
  // project; both read from partial indexes of enabled webhooks.
  const { rows } = await tx.query<{ id: string; lock_id: string | null; project_id: string }>(
    `SELECT id, lock_id, project_id FROM webhooks
      WHERE lock_id = ANY($1::uuid[]) AND enabled AND trigger = $3
     UNION ALL
     SELECT id, lock_id, project_id FROM webhooks
      WHERE project_id = ANY($2::uuid[]) AND enabled AND lock_id IS NULL AND trigger = $3`,
    [[...new Set(events.map((e) => e.lockId))], [...new Set(events.map((e) => e.projectId))], trigger],
  );
  return rows;
}

/** Queues each event for the enabled webhooks of `trigger` that receive its lock's events. */
export async function deliveriesEnqueue(
  tx: Tx,
  trigger: Trigger,
  events: readonly EnqueueEvent[],
  known?: readonly { id: string; lock_id: string | null; project_id: string }[],
): Promise<number> {
  if (events.length === 0) return 0;
  const hooks = known ?? (await webhooksFor(tx, trigger, events));
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
      // Tenancy: a project-wide webhook takes only its own project's events.
      if ((h.lock_id !== null && h.lock_id !== e.lockId) || h.project_id !== e.projectId) continue;
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
