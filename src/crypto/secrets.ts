// Generated credentials. 32 random bytes (256 bits) behind a recognisable prefix so that leaked
// secrets are easy to spot in code and by secret scanners. Stored only as HMAC-SHA-256 under the
// pepper: the input is high-entropy, so a slow KDF would only cap throughput (scrypt would allow a
// few dozen authentications a second per core).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { hmacSha256 } from './hmac.ts';

export const CLIENT_SECRET_PREFIX = 'lk_secret_';

export function generateSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

export function hashSecret(pepper: Buffer, secret: string): Buffer {
  return hmacSha256(pepper).update(secret, 'utf8').digest();
}

/** Constant-time comparison of a presented secret with a stored hash. */
export function secretMatches(pepper: Buffer, presented: string, storedHash: Buffer): boolean {
  const h = hashSecret(pepper, presented);
  return h.length === storedHash.length && timingSafeEqual(h, storedHash);
}

/** Constant-time string comparison that does not leak the length through an early return. */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHmac('sha256', 'cmp').update(a).digest();
  const hb = createHmac('sha256', 'cmp').update(b).digest();
  return timingSafeEqual(ha, hb);
}
