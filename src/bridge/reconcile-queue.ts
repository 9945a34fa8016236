// Queueing lock reconciliations: one `reconcile` command for each given lock that is connected
// (online or unreachable) and has none waiting already. It carries no desired state; that is filled
// in when the bridge takes the command (reconcileCommandPrepare), so one waiting command covers
// every change made before it is taken. Called in the transaction of a key change, so the command
// exists exactly when the change does and the bridge is woken at its commit.
import type { Queryable } from '../db/db.ts';
import { commandInsert } from './queries.ts';

/** Why a reconciliation was asked for (logged by the bridge, kept in the command). */
export type ReconcileReason = 'connected' | 'reconnected' | 'periodic' | 'keyChanged';

/** How long a queued reconciliation waits for its bridge before it is dropped (the next trigger makes another). */
export const RECONCILE_TTL_MS = 10 * 60_000;

/** Queues a reconciliation of each of these locks that is connected; returns how many were queued. */
export async function reconcileQueue(
  db: Queryable,
  lockIds: readonly string[],
  why: ReconcileReason,
): Promise<number> {
  const ids = [...new Set(lockIds)];
  if (ids.length === 0) return 0;
  const { rows } = await db.query<{ lock_id: string; bridge_id: string }>(
    `SELECT c.lock_id, c.bridge_id FROM lock_connections c
      WHERE c.lock_id = ANY($1::uuid[]) AND c.status IN ('online', 'unreachable')
        AND NOT EXISTS (SELECT 1 FROM bridge_commands b
                         WHERE b.lock_id = c.lock_id AND b.bridge_id = c.bridge_id AND b.kind = 'reconcile'
                           AND b.status = 'pending' AND b.expires > now())`,
    [ids],
  );
  for (const r of rows)
    await commandInsert(db, {
      bridgeId: r.bridge_id,
      lockId: r.lock_id,
      kind: 'reconcile',
      payload: { why },
      ttlMs: RECONCILE_TTL_MS,
    });
  return rows.length;
}

/**
 * After these keys changed (created, revoked, expired): the locks holding a PIN of one of them are
 * reconciled. In the change's transaction, so a revocation reaches the lock as soon as the bridge
 * takes the command; a key without a PIN changes nothing on its lock.
 */
export async function reconcileAfterKeyChange(tx: Queryable, keyIds: readonly string[]): Promise<number> {
  if (keyIds.length === 0) return 0;
  const { rows } = await tx.query<{ lock_id: string }>(
    `SELECT DISTINCT lock_id FROM key_pins WHERE key_id = ANY($1::uuid[]) AND status <> 'removed'`,
    [keyIds],
  );
  return reconcileQueue(
    tx,
    rows.map((r) => r.lock_id),
    'keyChanged',
  );
}

/** Drops the lock's reconciliations that no bridge has taken yet (its connection is being removed). */
export async function reconcilesDrop(tx: Queryable, lockId: string): Promise<void> {
  await tx.query(
    `UPDATE bridge_commands SET status = 'failed', finished = now(), payload = '{}',
            error = '{"code":"gone","title":"Not sent","detail":"the lock was disconnected first","transient":false}'
      WHERE lock_id = $1 AND kind = 'reconcile' AND status = 'pending'`,
    [lockId],
  );
}
