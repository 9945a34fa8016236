// Retry schedule math (pure). `schedule[i]` is the pause in seconds after failed attempt i + 1, so a
// schedule of n entries allows n + 1 attempts; after the last one the delivery is `failed`.
// Each pause gets ±20% jitter so that deliveries that failed together (a receiver outage) do not
// all come back in the same second.

export const JITTER = 0.2;
/** A receiver's Retry-After is honoured up to this (a day), so a typo there cannot park a delivery. */
export const RETRY_AFTER_CAP_MS = 24 * 3600 * 1000;

export type NextStep = { kind: 'retry'; delayMs: number } | { kind: 'failed' };

/**
 * What follows failed attempt number `attempt` (1-based). `random` is in [0, 1); 0.5 = no jitter.
 * `retryAfterMs` (from a 429/503 Retry-After) replaces the scheduled pause when given.
 */
export function nextAfterFailure(
  attempt: number,
  schedule: readonly number[],
  random: number,
  retryAfterMs?: number,
): NextStep {
  const base = schedule[attempt - 1];
  if (base === undefined) return { kind: 'failed' };
  if (retryAfterMs !== undefined)
    return { kind: 'retry', delayMs: Math.min(retryAfterMs, RETRY_AFTER_CAP_MS) };
  const factor = 1 - JITTER + 2 * JITTER * random;
  return { kind: 'retry', delayMs: Math.round(base * 1000 * factor) };
}

/**
 * Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP-date. Returns milliseconds from `now`,
 * or undefined when absent or unreadable (then the schedule applies).
 */
export function parseRetryAfter(value: string | string[] | undefined, now: number): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined) return undefined;
  const s = v.trim();
  if (/^\d+$/.test(s)) return Math.min(Number(s) * 1000, RETRY_AFTER_CAP_MS);
  const at = Date.parse(s);
  if (Number.isNaN(at) || !/[a-z]/i.test(s)) return undefined;
  return Math.min(Math.max(0, at - now), RETRY_AFTER_CAP_MS);
}
