// `latchkey master-key rotate`: re-seals every value of every sealed column (SEALED_COLUMNS) under
// the current master key, in small transactions, while the service serves.
//
// Why it is safe to kill at any moment: each batch is one transaction that reads its rows FOR
// UPDATE and replaces each value only if it is still the one read (a change the service made
// meanwhile is kept, and picked up by a later batch if it needs it). A killed run leaves some values
// under the new key and the rest under the old one, and every process opens both as long as the old
// key is in LATCHKEY_MASTER_KEY_PREVIOUS; running the command again goes on from what is left. It is
// done when no value is sealed under any other key; only then may the old key be dropped.
import type { Db, Queryable } from '../db/db.ts';
import { type Keyring, sealedPrefix } from './master-key.ts';
import { SEALED_COLUMNS, type SealedColumn, sealedColumnName } from './sealed-columns.ts';

export interface RotationProgress {
  column: string;
  /** Values re-sealed in this column so far by this run. */
  resealed: number;
}

export interface RotationResult {
  /** The id of the master key every sealed value is now under. */
  keyId: string;
  /** Values re-sealed by this run, per column. */
  resealed: Record<string, number>;
}

export interface RotationOptions {
  batchSize: number;
  /** Called after each committed batch (progress lines; the crash test's kill point). */
  afterBatch?(p: RotationProgress, batches: number): void | Promise<void>;
}

/** Values of `c` not sealed under `keyId` (plain text, kept by rows older than sealing, is not counted). */
const notUnder = (c: SealedColumn) =>
  `(${c.column} LIKE 'v1.%' OR ${c.column} LIKE 'v2.%') AND left(${c.column}, length($1)) <> $1`;

/** How many sealed values are under another key than `keyId`, per column (0 when done). */
export async function sealedElsewhere(q: Queryable, keyId: string): Promise<Record<string, number>> {
  const left: Record<string, number> = {};
  for (const c of SEALED_COLUMNS) {
    const { rows } = await q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${c.table} WHERE ${notUnder(c)}`,
      [sealedPrefix(keyId)],
    );
    left[sealedColumnName(c)] = rows[0]!.n;
  }
  return left;
}

export class RotationError extends Error {}

/** Re-seals one batch of `c`; returns how many values it replaced (0: the column is done). */
async function resealBatch(db: Db, keyring: Keyring, c: SealedColumn, batchSize: number): Promise<number> {
  return db.transaction(async (tx) => {
    const keys = c.key.map((k) => `${k}::text AS "${k}"`).join(', ');
    const { rows } = await tx.query<Record<string, string>>(
      `SELECT ${keys}, ${c.column} AS sealed FROM ${c.table} WHERE ${notUnder(c)}
        ORDER BY ${c.key.join(', ')} LIMIT ${batchSize} FOR UPDATE`,
      [sealedPrefix(keyring.keyId)],
    );
    for (const row of rows) {
      const context = c.context?.(row);
      let resealed: string;
      try {
        resealed = keyring.reseal(row.sealed!, context);
      } catch (e) {
        throw new RotationError(
          `a value in ${sealedColumnName(c)} (${c.key.map((k) => `${k} ${row[k]}`).join(', ')}) opens with none of the given master keys (${(e as Error).message}): add the key it was sealed with to LATCHKEY_MASTER_KEY_PREVIOUS`,
        );
      }
      const where = c.key.map((k, i) => `${k}::text = $${i + 3}`).join(' AND ');
      await tx.query(`UPDATE ${c.table} SET ${c.column} = $1 WHERE ${c.column} = $2 AND ${where}`, [
        resealed,
        row.sealed,
        ...c.key.map((k) => row[k]),
      ]);
    }
    return rows.length;
  });
}

export async function rotateMasterKey(db: Db, keyring: Keyring, o: RotationOptions): Promise<RotationResult> {
  const resealed: Record<string, number> = {};
  let batches = 0;
  for (const c of SEALED_COLUMNS) {
    const name = sealedColumnName(c);
    resealed[name] = 0;
    for (;;) {
      const n = await resealBatch(db, keyring, c, o.batchSize);
      if (n === 0) break;
      resealed[name] += n;
      batches++;
      await o.afterBatch?.({ column: name, resealed: resealed[name] }, batches);
    }
  }
  const left = Object.entries(await sealedElsewhere(db, keyring.keyId)).filter(([, n]) => n > 0);
  if (left.length > 0)
    throw new RotationError(
      `values were sealed under another key while the rotation ran (${left.map(([c, n]) => `${n} in ${c}`).join(', ')}): is a process still running with the old LATCHKEY_MASTER_KEY? Give every process the new key, then run the rotation again`,
    );
  return { keyId: keyring.keyId, resealed };
}
