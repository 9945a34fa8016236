// Producers of the lockActivity and keyChanged deliveries: `{ type, id, created, data }` envelopes,
// queued in the transaction that makes the change (either both are stored or neither). The
// envelope's `id` is also the `webhook-id` header, the same for every webhook that receives it and
// on every retry. `data` is the resource as the API shows it. Nothing is built when no enabled
// webhook of the trigger listens to the lock.
import type { Tx } from '../db/db.ts';
import { uuidv7 } from '../ids.ts';
import type { StoredPin } from '../resources/keys/pin.ts';
import { type KeyRow, presentKey } from '../resources/keys/present.ts';
import { deliveriesEnqueue, webhooksFor } from './enqueue.ts';
import {
  type KeyEventType,
  type LockActivityKind,
  type LockEventType,
  lockEventType,
  type Trigger,
} from './event-types.ts';

export interface EnvelopeItem {
  projectId: string;
  lockId: string;
  type: string;
  created: Date;
  /** The resource as the API shows it; called only when some webhook receives it. */
  data: () => unknown;
}

/** The exact body: the four fields in this order, `created` with milliseconds. */
export function envelopeBody(type: string, id: string, created: Date, data: unknown): string {
  return JSON.stringify({ type, id, created: created.toISOString(), data });
}

/** Queues each item for the enabled webhooks of `trigger` of its lock (or of every lock). */
export async function envelopesEnqueue(
  tx: Tx,
  trigger: Trigger,
  items: readonly EnvelopeItem[],
): Promise<number> {
  if (items.length === 0) return 0;
  const hooks = await webhooksFor(tx, trigger, items);
  if (hooks.length === 0) return 0;
  const received = new Date();
  const heard = items.filter((i) =>
    hooks.some((h) => h.project_id === i.projectId && (h.lock_id === null || h.lock_id === i.lockId)),
  );
  return deliveriesEnqueue(
    tx,
    trigger,
    heard.map((i) => {
      const id = uuidv7();
      return {
        id,
        projectId: i.projectId,
        lockId: i.lockId,
        received,
        body: envelopeBody(i.type, id, i.created, i.data()),
      };
    }),
    hooks,
  );
}

/** A key row with what presentKey shows. */
export type ShownKey = Omit<KeyRow, 'sharing_right_id'>;

/** When each key change happened, as far as the key row says. */
function changedAt(type: KeyEventType, k: ShownKey, now: Date): Date {
  if (type === 'key.revoked') return k.revoked ?? now;
  if (type === 'key.expired') return k.ends ?? now;
  if (type === 'key.created' || type === 'key.shared') return k.created;
  return now;
}

/**
 * keyChanged: one envelope per key, `data` the key as GET .../keys/{keyId} shows it. Call it in
 * the transaction that changed the keys (created, revoked, expired, shared, PIN status).
 */
export function enqueueKeyChanged(
  tx: Tx,
  type: KeyEventType,
  keys: readonly ShownKey[],
  now: Date = new Date(),
  /** The keys' PINs, shown with their status and without their code. */
  pins?: ReadonlyMap<string, StoredPin>,
): Promise<number> {
  return envelopesEnqueue(
    tx,
    'keyChanged',
    keys.map((k) => ({
      projectId: k.project_id,
      lockId: k.lock_id,
      type,
      created: changedAt(type, k, now),
      data: () => presentKey(k, now, pins?.get(k.id)),
    })),
  );
}

/** One lock activity record as the lock's activity log shows it. */
export interface LockActivityRecord {
  id: string;
  at: Date | string;
  kind: LockActivityKind;
  source: 'keypad' | 'remote' | 'manual' | 'auto' | 'integrator' | null;
  keyId?: string | null;
  detail: string | null;
}

/**
 * lockActivity: one envelope (`type` lock.<kind>) for the record, `data` the record with its
 * `lockId`. Call it in the transaction that stores the record.
 */
export function enqueueLockActivity(
  tx: Tx,
  a: { projectId: string; lockId: string; activity: LockActivityRecord },
): Promise<number> {
  const at = typeof a.activity.at === 'string' ? new Date(a.activity.at) : a.activity.at;
  const type: LockEventType = lockEventType(a.activity.kind);
  return envelopesEnqueue(tx, 'lockActivity', [
    {
      projectId: a.projectId,
      lockId: a.lockId,
      type,
      created: at,
      data: () => ({
        id: a.activity.id,
        lockId: a.lockId,
        at: at.toISOString(),
        kind: a.activity.kind,
        source: a.activity.source,
        ...(a.activity.keyId ? { keyId: a.activity.keyId } : {}),
        detail: a.activity.detail,
      }),
    },
  ]);
}
