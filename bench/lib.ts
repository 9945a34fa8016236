// Shared benchmark plumbing: servers in child processes (so the load generator never shares their
// event loop), a bare Fastify hello-world as the same-run baseline, autocannon runs, and tables.
// These machines are noisy: compare ratios measured in the same run, not absolute numbers.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startArgs } from '../scripts/build.mjs';
import { accessEventBody } from '../src/delivery/enqueue.ts';

/** One master key for every server a bench starts (two servers may share one database). */
const BENCH_MASTER_KEY = randomBytes(32).toString('base64');
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const ADMIN_TOKEN = randomBytes(32).toString('base64url');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** How long a server may take to answer /readyz (BENCH_START_SECONDS, default 60): a loaded machine is slower. */
const START_TRIES = Number(process.env.BENCH_START_SECONDS ?? 60) * 10;

async function waitFor(url: string, child: ChildProcess, out: () => string): Promise<void> {
  for (let i = 0; i < START_TRIES; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timeout waiting for ${url}: ${out()}`);
}

export interface Server {
  base: string;
  /** The server's process id (for its CPU time and memory from /proc). */
  pid?: number;
  /** The server process's peak resident memory so far, MB (Linux VmHWM; undefined elsewhere). */
  peakRssMb?(): number | undefined;
  stop(): Promise<void>;
}

/** VmHWM ("high water mark") of a process from /proc: its peak RSS since it started, MB. */
export function peakRssMb(pid: number | undefined): number | undefined {
  try {
    const m = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) a process has used so far, seconds (Linux /proc; 100 ticks a second). */
export function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime (fields 14 and 15)
  } catch {
    return Number.NaN;
  }
}

/** The 1-minute load average, as /proc/loadavg says it. */
export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0]!;

/**
 * The processor and Node line, printed with every table: the development machine is a different
 * one in each session, so absolute figures from two sessions are only comparable on the same model.
 */
export const machineLine = () =>
  `${cpus()[0]?.model.trim() ?? 'unknown CPU'} × ${cpus().length}, Node ${process.versions.node}`;

/** BENCH_CPU_PROF=dir: the Latchkey server writes a V8 CPU profile there when it stops (open in Chrome DevTools). */
const CPU_PROF = process.env.BENCH_CPU_PROF;
export const profileArgs = () => (CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : []);

function spawnNode(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d) => {
    err += d;
  });
  return { child, out: () => err };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([done, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** The baseline: Fastify with no plugins answering {"hello":"world"}, with default logging off. */
export async function startHelloWorld(): Promise<Server> {
  const port = await freePort();
  const code = `import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  return startNodeServer(['--input-type=module', '-e', code], `http://127.0.0.1:${port}`, '/');
}

/** A Node.js server process started with `args`, ready when GET base + readyPath answers. */
export async function startNodeServer(args: string[], base: string, readyPath: string): Promise<Server> {
  const { child, out } = spawnNode(args, {});
  await waitFor(`${base}${readyPath}`, child, out);
  return { base, pid: child.pid, peakRssMb: () => peakRssMb(child.pid), stop: () => stopChild(child) };
}

export type StoreKind = 'pg' | 'pglite';

/**
 * A Latchkey server process on a fresh store (PGlite temp dir, or a fresh PostgreSQL database that
 * is dropped at stop), or on `o.databaseUrl`, an existing PostgreSQL database that is left as it is.
 */
export async function startLatchkey(
  store: StoreKind,
  env: Record<string, string> = {},
  o: { databaseUrl?: string } = {},
): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-bench-'));
  let dbName: string | undefined;
  const storeEnv: Record<string, string> = { LATCHKEY_DATA_DIR: dataDir };
  if (o.databaseUrl || store === 'pg') storeEnv.LATCHKEY_MASTER_KEY = BENCH_MASTER_KEY;
  if (o.databaseUrl) storeEnv.DATABASE_URL = o.databaseUrl;
  else if (store === 'pg') {
    dbName = `bench_${randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`CREATE DATABASE ${dbName}`);
    await c.end();
    const u = new URL(PG_URL);
    u.pathname = `/${dbName}`;
    storeEnv.DATABASE_URL = u.toString();
  }
  const { child, out } = spawnNode([...profileArgs(), ...startArgs()], {
    PORT: String(port),
    HOST: '127.0.0.1',
    LATCHKEY_PUBLIC_URL: base,
    LATCHKEY_ADMIN_TOKEN: ADMIN_TOKEN,
    LATCHKEY_TOKEN_RATE_PER_CLIENT: '0',
    LATCHKEY_TOKEN_RATE_PER_IP: '0',
    ...storeEnv,
    ...env,
  });
  await waitFor(`${base}/readyz`, child, out);
  return {
    base,
    pid: child.pid,
    peakRssMb: () => peakRssMb(child.pid),
    async stop() {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
      if (dbName) {
        const c = new pg.Client({ connectionString: PG_URL });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await c.end();
      }
    },
  };
}

export async function api(base: string, method: string, path: string, body?: unknown, token = ADMIN_TOKEN) {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await r.json()) as any;
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

export interface ClientCredentials {
  client_id: string;
  client_secret: string;
}

/** An access token from POST /v2/auth/token/ (client credentials) for one scope on one resource. */
export async function clientToken(
  base: string,
  creds: ClientCredentials,
  scope: 'organization.admin' | 'project.admin',
  resource: { organization_id: string } | { project_id: string },
): Promise<string> {
  const r = await fetch(`${base}/v2/auth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', ...creds, scope, ...resource }),
  });
  const body = (await r.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`token: ${r.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/** An organization, a client and a project; returns what a token request needs. */
export async function seedTenant(base: string) {
  const org = await api(base, 'POST', '/admin/v1/organizations', { name: 'Bench' });
  const organizationId = org.organization.id as string;
  const c = await api(base, 'POST', `/admin/v1/organizations/${organizationId}/clients`, { name: 'bench' });
  const creds: ClientCredentials = {
    client_id: c.client.id as string,
    client_secret: c.clientSecret as string,
  };
  const orgToken = await clientToken(base, creds, 'organization.admin', { organization_id: organizationId });
  const p = await api(
    base,
    'POST',
    `/v2/organization/${organizationId}/projects`,
    { name: 'Bench HQ' },
    orgToken,
  );
  const projectId = p.project.id as string;
  const projectToken = await clientToken(base, creds, 'project.admin', { project_id: projectId });
  return { organizationId, projectId, creds, orgToken, projectToken };
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export async function load(o: {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  duration?: number;
}): Promise<LoadResult> {
  const r = await autocannon({
    url: o.url,
    method: o.method ?? 'GET',
    headers: o.headers,
    body: o.body,
    connections: CONNECTIONS,
    duration: o.duration ?? DURATION,
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

export function table(title: string, header: string[], rows: (string | number)[][]): void {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of cells.slice(1)) console.log(line(r));
}

/** A new PostgreSQL database on PG_URL's server for one run (`prefix_<random>`), and its drop. */
export async function freshDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

// ---- shared by the webhook benchmarks (bench/delivery.ts, bench/events.ts) ----

export const TLS_DIR = join(import.meta.dirname, '..', 'test', 'fixtures', 'tls');

/** Options of a local HTTPS receiver with the test certificate (its CA is `testCa()`). */
export function receiverTlsOptions() {
  return {
    cert: readFileSync(join(TLS_DIR, 'receiver.crt')),
    key: readFileSync(join(TLS_DIR, 'receiver.key')),
    keepAliveTimeout: 60_000,
  };
}

export function testCa(): Buffer {
  return readFileSync(join(TLS_DIR, 'ca.crt'));
}

/** A webhook body in the Access Event shape, for raw-POST baselines and queued deliveries. */
export function sampleEventBody(): string {
  return accessEventBody({
    id: randomUUID(),
    action: 'unlocked',
    created: new Date(),
    keyId: randomUUID(),
    lockId: randomUUID(),
    lockName: 'Front door',
    appUserId: '+4799887766',
    userName: 'Kari Nordmann',
  });
}

/** A table row of samples in ms: name, n, p50, p99 and max (nearest rank; NaN when empty). */
export function percentileRow(name: string, xs: number[]): (string | number)[] {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
  return [name, xs.length, fmt(at(50), 1), fmt(at(99), 1), fmt(Math.max(...xs), 1)];
}
