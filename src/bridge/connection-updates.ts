// How what a bridge reports changes a lock's connection: the outcome of commissioning, the lock's
// reachability, state and battery, and a reconciliation's answer.
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/db.ts';
import type { CommissionedLock } from '../matter/controller.ts';
import { recordLockActivity } from '../resources/lock-activity/queries.ts';
import type { WireStatus } from './protocol.ts';
import type { CommandRow } from './queries.ts';
import { reconcileTrigger, recordReconcileResult } from './reconcile-wiring.ts';

export interface StatusChange {
  lockId: string;
  projectId: string;
  before: { status: string; lockState: string; batteryLevel: string | null; batteryPercent: number | null };
  after: WireStatus;
}

/** A lock's reachability, state and battery as its bridge reports them. Returns what changed. */
export async function connectionStatusRecord(
  ctx: AppContext,
  bridgeId: string,
  s: WireStatus,
): Promise<StatusChange | undefined> {
  const change = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      project_id: string;
      status: string;
      lock_state: string;
      battery_level: string | null;
      battery_percent: number | null;
    }>(
      `SELECT project_id, status, lock_state, battery_level, battery_percent FROM lock_connections
        WHERE lock_id = $1 AND bridge_id = $2 AND status IN ('online', 'unreachable') FOR UPDATE`,
      [s.lockId, bridgeId],
    );
    const old = rows[0];
    if (!old) return undefined; // commissioning (its result says how it went), failed, or gone
    await tx.query(
      `UPDATE lock_connections SET status = $2, lock_state = $3, battery_percent = $4, battery_level = $5,
              last_seen = CASE WHEN $6 THEN now() ELSE last_seen END
        WHERE lock_id = $1`,
      [
        s.lockId,
        s.reachable ? 'online' : 'unreachable',
        s.lockState,
        s.batteryPercent,
        s.batteryLevel,
        s.reachable,
      ],
    );
    const c: StatusChange = {
      lockId: s.lockId,
      projectId: old.project_id,
      before: {
        status: old.status,
        lockState: old.lock_state,
        batteryLevel: old.battery_level,
        batteryPercent: old.battery_percent,
      },
      after: s,
    };
    await statusActivityRecord(tx, c);
    return c;
  });
  if (change && change.before.status === 'unreachable' && change.after.reachable)
    await reconcileTrigger(ctx, s.lockId, 'reconnected');
  return change;
}

/** What a finished command changes beyond its own row (whoever waits for it reads that row). */
export async function commandOutcomeApply(ctx: AppContext, c: CommandRow): Promise<void> {
  if (!c.lock_id) return;
  const lockId = c.lock_id;
  switch (c.kind) {
    case 'commission': {
      if (c.status === 'done') {
        const r = c.result as CommissionedLock;
        const { rows: updated } = await ctx.db.query<{ project_id: string }>(
          `UPDATE lock_connections SET status = $3, keypad = $4, capacity = $5, vendor = $6, product = $7,
                  lock_state = $8, battery_percent = $9, battery_level = $10, last_seen = now(), error = NULL
            WHERE lock_id = $1 AND bridge_id = $2 AND status = 'commissioning' RETURNING project_id`,
          [
            lockId,
            c.bridge_id,
            r.status.reachable ? 'online' : 'unreachable',
            r.capabilities.keypad,
            JSON.stringify(r.capabilities.capacity),
            r.identity.vendor,
            r.identity.product,
            r.status.lockState,
            r.status.batteryPercent,
            r.status.batteryLevel,
          ],
        );
        if (updated[0]) {
          await connectedActivityRecord(ctx, lockId, updated[0].project_id);
          await reconcileTrigger(ctx, lockId, 'connected');
        }
      } else {
        await ctx.db.query(
          `UPDATE lock_connections SET status = 'failed', error = $3
            WHERE lock_id = $1 AND bridge_id = $2 AND status = 'commissioning'`,
          [lockId, c.bridge_id, JSON.stringify({ title: c.error?.title, detail: c.error?.detail })],
        );
      }
      return;
    }
    case 'reconcile':
      if (c.status === 'done')
        await ctx.db.transaction((tx) => recordReconcileResult(tx, ctx.keyring, lockId, c.result));
      return;
    default:
      return;
  }
}

/** A battery at or below this is low, when the lock gives no verdict of its own. */
const LOW_BATTERY_PERCENT = 20;
const low = (level: string | null, percent: number | null) =>
  level === 'warning' || level === 'critical' || (percent !== null && percent <= LOW_BATTERY_PERCENT);

/** Connected, disconnected, jammed and low battery, when the reported status crosses into them. */
async function statusActivityRecord(tx: Tx, c: StatusChange): Promise<void> {
  const base = { projectId: c.projectId, lockId: c.lockId, at: new Date(), source: null, keyId: null };
  if (c.before.status === 'online' && !c.after.reachable)
    await recordLockActivity(tx, { ...base, kind: 'disconnected', detail: {} });
  if (c.before.status === 'unreachable' && c.after.reachable)
    await recordLockActivity(tx, { ...base, kind: 'connected', detail: { reconnected: true } });
  if (c.before.lockState !== 'jammed' && c.after.lockState === 'jammed')
    await recordLockActivity(tx, { ...base, kind: 'jammed', detail: {} });
  if (
    !low(c.before.batteryLevel, c.before.batteryPercent) &&
    low(c.after.batteryLevel, c.after.batteryPercent)
  )
    await recordLockActivity(tx, {
      ...base,
      kind: 'lowBattery',
      detail: { batteryPercent: c.after.batteryPercent, batteryLevel: c.after.batteryLevel },
    });
}

async function connectedActivityRecord(ctx: AppContext, lockId: string, projectId: string): Promise<void> {
  await ctx.db.transaction((tx) =>
    recordLockActivity(tx, {
      projectId,
      lockId,
      at: new Date(),
      kind: 'connected',
      source: null,
      detail: {},
    }),
  );
}
