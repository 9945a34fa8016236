// SQL of the bridge channel: the lease (which process of a bridge acts), the command queue, and
// the controller's sealed state.
import type { Queryable } from '../db/db.ts';
import { uuidv7 } from '../ids.ts';
import type { CommandKind, WireCommand, WireError } from './protocol.ts';

/** The sealed state is bound to its bridge: a copy moved to another bridge's row does not open. */
export const stateContext = (bridgeId: string) => `bridge-state:${bridgeId}`;

/** NOTIFY channel: a command was queued for the bridge in the payload. */
export const COMMANDS_CHANNEL = 'latchkey_bridge_commands';
/** NOTIFY channel: the command in the payload finished. */
export const RESULTS_CHANNEL = 'latchkey_bridge_results';

/**
 * Takes or renews the bridge's lease for this process until now + ms. Fails (false) while another
 * process holds an unexpired lease: only one controller ever acts for the bridge's locks.
 */
export async function leaseTake(db: Queryable, bridgeId: string, instanceId: string, ms: number) {
  const r = await db.query(
    `UPDATE bridges SET instance_id = $2, lease_until = now() + $3 * interval '1 millisecond', last_seen = now()
      WHERE id = $1 AND (instance_id IS NULL OR instance_id = $2 OR lease_until IS NULL OR lease_until < now())`,
    [bridgeId, instanceId, ms],
  );
  return r.rowCount > 0;
}

/** Whether this process still holds the lease. */
export async function leaseHeld(db: Queryable, bridgeId: string, instanceId: string) {
  const r = await db.query(
    'SELECT 1 FROM bridges WHERE id = $1 AND instance_id = $2 AND lease_until > now()',
    [bridgeId, instanceId],
  );
  return r.rowCount > 0;
}

/** Queues a command and wakes the bridge's poll (NOTIFY is delivered at COMMIT). */
export async function commandInsert(
  db: Queryable,
  c: {
    id?: string;
    bridgeId: string;
    lockId: string | null;
    kind: CommandKind;
    payload?: object;
    ttlMs: number;
  },
): Promise<string> {
  const id = c.id ?? uuidv7();
  await db.query(
    `WITH c AS (
       INSERT INTO bridge_commands (id, bridge_id, lock_id, kind, payload, expires)
       VALUES ($1, $2, $3, $4, $5, now() + $6 * interval '1 millisecond') RETURNING bridge_id
     ) SELECT pg_notify('${COMMANDS_CHANNEL}', bridge_id::text) FROM c`,
    [id, c.bridgeId, c.lockId, c.kind, JSON.stringify(c.payload ?? {}), c.ttlMs],
  );
  return id;
}

/** Claims the bridge's pending commands that have not expired, oldest first. */
export async function commandsClaim(db: Queryable, bridgeId: string, limit = 50): Promise<WireCommand[]> {
  const { rows } = await db.query<{ id: string; kind: CommandKind; lock_id: string | null; payload: object }>(
    `UPDATE bridge_commands SET status = 'sent'
      WHERE id IN (SELECT id FROM bridge_commands
                    WHERE bridge_id = $1 AND status = 'pending' AND expires > now()
                    ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, lock_id, payload`,
    [bridgeId, limit],
  );
  return rows
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((r) => ({
      id: r.id,
      kind: r.kind,
      lockId: r.lock_id,
      payload: r.payload as Record<string, unknown>,
    }));
}

export interface CommandRow {
  id: string;
  bridge_id: string;
  lock_id: string | null;
  kind: CommandKind;
  payload: Record<string, unknown>;
  status: 'pending' | 'sent' | 'done' | 'failed';
  result: unknown;
  error: WireError | null;
}

/**
 * Records a command's outcome (once: a result reported twice changes nothing) and wakes whoever
 * waits for it. The payload is cleared. Returns the command as it was, or undefined.
 */
export async function commandFinish(
  db: Queryable,
  bridgeId: string,
  commandId: string,
  outcome: { ok: boolean; result?: unknown; error?: WireError },
): Promise<CommandRow | undefined> {
  const { rows } = await db.query<CommandRow>(
    `WITH old AS (
       SELECT id, payload FROM bridge_commands
        WHERE id = $1 AND bridge_id = $2 AND status IN ('pending', 'sent') FOR UPDATE
     ), done AS (
       UPDATE bridge_commands c SET status = $3, result = $4, error = $5, finished = now(), payload = '{}'
         FROM old WHERE c.id = old.id
       RETURNING c.id, c.bridge_id, c.lock_id, c.kind, old.payload, c.status, c.result, c.error
     ) SELECT done.*, pg_notify('${RESULTS_CHANNEL}', done.id::text) FROM done`,
    [
      commandId,
      bridgeId,
      outcome.ok ? 'done' : 'failed',
      outcome.result === undefined ? null : JSON.stringify(outcome.result),
      outcome.error ? JSON.stringify(outcome.error) : null,
    ],
  );
  return rows[0];
}

export async function commandFind(db: Queryable, commandId: string): Promise<CommandRow | undefined> {
  const { rows } = await db.query<CommandRow>(
    'SELECT id, bridge_id, lock_id, kind, payload, status, result, error FROM bridge_commands WHERE id = $1',
    [commandId],
  );
  return rows[0];
}

/** Finished commands are kept a day (for support), then deleted. */
export async function commandsExpire(db: Queryable) {
  await db.query(`DELETE FROM bridge_commands WHERE created < now() - interval '1 day'`);
}

/** The bridge's controller state, sealed (undefined before the first save). */
export async function stateLoad(db: Queryable, bridgeId: string) {
  const { rows } = await db.query<{ controller_state_enc: string | null }>(
    'SELECT controller_state_enc FROM bridges WHERE id = $1',
    [bridgeId],
  );
  return rows[0]?.controller_state_enc ?? undefined;
}

export async function stateSave(db: Queryable, bridgeId: string, instanceId: string | null, sealed: string) {
  const r = await db.query(
    `UPDATE bridges SET controller_state_enc = $3 WHERE id = $1 AND ($2::text IS NULL OR instance_id = $2)`,
    [bridgeId, instanceId, sealed],
  );
  return r.rowCount > 0;
}

/** The locks connected through the bridge, with their event watermarks. */
export async function bridgeLocks(db: Queryable, bridgeId: string) {
  const { rows } = await db.query<{ lock_id: string; event_watermark: number | string | null }>(
    'SELECT lock_id, event_watermark FROM lock_connections WHERE bridge_id = $1',
    [bridgeId],
  );
  return rows.map((r) => ({
    lockId: r.lock_id,
    eventsAfter: r.event_watermark === null ? null : String(r.event_watermark),
  }));
}
