// ES256 signing keys, shared by every process through the store. Life of a key:
//   created ── published in JWKS ──▶ signs_from ── signs ──▶ retired_at ── still published ──▶ published_until
// `latchkey keys rotate` inserts a key whose signs_from lies LATCHKEY_SIGNING_KEY_ACTIVATION_SECONDS
// ahead, so every process (refreshing every few seconds) knows the new public key before any token
// signed with it exists: rotation causes no failed request. The old key stays published for a token
// lifetime after it stops signing. Private keys are stored encrypted under the master key.
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { jwkThumbprint } from '../credentials/jwk.ts';
import type { Keyring } from '../crypto/master-key.ts';
import type { Db } from '../db/db.ts';

interface KeyRow {
  kid: string;
  public_jwk: JsonWebKey;
  private_key_enc: string;
  signs_from: Date;
  retired_at: Date | null;
  published_until: Date | null;
}

interface LoadedKey {
  kid: string;
  jwk: JsonWebKey;
  publicKey: KeyObject;
  sealedPrivate: string;
  privateKey?: KeyObject;
  signsFrom: number;
  retiredAt: number;
}

export interface SigningKeysOptions {
  tokenTtlSeconds: number;
  activationSeconds: number;
  refreshMs?: number;
}

/**
 * A new P-256 key pair: its kid (the RFC 7638 thumbprint), public JWK, and private key sealed under
 * the master key (bound to `context` when given: the sealed text then opens only with it). Token
 * signing keys and the projects' credential issuer keys are both made here.
 */
export function newKeyMaterial(
  keyring: Keyring,
  context?: string,
): { kid: string; jwk: JsonWebKey; sealed: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  return { kid: jwkThumbprint({ x: jwk.x!, y: jwk.y! }), jwk, sealed: keyring.encrypt(pem, context) };
}

export class SigningKeys {
  private keys: LoadedKey[] = [];
  private timer: NodeJS.Timeout | undefined;
  private lastMissReload = 0;

  constructor(
    private readonly db: Db,
    private readonly keyring: Keyring,
    private readonly o: SigningKeysOptions,
  ) {}

  /** Creates the first key when there is none (first start), then loads. */
  async init(): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (this.db.kind === 'pg') await tx.query('SELECT pg_advisory_xact_lock($1)', [0x4c4b_4b31]);
      const { rows } = await tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM signing_keys WHERE retired_at IS NULL OR retired_at > now()',
      );
      if (rows[0]!.n > 0) return;
      const k = newKeyMaterial(this.keyring);
      await tx.query(
        'INSERT INTO signing_keys (kid, public_jwk, private_key_enc, signs_from) VALUES ($1, $2, $3, now())',
        [k.kid, JSON.stringify(k.jwk), k.sealed],
      );
    });
    await this.load();
  }

  async load(): Promise<void> {
    const { rows } = await this.db.query<KeyRow>(
      `SELECT kid, public_jwk, private_key_enc, signs_from, retired_at, published_until FROM signing_keys
        WHERE published_until IS NULL OR published_until > now() ORDER BY signs_from`,
    );
    const previous = new Map(this.keys.map((k) => [k.kid, k]));
    this.keys = rows.map((r) => {
      const old = previous.get(r.kid);
      return {
        kid: r.kid,
        jwk: r.public_jwk,
        publicKey: old?.publicKey ?? createPublicKey({ key: r.public_jwk, format: 'jwk' }),
        sealedPrivate: r.private_key_enc,
        privateKey: old?.privateKey,
        signsFrom: r.signs_from.getTime(),
        retiredAt: r.retired_at?.getTime() ?? Number.POSITIVE_INFINITY,
      };
    });
  }

  startRefresh(): void {
    this.timer = setInterval(() => void this.load().catch(() => {}), this.o.refreshMs ?? 5000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** The key that signs now: the newest whose signing period has begun. */
  signer(now = Date.now()): { kid: string; key: KeyObject } {
    let chosen: LoadedKey | undefined;
    for (const k of this.keys) if (k.signsFrom <= now && k.retiredAt > now) chosen = k;
    if (!chosen) throw new Error('no active signing key');
    chosen.privateKey ??= createPrivateKey(this.keyring.decrypt(chosen.sealedPrivate));
    return { kid: chosen.kid, key: chosen.privateKey };
  }

  publicKey(kid: string): KeyObject | undefined {
    return this.keys.find((k) => k.kid === kid)?.publicKey;
  }

  /** A kid we do not know may be a key another process just created: reload, at most once a second. */
  async reloadForUnknownKid(kid: string): Promise<boolean> {
    if (this.publicKey(kid)) return true;
    const now = Date.now();
    if (now - this.lastMissReload < 1000) return false;
    this.lastMissReload = now;
    await this.load();
    return this.publicKey(kid) !== undefined;
  }

  jwks(): { keys: JsonWebKey[] } {
    return { keys: this.keys.map((k) => ({ ...k.jwk, kid: k.kid, alg: 'ES256', use: 'sig' })) };
  }

  /** Publishes a new key now; it signs after the activation delay, and the current key retires then. */
  async rotate(): Promise<{ kid: string; signsFrom: Date }> {
    const k = newKeyMaterial(this.keyring);
    const rows = await this.db.transaction(async (tx) => {
      const r = await tx.query<{ signs_from: Date }>(
        `INSERT INTO signing_keys (kid, public_jwk, private_key_enc, signs_from)
         VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING signs_from`,
        [k.kid, JSON.stringify(k.jwk), k.sealed, this.o.activationSeconds],
      );
      const signsFrom = r.rows[0]!.signs_from;
      await tx.query(
        `UPDATE signing_keys SET retired_at = $2,
                published_until = $2::timestamptz + make_interval(secs => $3)
          WHERE kid <> $1 AND (retired_at IS NULL OR retired_at > $2)`,
        [k.kid, signsFrom, this.o.tokenTtlSeconds + 300],
      );
      return signsFrom;
    });
    await this.load();
    return { kid: k.kid, signsFrom: rows };
  }
}
