// Opening the store's keyring at start: the master keys from the configuration, the hashing keys
// from the store (hash_keys), and the check that this process can open every secret the store holds.
// A master key that cannot stops the start with what to do (MasterKeyMismatchError): a process that
// started anyway would answer every token request with an error while /readyz said ready.
import type { Db, Queryable } from '../db/db.ts';
import {
  createKeyring,
  createSealer,
  deriveHashKeys,
  type HashKeys,
  type Keyring,
  type Sealer,
  sealedKeyId,
} from './master-key.ts';
import { HASH_KEYS_CONTEXT, SEALED_COLUMNS, type SealedColumn, sealedColumnName } from './sealed-columns.ts';

export class MasterKeyMismatchError extends Error {}

function sealHashKeys(sealer: Sealer, h: HashKeys): string {
  const plain = JSON.stringify({
    pepper: h.pepper.toString('base64'),
    fingerprint: h.fingerprint.toString('base64'),
  });
  return sealer.encrypt(plain, HASH_KEYS_CONTEXT);
}

function openHashKeys(sealer: Sealer, sealed: string): HashKeys {
  const o = JSON.parse(sealer.decrypt(sealed, HASH_KEYS_CONTEXT)) as { pepper: string; fingerprint: string };
  return { pepper: Buffer.from(o.pepper, 'base64'), fingerprint: Buffer.from(o.fingerprint, 'base64') };
}

/** Up to `limit` sealed values of a column with their key columns, optionally only `v1.` ones. */
async function sample(
  q: Queryable,
  c: SealedColumn,
  where: string,
  limit: number,
): Promise<{ sealed: string; row: Record<string, string> }[]> {
  const keys = c.key.map((k) => `${k}::text AS "${k}"`).join(', ');
  const { rows } = await q.query<Record<string, string>>(
    `SELECT ${keys}, ${c.column} AS sealed FROM ${c.table} WHERE ${where} LIMIT ${limit}`,
  );
  return rows.map((r) => ({ sealed: r.sealed!, row: r }));
}

function opens(sealer: Sealer, c: SealedColumn, v: { sealed: string; row: Record<string, string> }): boolean {
  try {
    sealer.decrypt(v.sealed, c.context?.(v.row));
    return true;
  } catch {
    return false;
  }
}

/**
 * What this process cannot open, column by column: values sealed under a master key it was not
 * given (counted by key id), and a sample of values sealed before key ids that no key opens.
 */
export async function unopenableSecrets(q: Queryable, sealer: Sealer): Promise<string[]> {
  const problems: string[] = [];
  for (const c of SEALED_COLUMNS) {
    const { rows } = await q.query<{ n: number; ids: string[] | null }>(
      `SELECT count(*)::int AS n, array_agg(DISTINCT substr(${c.column}, 4, 8)) AS ids FROM ${c.table}
        WHERE ${c.column} LIKE 'v2.%' AND NOT (substr(${c.column}, 4, 8) = ANY($1::text[]))`,
      [sealer.keyIds],
    );
    const { n, ids } = rows[0]!;
    if (n > 0)
      problems.push(`${n} ${c.holds} (${sealedColumnName(c)}) sealed under master key ${ids!.join(', ')}`);
    const legacy = await sample(q, c, `${c.column} LIKE 'v1.%'`, 3);
    const closed = legacy.filter((v) => !opens(sealer, c, v)).length;
    if (closed > 0) problems.push(`${c.holds} (${sealedColumnName(c)}) sealed under another master key`);
  }
  return problems;
}

function mismatch(sealer: Sealer, problems: string[]): MasterKeyMismatchError {
  return new MasterKeyMismatchError(
    `the master key cannot open the secrets this store holds: ${problems.join('; ')}. ` +
      `LATCHKEY_MASTER_KEY (its id: ${sealer.keyId}) is not the key this store was written with. ` +
      'Start with the master key the store was written with. To move to a new key, set the old one in ' +
      'LATCHKEY_MASTER_KEY_PREVIOUS beside the new one and run `latchkey master-key rotate` ' +
      '(docs/operations.md, "Rotating the master key").',
  );
}

/**
 * The keyring of this process on this store (after migrations). Writes the hashing keys on the
 * first start of a store (derived from the master key that sealed what the store already holds, as
 * every earlier version derived them), then checks that every sealed secret opens.
 */
export async function openKeyring(
  db: Db,
  current: Buffer,
  previous: readonly Buffer[] = [],
): Promise<Keyring> {
  const sealer = createSealer(current, previous);
  // Only this version reads hash_keys: its row always names its key.
  const tagged = createSealer(current, previous, { tagged: true });
  let hash: HashKeys | undefined;
  const { rows } = await db.query<{ sealed: string }>('SELECT sealed FROM hash_keys WHERE id = 1');
  if (rows[0]) {
    try {
      hash = openHashKeys(sealer, rows[0].sealed);
    } catch {
      const id = sealedKeyId(rows[0].sealed);
      throw mismatch(sealer, [`the hashing keys are sealed under master key ${id ?? 'unknown'}`]);
    }
  } else {
    // A store from before hash_keys: its hashes were made with keys derived from the master key
    // that sealed its signing keys. Which of the given keys is that one?
    const signing = SEALED_COLUMNS.find((c) => c.table === 'signing_keys')!;
    const [first] = await sample(db, signing, `${signing.column} LIKE 'v%'`, 1);
    const origin = first
      ? [current, ...previous].find((m) => opens(createSealer(m), signing, first))
      : current;
    if (!origin)
      throw mismatch(sealer, [
        'token signing keys (signing_keys.private_key_enc) sealed under another master key',
      ]);
    await db.query('INSERT INTO hash_keys (id, sealed) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [
      sealHashKeys(tagged, deriveHashKeys(origin)),
    ]);
    const again = await db.query<{ sealed: string }>('SELECT sealed FROM hash_keys WHERE id = 1');
    hash = openHashKeys(sealer, again.rows[0]!.sealed);
  }
  const problems = await unopenableSecrets(db, sealer);
  if (problems.length > 0) throw mismatch(sealer, problems);
  return createKeyring(current, previous, hash);
}
