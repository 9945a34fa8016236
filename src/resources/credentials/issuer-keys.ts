// Each project's issuer keys for offline credentials. The private part is sealed under the master
// key the way the token signing keys are (newKeyMaterial), bound to the project so that a sealed key
// copied into another project's row does not open there. A project's first key is made on first
// need (its key set, a lock's bundle, a credential), by whichever request comes first: the partial
// unique index keeps it to one signing key when several come at once, on any process.
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { LIMITS } from '../../../verifier/typescript/src/limits.ts';
import type { IssuerKey } from '../../../verifier/typescript/src/lock-state.ts';
import { newKeyMaterial } from '../../auth/signing-keys.ts';
import type { Keyring } from '../../crypto/master-key.ts';
import type { Queryable, Tx } from '../../db/db.ts';
import { memoized } from '../../memo.ts';

/** After it stops signing, a key stays listed for the credential lifetime and then this long. */
export const LISTED_AFTER_LIFETIME_DAYS = 30;

interface IssuerKeyRow {
  kid: string;
  public_jwk: { x: string; y: string };
  private_key_enc: string;
  retired_at: Date | null;
}

export const issuerKeySealContext = (projectId: string) => `credential-issuer-key:${projectId}`;
const sealContext = issuerKeySealContext;

async function signingRow(db: Queryable, projectId: string): Promise<IssuerKeyRow | undefined> {
  const { rows } = await db.query<IssuerKeyRow>(
    `SELECT kid, public_jwk, private_key_enc, retired_at FROM credential_issuer_keys
      WHERE project_id = $1 AND retired_at IS NULL`,
    [projectId],
  );
  return rows[0];
}

/** Makes the project's first key unless it has a signing key; nothing when the project does not exist. */
async function ensureSigningKey(db: Queryable, keyring: Keyring, projectId: string): Promise<void> {
  const k = newKeyMaterial(keyring, sealContext(projectId));
  await db.query(
    `INSERT INTO credential_issuer_keys (project_id, kid, public_jwk, private_key_enc)
     SELECT id, $2, $3, $4 FROM projects WHERE id = $1
     ON CONFLICT (project_id) WHERE retired_at IS NULL DO NOTHING`,
    [projectId, k.kid, JSON.stringify({ kty: 'EC', crv: 'P-256', x: k.jwk.x, y: k.jwk.y }), k.sealed],
  );
}

/**
 * Decrypted private keys, remembered by their sealed text (unique per key: a random IV) and project,
 * so issuing a credential does not decrypt and parse the key each time. A per-process service of
 * the context.
 */
export class IssuerPrivateKeys {
  private readonly open: (sealedWithProject: string) => KeyObject;
  constructor(keyring: Keyring) {
    this.open = memoized(1024, (s) => {
      const cut = s.indexOf('\n');
      return createPrivateKey(keyring.decrypt(s.slice(cut + 1), sealContext(s.slice(0, cut))));
    });
  }
  get(projectId: string, sealed: string): KeyObject {
    return this.open(`${projectId}\n${sealed}`);
  }
}

/** The key that signs the project's credentials now (made on first need), or undefined: no such project. */
export async function issuerSigningKey(
  db: Queryable,
  keyring: Keyring,
  privateKeys: IssuerPrivateKeys,
  projectId: string,
): Promise<{ kid: string; privateKey: KeyObject } | undefined> {
  let row = await signingRow(db, projectId);
  if (!row) {
    await ensureSigningKey(db, keyring, projectId);
    row = await signingRow(db, projectId);
  }
  return row && { kid: row.kid, privateKey: privateKeys.get(projectId, row.private_key_enc) };
}

interface ListedKeyRow {
  kid: string;
  public_jwk: { x: string; y: string };
  created: Date;
  retired_at: Date | null;
  listed_until: Date | null;
}

/** The listed keys' rows, oldest first (the first key made on first need); none: no such project. */
async function listedRows(db: Queryable, keyring: Keyring, projectId: string): Promise<ListedKeyRow[]> {
  if (!(await signingRow(db, projectId))) await ensureSigningKey(db, keyring, projectId);
  const { rows } = await db.query<ListedKeyRow>(
    `SELECT kid, public_jwk, created, retired_at, listed_until FROM credential_issuer_keys
      WHERE project_id = $1 AND (listed_until IS NULL OR listed_until > now())
      ORDER BY created, kid`,
    [projectId],
  );
  return rows;
}

const publicJwk = (r: ListedKeyRow): IssuerKey => ({
  kty: 'EC',
  crv: 'P-256',
  x: r.public_jwk.x,
  y: r.public_jwk.y,
  kid: r.kid,
  alg: 'ES256',
  use: 'sig',
});

/**
 * The project's key set: the signing key and every rotated key still listed, oldest first (made on
 * first need), or undefined when there is no such project.
 */
export async function issuerKeySet(
  db: Queryable,
  keyring: Keyring,
  projectId: string,
): Promise<IssuerKey[] | undefined> {
  const rows = await listedRows(db, keyring, projectId);
  return rows.length === 0 ? undefined : rows.map(publicJwk);
}

/** When a listed key was made, whether it signs now, and until when a rotated-out one stays listed. */
export interface IssuerKeyState {
  kid: string;
  created: string;
  signing: boolean;
  retired: string | null;
  listedUntil: string | null;
}

/**
 * The key set with each key's state, from one read, so that the two always describe the same keys
 * (a rotation between two reads would otherwise show a signing key the set does not list).
 */
export async function issuerKeySetWithStates(
  db: Queryable,
  keyring: Keyring,
  projectId: string,
): Promise<{ keys: IssuerKey[]; states: IssuerKeyState[] } | undefined> {
  const rows = await listedRows(db, keyring, projectId);
  if (rows.length === 0) return undefined;
  return {
    keys: rows.map(publicJwk),
    states: rows.map((r) => ({
      kid: r.kid,
      created: r.created.toISOString(),
      signing: r.retired_at === null,
      retired: r.retired_at?.toISOString() ?? null,
      listedUntil: r.listed_until?.toISOString() ?? null,
    })),
  };
}

export type RotateResult = { kid: string; previousKid: string | null } | { full: true } | undefined;

/**
 * Makes a new signing key; the current one stops signing now and stays listed for the credential
 * lifetime + LISTED_AFTER_LIFETIME_DAYS. A lock holds at most LIMITS.issuerKeys keys, so a rotation
 * that would list more is refused ({ full }). Undefined: no such project.
 */
export async function issuerKeyRotate(
  tx: Tx,
  keyring: Keyring,
  projectId: string,
  ttlHours: number,
): Promise<RotateResult> {
  const project = await tx.query('SELECT 1 FROM projects WHERE id = $1 FOR UPDATE', [projectId]);
  if (project.rows.length === 0) return undefined;
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM credential_issuer_keys
      WHERE project_id = $1 AND (listed_until IS NULL OR listed_until > now())`,
    [projectId],
  );
  if (rows[0]!.n >= LIMITS.issuerKeys) return { full: true };
  const retired = await tx.query<{ kid: string }>(
    `UPDATE credential_issuer_keys
        SET retired_at = now(),
            listed_until = now() + make_interval(hours => $2) + make_interval(days => $3)
      WHERE project_id = $1 AND retired_at IS NULL
      RETURNING kid`,
    [projectId, ttlHours, LISTED_AFTER_LIFETIME_DAYS],
  );
  const k = newKeyMaterial(keyring, sealContext(projectId));
  await tx.query(
    `INSERT INTO credential_issuer_keys (project_id, kid, public_jwk, private_key_enc)
     VALUES ($1, $2, $3, $4)`,
    [projectId, k.kid, JSON.stringify({ kty: 'EC', crv: 'P-256', x: k.jwk.x, y: k.jwk.y }), k.sealed],
  );
  // No previous key when the project never needed one before this rotation.
  return { kid: k.kid, previousKid: retired.rows[0]?.kid ?? null };
}
