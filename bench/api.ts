// npm run bench:api — authorized reads (GET /v2/projects/{projectId}/locks/{lockId}) on PostgreSQL
// and PGlite against a bare Fastify hello-world measured in the same run, plus the time of one
// 10,000-key batch create. Every server runs in its own child process so that the load generator
// (autocannon, keep-alive, 50 connections) does not share its event loop.
//
//   DATABASE_URL   PostgreSQL to use (default postgres://postgres@127.0.0.1:5432/test); a fresh
//                  database is created for the run and dropped at the end.
//   BENCH_SECONDS  duration of each load run (default 10)
//   BENCH_LOG_LEVEL  the servers' log level (default warn: the per-request info line is measured apart)
//   BENCH_ONLY     comma list of targets to run: hello,pg,pglite
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

// autocannon ships no types; the few fields used here.
interface CannonResult {
  requests: { average: number; total: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (o: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<CannonResult>;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const ADMIN = `bench-admin-${randomBytes(16).toString('hex')}`;

interface Ready {
  url: string;
  path?: string;
  token?: string;
  projectId?: string;
  lockId?: string;
}

// ---------------------------------------------------------------- child: the servers under test

async function serveHello() {
  const { default: Fastify } = await import('fastify');
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, path: '/' } satisfies Ready;
}

async function serveApi() {
  const { loadConfig } = await import('../src/config.ts');
  const { startServer } = await import('../src/server.ts');
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LATCHKEY_ADMIN_TOKEN: ADMIN,
    LATCHKEY_WORKER: 'off',
    LATCHKEY_LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    LATCHKEY_SIGNING_KEY_ACTIVATION_SECONDS: '0',
    LATCHKEY_TOKEN_RATE_PER_CLIENT: '0',
    LATCHKEY_TOKEN_RATE_PER_IP: '0',
  });
  const running = await startServer(config);
  const call = async (method: string, url: string, body: unknown, token = ADMIN) => {
    const r = await running.app.inject({
      method: method as 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    if (r.statusCode >= 300) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body}`);
    return r.json();
  };
  const org = (await call('POST', '/admin/v1/organizations', { name: 'Bench' })).organization.id;
  const client = await call('POST', `/admin/v1/organizations/${org}/clients`, { name: 'bench' });
  const creds = {
    grant_type: 'client_credentials',
    client_id: client.client.id,
    client_secret: client.clientSecret,
  };
  const orgToken = (
    await call('POST', '/v2/auth/token/', { ...creds, scope: 'organization.admin', organization_id: org })
  ).access_token;
  const projectId = (
    await call(
      'POST',
      `/v2/organization/${org}/projects`,
      { name: 'Bench HQ', timezone: 'Europe/Oslo' },
      orgToken,
    )
  ).project.id;
  const token = (
    await call('POST', '/v2/auth/token/', { ...creds, scope: 'project.admin', project_id: projectId })
  ).access_token;
  const lockId = (
    await call(
      'POST',
      `/v2/projects/${projectId}/locks`,
      { name: 'Front door', metadata: { unit: '4B' } },
      token,
    )
  ).lock.id;
  // Other locks so the lookup is not against a one-row table.
  for (let i = 0; i < 200; i++)
    await call('POST', `/v2/projects/${projectId}/locks`, { name: `Door ${i}` }, token);
  return {
    url: running.address,
    path: `/v2/projects/${projectId}/locks/${lockId}`,
    token,
    projectId,
    lockId,
  } satisfies Ready;
}

// ---------------------------------------------------------------- parent: orchestration

function startChild(
  kind: string,
  env: Record<string, string | undefined>,
): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--serve', kind], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (d) => {
      buf += String(d);
      const line = buf.split('\n').find((l) => l.startsWith('READY '));
      if (line) resolve({ child, ready: JSON.parse(line.slice(6)) });
    });
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await done;
  clearTimeout(timer);
}

async function load(r: Ready) {
  const headers: Record<string, string> = r.token ? { authorization: `Bearer ${r.token}` } : {};
  // A short warm-up (JIT, caches, pool connections), then the measured run.
  await autocannon({ url: r.url + r.path, connections: CONNECTIONS, duration: 2, headers });
  const res = await autocannon({ url: r.url + r.path, connections: CONNECTIONS, duration: SECONDS, headers });
  if (res.non2xx > 0 || res.errors > 0) throw new Error(`${res.non2xx} non-2xx, ${res.errors} errors`);
  return { rps: res.requests.average, p99: res.latency.p99, total: res.requests.total };
}

async function batch10k(r: Ready): Promise<number> {
  const keys = Array.from({ length: 10_000 }, (_, i) => ({
    lockId: r.lockId,
    appUserId: `+4791${String(i).padStart(6, '0')}`,
    durationMinutes: 60 * 24 * 30,
  }));
  const body = JSON.stringify({ keys });
  const t0 = performance.now();
  const res = await fetch(`${r.url}/v2/projects/${r.projectId}/keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${r.token}`, 'content-type': 'application/json' },
    body,
  });
  const json = (await res.json()) as { keys?: unknown[] };
  const ms = performance.now() - t0;
  if (res.status !== 201 || json.keys?.length !== 10_000) throw new Error(`batch create: ${res.status}`);
  return ms;
}

async function main() {
  const only = new Set((process.env.BENCH_ONLY ?? 'hello,pg,pglite').split(','));
  const base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const rows: { target: string; rps: number; p99: number; batch?: number }[] = [];
  let hello = 0;

  const run = async (target: string, kind: string, env: Record<string, string | undefined>) => {
    const { child, ready } = await startChild(kind, env);
    try {
      const m = await load(ready);
      const batch = ready.token ? await batch10k(ready) : undefined;
      rows.push({ target, rps: m.rps, p99: m.p99, batch });
      console.error(
        `${target}: ${Math.round(m.rps)} req/s, p99 ${m.p99} ms${batch ? `, 10k keys ${Math.round(batch)} ms` : ''}`,
      );
      return m.rps;
    } finally {
      await stopChild(child);
    }
  };

  if (only.has('hello')) hello = await run('fastify hello-world', 'hello', {});
  if (only.has('pg')) {
    const dbName = `latchkey_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    try {
      const u = new URL(base);
      u.pathname = `/${dbName}`;
      await run('GET lock, PostgreSQL', 'api', { DATABASE_URL: u.toString() });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  }
  if (only.has('pglite')) {
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-bench-'));
    try {
      await run('GET lock, PGlite', 'api', { DATABASE_URL: '', LATCHKEY_DATA_DIR: dir });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  const target = (t: string) => (t.includes('PostgreSQL') ? '≥ 12%' : t.includes('PGlite') ? '≥ 5%' : '');
  console.log(
    `\nautocannon: ${CONNECTIONS} connections, keep-alive, ${SECONDS} s per target, servers in child processes\n`,
  );
  console.log('| target | req/s | p99 ms | vs hello-world | target | 10,000-key batch create |');
  console.log('|---|---:|---:|---:|---|---:|');
  for (const r of rows) {
    const ratio = hello ? `${((r.rps / hello) * 100).toFixed(1)}%` : 'n/a';
    const batch =
      r.batch === undefined
        ? ''
        : `${(r.batch / 1000).toFixed(2)} s${r.target.includes('PostgreSQL') ? ' (target < 2 s)' : ''}`;
    console.log(
      `| ${r.target} | ${Math.round(r.rps)} | ${r.p99} | ${ratio} | ${target(r.target)} | ${batch} |`,
    );
  }
}

const serveAt = process.argv.indexOf('--serve');
if (serveAt >= 0) {
  const kind = process.argv[serveAt + 1];
  const ready = kind === 'hello' ? await serveHello() : await serveApi();
  process.stdout.write(`READY ${JSON.stringify(ready)}\n`);
  process.once('SIGTERM', () => process.exit(0));
} else {
  await main();
}
