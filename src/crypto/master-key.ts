// The master key protects secrets at rest. Production sets LATCHKEY_MASTER_KEY; in development a
// random key is generated once into LATCHKEY_DATA_DIR/master.key (mode 0600). Purpose keys are
// derived with HKDF so that the pepper, the fingerprint key and the encryption key are never the
// same bytes.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Keyring {
  /** HMAC key for client-secret hashes. */
  pepper: Buffer;
  /** HMAC key for request fingerprints (Idempotency-Key records), whose bodies may be guessable. */
  fingerprint: Buffer;
  /**
   * AES-256-GCM. `context`, when given, is authenticated with the text (GCM's additional data):
   * the sealed text then opens only with the same context, so a copy moved to another row (by
   * someone who can write to the store but has no master key) does not open there.
   */
  encrypt(plain: string, context?: string): string;
  decrypt(sealed: string, context?: string): string;
}

const SEALED_PREFIX = 'v1.';

/** Whether stored text is what `encrypt` writes (rows written before sealing hold plain text). */
export function isSealed(text: string): boolean {
  return text.startsWith(SEALED_PREFIX);
}

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

export function createKeyring(master: Buffer): Keyring {
  const pepper = derive(master, 'client-secret pepper');
  const enc = derive(master, 'at-rest encryption');
  return {
    pepper,
    fingerprint: derive(master, 'request fingerprint'),
    encrypt(plain, context) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', enc, iv);
      if (context !== undefined) c.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return `${SEALED_PREFIX}${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url')}`;
    },
    decrypt(sealed, context) {
      if (!isSealed(sealed)) throw new Error('unknown sealed-secret format');
      const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
      const d = createDecipheriv('aes-256-gcm', enc, raw.subarray(0, 12));
      if (context !== undefined) d.setAAD(Buffer.from(context, 'utf8'));
      d.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
    },
  };
}
