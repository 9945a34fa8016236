// What one attempt means for its delivery (pure): 2xx succeeded; 410 Gone failed for good (and the
// webhook is disabled); 429/503 retry after the receiver's Retry-After; anything else, a 3xx or a
// transport error included, retries on the schedule until it is used up.
import type { AttemptOutcome, ClaimedDelivery } from './queries.ts';
import { nextAfterFailure, parseRetryAfter } from './retry.ts';
import type { SendResult } from './send.ts';

export interface OutcomeContext {
  schedule: readonly number[];
  /** In [0, 1): the jitter draw. */
  random: number;
  now: number;
}

export function attemptOutcome(
  d: Pick<ClaimedDelivery, 'id' | 'webhook_id' | 'leased_until' | 'attempt_count'>,
  at: Date,
  r: SendResult,
  c: OutcomeContext,
): AttemptOutcome {
  const attempt = d.attempt_count + 1;
  const gone = r.status === 410;
  let status: AttemptOutcome['status'] = 'failed';
  let nextAttemptAt: Date | null = null;
  if (r.status !== undefined && r.status >= 200 && r.status < 300) status = 'succeeded';
  else if (!gone) {
    const retryAfterMs =
      r.status === 429 || r.status === 503 ? parseRetryAfter(r.retryAfter, c.now) : undefined;
    const next = nextAfterFailure(attempt, c.schedule, c.random, retryAfterMs);
    if (next.kind !== 'failed') {
      status = 'pending';
      nextAttemptAt = new Date(c.now + next.delayMs);
    }
  }
  // One object literal, not `{ ...base, status }`: a spread followed by more properties leaves
  // V8's fast clone path (docs/performance.md, "Object spreads").
  return {
    deliveryId: d.id,
    webhookId: d.webhook_id,
    lease: d.leased_until,
    attempt,
    at,
    responseStatus: r.status ?? null,
    durationMs: r.durationMs,
    error: r.error ?? null,
    status,
    nextAttemptAt,
    gone,
  };
}
