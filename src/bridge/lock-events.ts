// Lock events reported by a bridge, recorded once each: (lock, the lock's event number) is unique,
// and the connection's watermark (the highest number recorded) goes back to the bridge with every
// poll, so that its controller drops what the lock sends again after a reconnect.
//
// What an event becomes:
// - a LockOperation that answers an app user's remote operation (the bridge tags it with the
//   command), or that the lock reports with the user slot of a key's PIN, is that key's access
//   event, with the lock's own time as `created`, recorded by the upload path itself (eventsIngest:
//   the same checks, access log, stream and webhooks; idempotent by an id derived from the lock
//   and the event number, or the command's id);
// - every operation, refused code, PIN written or removed is lock activity.
import { createHash } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/db.ts';
import { eventsIngest } from '../resources/app/events.ts';
import { keyAtLockUser } from '../resources/keys/pin-queries.ts';
import {
  type ActivityKind,
  type ActivitySource,
  recordLockActivity,
} from '../resources/lock-activity/queries.ts';
import type { WireEvent } from './protocol.ts';

/** A UUID (version 8, RFC 9562) derived from the lock and its event number: the same event, the same id. */
export function lockEventUuid(lockId: string, eventNumber: string): string {
  const h = createHash('sha256').update(`latchkey lock event ${lockId} ${eventNumber}`).digest();
  h[6] = 0x80 | (h[6]! & 0x0f);
  h[8] = 0x80 | (h[8]! & 0x3f);
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

const SOURCE: Record<string, ActivitySource> = {
  keypad: 'keypad',
  remote: 'remote',
  manual: 'manual',
  button: 'manual',
  auto: 'auto',
  schedule: 'auto',
};

interface Operation {
  by: 'appUser' | 'integrator';
  keyId?: string;
  appUserId?: string;
}

interface Connection {
  project_id: string;
}

/** What the event records: the access event's key and user when a key was used, and the activity. */
async function whatItIs(
  ctx: AppContext,
  e: WireEvent,
  command: Operation | undefined,
): Promise<{
  activity?: { kind: ActivityKind; source: ActivitySource };
  key?: { keyId: string; appUserId?: string; id: string };
}> {
  const d = e.detail as {
    operation?: string;
    source?: string;
    error?: string;
    userIndex?: number | null;
    dataType?: string;
    alarm?: string;
  };
  const source = command?.by === 'integrator' ? 'integrator' : (SOURCE[d.source ?? ''] ?? null);
  switch (e.kind) {
    case 'lockOperation': {
      if (command?.by === 'appUser' && command.keyId)
        return {
          activity: { kind: 'operated', source: 'remote' },
          key: { keyId: command.keyId, appUserId: command.appUserId, id: e.commandId! },
        };
      const keyId =
        !command && d.userIndex != null ? await keyAtLockUser(ctx.db, e.lockId, d.userIndex) : undefined;
      return {
        activity: { kind: 'operated', source },
        ...(keyId ? { key: { keyId, id: lockEventUuid(e.lockId, e.eventNumber) } } : {}),
      };
    }
    case 'lockOperationError':
      return {
        activity: { kind: d.error === 'invalidCredential' ? 'wrongCode' : 'operationFailed', source },
      };
    case 'alarm':
      // A jam shows as the lock's state (connection-updates.ts); repeated wrong codes as one activity.
      return d.alarm === 'wrongCodeEntryLimit' ? { activity: { kind: 'wrongCode', source: 'keypad' } } : {};
    case 'userChange':
      if (d.dataType !== 'pin') return {};
      return {
        activity: {
          kind: (e.detail as { operation?: string }).operation === 'clear' ? 'pinRemoved' : 'pinWritten',
          source,
        },
      };
  }
}

/** Records the bridge's events for the locks connected through it; returns how many were new. */
export async function lockEventsRecord(
  ctx: AppContext,
  bridgeId: string,
  events: WireEvent[],
): Promise<number> {
  let recorded = 0;
  for (const e of events) {
    const { rows } = await ctx.db.query<Connection & { seen: boolean; operation: Operation | null }>(
      `SELECT c.project_id,
              EXISTS (SELECT 1 FROM lock_events x WHERE x.lock_id = c.lock_id AND x.event_number = $2) AS seen,
              (SELECT payload FROM bridge_commands b WHERE b.id = $4 AND b.bridge_id = $3 AND b.kind = 'operate') AS operation
         FROM lock_connections c WHERE c.lock_id = $1 AND c.bridge_id = $3`,
      [e.lockId, e.eventNumber, bridgeId, e.commandId ?? null],
    );
    const c = rows[0];
    if (!c || c.seen) continue; // not (or no longer) this bridge's lock; or recorded before
    const it = await whatItIs(ctx, e, c.operation && 'by' in c.operation ? c.operation : undefined);
    let accessEventId: string | null = null;
    let keyId: string | null = it.key?.keyId ?? null;
    if (it.key && (e.detail as { operation?: string }).operation !== undefined) {
      const k = it.key;
      const appUserId = k.appUserId ?? (await keyOwner(ctx, k.keyId));
      if (appUserId) {
        const action = (e.detail as { operation: string }).operation === 'lock' ? 'locked' : 'unlocked';
        // Idempotent by id: a crash between this and the insert below only makes the re-sent
        // event a duplicate here.
        const [r] = await eventsIngest(ctx, appUserId, [{ id: k.id, keyId: k.keyId, action, created: e.at }]);
        if (r && r.status !== 'rejected') accessEventId = k.id;
      } else keyId = null;
    }
    const inserted = await ctx.db.transaction(async (tx) => {
      const { rowCount } = await tx.query(
        `INSERT INTO lock_events (lock_id, event_number, project_id, kind, at, detail, access_event_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (lock_id, event_number) DO NOTHING`,
        [e.lockId, e.eventNumber, c.project_id, e.kind, e.at, JSON.stringify(e.detail), accessEventId],
      );
      if (rowCount === 0) return false;
      await tx.query(
        `UPDATE lock_connections SET event_watermark = GREATEST(COALESCE(event_watermark, -1), $2::bigint),
                last_seen = now()
          WHERE lock_id = $1`,
        [e.lockId, e.eventNumber],
      );
      if (it.activity) await activityOfEvent(tx, c.project_id, e, it.activity, keyId, accessEventId);
      return true;
    });
    if (inserted) recorded++;
  }
  return recorded;
}

async function keyOwner(ctx: AppContext, keyId: string) {
  const { rows } = await ctx.db.query<{ app_user_id: string }>('SELECT app_user_id FROM keys WHERE id = $1', [
    keyId,
  ]);
  return rows[0]?.app_user_id;
}

function activityOfEvent(
  tx: Tx,
  projectId: string,
  e: WireEvent,
  a: { kind: ActivityKind; source: ActivitySource },
  keyId: string | null,
  accessEventId: string | null,
) {
  const d = e.detail as Record<string, unknown>;
  return recordLockActivity(tx, {
    projectId,
    lockId: e.lockId,
    at: e.at,
    kind: a.kind,
    source: a.source,
    keyId,
    detail: {
      eventNumber: e.eventNumber,
      ...(d.operation !== undefined ? { operation: d.operation } : {}),
      ...(d.error !== undefined ? { error: d.error } : {}),
      ...(d.userIndex != null ? { userIndex: d.userIndex } : {}),
      ...(accessEventId ? { accessEventId } : {}),
    },
  });
}
