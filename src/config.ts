// The one place that reads process.env. Each variable is declared once, in DECLARATIONS below: its
// name, default, bounds, parser and meaning. The Config type is derived from those declarations and
// the README's configuration table is generated from them (`npm run config-docs`; a test fails when
// the README differs). All problems are reported at once, each naming its variable; the result is
// frozen.
//
// To add a variable: add one entry to DECLARATIONS (int/text/oneOf/optional/list/variable below),
// read it as config.<key>, and run `npm run config-docs`.
import { isIP } from 'node:net';
import { type Cidr, parseCidrList } from './delivery/address-policy.ts';

type Env = Record<string, string | undefined>;

/** One environment variable: everything the parser and the README need to know about it. */
export interface Variable<T> {
  /** The environment variable's name. */
  readonly name: string;
  /** What it means, as the README's table shows it (Markdown). */
  readonly doc: string;
  /** The value when the variable is unset or empty. */
  readonly fallback: T;
  /** The default as the README shows it (Markdown); derived from `fallback` when omitted. */
  readonly shownDefault?: string;
  /** Inclusive bounds of a whole number. */
  readonly bounds?: { readonly min: number; readonly max: number };
  /** Allowed values as the README shows them when not `bounds`, e.g. `each 0–604800`. */
  readonly shownRange?: string;
  /** Parses a set, non-empty value; `problem` reports what is wrong (the variable's name is added). */
  parse(raw: string, problem: (message: string) => void): T;
  /** Computes the value when unset from the variables declared before it (LATCHKEY_PUBLIC_URL). */
  fallbackFrom?(parsed: Readonly<Record<string, unknown>>): T;
  /** Checks the value against the whole configuration, after every variable is parsed. */
  check?(value: T, config: Readonly<Record<string, unknown>>): string | undefined;
}

/** A variable with its own parser. */
function variable<T>(v: Variable<T>): Variable<T> {
  return v;
}

/** A whole number between min and max (inclusive). */
function int(o: { name: string; default: number; min: number; max: number; doc: string }): Variable<number> {
  return {
    name: o.name,
    doc: o.doc,
    fallback: o.default,
    bounds: { min: o.min, max: o.max },
    parse(raw, problem) {
      if (!/^\d+$/.test(raw.trim())) {
        problem(`must be a whole number, got "${raw}"`);
        return o.default;
      }
      const n = Number(raw.trim());
      if (n < o.min || n > o.max) problem(`must be between ${o.min} and ${o.max}, got ${n}`);
      return n;
    },
  };
}

/** A string, checked by `invalid` (which returns the problem, if any). */
function text(o: {
  name: string;
  default: string;
  doc: string;
  invalid?: (raw: string) => string | undefined;
}): Variable<string> {
  return {
    name: o.name,
    doc: o.doc,
    fallback: o.default,
    parse(raw, problem) {
      const message = o.invalid?.(raw);
      if (message !== undefined) problem(message);
      return raw;
    },
  };
}

/** One of a fixed set of words. */
function oneOf<const V extends string>(o: {
  name: string;
  values: readonly V[];
  default: V;
  doc: string;
  problem: string;
}): Variable<V> {
  return {
    name: o.name,
    doc: o.doc,
    fallback: o.default,
    parse(raw, problem) {
      if ((o.values as readonly string[]).includes(raw)) return raw as V;
      problem(o.problem);
      return o.default;
    },
  };
}

/** Unset by default (undefined), otherwise parsed. */
function optional<T>(o: {
  name: string;
  doc: string;
  parse: (raw: string, problem: (message: string) => void) => T;
  check?: Variable<T | undefined>['check'];
}): Variable<T | undefined> {
  return { name: o.name, doc: o.doc, fallback: undefined, parse: o.parse, check: o.check };
}

/** The items of a comma-separated list; blanks around and between items are ignored. */
function listItems(raw: string): string[] {
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A comma-separated list; blanks around and between items are ignored. */
function list(o: {
  name: string;
  doc: string;
  map?: (item: string) => string;
  invalid: (items: string[]) => string | undefined;
}): Variable<string[]> {
  return {
    name: o.name,
    doc: o.doc,
    fallback: [],
    parse(raw, problem) {
      const items = listItems(raw).map((s) => o.map?.(s) ?? s);
      const message = o.invalid(items);
      if (message !== undefined) problem(message);
      return items;
    },
  };
}

/** Fastify takes the trusted proxies as text (proxy-addr parses them): checked here only. */
function cidrProblem(items: string[]): string | undefined {
  try {
    parseCidrList(items);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

/**
 * A comma-separated list of CIDR ranges, parsed here once: the delivery worker, the webhook checks
 * and the test deliveries take the parsed ranges as they are.
 */
function cidrList(o: { name: string; doc: string }): Variable<readonly Cidr[]> {
  return {
    name: o.name,
    doc: o.doc,
    fallback: [],
    parse(raw, problem) {
      try {
        return parseCidrList(listItems(raw));
      } catch (e) {
        problem((e as Error).message);
        return [];
      }
    },
  };
}

function httpUrl(raw: string, problem: (message: string) => void): string {
  try {
    const u = new URL(raw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') problem('must be an http or https URL');
  } catch {
    problem(`is not a valid URL: "${raw}"`);
  }
  return raw;
}

function postgresUrl(raw: string, problem: (message: string) => void): string {
  if (!/^postgres(ql)?:\/\//.test(raw)) problem('must start with postgres:// or postgresql://');
  return raw;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const RETRY_SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400];

/** Every variable the service reads, in README order; the key is the Config property. */
const DECLARATIONS = {
  port: int({ name: 'PORT', default: 8080, min: 0, max: 65535, doc: 'TCP port the HTTP server listens on' }),
  host: text({
    name: 'HOST',
    default: '0.0.0.0',
    doc: 'address the HTTP server binds',
    invalid: (h) =>
      h !== 'localhost' && isIP(h) === 0 && !/^[a-zA-Z0-9.-]+$/.test(h)
        ? 'is not a host name or IP'
        : undefined,
  }),
  databaseUrl: optional({
    name: 'DATABASE_URL',
    doc: 'PostgreSQL connection string; unset: embedded PGlite store',
    parse: postgresUrl,
  }),
  /** The direct connection LISTEN uses (DATABASE_URL may go through a transaction pooler). */
  listenDatabaseUrl: variable<string | undefined>({
    name: 'LATCHKEY_LISTEN_DATABASE_URL',
    doc: 'direct PostgreSQL connection for LISTEN (wake-ups); set it when DATABASE_URL goes through PgBouncer in transaction pooling mode',
    fallback: undefined,
    shownDefault: '`DATABASE_URL`',
    parse: postgresUrl,
    fallbackFrom: (c) => c.databaseUrl as string | undefined,
    check: (url, c) =>
      url !== undefined && c.databaseUrl === undefined
        ? 'needs DATABASE_URL (the embedded store listens in process)'
        : undefined,
  }),
  dataDir: text({
    name: 'LATCHKEY_DATA_DIR',
    default: './data',
    doc: 'embedded store location and generated dev master key',
  }),
  publicUrl: variable<string>({
    name: 'LATCHKEY_PUBLIC_URL',
    doc: 'base URL; token `iss` and `aud`',
    fallback: '',
    shownDefault: '`http://localhost:$PORT`',
    parse: httpUrl,
    fallbackFrom: (c) => `http://localhost:${c.port}`,
  }),
  adminToken: optional({
    name: 'LATCHKEY_ADMIN_TOKEN',
    doc: 'enables the admin API (≥ 32 characters)',
    parse: (raw, problem) => {
      if (raw.length < 32) problem('must be at least 32 characters (use `openssl rand -base64 32`)');
      return raw;
    },
  }),
  metricsToken: optional({
    name: 'LATCHKEY_METRICS_TOKEN',
    doc: 'serves `/metrics` (API and `latchkey worker`) to `Authorization: Bearer <this token>` (≥ 16 characters); unset and no LATCHKEY_METRICS_PORT: metrics off',
    parse: (raw, problem) => {
      if (raw.length < 16) problem('must be at least 16 characters (use `openssl rand -base64 32`)');
      return raw;
    },
  }),
  metricsPort: optional({
    name: 'LATCHKEY_METRICS_PORT',
    doc: 'serves `/metrics` only on 127.0.0.1 at this port (0: any free port, named in the start-up line), and not on PORT',
    parse: (raw, problem) => {
      const n = Number(raw.trim());
      if (!/^\d+$/.test(raw.trim()) || n > 65535) problem(`must be a port number 0–65535, got "${raw}"`);
      return n;
    },
    check: (port, c) =>
      port !== undefined && port !== 0 && port === c.port ? 'must differ from PORT' : undefined,
  }),
  masterKey: optional({
    name: 'LATCHKEY_MASTER_KEY',
    doc: 'base64 of 32 bytes: encrypts the secrets kept at rest, peppers client-secret hashes. Unset: generated in LATCHKEY_DATA_DIR (development only; set it in production)',
    parse: (raw, problem) => {
      const key = Buffer.from(raw, 'base64');
      if (key.length !== 32) problem('must be base64 of exactly 32 bytes');
      return key;
    },
    // Every process on one PostgreSQL must seal and open with the same key: a key generated into
    // (or read from) a file in the working directory would differ per process, and a process that
    // cannot open the signing keys cannot issue a token.
    check: (key, c) =>
      key === undefined && c.databaseUrl !== undefined
        ? 'must be set when DATABASE_URL is set: every process on one database must use the same master key, so none is generated or read from a file. Use the key this database was written with; for a new database, generate one with `openssl rand -base64 32` and keep it with your secrets'
        : undefined,
  }),
  masterKeyPrevious: variable<Buffer[]>({
    name: 'LATCHKEY_MASTER_KEY_PREVIOUS',
    doc: 'master keys being replaced (base64 of 32 bytes, comma-separated): they still open secrets, never seal new ones; set during a master-key rotation (see docs/operations.md)',
    fallback: [],
    shownDefault: 'empty',
    parse: (raw, problem) =>
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((item, i) => {
          const key = Buffer.from(item, 'base64');
          if (key.length !== 32) problem(`item ${i + 1} must be base64 of exactly 32 bytes`);
          return key;
        }),
    check: (keys, c) =>
      keys.length > 0 && c.masterKey === undefined
        ? 'needs LATCHKEY_MASTER_KEY (the new key, which seals)'
        : undefined,
  }),
  masterKeyRotationKillAfter: int({
    name: 'LATCHKEY_MASTER_KEY_ROTATION_KILL_AFTER',
    default: 0,
    min: 0,
    max: 1_000_000,
    doc: 'testing only: the process running `latchkey master-key rotate` kills itself (SIGKILL) after this many committed batches, to prove a crash mid-way loses nothing; 0: never',
  }),
  tokenTtlSeconds: int({
    name: 'LATCHKEY_TOKEN_TTL_SECONDS',
    default: 3600,
    min: 60,
    max: 86400,
    doc: 'access token lifetime',
  }),
  appSessionIdleDays: int({
    name: 'LATCHKEY_APP_SESSION_IDLE_DAYS',
    default: 90,
    min: 1,
    max: 3650,
    doc: 'an app session (its refresh token) ends after this many days without a refresh',
  }),
  dpopSkewSeconds: int({
    name: 'LATCHKEY_DPOP_SKEW_SECONDS',
    default: 60,
    min: 5,
    max: 600,
    doc: "how far a DPoP proof's `iat` may be from the server's clock (RFC 9449), either way",
  }),
  accessLogRetentionDays: int({
    name: 'LATCHKEY_ACCESS_LOG_RETENTION_DAYS',
    default: 30,
    min: 1,
    max: 3650,
    doc: 'access log window',
  }),
  deliveryRetentionDays: int({
    name: 'LATCHKEY_DELIVERY_RETENTION_DAYS',
    default: 30,
    min: 1,
    max: 3650,
    doc: 'deliveries finished (succeeded or failed) longer ago than this are deleted with their attempts',
  }),
  activityFoldIntervalMs: int({
    name: 'LATCHKEY_ACTIVITY_FOLD_INTERVAL_MS',
    default: 2000,
    min: 100,
    max: 600000,
    doc: "how often new access events and webhook attempts are added to the activity summary's hourly counts (a summary adds what they have not reached yet itself, so this bounds its work, not its freshness)",
  }),
  keyExpiryIntervalMs: int({
    name: 'LATCHKEY_KEY_EXPIRY_INTERVAL_MS',
    default: 60000,
    min: 100,
    max: 3600000,
    doc: 'how often keys that reached their end are looked for and sent to keyChanged webhooks as key.expired',
  }),
  auditRetentionDays: int({
    name: 'LATCHKEY_AUDIT_RETENTION_DAYS',
    default: 365,
    min: 1,
    max: 36500,
    doc: 'audit records older than this are deleted (checked hourly)',
  }),
  streamHeartbeatMs: int({
    name: 'LATCHKEY_STREAM_HEARTBEAT_MS',
    default: 15000,
    min: 100,
    max: 60000,
    doc: 'the live access-event stream sends a comment line at least this often',
  }),
  streamMaxPerProject: int({
    name: 'LATCHKEY_STREAM_MAX_PER_PROJECT',
    default: 50,
    min: 1,
    max: 10000,
    doc: 'open access-event streams per project in one process; beyond it a new one is refused (429)',
  }),
  streamsPerClient: int({
    name: 'LATCHKEY_STREAMS_PER_CLIENT',
    default: 20,
    min: 1,
    max: 10000,
    doc: 'open access-event streams per API client (all its projects) in one process; beyond it a new one is refused (429)',
  }),
  streamsPerAddress: int({
    name: 'LATCHKEY_STREAMS_PER_ADDRESS',
    default: 50,
    min: 1,
    max: 100000,
    doc: 'open access-event streams per source address (IPv6: per /64) in one process; beyond it a new one is refused (429)',
  }),
  streamTokenCheckMs: int({
    name: 'LATCHKEY_STREAM_TOKEN_CHECK_MS',
    default: 2000,
    min: 50,
    max: 4000,
    doc: 'open access-event streams re-check their token (expiry, client, secret, grant) this often, and end when it is no longer valid',
  }),
  streamBatch: int({
    name: 'LATCHKEY_STREAM_BATCH',
    default: 500,
    min: 1,
    max: 5000,
    doc: 'events per read of the live-stream hub: a page of new events, or one catch-up batch of a resuming stream (the two take turns)',
  }),
  connectionReserve: int({
    name: 'LATCHKEY_CONNECTION_RESERVE',
    default: 128,
    min: 0,
    max: 1000000,
    doc: 'file descriptors kept free below `ulimit -n` for all but live streams: with fewer left, a new stream is refused (429)',
  }),
  webhookRetrySchedule: variable<number[]>({
    name: 'LATCHKEY_WEBHOOK_RETRY_SCHEDULE',
    doc: 'seconds between delivery attempts',
    fallback: RETRY_SCHEDULE,
    shownRange: 'each 0–604800',
    parse: (raw, problem) => {
      const schedule = raw.split(',').map((s) => Number(s.trim()));
      if (schedule.some((n) => !Number.isFinite(n) || n < 0 || n > 7 * 86400)) {
        problem('must be comma-separated seconds between 0 and 604800');
      }
      return schedule;
    },
  }),
  webhookTimeoutMs: int({
    name: 'LATCHKEY_WEBHOOK_TIMEOUT_MS',
    default: 15000,
    min: 100,
    max: 120000,
    doc: 'per delivery attempt',
  }),
  webhookAllowedCidrs: cidrList({
    name: 'LATCHKEY_WEBHOOK_ALLOWED_CIDRS',
    doc: 'ranges exempt from the blocked-address rule, e.g. `127.0.0.0/8,::1/128`',
  }),
  webhookConcurrencyPerWebhook: int({
    name: 'LATCHKEY_WEBHOOK_CONCURRENCY_PER_WEBHOOK',
    default: 16,
    min: 1,
    max: 256,
    doc: 'deliveries in flight to one webhook, per worker process (a slow receiver holds at most this many slots)',
  }),
  webhookInFlightPerProcess: int({
    name: 'LATCHKEY_WEBHOOK_IN_FLIGHT_PER_PROCESS',
    // 1,024: by Little's law, 2,000 deliveries/s to receivers answering in 80 ms at the median with
    // a 3 s tail, and hanging ones held to the 15 s timeout, need ~530 under way; 256 let the healthy
    // receivers' p99 reach 0.6-2.2 s where 1,024 kept it under 0.1 s, for ~6% more memory
    // (docs/performance.md, "Real-world receivers").
    default: 1024,
    min: 1,
    max: 10000,
    doc: 'deliveries one worker process holds (being sent, or claimed and waiting for a slot), and as many again of slow receivers in their own lane',
  }),
  appOtpSender: oneOf({
    name: 'LATCHKEY_APP_OTP_SENDER',
    values: ['log', 'webhook'],
    default: 'log',
    doc: '`log` or `webhook` (needs LATCHKEY_APP_OTP_WEBHOOK_URL)',
    problem: 'must be log or webhook',
  }),
  appOtpWebhookUrl: optional({
    name: 'LATCHKEY_APP_OTP_WEBHOOK_URL',
    doc: 'SMS gateway URL for the `webhook` OTP sender',
    parse: httpUrl,
    check: (url, c) =>
      c.appOtpSender === 'webhook' && url === undefined
        ? 'is required when LATCHKEY_APP_OTP_SENDER=webhook'
        : undefined,
  }),
  tokenRatePerClient: int({
    name: 'LATCHKEY_TOKEN_RATE_PER_CLIENT',
    default: 600,
    min: 0,
    max: 10_000_000,
    doc: 'tokens issued per minute per client id (any case), and failed authentications per minute per client id and source address; 0 = off',
  }),
  tokenRatePerIp: int({
    name: 'LATCHKEY_TOKEN_RATE_PER_IP',
    default: 6000,
    min: 0,
    max: 10_000_000,
    doc: 'token requests per minute per source address; 0 = off',
  }),
  appShareRatePerHour: int({
    name: 'LATCHKEY_APP_SHARE_RATE_PER_HOUR',
    default: 30,
    min: 0,
    max: 100_000,
    doc: 'keys one app user may share from the app in any hour (all processes together); beyond it 429 with `Retry-After`; 0 = no limit',
  }),
  credentialTtlHours: int({
    name: 'LATCHKEY_CREDENTIAL_TTL_HOURS',
    default: 24,
    min: 1,
    max: 720,
    doc: 'offline credential lifetime: the longest a revoked key opens a lock that no newer credential reached',
  }),
  testDeliveriesPerMinute: int({
    name: 'LATCHKEY_TEST_DELIVERIES_PER_MINUTE',
    default: 30,
    min: 0,
    max: 1_000_000,
    doc: 'test deliveries one project may send per minute, per process; beyond it 429 with `Retry-After`; 0 = no limit',
  }),
  simulationsPerMinute: int({
    name: 'LATCHKEY_SIMULATIONS_PER_MINUTE',
    default: 60,
    min: 0,
    max: 1_000_000,
    doc: 'simulated access events one project may record per minute, per process; beyond it 429 with `Retry-After`; 0 = no limit',
  }),
  pinLength: int({
    name: 'LATCHKEY_PIN_LENGTH',
    default: 6,
    min: 4,
    max: 8,
    doc: 'digits of a PIN code generated for a key (`pin: true`) on a lock with a keypad',
  }),
  requestTimeoutMs: int({
    name: 'LATCHKEY_REQUEST_TIMEOUT_MS',
    default: 30000,
    min: 0,
    max: 3_600_000,
    doc: 'a request whose body has not fully arrived after this long is answered 408 and its connection closed; 0 = off',
  }),
  /** Proxies (CIDR ranges) whose X-Forwarded-For names the client; empty: the socket address is the client. */
  trustProxy: list({
    name: 'LATCHKEY_TRUST_PROXY',
    doc: 'addresses or CIDR ranges of your reverse proxies: behind them the client address (per-IP limits, logs) is read from X-Forwarded-For',
    // A bare address is its own one-address range. Only these hops are believed: a client cannot
    // choose its own address for the per-IP limits by sending X-Forwarded-For.
    map: (s) => (s.includes('/') || isIP(s) === 0 ? s : `${s}/${isIP(s) === 4 ? 32 : 128}`),
    invalid: cidrProblem,
  }),
  logLevel: oneOf({
    name: 'LATCHKEY_LOG_LEVEL',
    values: LOG_LEVELS,
    default: 'info',
    doc: 'fatal, error, warn, info, debug, trace or silent',
    problem: `must be one of ${LOG_LEVELS.join(', ')}`,
  }),
  runWorker: variable<boolean>({
    name: 'LATCHKEY_WORKER',
    doc: '`off` runs the HTTP API without the delivery worker',
    fallback: true,
    shownDefault: '`on`',
    parse: (raw, problem) => {
      if (raw !== 'on' && raw !== 'off') problem('must be on or off');
      return raw !== 'off';
    },
  }),
  bridge: oneOf({
    name: 'LATCHKEY_BRIDGE',
    values: ['off', 'local'] as const,
    default: 'off',
    doc: "`local` runs a bridge inside the service (one site, locks on the service's own network); its Matter controller starts with the first lock connected through it",
    problem: 'must be off or local',
  }),
  bridgeToken: optional({
    name: 'LATCHKEY_BRIDGE_TOKEN',
    doc: '`latchkey bridge` only: the bridge token it connects with (`lk_bridge_…`, from `POST /v2/organization/{id}/bridges`)',
    parse: (raw, problem) => {
      if (!/^lk_bridge_[A-Za-z0-9_-]{20,}$/.test(raw)) problem('must be a bridge token (lk_bridge_…)');
      return raw;
    },
  }),
  matterLivenessSeconds: int({
    name: 'LATCHKEY_MATTER_LIVENESS_SECONDS',
    default: 60,
    min: 2,
    max: 3600,
    doc: "a bridge's longest silence from a lock: the lock sends at least a keep-alive this often; silent for two of these and a second, it is unreachable",
  }),
  reconcileIntervalSeconds: int({
    name: 'LATCHKEY_RECONCILE_INTERVAL_SECONDS',
    default: 3600,
    min: 0,
    max: 604800,
    doc: 'how often every online network lock is reconciled with its keys, to repair changes made at the lock (0: only on changes)',
  }),
  pgPoolSize: int({
    name: 'LATCHKEY_PG_POOL_SIZE',
    default: 20,
    min: 1,
    max: 1000,
    doc: 'PostgreSQL connections per process',
  }),
  signingKeyActivationSeconds: int({
    name: 'LATCHKEY_SIGNING_KEY_ACTIVATION_SECONDS',
    default: 30,
    min: 0,
    max: 86400,
    doc: 'after `latchkey keys rotate`, how long a new key is published before it signs',
  }),
  revocationCacheSeconds: int({
    name: 'LATCHKEY_REVOCATION_CACHE_SECONDS',
    default: 2,
    min: 0,
    max: 5,
    doc: 'how long a process trusts a client/grant check (bounds how fast revocation takes effect)',
  }),
};

type Declarations = typeof DECLARATIONS;

/** The service's configuration: one property per declared variable, typed by its parser. */
export type Config = { [K in keyof Declarations]: Declarations[K] extends Variable<infer T> ? T : never };

/** Variables the service does not read itself but documents beside its own (README table). */
export const OTHER_VARIABLES: readonly Pick<Variable<unknown>, 'name' | 'doc' | 'shownDefault'>[] = [
  {
    name: 'NODE_EXTRA_CA_CERTS',
    shownDefault: 'unset',
    doc: "Node's own: extra CAs trusted for webhook TLS (a self-signed receiver in tests)",
  },
];

/** Every declared variable, in README order. */
export const VARIABLES: readonly Variable<unknown>[] = Object.values(DECLARATIONS) as Variable<unknown>[];

/** Allowed values as the README shows them, if the declaration says. */
export function shownRange(v: Pick<Variable<unknown>, 'bounds' | 'shownRange'>): string | undefined {
  return v.bounds ? `${v.bounds.min}–${v.bounds.max}` : v.shownRange;
}

/** The default as the README shows it. */
export function shownDefault(v: Pick<Variable<unknown>, 'fallback' | 'shownDefault'>): string {
  if (v.shownDefault !== undefined) return v.shownDefault;
  if (v.fallback === undefined) return 'unset';
  if (Array.isArray(v.fallback)) return v.fallback.length === 0 ? 'empty' : `\`${v.fallback.join(',')}\``;
  return `\`${String(v.fallback)}\``;
}

export function loadConfig(env: Env = process.env): Readonly<Config> {
  const problems: string[] = [];
  const config: Record<string, unknown> = {};
  const unset: [string, Variable<unknown>][] = [];
  for (const [key, v] of Object.entries(DECLARATIONS) as [string, Variable<unknown>][]) {
    const raw = env[v.name];
    if (raw === undefined || raw === '') {
      if (v.fallbackFrom) unset.push([key, v]);
      else config[key] = Array.isArray(v.fallback) ? [...v.fallback] : v.fallback;
    } else {
      config[key] = v.parse(raw, (message) => problems.push(`${v.name}: ${message}`));
    }
  }
  for (const [key, v] of unset) config[key] = v.fallbackFrom!(config);
  for (const [key, v] of Object.entries(DECLARATIONS) as [string, Variable<unknown>][]) {
    const message = v.check?.(config[key], config);
    if (message !== undefined) problems.push(`${v.name}: ${message}`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config as Config);
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
  }
}
