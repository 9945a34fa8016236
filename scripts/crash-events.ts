// Crash test of event ingestion (npm run test:crash): a real server process takes 5,000 app events
// in batches from concurrent uploaders and is killed with SIGKILL twice mid-stream (restarted each
// time); uploaders retry unacknowledged batches with the same event ids. At the end every event
// acknowledged `accepted` must be in the access log, and every event must be there exactly once.
// Deliveries: a webhook on the lock points at a local HTTPS receiver in this process (test CA trusted
// through NODE_EXTRA_CA_CERTS). After the final restart every event in the log (all are integrator
// events) must reach the receiver at least once. Duplicates are allowed only for attempts in flight
// at a kill: an event the receiver had got before a kill whose success was not yet recorded then
// (read from the store while the server is down). Each duplicate must be explained by such a kill.
//   Embedded store (default): a fresh LATCHKEY_DATA_DIR.  PostgreSQL: CRASH_DATABASE_URL=postgres://...
//   (a fresh database is created next to it and dropped afterwards).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { request } from 'undici';
import { openPgliteStore } from '../src/db/pglite-store.ts';
import { startArgs } from './build.mjs';

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
const TLS_DIR = join(import.meta.dirname, '..', 'test', 'fixtures', 'tls');
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  LATCHKEY_DATA_DIR: dataDir,
  LATCHKEY_PUBLIC_URL: 'http://latchkey.crash',
  LATCHKEY_ADMIN_TOKEN: ADMIN,
  LATCHKEY_LOG_LEVEL: 'warn',
  NODE_EXTRA_CA_CERTS: join(TLS_DIR, 'ca.crt'),
  LATCHKEY_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8',
  LATCHKEY_WEBHOOK_RETRY_SCHEDULE: '1,2,5,10',
  // The lease after a kill is 2 × timeout + 30 s: a short timeout keeps the run bounded.
  LATCHKEY_WEBHOOK_TIMEOUT_MS: '2000',
  ...(serverDbUrl
    ? { DATABASE_URL: serverDbUrl, LATCHKEY_MASTER_KEY: randomBytes(32).toString('base64') }
    : {}),
};

let server: ChildProcess | undefined;

/** The webhook receiver: every request's webhook-id, in arrival order (duplicates included). */
const receipts: string[] = [];
const receiver = createHttpsServer(
  {
    cert: readFileSync(join(TLS_DIR, 'receiver.crt')),
    key: readFileSync(join(TLS_DIR, 'receiver.key')),
    keepAliveTimeout: 60_000,
  },
  (req, res) => {
    req.resume();
    req.on('end', () => {
      receipts.push(String(req.headers['webhook-id']));
      res.writeHead(204).end();
    });
  },
);
const receiverPort = await new Promise<number>((resolve) =>
  receiver.listen(0, '127.0.0.1', () => resolve((receiver.address() as { port: number }).port)),
);

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
  server = spawn(process.execPath, startArgs(), {
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

/** Event ids whose delivery the store records as succeeded. Call only while the server is down
 * (PGlite: one process at a time), i.e. the state the killed server left behind. */
async function succeededInStore(): Promise<Set<string>> {
  const sql = "SELECT event_id FROM webhook_deliveries WHERE status = 'succeeded'";
  if (serverDbUrl) {
    const c = new pg.Client({ connectionString: serverDbUrl });
    await c.connect();
    const { rows } = await c.query<{ event_id: string }>(sql);
    await c.end();
    return new Set(rows.map((r) => r.event_id));
  }
  const db = await openPgliteStore({ dataDir: join(dataDir, 'pglite') });
  const { rows } = await db.query<{ event_id: string }>(sql);
  await db.close();
  return new Set(rows.map((r) => r.event_id));
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
  const project = async (path: string, body: unknown) => {
    const r = await call('POST', `/v2/projects/${projectId}${path}`, body, projectToken);
    assert(r.status === 201, `POST ${path} answered ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const lockId = (await project('/locks', { name: 'Door', timezone: 'Europe/Oslo' })).lock.id;
  const keyStart = new Date(Date.now() - 86_400_000).toISOString();
  const keyId = (await project('/keys', { keys: [{ lockId, appUserId: PHONE, start: keyStart }] })).keys[0]
    .id;
  const webhookId = (
    await project('/webhooks', { url: `https://crash:test@127.0.0.1:${receiverPort}/hook`, lockId })
  ).webhook.id;
  const appToken = (await admin('/admin/v1/app-tokens', { appUserId: PHONE })).body.access_token;

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
  const atKills: { received: Set<string>; recorded: Set<string> }[] = [];

  const killer = async () => {
    for (const at of KILL_AT) {
      while (acked < at) await new Promise((r) => setTimeout(r, 5));
      restarting = (async () => {
        await stop('SIGKILL');
        kills++;
        // Requests the dead server had fully written may still be in the receiver's socket buffers.
        await new Promise((r) => setTimeout(r, 300));
        const received = new Set(receipts);
        const recorded = await succeededInStore();
        const inFlight = [...received].filter((id) => !recorded.has(id)).length;
        atKills.push({ received, recorded });
        console.log(
          `SIGKILL #${kills} after ${acked} acknowledged events; receiver had ${received.size} events, ` +
            `${recorded.size} recorded as delivered, ${inFlight} received but not recorded (in flight)`,
        );
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

  // Every event in the log (all integrator events) must reach the receiver; wait for the queue to
  // drain (deliveries claimed by a killed server come back when their lease ends).
  const drainDeadline = Date.now() + 150_000;
  let undelivered: string[] = [];
  let pending = -1;
  for (;;) {
    const got = new Set(receipts);
    undelivered = [...inLog.keys()].filter((id) => !got.has(id));
    const r = await call(
      'GET',
      `/v2/projects/${projectId}/webhooks/${webhookId}/deliveries?status=pending&limit=1`,
      undefined,
      projectToken,
    );
    assert(r.status === 200, `deliveries answered ${r.status}`);
    pending = r.body.deliveries.length;
    if ((undelivered.length === 0 && pending === 0) || Date.now() > drainDeadline) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const drainedAfter = Math.round((Date.now() - t0) / 1000);
  const perEvent = new Map<string, number>();
  for (const id of receipts) perEvent.set(id, (perEvent.get(id) ?? 0) + 1);
  const duplicates = [...perEvent].filter(([, n]) => n > 1);
  // A duplicate is explained by a kill at which the receiver had the event but the store had no
  // recorded success for it (the attempt was in flight): at most one extra receipt per such kill.
  const unexplained = duplicates.filter(([id, n]) => {
    const inFlightAt = atKills.filter((k) => k.received.has(id) && !k.recorded.has(id)).length;
    return n - 1 > inFlightAt;
  });
  const inFlightTotal = atKills.reduce(
    (sum, k) => sum + [...k.received].filter((id) => !k.recorded.has(id)).length,
    0,
  );
  const strays = [...perEvent.keys()].filter((id) => !inLog.has(id));

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
      deliveredDistinct: perEvent.size,
      receipts: receipts.length,
      duplicateReceipts: receipts.length - perEvent.size,
      inFlightAtKills: inFlightTotal,
      drainedAfterSeconds: drainedAfter,
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
  assert(undelivered.length === 0, `${undelivered.length} logged events never reached the receiver`);
  assert(pending === 0, 'deliveries still pending after the drain deadline');
  assert(strays.length === 0, `${strays.length} deliveries of events that are not in the access log`);
  assert(
    unexplained.length === 0,
    `${unexplained.length} duplicate deliveries not explained by an attempt in flight at a kill`,
  );
  console.log('crash test passed');
} finally {
  await stop('SIGTERM');
  receiver.closeAllConnections();
  receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (pgUrl) {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  }
}
