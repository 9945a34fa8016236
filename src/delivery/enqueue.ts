// The producer side of the delivery queue (transactional outbox), called by event ingestion in the
// SAME transaction that records an accepted access event: either both are stored or neither.
import type { Tx } from '../db/db.ts';

export const DELIVERIES_CHANNEL = 'latchkey_deliveries';

/**
 * UUIDv7 computed in SQL (PostgreSQL 15 has no uuidv7()): the 48-bit millisecond clock over a
 * random v4, with the version nibble turned from 4 into 7. One per row of an INSERT ... SELECT.
 */
export const UUIDV7_SQL = `encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing
  substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6),
  52, 1), 53, 1), 'hex')::uuid`;

export interface AccessEventBody {
  id: string;
  action: 'locked' | 'unlocked';
  created: Date;
  keyId: string;
  lockId: string;
  lockName: string;
  appUserId: string;
  userName: string;
}

/** The exact webhook body: seed 2.1's eight fields in this order, `created` with milliseconds. */
export function accessEventBody(e: AccessEventBody): string {
  return JSON.stringify({
    id: e.id,
    action: e.action,
    created: e.created.toISOString(),
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

/**
 * Queues one delivery per enabled accessEvent webhook of the event's lock and wakes the workers
 * (the NOTIFY is delivered at COMMIT). Only call it for keys of origin `integrator`. Returns the
 * number of deliveries queued; an event queued twice (same id) is queued once per webhook.
 */
export async function deliveriesEnqueueForEvent(tx: Tx, event: EnqueueEvent): Promise<number> {
  const r = await tx.query(
    `INSERT INTO webhook_deliveries (id, webhook_id, project_id, event_id, body, event_received)
     SELECT ${UUIDV7_SQL}, w.id, w.project_id, $1, $4, $5 FROM webhooks w
      WHERE w.lock_id = $3 AND w.project_id = $2 AND w.enabled AND w.trigger = 'accessEvent'
     ON CONFLICT (webhook_id, event_id) DO NOTHING`,
    [event.id, event.projectId, event.lockId, event.body, event.received],
  );
  if (r.rowCount > 0) await tx.query(`SELECT pg_notify('${DELIVERIES_CHANNEL}', '')`);
  return r.rowCount;
}
