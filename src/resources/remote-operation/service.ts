// Remote lock and unlock through a lock's bridge. An app user's operation is judged NOW exactly as
// an uploaded event is judged at its `created` (event-validation.ts), and its record is made by the
// upload path itself (eventsIngest): the same access log, stream and webhooks, idempotent by id.
// The access event's id is the command's id, so whichever comes first records it, the lock's own
// LockOperation event (tagged with the command by the bridge, with the lock's time) or the
// command's result, and the other finds it recorded.
import type { CommandRow } from '../../bridge/queries.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { ApiError, conflict, notFound, problem } from '../../http/errors.ts';
import { presentAccessEvent } from '../access-log/present.ts';
import { ACCESS_EVENT_COLUMNS, type AccessEventRow } from '../access-log/queries.ts';
import { eventKeysLoad } from '../app/event-queries.ts';
import { eventRejectReason } from '../app/event-validation.ts';
import { eventsIngest } from '../app/events.ts';
import type { RejectReason } from '../app/schema.ts';
import { recordLockActivity } from '../lock-activity/queries.ts';

/** How long a remote operation waits for the lock's answer. */
export const OPERATE_WAIT_MS = 10_000;
/** Retry-After of a 503: the bridge polls again within seconds, a lock's subscription returns within a minute. */
const RETRY_AFTER_SECONDS = 10;

export type Action = 'locked' | 'unlocked';

const WHY: Partial<Record<RejectReason, string>> = {
  key_revoked: 'The key has been revoked',
  before_start: 'The key is not valid yet',
  after_end: 'The key has expired',
  outside_recurrence: "The key's hours do not include now (in the lock's time zone)",
};

const unavailable = (detail: string) =>
  new ApiError('service-unavailable', detail, { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } });

interface Connection {
  bridge_id: string;
  status: string;
  lease_until: Date | null;
}

async function connectionOf(db: Queryable, lockId: string): Promise<Connection | undefined> {
  const { rows } = await db.query<Connection>(
    `SELECT c.bridge_id, c.status, b.lease_until FROM lock_connections c JOIN bridges b ON b.id = c.bridge_id
      WHERE c.lock_id = $1`,
    [lockId],
  );
  return rows[0];
}

/** 409 without a usable connection, 503 when the lock or its bridge cannot be reached now. */
function checkReachable(c: Connection | undefined) {
  if (!c || c.status === 'commissioning' || c.status === 'failed')
    throw conflict('The lock is not connected to a network lock, so it cannot be operated remotely');
  if (!c.lease_until || c.lease_until.getTime() <= Date.now())
    throw unavailable("The lock's bridge is not connected to the service");
  if (c.status === 'unreachable') throw unavailable("The lock's bridge cannot reach the lock");
}

/** What a failed or unanswered command means for the caller. */
function commandProblem(row: CommandRow | undefined): never {
  if (!row) throw unavailable(`The lock did not answer within ${OPERATE_WAIT_MS / 1000} s`);
  const e = row.error;
  if (!e || e.transient) throw unavailable(e ? `${e.title}: ${e.detail}` : 'The lock did not answer');
  throw conflict(`${e.title}: ${e.detail}`);
}

async function accessEventFind(db: Queryable, projectId: string, id: string) {
  const { rows } = await db.query<AccessEventRow>(
    `SELECT ${ACCESS_EVENT_COLUMNS} FROM access_events WHERE id = $1 AND project_id = $2`,
    [id, projectId],
  );
  return rows[0];
}

/** An app user's remote operation with one of their keys: the access event it recorded. */
export async function appOperate(ctx: AppContext, appUserId: string, keyId: string, action: Action) {
  const now = new Date();
  const key = (await ctx.db.transaction((tx) => eventKeysLoad(tx, appUserId, [keyId.toLowerCase()])))[0];
  if (!key) throw notFound('key');
  const reason = eventRejectReason(key, now, now, ctx.config.accessLogRetentionDays);
  if (reason) throw problem('forbidden', `${WHY[reason] ?? 'The key may not be used now'} (${reason})`);
  checkReachable(await connectionOf(ctx.db, key.lock_id));
  const { rows } = await ctx.db.query<{ bridge_id: string }>(
    'SELECT bridge_id FROM lock_connections WHERE lock_id = $1',
    [key.lock_id],
  );
  const row = await ctx.bridges.request({
    bridgeId: rows[0]!.bridge_id,
    lockId: key.lock_id,
    kind: 'operate',
    payload: { action, by: 'appUser', keyId: key.id, appUserId },
    timeoutMs: OPERATE_WAIT_MS,
  });
  if (row?.status !== 'done') commandProblem(row);
  const result = row.result as { at: string; eventNumber: string | null };
  if (result.eventNumber === null)
    await activityWithoutEvent(ctx, key.project_id, key.lock_id, result.at, 'remote', key.id, action);
  // Recorded by the lock's event already, or now (the same id: recorded once).
  await eventsIngest(ctx, appUserId, [{ id: row.id, keyId: key.id, action, created: result.at }]);
  const event = await accessEventFind(ctx.db, key.project_id, row.id);
  if (!event) throw conflict('The lock operated, but the event could not be recorded for this key');
  return presentAccessEvent(event);
}

/** An integrator's remote operation (no key): the lock's state after it. */
export async function integratorOperate(ctx: AppContext, projectId: string, lockId: string, action: Action) {
  const { rows } = await ctx.db.query<{ id: string }>(
    'SELECT id FROM locks WHERE id = $1 AND project_id = $2 AND deleted IS NULL',
    [lockId, projectId],
  );
  if (!rows[0]) throw notFound('lock');
  const c = await connectionOf(ctx.db, lockId);
  checkReachable(c);
  const row = await ctx.bridges.request({
    bridgeId: c!.bridge_id,
    lockId,
    kind: 'operate',
    payload: { action, by: 'integrator' },
    timeoutMs: OPERATE_WAIT_MS,
  });
  if (row?.status !== 'done') commandProblem(row);
  const result = row.result as { lockState: string; at: string; eventNumber: string | null };
  if (result.eventNumber === null)
    await activityWithoutEvent(ctx, projectId, lockId, result.at, 'integrator', null, action);
  return { lockState: result.lockState };
}

/**
 * A lock that operated without reporting its LockOperation event in time: the operation is lock
 * activity all the same (with the bridge's time). Its event, should it come later, is recorded too.
 */
function activityWithoutEvent(
  ctx: AppContext,
  projectId: string,
  lockId: string,
  at: string,
  source: 'remote' | 'integrator',
  keyId: string | null,
  action: Action,
) {
  return ctx.db.transaction((tx) =>
    recordLockActivity(tx, {
      projectId,
      lockId,
      at,
      kind: 'operated',
      source,
      keyId,
      detail: { operation: action === 'locked' ? 'lock' : 'unlock', reportedByLock: false },
    }),
  );
}
