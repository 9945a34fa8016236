// UUIDv7 (RFC 9562): 48-bit unix ms timestamp + random. Time-ordered, so keyset paging by id is
// creation order and B-tree inserts stay at the right edge. Generated here because PostgreSQL 15
// has no uuidv7(). Within one millisecond the random tail keeps ids unique but not ordered.
import { pooledRandomBytes } from './crypto/random-pool.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function uuidv7(now = Date.now()): string {
  const b = pooledRandomBytes(16);
  b.writeUIntBE(now, 0, 6);
  b[6] = 0x70 | (b[6]! & 0x0f);
  b[8] = 0x80 | (b[8]! & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function isUuid(s: unknown): s is string {
  return typeof s === 'string' && UUID_RE.test(s);
}
