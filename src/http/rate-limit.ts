// Token-bucket rate limiter, in process memory. `limit` requests per `windowMs`, refilled
// continuously, so a client at the limit gets a steady rate rather than bursts at window edges.
// Per process: with N API processes the effective limit is N × limit (documented in docs/operations.md).
//
// Memory is bounded whatever arrives: at most `maxEntries` buckets are kept, least recently used
// first out (a Map iterates in insertion order and every take() re-inserts its key), and a key
// longer than MAX_KEY_LENGTH is kept as its SHA-256. An evicted key starts again with a full bucket,
// so the cap can only make a limiter more lenient, never lock anybody out; at the default cap an
// attacker must keep 100,000 other keys busier than a victim's to reset the victim's bucket.
import { createHash } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { memoized } from '../memo.ts';
import { tooManyRequests } from './errors.ts';

interface Bucket {
  tokens: number;
  updated: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds until one more request would be allowed (for Retry-After). */
  retryAfterSeconds: number;
}

/** Buckets one limiter keeps at most (about 200 bytes each: ~20 MB at the cap). */
export const DEFAULT_MAX_ENTRIES = 100_000;
/** Longer keys are stored as their SHA-256 (base64url, 43 characters). */
export const MAX_KEY_LENGTH = 128;

const ALLOWED: RateDecision = { allowed: true, retryAfterSeconds: 0 };

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;
  private lastSweep = 0;

  /** `limit` 0 turns the limiter off. */
  constructor(
    readonly limit: number,
    readonly windowMs: number,
    readonly maxEntries = DEFAULT_MAX_ENTRIES,
  ) {
    this.perMs = limit / windowMs;
  }

  /** Buckets currently kept (at most maxEntries). */
  get size(): number {
    return this.buckets.size;
  }

  /** Spends one request for `key`. */
  take(key: string, now = Date.now()): RateDecision {
    if (this.limit === 0) return ALLOWED;
    this.sweep(now);
    const k = storedKey(key);
    const b = this.refilled(k, now);
    // Re-inserting moves the key to the end of the Map: the first key is the least recently used.
    this.buckets.delete(k);
    if (this.buckets.size >= this.maxEntries) {
      const oldest = this.buckets.keys().next();
      if (!oldest.done) this.buckets.delete(oldest.value);
    }
    this.buckets.set(k, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return ALLOWED;
    }
    return this.refused(b);
  }

  /** Whether one more request for `key` would be allowed, without spending or keeping anything. */
  peek(key: string, now = Date.now()): RateDecision {
    if (this.limit === 0) return ALLOWED;
    const b = this.buckets.get(storedKey(key));
    if (!b) return ALLOWED;
    const tokens = Math.min(this.limit, b.tokens + (now - b.updated) * this.perMs);
    return tokens >= 1 ? ALLOWED : this.refused({ tokens, updated: now });
  }

  private refilled(k: string, now: number): Bucket {
    const b = this.buckets.get(k) ?? { tokens: this.limit, updated: now };
    b.tokens = Math.min(this.limit, b.tokens + (now - b.updated) * this.perMs);
    b.updated = now;
    return b;
  }

  private refused(b: Bucket): RateDecision {
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - b.tokens) / this.perMs / 1000)) };
  }

  /** Drops buckets that have refilled completely: they carry no state. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [k, b] of this.buckets) {
      if (b.tokens + (now - b.updated) * this.perMs >= this.limit) this.buckets.delete(k);
    }
  }
}

/**
 * Spends one of `key`'s requests, or refuses with 429 and `Retry-After`; the problem's detail is
 * `refusal` (what the limit is) and when to retry.
 */
export function spendOrRefuse(limiter: RateLimiter, key: string, refusal: string): void {
  const d = limiter.take(key);
  if (!d.allowed) throw tooManyRequests(`${refusal}; retry in ${d.retryAfterSeconds} s`, d.retryAfterSeconds);
}

function storedKey(key: string): string {
  return key.length <= MAX_KEY_LENGTH ? key : `#${createHash('sha256').update(key).digest('base64url')}`;
}

/**
 * The key of a source address for per-address limits: an IPv4 address as itself (also when it
 * arrives IPv4-mapped, ::ffff:a.b.c.d), an IPv6 address by its /64 prefix, because one host or
 * customer line usually holds a whole /64 and could otherwise take a fresh bucket per address.
 * Remembered for the addresses seen lately: an address is parsed (ipaddr.js) twice per token
 * grant (the per-address limit and the failed-authentication key), and a server's clients come
 * from few addresses.
 */
export const addressKey = memoized(10_000, addressKeyOf);

function addressKeyOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip.slice(0, MAX_KEY_LENGTH);
  const addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv4') return addr.toString();
  const v6 = addr as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(':')}::/64`;
}
