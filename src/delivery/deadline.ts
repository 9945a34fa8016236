// A deadline on the delivery worker's store calls.

// A store call of the worker that has not settled after this long is abandoned (the reliability
// suite saw, rarely, a claim that never settled after a PostgreSQL restart, which stalled the worker
// until the process restarted). Longer than any statement may run (statement_timeout 15 s).
export const STORE_CALL_DEADLINE_MS = 45_000;

/** Rejects when `p` has not settled within `ms`; `p` itself is left to settle (or not) on its own. */
export function withDeadline<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not settle within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}
