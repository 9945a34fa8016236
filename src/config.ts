// The one place that reads process.env. Every variable is declared once in VARIABLES (name, default,
// meaning, parser); the README's configuration table is checked against this list by a test.
// All problems are reported at once, each naming its variable, and the result is frozen.
import { isIP } from 'node:net';
import { parseCidrList } from './delivery/address-policy.ts';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** The direct connection LISTEN uses (DATABASE_URL may go through a transaction pooler). */
  listenDatabaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  adminToken: string | undefined;
  masterKey: Buffer | undefined;
  tokenTtlSeconds: number;
  accessLogRetentionDays: number;
  webhookRetrySchedule: number[];
  webhookTimeoutMs: number;
  webhookAllowedCidrs: string[];
  webhookConcurrencyPerWebhook: number;
  appOtpSender: 'log' | 'webhook';
  appOtpWebhookUrl: string | undefined;
  tokenRatePerClient: number;
  tokenRatePerIp: number;
  /** Proxies (CIDR ranges) whose X-Forwarded-For names the client; empty: the socket address is the client. */
  trustProxy: string[];
  logLevel: string;
  runWorker: boolean;
  pgPoolSize: number;
  signingKeyActivationSeconds: number;
  revocationCacheSeconds: number;
}

type Env = Record<string, string | undefined>;

interface Variable {
  name: string;
  default: string;
  meaning: string;
}

/** Documentation of every variable, in README order. Defaults are shown as text. */
export const VARIABLES: readonly Variable[] = [
  { name: 'PORT', default: '8080', meaning: 'TCP port the HTTP server listens on' },
  { name: 'HOST', default: '0.0.0.0', meaning: 'address the HTTP server binds' },
  {
    name: 'DATABASE_URL',
    default: 'unset',
    meaning: 'PostgreSQL connection string; unset: embedded PGlite store',
  },
  {
    name: 'LATCHKEY_LISTEN_DATABASE_URL',
    default: 'DATABASE_URL',
    meaning:
      'direct PostgreSQL connection for LISTEN (wake-ups); set it when DATABASE_URL goes through PgBouncer in transaction pooling mode',
  },
  {
    name: 'LATCHKEY_DATA_DIR',
    default: './data',
    meaning: 'embedded store location and generated dev master key',
  },
  {
    name: 'LATCHKEY_PUBLIC_URL',
    default: 'http://localhost:$PORT',
    meaning: 'base URL; token `iss` and `aud`',
  },
  { name: 'LATCHKEY_ADMIN_TOKEN', default: 'unset', meaning: 'enables the admin API (≥ 32 characters)' },
  {
    name: 'LATCHKEY_MASTER_KEY',
    default: 'unset',
    meaning:
      'base64 of 32 bytes: encrypts signing keys and webhook secrets, peppers client-secret hashes. Unset: generated in LATCHKEY_DATA_DIR (dev only; set it in production)',
  },
  { name: 'LATCHKEY_TOKEN_TTL_SECONDS', default: '3600', meaning: 'access token lifetime' },
  { name: 'LATCHKEY_ACCESS_LOG_RETENTION_DAYS', default: '30', meaning: 'access log window' },
  {
    name: 'LATCHKEY_WEBHOOK_RETRY_SCHEDULE',
    default: '5,300,1800,7200,18000,36000,50400,72000,86400',
    meaning: 'seconds between delivery attempts',
  },
  { name: 'LATCHKEY_WEBHOOK_TIMEOUT_MS', default: '15000', meaning: 'per delivery attempt' },
  {
    name: 'LATCHKEY_WEBHOOK_ALLOWED_CIDRS',
    default: 'empty',
    meaning: 'ranges exempt from the blocked-address rule',
  },
  {
    name: 'LATCHKEY_WEBHOOK_CONCURRENCY_PER_WEBHOOK',
    default: '16',
    meaning:
      'deliveries in flight to one webhook, per worker process (a slow receiver holds at most this many slots)',
  },
  {
    name: 'LATCHKEY_APP_OTP_SENDER',
    default: 'log',
    meaning: '`log` or `webhook` (needs LATCHKEY_APP_OTP_WEBHOOK_URL)',
  },
  {
    name: 'LATCHKEY_APP_OTP_WEBHOOK_URL',
    default: 'unset',
    meaning: 'SMS gateway URL for the `webhook` OTP sender',
  },
  {
    name: 'LATCHKEY_TOKEN_RATE_PER_CLIENT',
    default: '600',
    meaning: 'token requests per minute per client_id; 0 = off',
  },
  {
    name: 'LATCHKEY_TOKEN_RATE_PER_IP',
    default: '6000',
    meaning: 'token requests per minute per source address; 0 = off',
  },
  {
    name: 'LATCHKEY_TRUST_PROXY',
    default: 'empty',
    meaning:
      'addresses or CIDR ranges of your reverse proxies: behind them the client address (per-IP limits, logs) is read from X-Forwarded-For',
  },
  {
    name: 'LATCHKEY_LOG_LEVEL',
    default: 'info',
    meaning: 'fatal, error, warn, info, debug, trace or silent',
  },
  { name: 'LATCHKEY_WORKER', default: 'on', meaning: '`off` runs the HTTP API without the delivery worker' },
  { name: 'LATCHKEY_PG_POOL_SIZE', default: '20', meaning: 'PostgreSQL connections per process' },
  {
    name: 'LATCHKEY_SIGNING_KEY_ACTIVATION_SECONDS',
    default: '30',
    meaning: 'after `latchkey keys rotate`, how long a new key is published before it signs',
  },
  {
    name: 'LATCHKEY_REVOCATION_CACHE_SECONDS',
    default: '2',
    meaning: 'how long a process trusts a client/grant check (bounds how fast revocation takes effect)',
  },
];

class Problems {
  readonly list: string[] = [];
  add(name: string, message: string): void {
    this.list.push(`${name}: ${message}`);
  }
}

function int(env: Env, name: string, fallback: number, min: number, max: number, p: Problems): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) {
    p.add(name, `must be a whole number, got "${raw}"`);
    return fallback;
  }
  const n = Number(raw.trim());
  if (n < min || n > max) p.add(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

function parseUrl(env: Env, name: string, p: Problems): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  try {
    const u = new URL(raw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') p.add(name, 'must be an http or https URL');
  } catch {
    p.add(name, `is not a valid URL: "${raw}"`);
  }
  return raw;
}

export function loadConfig(env: Env = process.env): Readonly<Config> {
  const p = new Problems();
  const port = int(env, 'PORT', 8080, 0, 65535, p);
  const host = env.HOST || '0.0.0.0';
  if (host !== 'localhost' && isIP(host) === 0 && !/^[a-zA-Z0-9.-]+$/.test(host))
    p.add('HOST', 'is not a host name or IP');

  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    p.add('DATABASE_URL', 'must start with postgres:// or postgresql://');
  }
  const listenDatabaseUrl = env.LATCHKEY_LISTEN_DATABASE_URL || databaseUrl;
  if (listenDatabaseUrl && !/^postgres(ql)?:\/\//.test(listenDatabaseUrl)) {
    p.add('LATCHKEY_LISTEN_DATABASE_URL', 'must start with postgres:// or postgresql://');
  } else if (env.LATCHKEY_LISTEN_DATABASE_URL && !databaseUrl) {
    p.add('LATCHKEY_LISTEN_DATABASE_URL', 'needs DATABASE_URL (the embedded store listens in process)');
  }
  const publicUrl = parseUrl(env, 'LATCHKEY_PUBLIC_URL', p) ?? `http://localhost:${port}`;

  const adminToken = env.LATCHKEY_ADMIN_TOKEN || undefined;
  if (adminToken !== undefined && adminToken.length < 32) {
    p.add('LATCHKEY_ADMIN_TOKEN', 'must be at least 32 characters (use `openssl rand -base64 32`)');
  }

  let masterKey: Buffer | undefined;
  if (env.LATCHKEY_MASTER_KEY) {
    masterKey = Buffer.from(env.LATCHKEY_MASTER_KEY, 'base64');
    if (masterKey.length !== 32) p.add('LATCHKEY_MASTER_KEY', 'must be base64 of exactly 32 bytes');
  }

  const scheduleRaw = env.LATCHKEY_WEBHOOK_RETRY_SCHEDULE || '5,300,1800,7200,18000,36000,50400,72000,86400';
  const webhookRetrySchedule = scheduleRaw.split(',').map((s) => Number(s.trim()));
  if (webhookRetrySchedule.some((n) => !Number.isFinite(n) || n < 0 || n > 7 * 86400)) {
    p.add('LATCHKEY_WEBHOOK_RETRY_SCHEDULE', 'must be comma-separated seconds between 0 and 604800');
  }

  const webhookAllowedCidrs = (env.LATCHKEY_WEBHOOK_ALLOWED_CIDRS || '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  try {
    parseCidrList(webhookAllowedCidrs);
  } catch (e) {
    p.add('LATCHKEY_WEBHOOK_ALLOWED_CIDRS', (e as Error).message);
  }

  // A bare address is its own one-address range. Only these hops are believed: a client cannot
  // choose its own address for the per-IP limits by sending X-Forwarded-For.
  const trustProxy = (env.LATCHKEY_TRUST_PROXY || '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (s.includes('/') || isIP(s) === 0 ? s : `${s}/${isIP(s) === 4 ? 32 : 128}`));
  try {
    parseCidrList(trustProxy);
  } catch (e) {
    p.add('LATCHKEY_TRUST_PROXY', (e as Error).message);
  }

  const appOtpSender = (env.LATCHKEY_APP_OTP_SENDER || 'log') as Config['appOtpSender'];
  if (appOtpSender !== 'log' && appOtpSender !== 'webhook')
    p.add('LATCHKEY_APP_OTP_SENDER', 'must be log or webhook');
  const appOtpWebhookUrl = parseUrl(env, 'LATCHKEY_APP_OTP_WEBHOOK_URL', p);
  if (appOtpSender === 'webhook' && !appOtpWebhookUrl) {
    p.add('LATCHKEY_APP_OTP_WEBHOOK_URL', 'is required when LATCHKEY_APP_OTP_SENDER=webhook');
  }

  const logLevel = env.LATCHKEY_LOG_LEVEL || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    p.add('LATCHKEY_LOG_LEVEL', 'must be one of fatal, error, warn, info, debug, trace, silent');
  }
  const worker = env.LATCHKEY_WORKER || 'on';
  if (worker !== 'on' && worker !== 'off') p.add('LATCHKEY_WORKER', 'must be on or off');

  const config: Config = {
    port,
    host,
    databaseUrl,
    listenDatabaseUrl,
    dataDir: env.LATCHKEY_DATA_DIR || './data',
    publicUrl,
    adminToken,
    masterKey,
    tokenTtlSeconds: int(env, 'LATCHKEY_TOKEN_TTL_SECONDS', 3600, 60, 86400, p),
    accessLogRetentionDays: int(env, 'LATCHKEY_ACCESS_LOG_RETENTION_DAYS', 30, 1, 3650, p),
    webhookRetrySchedule,
    webhookTimeoutMs: int(env, 'LATCHKEY_WEBHOOK_TIMEOUT_MS', 15000, 100, 120000, p),
    webhookAllowedCidrs,
    webhookConcurrencyPerWebhook: int(env, 'LATCHKEY_WEBHOOK_CONCURRENCY_PER_WEBHOOK', 16, 1, 256, p),
    appOtpSender,
    appOtpWebhookUrl,
    tokenRatePerClient: int(env, 'LATCHKEY_TOKEN_RATE_PER_CLIENT', 600, 0, 10_000_000, p),
    tokenRatePerIp: int(env, 'LATCHKEY_TOKEN_RATE_PER_IP', 6000, 0, 10_000_000, p),
    trustProxy,
    logLevel,
    runWorker: worker === 'on',
    pgPoolSize: int(env, 'LATCHKEY_PG_POOL_SIZE', 20, 1, 1000, p),
    signingKeyActivationSeconds: int(env, 'LATCHKEY_SIGNING_KEY_ACTIVATION_SECONDS', 30, 0, 86400, p),
    revocationCacheSeconds: int(env, 'LATCHKEY_REVOCATION_CACHE_SECONDS', 2, 0, 5, p),
  };
  if (p.list.length > 0) throw new ConfigError(p.list);
  return Object.freeze(config);
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
  }
}
