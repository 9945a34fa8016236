// Crash test of event ingestion (npm run test:crash): a real server process takes 5,000 app events
// in batches from concurrent uploaders and is killed with SIGKILL twice mid-stream (restarted each
// time); uploaders retry unacknowledged batches with the same event ids. At the end every event
// acknowledged `accepted` must be in the access log, and every event must be there exactly once.
//   Embedded store (default): a fresh LATCHKEY_DATA_DIR.  PostgreSQL: CRASH_DATABASE_URL=postgres://...
//   (a fresh database is created next to it and dropped afterwards).
// TODO(delivery): once the delivery worker lands, register a webhook to a local receiver and check
// that every accepted integrator event was delivered at least once across the kills.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { request } from 'undici';
import { openPgliteStore } from '../src/db/pglite-store.ts';
import { uuidv7 } from '../src/ids.ts';

const TOTAL = Number(process.env.CRASH_EVENTS ?? 5000);
const BATCH = 100;
const UPLOADERS = 3;
const KILL_AT = [0.3, 0.65].map((f) => Math.floor(TOTAL * f)); // acknowledged events before each kill
const ADMIN = 'crash-test-admin-token-0123456789abcdef';
const PHONE = '+4790000001';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-crash-'));
const pgUrl = process.env.CRASH_DATABASE_URL;
const dbName = `crash_${process.pid}`;
const serverDbUrl = pgUrl ? `${pgUrl.replace(/\/[^/?]*(\?.*)?$/, '')}/${dbName}` : undefined;
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  LATCHKEY_DATA_DIR: dataDir,
  LATCHKEY_PUBLIC_URL: 'http://latchkey.crash',
  LATCHKEY_ADMIN_TOKEN: ADMIN,
  LATCHKEY_LOG_LEVEL: 'warn',
  ...(serverDbUrl ? { DATABASE_URL: serverDbUrl } : {}),
};

let server: ChildProcess | undefined;

async function call(method: 'GET' | 'POST', path: string, body?: unknown, token?: string) {
  const r = await request(`${base}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    headersTimeout: 60_000,
  });
  const text = await r.body.text();
  return { status: r.statusCode, body: text ? JSON.parse(text) : undefined };
}

async function start(): Promise<void> {
  server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await call('GET', '/readyz')).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}

async function stop(signal: NodeJS.Signals): Promise<void> {
  const s = server;
  if (!s || s.exitCode !== null) return;
  const exited = new Promise((r) => s.once('exit', r));
  s.kill(signal);
  await exited;
}

async function withDirectSql(fn: (q: (sql: string, p: unknown[]) => Promise<unknown>) => Promise<void>) {
  if (serverDbUrl) {
    const c = new pg.Client({ connectionString: serverDbUrl });
    await c.connect();
    await fn((sql, p) => c.query(sql, p));
    await c.end();
    return;
  }
  await stop('SIGTERM'); // PGlite: one process at a time
  const db = await openPgliteStore({ dataDir: join(dataDir, 'pglite') });
  await fn((sql, p) => db.query(sql, p));
  await db.close();
  await start();
}

function assert(ok: unknown, message: string): asserts ok {
  if (!ok) throw new Error(`FAILED: ${message}`);
}

const t0 = Date.now();
if (pgUrl) {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${dbName}`);
  await c.end();
}
let kills = 0;
let retries = 0;
try {
  await start();
  const admin = (path: string, body: unknown) => call('POST', path, body, ADMIN);
  const org = (await admin('/admin/v1/organizations', { name: 'Crash' })).body.organization.id;
  const client = (await admin(`/admin/v1/organizations/${org}/clients`, { name: 'crash' })).body;
  const creds = {
    grant_type: 'client_credentials',
    client_id: client.client.id,
    client_secret: client.clientSecret,
  };
  const orgToken = (
    await call('POST', '/v2/auth/token/', { ...creds, scope: 'organization.admin', organization_id: org })
  ).body.access_token;
  const projectId = (await call('POST', `/v2/organization/${org}/projects`, { name: 'Crash HQ' }, orgToken))
    .body.project.id;
  const projectToken = (
    await call('POST', '/v2/auth/token/', { ...creds, scope: 'project.admin', project_id: projectId })
  ).body.access_token;
  const appToken = (await admin('/admin/v1/app-tokens', { appUserId: PHONE })).body.access_token;
  const lockId = uuidv7();
  const keyId = uuidv7();
  await withDirectSql(async (q) => {
    await q("INSERT INTO locks (id, project_id, name, timezone) VALUES ($1, $2, 'Door', 'Europe/Oslo')", [
      lockId,
      projectId,
    ]);
    await q(
      `INSERT INTO keys (id, project_id, lock_id, app_user_id, origin, starts) VALUES ($1, $2, $3, $4, 'integrator', now() - interval '1 day')`,
      [keyId, projectId, lockId, PHONE],
    );
  });

  const batches = Array.from({ length: TOTAL / BATCH }, () =>
    Array.from({ length: BATCH }, () => ({
      id: randomUUID(),
      keyId,
      action: Math.random() < 0.5 ? 'locked' : 'unlocked',
      created: new Date(Date.now() - Math.floor(Math.random() * 3_600_000)).toISOString(),
    })),
  );
  const queue = [...batches];
  const acceptedAck = new Set<string>();
  const status = new Map<string, string>();
  let acked = 0;
  let restarting: Promise<void> | undefined;

  const killer = async () => {
    for (const at of KILL_AT) {
      while (acked < at) await new Promise((r) => setTimeout(r, 5));
      restarting = (async () => {
        await stop('SIGKILL');
        kills++;
        console.log(`SIGKILL #${kills} after ${acked} acknowledged events`);
        await start();
      })();
      await restarting;
      restarting = undefined;
    }
  };

  const uploader = async () => {
    for (;;) {
      const batch = queue.shift();
      if (!batch) return;
      try {
        const r = await call('POST', '/v2/app/events', { events: batch }, appToken);
        if (r.status !== 200) throw new Error(`status ${r.status}`);
        for (const x of r.body.results as { id: string; status: string }[]) {
          assert(x.status !== 'rejected', `event ${x.id} rejected`);
          if (x.status === 'accepted') acceptedAck.add(x.id);
          status.set(x.id, x.status);
        }
        acked += batch.length;
      } catch {
        retries++;
        queue.push(batch); // not acknowledged: upload again later, same ids
        await (restarting ?? new Promise((r) => setTimeout(r, 200)));
      }
    }
  };
  const killing = killer();
  await Promise.all(Array.from({ length: UPLOADERS }, uploader));
  await killing;

  const inLog = new Map<string, number>();
  let cursor: string | undefined;
  do {
    const q = `?limit=1000${cursor ? `&startAfterId=${cursor}` : ''}`;
    const r = await call('GET', `/v2/projects/${projectId}/logs/access${q}`, undefined, projectToken);
    assert(r.status === 200, `access log answered ${r.status}`);
    for (const e of r.body.accessEvents) inLog.set(e.id, (inLog.get(e.id) ?? 0) + 1);
    cursor = r.body.startAfterId;
  } while (cursor);

  const missing = [...acceptedAck].filter((id) => !inLog.has(id));
  const twice = [...inLog].filter(([, n]) => n > 1);
  const all = batches.flat().map((e) => e.id);
  console.log(
    JSON.stringify({
      store: serverDbUrl ? 'postgresql' : 'pglite',
      events: TOTAL,
      kills,
      batchRetries: retries,
      acknowledgedAccepted: acceptedAck.size,
      acknowledgedDuplicate: [...status.values()].filter((s) => s === 'duplicate').length,
      inAccessLog: inLog.size,
      seconds: Math.round((Date.now() - t0) / 1000),
    }),
  );
  assert(kills === KILL_AT.length, 'the server was not killed as planned');
  assert(missing.length === 0, `${missing.length} acknowledged events missing from the access log`);
  assert(twice.length === 0, `${twice.length} events in the access log more than once`);
  assert(
    all.every((id) => inLog.has(id)),
    'some events never made it into the access log',
  );
  assert(inLog.size === TOTAL, `access log holds ${inLog.size} events, expected ${TOTAL}`);
  console.log('crash test passed');
} finally {
  await stop('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  if (pgUrl) {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  }
}
