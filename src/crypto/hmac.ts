// HMAC-SHA-256 under a key held as bytes. On Node 24, `createHmac('sha256', buffer)` costs 14.6 µs
// of CPU against 2.2 µs with the same key as a KeyObject (it tests a Buffer key for being a
// KeyObject or a CryptoKey first, and those tests are slow); on Node 20 both cost 2.4 µs
// (`npm run bench:crypto-forms` prints both forms). The keys used on hot paths (the client-secret pepper,
// the request-fingerprint key, webhook secrets) are long-lived, so each becomes a KeyObject once.
import { createHmac, createSecretKey, type Hmac, type KeyObject } from 'node:crypto';

const kept = new WeakMap<Buffer, KeyObject>();

/** The KeyObject of a long-lived key's bytes, made once per Buffer (forgotten with the Buffer). */
export function hmacKey(bytes: Buffer): KeyObject {
  let key = kept.get(bytes);
  if (!key) {
    key = createSecretKey(bytes);
    kept.set(bytes, key);
  }
  return key;
}

/** An HMAC-SHA-256 under `key` (bytes or KeyObject): call `.update()` and `.digest()` on it. */
export function hmacSha256(key: Buffer | KeyObject): Hmac {
  // An empty key cannot be a KeyObject; none is used here, but the bytes path still answers it.
  return createHmac('sha256', Buffer.isBuffer(key) && key.length > 0 ? hmacKey(key) : key);
}
