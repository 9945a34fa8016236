// PIN codes in the store (key_pins): whether a lock takes them, writing a batch's PINs with the
// per-lock uniqueness check, and reading them back for presentation. Codes are sealed with the
// master key, bound to their key id, and opened only to be shown to those allowed to see them or
// sent to the lock's bridge (desired-state.ts).
import type { Keyring } from '../../crypto/master-key.ts';
import type { Queryable, Tx } from '../../db/db.ts';
import type { InvalidParam } from '../../http/errors.ts';
import { generatePin, type PinStatus, type StoredPin } from './pin.ts';

// The one place that decides whether a lock takes PIN codes: it has a Matter connection that has
// not failed, and the lock reported a keypad (users with PIN credentials) when it was commissioned.
// An unreachable lock still takes them: its PINs stay `pending` until it is back.
export async function lockTakesPins(tx: Queryable, lockId: string): Promise<boolean> {
  const { rows } = await tx.query<{ takes: boolean }>(
    `SELECT true AS takes FROM lock_connections c JOIN locks l ON l.id = c.lock_id
      WHERE c.lock_id = $1 AND l.deleted IS NULL AND c.status IN ('online', 'unreachable') AND c.keypad IS TRUE`,
    [lockId],
  );
  return rows[0]?.takes === true;
}

/** The sealed code opens only in its own key's row. */
export const pinSealContext = (keyId: string) => `key-pin\0${keyId}`;

export interface PinItem {
  /** Index of the item in the batch (for `keys.<i>.pin`). */
  index: number;
  keyId: string;
  lockId: string;
  /** The code asked for, or undefined to generate one. */
  code: string | undefined;
}

/**
 * Takes each lock's PIN lock (a transaction-scoped advisory lock, in a fixed order so two batches
 * never wait on each other in a circle), so two batches cannot both give one PIN to one lock.
 */
async function lockPinSets(tx: Tx, lockIds: string[]) {
  for (const lockId of [...new Set(lockIds)].sort())
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('key-pin:' || $1, 0))", [lockId]);
}

/**
 * Chooses and stores the PINs of a batch's new keys (the keys are inserted already, in `tx`).
 * Returns the problems instead when a PIN asked for is live on its lock already (another key's, or
 * an earlier item's of the same batch): the caller answers 409 and the transaction rolls back.
 */
export async function pinsInsert(
  tx: Tx,
  keyring: Keyring,
  projectId: string,
  items: PinItem[],
  length: number,
  now: Date,
): Promise<InvalidParam[] | Map<string, StoredPin>> {
  const lockIds = [...new Set(items.map((p) => p.lockId))];
  await lockPinSets(tx, lockIds);
  const { rows } = await tx.query<{ key_id: string; lock_id: string; code: string }>(
    `SELECT p.key_id, p.lock_id, p.code FROM key_pins p JOIN keys k ON k.id = p.key_id
      WHERE p.lock_id = ANY($1::uuid[]) AND k.revoked IS NULL AND (k.ends IS NULL OR k.ends > $2)`,
    [lockIds, now.toISOString()],
  );
  /** lock → code → who holds it (a key id, or a batch item). */
  const live = new Map<string, Map<string, string>>();
  const liveOn = (lockId: string) => {
    let m = live.get(lockId);
    if (!m) {
      m = new Map();
      live.set(lockId, m);
    }
    return m;
  };
  for (const r of rows)
    liveOn(r.lock_id).set(keyring.decrypt(r.code, pinSealContext(r.key_id)), `key ${r.key_id}`);
  const problems: InvalidParam[] = [];
  const codes = new Map<string, string>();
  // Codes asked for first, so a generated one never takes a code an item of the batch asked for.
  for (const p of items) {
    if (p.code === undefined) continue;
    const holder = liveOn(p.lockId).get(p.code);
    if (holder)
      problems.push({
        name: `keys.${p.index}.pin`,
        reason: `is live on this lock already (${holder}); a PIN opens one key's door at a time`,
      });
    else liveOn(p.lockId).set(p.code, `keys.${p.index}`);
    codes.set(p.keyId, p.code);
  }
  if (problems.length) return problems;
  for (const p of items)
    if (p.code === undefined) {
      const taken = liveOn(p.lockId);
      const code = generatePin(length, (c) => taken.has(c));
      taken.set(code, `keys.${p.index}`);
      codes.set(p.keyId, code);
    }
  const { rows: refs } = await tx.query<{ lock_id: string; ref: number }>(
    'SELECT lock_id, max(ref) AS ref FROM key_pins WHERE lock_id = ANY($1::uuid[]) GROUP BY lock_id',
    [lockIds],
  );
  const nextRef = new Map(refs.map((r) => [r.lock_id, Number(r.ref)]));
  const refOf = items.map((p) => {
    const ref = (nextRef.get(p.lockId) ?? 0) + 1;
    nextRef.set(p.lockId, ref);
    return ref;
  });
  for (let i = 0; i < items.length; i += 5000) {
    const chunk = items.slice(i, i + 5000);
    await tx.query(
      `INSERT INTO key_pins (key_id, project_id, lock_id, code, ref, updated)
       SELECT t.key_id, $1, t.lock_id, t.code, t.ref, $2
         FROM unnest($3::uuid[], $4::uuid[], $5::text[], $6::bigint[]) AS t(key_id, lock_id, code, ref)`,
      [
        projectId,
        now.toISOString(),
        chunk.map((p) => p.keyId),
        chunk.map((p) => p.lockId),
        chunk.map((p) => keyring.encrypt(codes.get(p.keyId)!, pinSealContext(p.keyId))),
        chunk.map((_, j) => refOf[i + j]),
      ],
    );
  }
  return new Map(
    items.map((p) => [p.keyId, { code: codes.get(p.keyId)!, status: 'pending' as const, error: null }]),
  );
}

/** The PINs of these keys (those that have one), opened. */
export async function pinsOfKeys(
  db: Queryable,
  keyring: Keyring,
  keyIds: string[],
): Promise<Map<string, StoredPin>> {
  if (keyIds.length === 0) return new Map();
  const { rows } = await db.query<{
    key_id: string;
    code: string;
    status: PinStatus;
    error: StoredPin['error'];
  }>('SELECT key_id, code, status, error FROM key_pins WHERE key_id = ANY($1::uuid[])', [keyIds]);
  return new Map(
    rows.map((r) => [
      r.key_id,
      { code: keyring.decrypt(r.code, pinSealContext(r.key_id)), status: r.status, error: r.error },
    ]),
  );
}

/** Rows with their key's PIN (`pin`, undefined when it has none): one query for a page of keys. */
export async function withPins<R extends { id: string }>(
  ctx: { db: Queryable; keyring: Keyring },
  rows: Promise<R[]>,
): Promise<(R & { pin?: StoredPin })[]> {
  const list = await rows;
  const pins = await pinsOfKeys(
    ctx.db,
    ctx.keyring,
    list.map((r) => r.id),
  );
  return list.map((r) => ({ ...r, pin: pins.get(r.id) }));
}

/**
 * The key whose PIN the lock holds in this user slot, as the last reconcile pass reported it: how a
 * keypad's LockOperation (which names the user index) becomes that key's access event.
 */
export async function keyAtLockUser(db: Queryable, lockId: string, userIndex: number) {
  const { rows } = await db.query<{ key_id: string }>(
    "SELECT key_id FROM key_pins WHERE lock_id = $1 AND user_index = $2 AND status = 'set'",
    [lockId, userIndex],
  );
  return rows[0]?.key_id;
}
