// Soak: storage and the claim query over simulated days, with retention and without. PostgreSQL.
// One process runs Latchkey (HTTP API on a loopback port, the delivery worker) on a fresh database,
// a local HTTPS receiver, and an uploader sending SOAK_RATE events/s (default 200) through
// POST /v2/app/events, each delivered to one webhook. Time is simulated, SOAK_DAY_SECONDS real
// seconds (default 15) to a simulated day, for SOAK_DAYS days (default 16):
//   - the access log carries simulated time: each event's `created` is the simulated now (starting
//     29 days back, which the upload API accepts), so it lands in its simulated day's partition, and
//     the access-log retention runs with the simulated now (backdated rows, by construction);
//   - deliveries, attempts and login codes carry real time (the database's now()): their retention
//     runs with the window scaled to real seconds (SOAK_RETENTION_DAYS × SOAK_DAY_SECONDS);
//   - login codes: SOAK_CODES_PER_DAY codes for new phones per simulated day, written directly,
//     expiring after a scaled 5 minutes.
// Retention (the service's own functions, src/resources/access-log/retention.ts and
// src/delivery/retention.ts) runs every simulated quarter day, with SOAK_RETENTION_DAYS (default 3)
// as the window of both. The run without retention only creates the access log's day partitions.
// After each run, both runs VACUUM the row-deleting tables: autovacuum's 1-minute nap would be 4
// simulated days, so the harness stands in for it at simulated speed.
// At each simulated day's end: every table's size (pg_total_relation_size; the access log summed
// over its partitions) and live rows, and the claim query's time (the median of 20 runs of the
// worker's candidate scan, delivery_claim_order, in a rolled-back transaction, timed by the
// server: EXPLAIN ANALYZE's execution time).
//   npm run bench:soak          SOAK_MODES=retention (or none) runs one; SOAK_DAYS=12 ...
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:https';
import { loadavg } from 'node:os';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createContext } from '../src/context.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPgStore } from '../src/db/pg-store.ts';
import { deliveryRetentionRun } from '../src/delivery/retention.ts';
import { DeliveryWorker } from '../src/delivery/worker.ts';
import { retentionRun } from '../src/resources/access-log/retention.ts';
import { DAY_MS } from '../src/time/durations.ts';
import {
  ADMIN_TOKEN,
  api,
  fmt,
  freshDatabase,
  receiverTlsOptions,
  seedTenant,
  table,
  testCa,
} from './lib.ts';

const RATE = Number(process.env.SOAK_RATE ?? 200);
const DAY_SECONDS = Number(process.env.SOAK_DAY_SECONDS ?? 15);
const DAYS = Number(process.env.SOAK_DAYS ?? 16);
const RETENTION_DAYS = Number(process.env.SOAK_RETENTION_DAYS ?? 3);
const CODES_PER_DAY = Number(process.env.SOAK_CODES_PER_DAY ?? 2000);
const MODES = (process.env.SOAK_MODES ?? 'retention,none').split(',') as ('retention' | 'none')[];
const TICK_MS = 100;
const PHONE = '+4799887766';

const VACUUMED = ['webhook_deliveries', 'webhook_attempts', 'access_event_ids', 'app_login_codes'];
const TABLES = [
  'webhook_deliveries',
  'webhook_attempts',
  'access_events',
  'access_event_ids',
  'app_login_codes',
];

interface DaySample {
  day: number;
  sizesMb: Record<string, number>;
  rows: Record<string, number>;
  claimMs: number;
  load: number;
}

async function sample(c: pg.Client, day: number): Promise<DaySample> {
  const sizesMb: Record<string, number> = {};
  const rows: Record<string, number> = {};
  for (const t of TABLES) {
    const r = await c.query<{ bytes: string; n: string }>(
      `SELECT (SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c
                WHERE c.oid = $1::regclass
                   OR c.oid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = $1::regclass)) AS bytes,
              (SELECT count(*) FROM ${t}) AS n`,
      [t],
    );
    sizesMb[t] = Number(r.rows[0]!.bytes) / 1024 / 1024;
    rows[t] = Number(r.rows[0]!.n);
  }
  // Measured by the server (EXPLAIN ANALYZE's execution time): the client's own scheduling on a
  // loaded machine stays out of it.
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    await c.query('BEGIN');
    const r = await c.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(
      "EXPLAIN (ANALYZE, FORMAT JSON) SELECT count(*) FROM delivery_claim_order('{}'::uuid[], 400)",
    );
    await c.query('ROLLBACK');
    times.push(r.rows[0]!['QUERY PLAN'][0]['Execution Time']);
  }
  times.sort((a, b) => a - b);
  return { day, sizesMb, rows, claimMs: times[10]!, load: loadavg()[0]! };
}

async function run(mode: 'retention' | 'none'): Promise<DaySample[]> {
  const database = await freshDatabase('soak');
  const db = await openPgStore({ url: database.url, poolSize: 10 });
  await migrate(db);
  const config = loadConfig({
    DATABASE_URL: database.url,
    LATCHKEY_DATA_DIR: '/tmp',
    LATCHKEY_MASTER_KEY: randomBytes(32).toString('base64'),
    LATCHKEY_ADMIN_TOKEN: ADMIN_TOKEN,
    LATCHKEY_LOG_LEVEL: 'warn',
    LATCHKEY_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8',
    LATCHKEY_TOKEN_RATE_PER_CLIENT: '0',
    LATCHKEY_TOKEN_RATE_PER_IP: '0',
    LATCHKEY_WORKER: 'off',
  });
  const ctx = await createContext(config, db);
  const app = await buildApp(ctx);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const base = address.replace('[::1]', '127.0.0.1');
  const receiver = createServer(receiverTlsOptions(), (req, res) => {
    req.resume();
    req.on('end', () => res.end('ok'));
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  const rxPort = (receiver.address() as { port: number }).port;

  const tenant = await seedTenant(base);
  const lock = await api(
    base,
    'POST',
    `/v2/projects/${tenant.projectId}/locks`,
    { name: 'Door' },
    tenant.projectToken,
  );
  const lockId = lock.lock.id as string;
  const simStart = Date.now() - 29 * DAY_MS;
  const key = await api(
    base,
    'POST',
    `/v2/projects/${tenant.projectId}/keys`,
    { keys: [{ lockId, appUserId: PHONE, start: new Date(simStart - DAY_MS).toISOString() }] },
    tenant.projectToken,
  );
  const keyId = key.keys[0].id as string;
  await api(
    base,
    'POST',
    `/v2/projects/${tenant.projectId}/webhooks`,
    { url: `https://127.0.0.1:${rxPort}/hook`, lockId },
    tenant.projectToken,
  );
  const appToken = (await api(base, 'POST', '/admin/v1/app-tokens', { appUserId: PHONE }))
    .access_token as string;
  const worker = new DeliveryWorker(ctx, {
    ca: testCa(),
    log: { info() {}, warn() {}, error: console.error },
  });
  await worker.start();

  const probe = new pg.Client({ connectionString: database.url });
  await probe.connect();
  const t0 = Date.now();
  const simNow = () => simStart + ((Date.now() - t0) / (DAY_SECONDS * 1000)) * DAY_MS;
  const samples: DaySample[] = [await sample(probe, 0)];
  let stop = false;
  let uploaded = 0;
  let failed = 0;
  const uploader = (async () => {
    const perTick = (RATE * TICK_MS) / 1000;
    const uploads = new Set<Promise<void>>();
    for (let tick = 0; !stop; tick++) {
      const created = new Date(simNow()).toISOString();
      const events = Array.from({ length: perTick }, () => ({
        id: randomUUID(),
        keyId,
        action: 'unlocked',
        created,
      }));
      const p = fetch(`${base}/v2/app/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${appToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ events }),
      }).then(
        async (r) => {
          const b = (await r.json()) as { results?: { status: string }[] };
          const ok = r.status === 200 ? (b.results ?? []).filter((x) => x.status === 'accepted').length : 0;
          uploaded += ok;
          failed += perTick - ok;
        },
        () => {
          failed += perTick;
        },
      );
      uploads.add(p);
      void p.finally(() => uploads.delete(p));
      await new Promise((r) => setTimeout(r, Math.max(0, t0 + (tick + 1) * TICK_MS - Date.now())));
    }
    await Promise.all(uploads);
  })();
  // Login codes of new phones, expiring after a scaled 5 minutes.
  let codesFailed = false;
  const codes = setInterval(() => {
    const n = Math.max(1, Math.round((CODES_PER_DAY * 1000) / (DAY_SECONDS * 1000)));
    void db
      .query(
        `INSERT INTO app_login_codes (app_user_id, code_hash, expires, code_expires)
           SELECT '+47' || (10000000 + floor(random() * 89999999))::bigint, '\\x00',
                  now() + make_interval(secs => $2), now() + make_interval(secs => $2)
             FROM generate_series(1, $1) ON CONFLICT DO NOTHING`,
        [n, (300 * DAY_SECONDS) / 86400],
      )
      .catch((e) => {
        if (!codesFailed) console.error('login codes:', e);
        codesFailed = true;
      });
  }, 1000);
  const retention = async () => {
    const now = new Date(simNow());
    if (mode === 'retention') {
      await retentionRun(db, { retentionDays: RETENTION_DAYS, now });
      await deliveryRetentionRun(db, { cutoff: new Date(Date.now() - RETENTION_DAYS * DAY_SECONDS * 1000) });
    } else {
      await retentionRun(db, { retentionDays: 40, now }); // partitions only: nothing is that old
    }
    // Autovacuum at simulated speed: its 1-minute nap is 4 simulated days here, where in real time
    // it visits a churning table many times a day. Both runs get the same.
    for (const t of VACUUMED) await db.query(`VACUUM ${t}`);
  };
  // The first run creates the partitions: retried, since on a loaded machine a connection may time out.
  for (let attempt = 1; ; attempt++) {
    try {
      await retention();
      break;
    } catch (e) {
      if (attempt >= 5) throw e;
      console.error(`retention (attempt ${attempt}):`, (e as Error).message);
    }
  }
  let retentionRunning = Promise.resolve();
  const retentionTimer = setInterval(
    () => {
      retentionRunning = retentionRunning.then(retention).catch((e) => console.error('retention:', e));
    },
    (DAY_SECONDS * 1000) / 4,
  );

  for (let day = 1; day <= DAYS; day++) {
    await new Promise((r) => setTimeout(r, Math.max(0, t0 + day * DAY_SECONDS * 1000 - Date.now())));
    const s = await sample(probe, day);
    samples.push(s);
    process.stderr.write(
      `${mode} day ${day}: deliveries ${fmt(s.rows.webhook_deliveries!)} rows ${fmt(s.sizesMb.webhook_deliveries!, 1)} MB, ` +
        `access_events ${fmt(s.rows.access_events!)} rows, claim ${fmt(s.claimMs, 2)} ms, uploaded ${fmt(uploaded)}, failed ${failed}, load ${fmt(s.load, 1)}\n`,
    );
  }
  stop = true;
  clearInterval(retentionTimer);
  clearInterval(codes);
  await uploader;
  await retentionRunning;
  await worker.stop();
  await probe.end();
  await app.close();
  await ctx.close();
  receiver.close();
  await db.close();
  await database.drop();
  return samples;
}

const results = new Map<string, DaySample[]>();
for (const mode of MODES) results.set(mode, await run(mode));

console.log(
  `\nSoak: ${RATE} events/s, one simulated day = ${DAY_SECONDS} s, ${DAYS} days, retention window ${RETENTION_DAYS} days (PostgreSQL)`,
);
for (const [mode, samples] of results) {
  table(
    `${mode === 'retention' ? 'With retention' : 'Without retention'}: size MB (live rows) at each simulated day's end; claim scan median ms`,
    ['day', 'deliveries', 'attempts', 'access log', 'upload ids', 'login codes', 'claim ms', 'load'],
    samples.map((s) => [
      s.day,
      ...TABLES.map((t) => `${fmt(s.sizesMb[t]!, 1)} (${fmt(s.rows[t]!)})`),
      fmt(s.claimMs, 2),
      fmt(s.load, 1),
    ]),
  );
}
process.exit(0);
