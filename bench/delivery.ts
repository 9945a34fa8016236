// Webhook delivery throughput: N deliveries queued directly in the table (plus NOTIFY), delivered by
// one DeliveryWorker to a local HTTPS receiver running in a child process, on PostgreSQL and on
// PGlite. Baseline measured in the same run: raw undici POSTs to the same receiver with the same
// concurrency, keep-alive and TLS (what the worker could do with no queue at all).
//
//   npm run bench:delivery                       # both stores, 20,000 deliveries
//   BENCH_N=5000 BENCH_STORES=pglite npm run bench:delivery
//   BENCH_DATABASE_URL=postgres://... (default postgres://postgres@127.0.0.1:5432/test; a schema
//   is created for the run and dropped after)
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:https';
import pg from 'pg';
import { Agent, request } from 'undici';
import { loadConfig } from '../src/config.ts';
import { createKeyring } from '../src/crypto/master-key.ts';
import type { Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPgStore } from '../src/db/pg-store.ts';
import { openPgliteStore } from '../src/db/pglite-store.ts';
import { DELIVERIES_CHANNEL } from '../src/delivery/enqueue.ts';
import { webhookSecretGenerate } from '../src/delivery/sign.ts';
import { DeliveryWorker } from '../src/delivery/worker.ts';
import { createMetrics } from '../src/http/metrics.ts';
import { uuidv7 } from '../src/ids.ts';
import { receiverTlsOptions, sampleEventBody, testCa } from './lib.ts';

interface Receiver {
  port: number;
  /** Resolves when `n` more requests have arrived. */
  expect(n: number): Promise<{ done: Promise<void> }>;
  close(): void;
}

async function startReceiverProcess(): Promise<Receiver> {
  const child = fork(import.meta.filename, ['receiver'], { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((resolve) =>
    child.once('message', (m: any) => m.type === 'port' && resolve(m.port)),
  );
  return {
    port,
    async expect(n) {
      const ready = new Promise<void>((r) => child.once('message', () => r()));
      child.send({ type: 'expect', target: n });
      await ready;
      return { done: new Promise<void>((r) => child.once('message', (m: any) => m.type === 'done' && r())) };
    },
    close: () => child.kill(),
  };
}

const N = Number(process.env.BENCH_N ?? 20_000);
const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 100);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 256);

async function rawUndiciRate(rx: Receiver, n: number): Promise<number> {
  const ca = testCa();
  const agent = new Agent({ connect: { ca }, connections: 16, keepAliveTimeout: 30_000 });
  const body = sampleEventBody();
  const post = async () => {
    const r = await request(`https://127.0.0.1:${rx.port}/raw`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json' },
      body,
    });
    await r.body.dump();
  };
  // Warm up the connections and the JIT (the receiver's too), then the same concurrency the worker uses.
  let warm = 0;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (warm++ < 3000) await post();
    }),
  );
  const { done } = await rx.expect(n);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next++ < n) await post();
    }),
  );
  await done;
  const rate = n / ((performance.now() - started) / 1000);
  await agent.close();
  return rate;
}

async function seed(db: Db, keyring: ReturnType<typeof createKeyring>, port: number): Promise<void> {
  const org = uuidv7();
  const project = uuidv7();
  await db.query("INSERT INTO organizations (id, name) VALUES ($1, 'Bench')", [org]);
  await db.query("INSERT INTO projects (id, organization_id, name) VALUES ($1, $2, 'Bench')", [project, org]);
  const secretEnc = keyring.encrypt(webhookSecretGenerate());
  const credentialsEnc = keyring.encrypt('bench:secret');
  for (let i = 0; i < WEBHOOKS; i++) {
    const lock = uuidv7();
    await db.query("INSERT INTO locks (id, project_id, name, timezone) VALUES ($1, $2, $3, 'UTC')", [
      lock,
      project,
      `Door ${i}`,
    ]);
    const url = `https://127.0.0.1:${port}/hook/${i}`;
    await db.query(
      `INSERT INTO webhooks (id, project_id, lock_id, url, url_display, credentials_enc, secret_enc)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        uuidv7(),
        project,
        lock,
        url,
        url.replace('https://', 'https://bench:****@'),
        credentialsEnc,
        secretEnc,
      ],
    );
  }
  // N deliveries spread over the webhooks, bodies in the Access Event shape, then wake the workers.
  const body = sampleEventBody();
  await db.query(
    `WITH w AS (SELECT id, project_id, row_number() OVER (ORDER BY id) - 1 AS k FROM webhooks WHERE project_id = $1)
     INSERT INTO webhook_deliveries (id, webhook_id, project_id, event_id, body, event_received)
     SELECT gen_random_uuid(), w.id, w.project_id, gen_random_uuid(), $2, now()
       FROM generate_series(0, $3 - 1) AS g(i) JOIN w ON w.k = g.i % $4 ORDER BY g.i`,
    [project, body, N, WEBHOOKS],
  );
  await db.query(`SELECT pg_notify('${DELIVERIES_CHANNEL}', '')`);
}

async function runStore(kind: 'pg' | 'pglite', rx: Receiver): Promise<{ rate: number; seconds: number }> {
  let db: Db;
  let cleanup = async () => {};
  if (kind === 'pg') {
    const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    db = await openPgStore({ url, poolSize: 10, schema });
    cleanup = async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    };
  } else {
    db = await openPgliteStore({});
  }
  await migrate(db);
  const config = loadConfig({
    LATCHKEY_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8',
    LATCHKEY_LOG_LEVEL: 'silent',
    LATCHKEY_WORKER: 'off',
  });
  const keyring = createKeyring(randomBytes(32));
  await seed(db, keyring, rx.port);
  const { done } = await rx.expect(N);
  const worker = new DeliveryWorker(
    { db, config, keyring, metrics: createMetrics() },
    {
      ca: testCa(),
      maxInFlight: IN_FLIGHT,
      batchSize: 200,
    },
  );
  const started = performance.now();
  await worker.start();
  await done;
  // Delivered means recorded too: wait for the last outcomes to be written.
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'succeeded'",
    );
    if (rows[0]!.n >= N) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const seconds = (performance.now() - started) / 1000;
  await worker.stop();
  const { rows } = await db.query<{ n: number }>('SELECT count(*) AS n FROM webhook_attempts');
  if (rows[0]!.n !== N) throw new Error(`expected ${N} attempts, found ${rows[0]!.n}`);
  await db.close();
  await cleanup();
  return { rate: N / seconds, seconds };
}

async function main(): Promise<void> {
  const stores = (process.env.BENCH_STORES ?? 'pg,pglite').split(',') as ('pg' | 'pglite')[];
  const rx = await startReceiverProcess();
  try {
    const rows: Record<string, string>[] = [];
    for (const kind of stores) {
      const raw = await rawUndiciRate(rx, Math.min(N, 20_000));
      const r = await runStore(kind, rx);
      rows.push({
        store: kind === 'pg' ? 'PostgreSQL' : 'PGlite',
        deliveries: String(N),
        webhooks: String(WEBHOOKS),
        seconds: r.seconds.toFixed(2),
        'deliveries/s': Math.round(r.rate).toString(),
        'raw undici POST/s': Math.round(raw).toString(),
        'of raw': `${Math.round((100 * r.rate) / raw)}%`,
      });
    }
    console.table(rows);
  } finally {
    rx.close();
  }
}

// ---- receiver (child process): answers 200 to every POST, reports when `target` have arrived ----
if (process.argv[2] === 'receiver') {
  let count = 0;
  let target = Number.POSITIVE_INFINITY;
  const server = createServer(receiverTlsOptions(), (req, res) => {
    req.resume();
    req.on('end', () => {
      res.end('ok');
      if (++count === target) process.send!({ type: 'done', count });
    });
  });
  process.on('message', (m: { type: string; target: number }) => {
    if (m.type === 'expect') {
      count = 0;
      target = m.target;
      process.send!({ type: 'ready' });
    }
  });
  server.listen(0, '127.0.0.1', () => process.send!({ type: 'port', port: (server.address() as any).port }));
} else {
  await main();
}
