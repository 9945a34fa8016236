// The delivery worker's options: what tests and benchmarks may override, and the defaults (from
// the configuration where an operator may set them).
import type { Config } from '../config.ts';
import { DAY_MS } from '../time/durations.ts';
import type { Cidr } from './address-policy.ts';
import { silentLog, type WorkerLog } from './worker-log.ts';

export const DISABLE_AFTER_FAILING_MS = 5 * DAY_MS;
/** A webhook's waiting line covers what its sending slots get through in this long. */
const AHEAD_HORIZON_MS = 25;
/** A waiting delivery is sent only with this much lease left beyond the request timeout. */
export const LEASE_MARGIN_MS = 5_000;
/** A request unanswered this long makes its webhook slow (moves it to the slow lane). */
const SLOW_AFTER_MS = 1_000;

export interface DeliveryWorkerOptions {
  log?: WorkerLog;
  /** Rows per claim (default 100). */
  batchSize?: number;
  /** Deliveries held by this worker, being sent or claimed and waiting (default LATCHKEY_WEBHOOK_IN_FLIGHT_PER_PROCESS, 1,024). */
  maxInFlight?: number;
  /** Deliveries being sent per webhook in this worker (default LATCHKEY_WEBHOOK_CONCURRENCY_PER_WEBHOOK, 16): a slow receiver holds only these. */
  perWebhook?: number;
  /** Deliveries claimed ahead per webhook, waiting for a free slot, at least (default: perWebhook). */
  claimAhead?: number;
  /** ... and at most, for a receiver fast enough to need them (default: 4 × perWebhook). */
  claimAheadMax?: number;
  /** Poll interval when no NOTIFY arrives (default 1000 ms). */
  pollMs?: number;
  /** How long a claim is held (default 2 × timeout + 30 s; never less than timeout + 6 s). */
  leaseMs?: number;
  /** A webhook's waiting line covers what its slots send in this long (default AHEAD_HORIZON_MS). */
  aheadHorizonMs?: number;
  /** A request unanswered this long makes its webhook slow (default SLOW_AFTER_MS, 1 s). */
  slowAfterMs?: number;
  /** Deliveries of slow webhooks this worker claims, outside `maxInFlight` (default: maxInFlight). */
  slowMaxInFlight?: number;
  /** Overrides of configuration (tests, benchmarks). */
  allowedCidrs?: readonly Cidr[];
  retrySchedule?: readonly number[];
  timeoutMs?: number;
  /** Extra trusted CA for receivers (tests only; production uses the system store + NODE_EXTRA_CA_CERTS). */
  ca?: string | Buffer;
  disableAfterFailingMs?: number;
  random?: () => number;
}

/** Every option set. */
export type WorkerSettings = Required<Omit<DeliveryWorkerOptions, 'ca' | 'log'>> & { log: WorkerLog };

type ConfigPart = Pick<
  Config,
  | 'webhookTimeoutMs'
  | 'webhookConcurrencyPerWebhook'
  | 'webhookInFlightPerProcess'
  | 'webhookAllowedCidrs'
  | 'webhookRetrySchedule'
>;

export function workerSettings(config: ConfigPart, options: DeliveryWorkerOptions): WorkerSettings {
  const timeoutMs = options.timeoutMs ?? config.webhookTimeoutMs;
  const perWebhook = options.perWebhook ?? config.webhookConcurrencyPerWebhook;
  const claimAhead = options.claimAhead ?? perWebhook;
  const maxInFlight = options.maxInFlight ?? config.webhookInFlightPerProcess;
  return {
    log: options.log ?? silentLog,
    batchSize: options.batchSize ?? 100,
    maxInFlight,
    perWebhook,
    claimAhead,
    claimAheadMax: Math.max(claimAhead, options.claimAheadMax ?? 4 * perWebhook),
    pollMs: options.pollMs ?? 1000,
    // A delivery is sent only with timeout + LEASE_MARGIN_MS of its lease left (slots.take).
    leaseMs: Math.max(options.leaseMs ?? 2 * timeoutMs + 30_000, timeoutMs + LEASE_MARGIN_MS + 1_000),
    aheadHorizonMs: options.aheadHorizonMs ?? AHEAD_HORIZON_MS,
    slowAfterMs: options.slowAfterMs ?? SLOW_AFTER_MS,
    slowMaxInFlight: options.slowMaxInFlight ?? maxInFlight,
    allowedCidrs: options.allowedCidrs ?? config.webhookAllowedCidrs,
    retrySchedule: options.retrySchedule ?? config.webhookRetrySchedule,
    timeoutMs,
    disableAfterFailingMs: options.disableAfterFailingMs ?? DISABLE_AFTER_FAILING_MS,
    random: options.random ?? Math.random,
  };
}
