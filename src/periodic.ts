// The shape every periodic background job shares (access-log retention, delivery retention,
// Idempotency-Key expiry): a run now, then one every interval, never two at once in this process.
import type { FastifyBaseLogger } from 'fastify';

/** Stops a job: resolves once it has nothing more under way. */
export type StopJob = () => Promise<void>;

export interface PeriodicJob {
  intervalMs: number;
  /** One run. A failure is logged, not thrown: the next run tries again. */
  run: () => Promise<void>;
  log: FastifyBaseLogger;
  /** Logged with the error of a failed run, at `failureLevel`. */
  failure: string;
  failureLevel: 'warn' | 'error';
  /** Once stopped, a run still waiting for the one under way is dropped instead of run. */
  dropWaitingRunOnStop?: boolean;
}

/**
 * Runs `job.run` now and then every `job.intervalMs`; a run that falls due while another is under
 * way waits for it. The timer does not keep the process alive. The stop function clears the timer
 * and waits for what was already started.
 */
export function periodicJobStart(job: PeriodicJob): StopJob {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = () => {
    running = running.then(async () => {
      if (stopped && job.dropWaitingRunOnStop) return;
      try {
        await job.run();
      } catch (e) {
        job.log[job.failureLevel]({ err: e }, job.failure);
      }
    });
  };
  run();
  const timer = setInterval(run, job.intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
