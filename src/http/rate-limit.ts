// Token-bucket rate limiter, in process memory. `limit` requests per `windowMs`, refilled
// continuously, so a client at the limit gets a steady rate rather than bursts at window edges.
// Per process: with N API processes the effective limit is N × limit (documented in operations.md).

interface Bucket {
  tokens: number;
  updated: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds until one more request would be allowed (for Retry-After). */
  retryAfterSeconds: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;
  private lastSweep = 0;

  /** `limit` 0 turns the limiter off. */
  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {
    this.perMs = limit / windowMs;
  }

  take(key: string, now = Date.now()): RateDecision {
    if (this.limit === 0) return { allowed: true, retryAfterSeconds: 0 };
    this.sweep(now);
    const b = this.buckets.get(key) ?? { tokens: this.limit, updated: now };
    b.tokens = Math.min(this.limit, b.tokens + (now - b.updated) * this.perMs);
    b.updated = now;
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return { allowed: true, retryAfterSeconds: 0 };
    }
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
