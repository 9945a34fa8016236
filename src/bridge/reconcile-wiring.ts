// Where the reconciler meets the bridge channel. Everything that connects "what each lock should
// hold" (keys → users, PINs, schedules) to the bridge is here and nowhere else:
//
//   bridge side   reconcileOnBridge(controller, lockId, desired)  runs a `reconcile` command
//   service side  reconcileCommandPrepare(ctx, command)           fills in what the lock must hold,
//                                                                 when the bridge takes the command
//                 recordReconcileResult(ctx, tx, lockId, report)  what its answer changes
//                 reconcileTrigger(ctx, lockId, why)              queues one on connect and on
//                                                                 reconnect; reconcileJobStart
//                                                                 periodically; after a key change,
//                                                                 reconcileAfterKeyChange
//                                                                 (reconcile-queue.ts) in the
//                                                                 change's transaction
//
// The desired state (with the PINs in clear) is computed when the bridge's poll claims the command,
// not when it is queued: the PINs never rest in the command queue, and a key revoked between the
// two is already left out. For the same reason one pending reconciliation of a lock is enough: a
// trigger while one waits adds nothing.

import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Keyring } from '../crypto/master-key.ts';
import type { Queryable, Tx } from '../db/db.ts';
import { enqueueKeyChanged } from '../delivery/envelopes.ts';
import type { MatterController } from '../matter/controller.ts';
import { type DesiredLockState, type ReconcileReport, reconcileLock } from '../matter/reconcile.ts';
import { periodicJobStart, type StopJob } from '../periodic.ts';
import {
  desiredLockState,
  type PinStatusChange,
  recordReconcileReport,
} from '../resources/keys/lock-pins.ts';
import { pinsOfKeys } from '../resources/keys/pin-queries.ts';
import { KEY_COLUMNS, type KeyRow } from '../resources/keys/present.ts';
import type { WireCommand } from './protocol.ts';
import { type ReconcileReason, reconcileQueue } from './reconcile-queue.ts';

/** Bridge side: makes the lock hold `desired`; the report is the command's result. */
export function reconcileOnBridge(
  controller: MatterController,
  lockId: string,
  desired: unknown,
): Promise<ReconcileReport> {
  return reconcileLock(controller, lockId, desired as DesiredLockState);
}

/** Service side, as the bridge claims it: a reconcile command gets the lock's desired state now. */
export async function reconcileCommandPrepare(
  db: Queryable,
  keyring: Keyring,
  c: WireCommand,
): Promise<WireCommand> {
  if (c.kind !== 'reconcile' || !c.lockId) return c;
  const desired = await desiredLockState(db, keyring, c.lockId, new Date());
  return { ...c, payload: { ...c.payload, desired } };
}

/**
 * Service side: records a reconciliation's report (each key's PIN status and user slot) and queues
 * `key.pinChanged` for the keys whose PIN status changed, in the same transaction.
 */
export async function recordReconcileResult(tx: Tx, keyring: Keyring, lockId: string, result: unknown) {
  const report = result as ReconcileReport;
  if (!report || !Array.isArray(report.keys)) return [];
  const changes = await recordReconcileReport(tx, lockId, report);
  await pinChangedEnqueue(tx, keyring, changes);
  return changes;
}

/** `key.pinChanged` for each key whose PIN status changed (the envelope shows the new status, never the code). */
export async function pinChangedEnqueue(tx: Tx, keyring: Keyring, changes: readonly PinStatusChange[]) {
  if (changes.length === 0) return;
  const ids = changes.map((c) => c.keyId);
  const { rows } = await tx.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM keys WHERE id = ANY($1::uuid[])`, [
    ids,
  ]);
  await enqueueKeyChanged(tx, 'key.pinChanged', rows, new Date(), await pinsOfKeys(tx, keyring, ids));
}

/** Queues a reconciliation of the lock through its bridge (on connect, on reconnect), unless one is waiting. */
export async function reconcileTrigger(ctx: AppContext, lockId: string, why: ReconcileReason): Promise<void> {
  await reconcileQueue(ctx.db, [lockId], why);
}

/** Periodically, to repair drift (a user added at the lock): every online lock of this store. */
export function reconcileJobStart(ctx: AppContext, log: FastifyBaseLogger, intervalMs: number): StopJob {
  return periodicJobStart({
    intervalMs,
    log,
    failure: 'periodic lock reconciliation failed',
    failureLevel: 'warn',
    dropWaitingRunOnStop: true,
    run: async () => {
      const { rows } = await ctx.db.query<{ lock_id: string }>(
        `SELECT lock_id FROM lock_connections WHERE status = 'online'`,
      );
      await reconcileQueue(
        ctx.db,
        rows.map((r) => r.lock_id),
        'periodic',
      );
    },
  });
}
