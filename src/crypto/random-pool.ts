// Random bytes drawn from a 4 KiB pool that one randomFillSync refills, instead of one
// randomBytes() call per draw: each call is a round trip into the system's random source, paid
// once per token (its 16-byte jti) and once per UUIDv7. Node does the same for crypto.randomUUID().
// The bytes are CSPRNG output and each one is handed out once; for secrets (keys, webhook
// secrets) the callers keep using randomBytes().
import { randomBytes, randomFillSync } from 'node:crypto';

const pool = Buffer.alloc(4096);
let offset = pool.length;

/** `n` fresh random bytes in a new Buffer (the caller may keep or change it). */
export function pooledRandomBytes(n: number): Buffer {
  if (n > pool.length / 4) return randomBytes(n);
  if (offset + n > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const out = Buffer.from(pool.subarray(offset, offset + n));
  offset += n;
  return out;
}
