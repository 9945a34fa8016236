// HMAC-SHA-256 under a key held as bytes. On Node 24, `createHmac('sha256', buffer)` costs 14.1 µs
// of CPU against 2.0 µs with the same key as a KeyObject (it tests a Buffer key for being a
// KeyObject or a CryptoKey first, and those tests are slow); on Node 20 both cost ~2 µs
// (`npm run bench:crypto-forms` prints both forms). The keys used on hot paths (the client-secret
// pepper, the request-fingerprint key, webhook secrets) are long-lived Buffers, so each becomes a
// KeyObject once, remembered beside the Buffer.
import { createHmac, createSecretKey, type Hmac, type KeyObject } from 'node:crypto';

const kept = new WeakMap<Buffer, KeyObject>();

/** An HMAC-SHA-256 under `key`, a long-lived Buffer: call `.update()` and `.digest()` on it. */
export function hmacSha256(key: Buffer): Hmac {
  // An empty key cannot be a KeyObject: it is used as it is (none of ours is empty).
  if (key.length === 0) return createHmac('sha256', key);
  let keyObject = kept.get(key);
  if (!keyObject) {
    keyObject = createSecretKey(key);
    kept.set(key, keyObject);
  }
  return createHmac('sha256', keyObject);
}
