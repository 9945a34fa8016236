// The master key protects secrets at rest. Production sets LATCHKEY_MASTER_KEY; in development
// (`npm run dev`, or `npm start` on the embedded store) a random key is generated once into
// LATCHKEY_DATA_DIR/master.key (mode 0600). With DATABASE_URL nothing is generated or read from a
// file: every process must seal and open with the same key (config.ts refuses the start).
//
// Sealed text can name the master key that sealed it (`v2.<key id>.<…>`, the id derived from the
// key, not the key), so that a store can hold text under two master keys during a rotation: a
// process given the previous keys too (LATCHKEY_MASTER_KEY_PREVIOUS) opens both and seals only with
// the current one. Text without an id (`v1.<…>`) is opened by trying each key. A process with one
// master key still writes `v1.`: versions before key ids read only that, and they may run beside
// this one during a rolling upgrade. A rotation (which needs every process on this version) writes
// `v2.`; so does everything a process with a previous key seals.
//
// The two hashing keys (the client-secret pepper and the request-fingerprint key) cannot follow a
// new master key: a hash cannot be re-keyed without the secret it hashes. They were derived from
// the first master key and are kept in the store, sealed like any other secret (hash-keys.ts).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The keys that hash: they outlive master keys (see above). */
export interface HashKeys {
  /** HMAC key for client-secret hashes. */
  pepper: Buffer;
  /** HMAC key for request fingerprints (Idempotency-Key records), whose bodies may be guessable. */
  fingerprint: Buffer;
}

export interface Sealer {
  /** The id of the master key that seals (derived from it; safe to show). */
  keyId: string;
  /** Ids of every master key this process can open with, the sealing one first. */
  keyIds: readonly string[];
  /**
   * AES-256-GCM. `context`, when given, is authenticated with the text (GCM's additional data):
   * the sealed text then opens only with the same context, so a copy moved to another row (by
   * someone who can write to the store but has no master key) does not open there.
   */
  encrypt(plain: string, context?: string): string;
  decrypt(sealed: string, context?: string): string;
  /** Opens `sealed` and seals it again under the current key, naming it (the rotation). */
  reseal(sealed: string, context?: string): string;
}

export interface Keyring extends Sealer, HashKeys {}

const LEGACY_PREFIX = 'v1.';
const PREFIX = 'v2.';
const KEY_ID_LENGTH = 8;

/** Whether stored text is what `encrypt` writes (rows written before sealing hold plain text). */
export function isSealed(text: string): boolean {
  return text.startsWith(PREFIX) || text.startsWith(LEGACY_PREFIX);
}

/** The id of the master key that sealed `text`; undefined for plain text and for `v1.` text. */
export function sealedKeyId(text: string): string | undefined {
  return text.startsWith(PREFIX) ? text.slice(PREFIX.length, PREFIX.length + KEY_ID_LENGTH) : undefined;
}

/** What `sealed` starts with when sealed under the key `keyId` (for SQL `LIKE` and `substr`). */
export const sealedPrefix = (keyId: string) => `${PREFIX}${keyId}.`;

/** The generated development key in `dataDir/master.key`, created on first use. */
export function loadMasterKey(configured: Buffer | undefined, dataDir: string): Buffer {
  if (configured) return configured;
  const path = join(dataDir, 'master.key');
  if (existsSync(path)) {
    // Written 0600; a copy restored with looser modes is tightened (it decrypts every secret).
    if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
    const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${path} does not hold base64 of 32 bytes`);
    return key;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}

function derive(master: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `latchkey ${purpose}`, 32));
}

/** The hashing keys as the first master key of a store gave them (then kept: hash-keys.ts). */
export function deriveHashKeys(master: Buffer): HashKeys {
  return {
    pepper: derive(master, 'client-secret pepper'),
    fingerprint: derive(master, 'request fingerprint'),
  };
}

/** The public id of a master key: 8 base64url characters derived from it (48 bits). */
export function masterKeyId(master: Buffer): string {
  return derive(master, 'master key id').toString('base64url').slice(0, KEY_ID_LENGTH);
}

/**
 * Seals with `current`; opens what `current` or any of `previous` sealed. Seals `v2.` (with the key
 * id) when given previous keys or `o.tagged`, else `v1.` (see the top of the file).
 */
export function createSealer(
  current: Buffer,
  previous: readonly Buffer[] = [],
  o: { tagged?: boolean } = {},
): Sealer {
  const keys = [current, ...previous.filter((k) => !k.equals(current))].map((m) => ({
    id: masterKeyId(m),
    enc: derive(m, 'at-rest encryption'),
  }));
  const byId = new Map(keys.map((k) => [k.id, k.enc]));
  const sealing = keys[0]!;
  const tagged = o.tagged === true || keys.length > 1;
  const open = (enc: Buffer, raw: Buffer, context: string | undefined) => {
    const d = createDecipheriv('aes-256-gcm', enc, raw.subarray(0, 12));
    if (context !== undefined) d.setAAD(Buffer.from(context, 'utf8'));
    d.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
  };
  const seal = (named: boolean, plain: string, context: string | undefined) => {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', sealing.enc, iv);
    if (context !== undefined) c.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    const text = Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url');
    return `${named ? sealedPrefix(sealing.id) : LEGACY_PREFIX}${text}`;
  };
  const sealer: Sealer = {
    keyId: sealing.id,
    keyIds: keys.map((k) => k.id),
    encrypt: (plain, context) => seal(tagged, plain, context),
    reseal: (sealed, context) => seal(true, sealer.decrypt(sealed, context), context),
    decrypt(sealed, context) {
      const id = sealedKeyId(sealed);
      if (id !== undefined) {
        const enc = byId.get(id);
        if (!enc) throw new UnknownMasterKeyError(id);
        return open(enc, Buffer.from(sealed.slice(sealedPrefix(id).length), 'base64url'), context);
      }
      if (!sealed.startsWith(LEGACY_PREFIX)) throw new Error('unknown sealed-secret format');
      const raw = Buffer.from(sealed.slice(LEGACY_PREFIX.length), 'base64url');
      let failure: unknown;
      for (const k of keys) {
        try {
          return open(k.enc, raw, context);
        } catch (e) {
          failure = e;
        }
      }
      throw failure;
    },
  };
  return sealer;
}

/** Text sealed under a master key this process was not given. */
export class UnknownMasterKeyError extends Error {
  constructor(readonly keyId: string) {
    super(`sealed under master key ${keyId}, which this process does not have`);
  }
}

/**
 * A keyring for one master key whose hashing keys are derived from it (a store's first key).
 * Processes open the store's keyring with `openKeyring` (hash-keys.ts).
 */
export function createKeyring(master: Buffer, previous: readonly Buffer[] = [], hash?: HashKeys): Keyring {
  const sealer = createSealer(master, previous);
  const h = hash ?? deriveHashKeys(master);
  return {
    pepper: h.pepper,
    fingerprint: h.fingerprint,
    keyId: sealer.keyId,
    keyIds: sealer.keyIds,
    encrypt: sealer.encrypt,
    decrypt: sealer.decrypt,
    reseal: sealer.reseal,
  };
}
