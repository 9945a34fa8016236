// Reliability kit: real Latchkey processes (API, `latchkey worker`), a throwaway PostgreSQL cluster of
// our own (never the machine's shared one: we stop and start it), an HTTP client with hard timeouts,
// and tenant setup through the public API. Everything is loopback-only and cleaned up by `cleanup()`.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { request } from 'undici';
import { startArgs } from '../scripts/build.mjs';
import { freePort } from '../test/helpers/net.ts';

export const ROOT = join(import.meta.dirname, '..');
export const ADMIN = 'reliability-admin-token-0123456789abcdef';
/** /metrics of the processes (served only with a token or on a loopback port). */
export const METRICS_TOKEN = 'reliability-metrics-token-0123456789';
export const CA_FILE = join(ROOT, 'test', 'fixtures', 'tls', 'ca.crt');
export { freePort };

const cleanups: (() => Promise<void> | void)[] = [];
/** Runs every registered cleanup (latest first), ignoring individual failures. */
export async function cleanup(): Promise<void> {
  while (cleanups.length > 0) {
    const fn = cleanups.pop()!;
    try {
      await fn();
    } catch (e) {
      console.error(`cleanup: ${(e as Error).message}`);
    }
  }
}
export function onCleanup(fn: () => Promise<void> | void): void {
  cleanups.push(fn);
}
// Interrupted (Ctrl-C, a CI timeout): kill children and the cluster, remove temp dirs, then exit.
// Each cleanup does its essential part synchronously (SIGKILL, pg_ctl stop, rm) before any await.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const fn of cleanups.reverse()) {
      try {
        void Promise.resolve(fn()).catch(() => {});
      } catch {
        // best effort
      }
    }
    process.exit(130);
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitUntil<T>(what: string, probe: () => Promise<T> | T, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

// ---------------------------------------------------------------------------------------------
// A PostgreSQL cluster of our own, in a temp dir, on a free port. initdb refuses root: run its
// binaries as the `postgres` user then.

function pgBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(join(base, v, 'bin', 'initdb'))) return join(base, v, 'bin');
  throw new Error('initdb not found under /usr/lib/postgresql/*/bin');
}

export interface PgCluster {
  port: number;
  /** A database URL on this cluster. */
  url(db?: string): string;
  start(): void;
  /** `pg_ctl stop -m immediate`: like a crash of the server, no checkpoint. */
  stopImmediate(): void;
  createDb(name: string): void;
}

const asRoot = process.getuid?.() === 0;

/** Hands a path to the `postgres` user when we are root (its binaries run as that user then). */
export function chownToPostgres(path: string): void {
  if (!asRoot) return;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(path, uid, gid);
}

/** A PostgreSQL binary (initdb, pg_ctl, pg_basebackup, psql) as the `postgres` user when root. */
export function pgRun(cmd: string, args: string[], cwd: string, timeoutMs = 60_000): string {
  const bin = pgBin();
  const [file, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]]
    : [join(bin, cmd), args];
  const r = spawnSync(file, argv, { encoding: 'utf8', timeout: timeoutMs, cwd });
  if (r.status !== 0) throw new Error(`${cmd} failed (${r.status}): ${r.stderr}${r.stdout}`);
  return r.stdout;
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = pgBin();
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-rel-pg-'));
  chownToPostgres(dir);
  const run = (cmd: string, args: string[]) => pgRun(cmd, args, dir);
  const port = await freePort();
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off`;
  const cluster: PgCluster = {
    port,
    url: (db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`,
    start: () => run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', opts, '-w', '-t', '30', 'start']),
    stopImmediate: () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']),
    createDb: (name) =>
      run('psql', ['-h', dir, '-p', String(port), '-U', 'postgres', '-c', `CREATE DATABASE ${name}`]),
  };
  onCleanup(() => {
    spawnSync(asRoot ? 'runuser' : join(bin, 'pg_ctl'), [
      ...(asRoot ? ['-u', 'postgres', '--', join(bin, 'pg_ctl')] : []),
      '-D',
      data,
      '-m',
      'immediate',
      '-w',
      'stop',
    ]);
    rmSync(dir, { recursive: true, force: true });
  });
  cluster.start();
  return cluster;
}

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// ---------------------------------------------------------------------------------------------
// Latchkey processes.

export interface Proc {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Environment every process of one scenario shares (same store, same master key). */
export function baseEnv(extra: Record<string, string>): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    // Production rule: one master key, set on every process (never one generated per data dir).
    LATCHKEY_MASTER_KEY: randomBytes(32).toString('base64'),
    LATCHKEY_DATA_DIR: tempDir('latchkey-rel-data-'),
    LATCHKEY_ADMIN_TOKEN: ADMIN,
    LATCHKEY_METRICS_TOKEN: METRICS_TOKEN,
    LATCHKEY_PUBLIC_URL: 'http://latchkey.reliability',
    LATCHKEY_LOG_LEVEL: 'warn',
    LATCHKEY_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8,::1/128',
    LATCHKEY_WEBHOOK_RETRY_SCHEDULE: '0.2,0.5,1,2,2,2',
    LATCHKEY_TOKEN_RATE_PER_CLIENT: '0',
    LATCHKEY_TOKEN_RATE_PER_IP: '0',
    NODE_EXTRA_CA_CERTS: CA_FILE,
    ...extra,
  };
}

/** Where a process's code is: this checkout, or another version's (see rolling-upgrade.test.ts). */
export interface Code {
  root: string;
  /** The node arguments that start its server as `npm start` does. */
  apiArgs(): string[];
}
const THIS_CODE: Code = { root: ROOT, apiArgs: startArgs };

export function spawnLatchkey(
  kind: 'api' | 'worker',
  env: Record<string, string>,
  port = 0,
  code: Code = THIS_CODE,
): Proc {
  const args = kind === 'api' ? code.apiArgs() : ['bin/latchkey.js', 'worker'];
  const child = spawn(process.execPath, args, {
    cwd: code.root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: Buffer) => {
    out += d;
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const proc: Proc = {
    child,
    base: `http://127.0.0.1:${port}`,
    output: () => out,
    exited,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
    },
  };
  onCleanup(() => proc.kill('SIGKILL'));
  return proc;
}

export async function startApi(
  env: Record<string, string>,
  timeoutMs = 90_000,
  code: Code = THIS_CODE,
): Promise<Proc> {
  const port = await freePort();
  const p = spawnLatchkey('api', env, port, code);
  await waitReady(p, timeoutMs);
  return p;
}

export async function waitReady(p: Proc, timeoutMs = 90_000): Promise<void> {
  await waitUntil(
    `${p.base}/readyz`,
    async () => {
      if (p.child.exitCode !== null) throw new Error(`process exited: ${p.output()}`);
      try {
        return (await http(p.base, 'GET', '/readyz', { timeoutMs: 2000 })).status === 200;
      } catch {
        return false;
      }
    },
    timeoutMs,
  ).catch((e) => {
    throw new Error(`${(e as Error).message}\n${p.output().slice(-3000)}`);
  });
}

// ---------------------------------------------------------------------------------------------
// HTTP with a hard deadline on every call (a hang is a failure, never a stuck suite).

export interface HttpResult {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies of many shapes
  body: any;
  ms: number;
}

export async function http(
  base: string,
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
  path: string,
  o: { body?: unknown; token?: string; timeoutMs?: number } = {},
): Promise<HttpResult> {
  const t0 = performance.now();
  const timeout = o.timeoutMs ?? 30_000;
  const r = await request(`${base}${path}`, {
    method,
    headers: {
      ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
    },
    body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
    headersTimeout: timeout,
    bodyTimeout: timeout,
    signal: AbortSignal.timeout(timeout),
  });
  const text = await r.body.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON (metrics)
  }
  return { status: r.statusCode, body, ms: performance.now() - t0 };
}

function expect(r: HttpResult, status: number, what: string): HttpResult {
  if (r.status !== status)
    throw new Error(`${what}: expected ${status}, got ${r.status} ${JSON.stringify(r.body)}`);
  return r;
}

// ---------------------------------------------------------------------------------------------
// A tenant built through the public API: organization, client, project, locks with an integrator
// key each for one phone, optional webhooks, and an app token for the phone.

export interface Tenant {
  projectId: string;
  projectToken: string;
  appToken: string;
  phone: string;
  locks: { lockId: string; keyId: string; webhookId?: string; secret?: string }[];
}

export async function tokenFor(base: string, creds: object, scope: object): Promise<string> {
  const r = expect(
    await http(base, 'POST', '/v2/auth/token/', {
      body: { grant_type: 'client_credentials', ...creds, ...scope },
    }),
    200,
    'token',
  );
  return r.body.access_token;
}

export async function createTenant(base: string, webhookUrls: (string | undefined)[], phone = '+4790000001') {
  const admin = { token: ADMIN };
  const org = expect(
    await http(base, 'POST', '/admin/v1/organizations', { ...admin, body: { name: 'Reliability' } }),
    201,
    'organization',
  ).body.organization.id;
  const client = expect(
    await http(base, 'POST', `/admin/v1/organizations/${org}/clients`, { ...admin, body: { name: 'rel' } }),
    201,
    'client',
  ).body;
  const creds = { client_id: client.client.id, client_secret: client.clientSecret };
  const orgToken = await tokenFor(base, creds, { scope: 'organization.admin', organization_id: org });
  const projectId = expect(
    await http(base, 'POST', `/v2/organization/${org}/projects`, { token: orgToken, body: { name: 'HQ' } }),
    201,
    'project',
  ).body.project.id;
  const projectToken = await tokenFor(base, creds, { scope: 'project.admin', project_id: projectId });
  const tenant: Tenant = { projectId, projectToken, appToken: '', phone, locks: [] };
  for (const [i, url] of webhookUrls.entries()) {
    const lock = await lockCreate(base, tenant, `Door ${i}`);
    const keyId = await keyCreate(base, tenant, lock);
    const entry: Tenant['locks'][number] = { lockId: lock, keyId };
    if (url) {
      const w = expect(
        await http(base, 'POST', `/v2/projects/${projectId}/webhooks`, {
          token: projectToken,
          body: { url, lockId: lock },
        }),
        201,
        'webhook',
      ).body.webhook;
      entry.webhookId = w.id;
      entry.secret = w.secret;
    }
    tenant.locks.push(entry);
  }
  tenant.appToken = expect(
    await http(base, 'POST', '/admin/v1/app-tokens', { ...admin, body: { appUserId: phone } }),
    200,
    'app token',
  ).body.access_token;
  return tenant;
}

export async function lockCreate(base: string, t: Tenant, name: string, timeoutMs?: number): Promise<string> {
  const r = await http(base, 'POST', `/v2/projects/${t.projectId}/locks`, {
    token: t.projectToken,
    body: { name, timezone: 'Europe/Oslo' },
    timeoutMs,
  });
  return expect(r, 201, 'lock').body.lock.id;
}

export async function keyCreate(
  base: string,
  t: Tenant,
  lockId: string,
  timeoutMs?: number,
): Promise<string> {
  const r = await http(base, 'POST', `/v2/projects/${t.projectId}/keys`, {
    token: t.projectToken,
    body: { keys: [{ lockId, appUserId: t.phone, start: new Date(Date.now() - 86_400_000).toISOString() }] },
    timeoutMs,
  });
  return expect(r, 201, 'key').body.keys[0].id;
}

export interface AppEvent {
  id: string;
  keyId: string;
  action: 'locked' | 'unlocked';
  created: string;
}

export function events(keyId: string, n: number): AppEvent[] {
  return Array.from({ length: n }, () => ({
    id: crypto.randomUUID(),
    keyId,
    action: Math.random() < 0.5 ? 'locked' : 'unlocked',
    created: new Date(Date.now() - 1000 - Math.floor(Math.random() * 60_000)).toISOString(),
  }));
}

/** Every event id in the project's access log (paged through). */
export async function accessLogIds(base: string, t: Tenant): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: string | undefined;
  do {
    const q = `?limit=1000${cursor ? `&startAfterId=${cursor}` : ''}`;
    const r = expect(
      await http(base, 'GET', `/v2/projects/${t.projectId}/logs/access${q}`, { token: t.projectToken }),
      200,
      'access log',
    );
    for (const e of r.body.accessEvents) ids.add(e.id);
    cursor = r.body.startAfterId;
  } while (cursor);
  return ids;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

/** One short result line per scenario, easy to grep from CI output. */
export function report(scenario: string, figures: Record<string, unknown>): void {
  console.log(`RESULT ${scenario} ${JSON.stringify(figures)}`);
}

// ---------------------------------------------------------------------------------------------
// PgBouncer (Debian's package) in transaction pooling mode in front of a cluster of ours: its own
// config in a temp dir, an ephemeral loopback port, run as the `postgres` user when we are root.

export interface PgBouncer {
  port: number;
  url(db: string): string;
  output(): string;
}

export async function startPgBouncer(cluster: PgCluster, databases: string[]): Promise<PgBouncer> {
  const bin = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => existsSync(p));
  if (!bin) throw new Error('pgbouncer not found (apt-get install -y pgbouncer)');
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-rel-pgbouncer-'));
  const port = await freePort();
  writeFileSync(join(dir, 'userlist.txt'), '"postgres" ""\n');
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      ...databases.map((db) => `${db} = host=127.0.0.1 port=${cluster.port} dbname=${db} user=postgres`),
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 1000',
      'default_pool_size = 40',
      'ignore_startup_parameters = extra_float_digits',
      `pidfile = ${join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  for (const f of ['', 'userlist.txt', 'pgbouncer.ini']) chownToPostgres(join(dir, f));
  const [file, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', bin, join(dir, 'pgbouncer.ini')]]
    : [bin, [join(dir, 'pgbouncer.ini')]];
  const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  onCleanup(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      // runuser passes the signal on to pgbouncer
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  });
  const bouncer: PgBouncer = {
    port,
    url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    output: () => out,
  };
  await waitUntil(
    'pgbouncer accepting connections',
    async () => {
      if (child.exitCode !== null) throw new Error(`pgbouncer exited: ${out}`);
      const c = new pg.Client({
        connectionString: bouncer.url(databases[0]!),
        connectionTimeoutMillis: 1000,
      });
      try {
        await c.connect();
        await c.query('SELECT 1');
        return true;
      } catch {
        return false;
      } finally {
        await c.end().catch(() => {});
      }
    },
    20_000,
  );
  return bouncer;
}
