// SHARED WITH THE `delivery` BRANCH: this file is the agreed contract between event ingestion
// (branch `events`) and the delivery worker (branch `delivery`). The events branch carries this
// real implementation until the delivery branch lands; the lead keeps one copy when merging.
// The signature must not change: ingestion calls it inside the event's transaction.
import type { Tx } from '../db/db.ts';

export const DELIVERY_CHANNEL = 'latchkey_deliveries';

export interface EnqueuedEvent {
  id: string;
  projectId: string;
  lockId: string;
  received: Date;
  /** The exact JSON bytes to send: seed 2.1's Access Event, eight fields in order. */
  body: string;
}

/**
 * Queues one delivery per enabled `accessEvent` webhook of the event's lock, in the caller's
 * transaction (transactional outbox: the delivery commits or rolls back with the event), and
 * NOTIFYs the worker, which PostgreSQL delivers only at COMMIT. Returns how many were queued.
 */
export async function deliveriesEnqueueForEvent(
  tx: Tx,
  event: { id: string; projectId: string; lockId: string; received: Date; body: string },
): Promise<number> {
  const r = await tx.query(
    `INSERT INTO webhook_deliveries (id, webhook_id, project_id, event_id, body, event_received)
     SELECT gen_random_uuid(), w.id, w.project_id, $1, $2, $3
       FROM webhooks w
      WHERE w.lock_id = $4 AND w.project_id = $5 AND w.enabled AND w.trigger = 'accessEvent'
     ON CONFLICT (webhook_id, event_id) DO NOTHING`,
    [event.id, event.body, event.received, event.lockId, event.projectId],
  );
  if (r.rowCount > 0) await tx.query(`SELECT pg_notify('${DELIVERY_CHANNEL}', '')`);
  return r.rowCount;
}
