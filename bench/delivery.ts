// Webhook delivery throughput, Latchkey beside two peers, in alternating rounds on one machine:
// - Latchkey: N deliveries queued directly in the table (plus NOTIFY), delivered by one
//   DeliveryWorker (on PostgreSQL; on PGlite too with BENCH_STORES=pg,pglite);
// - graphile-worker 0.17 (a job queue on PostgreSQL, the shape our worker's parts follow), twice:
//   batched (localQueue of 500, completeJobBatchDelay 0, failJobBatchDelay 0: its performance
//   page's setup) and with its defaults, both running as many jobs at once as Latchkey holds
//   requests (BENCH_IN_FLIGHT, 256);
// - the raw ceiling: the same signed POSTs with no queue at all.
// Every peer does the same work per delivery: HMAC-SHA256 of the body into Standard Webhooks headers
// (deliveryHeaders) and one POST to the same HTTPS receiver on loopback (a child process), through
// the same delivery agent (createDeliveryAgent). The machine is shared and noisy: each peer runs
// once per round, in turn, and the table gives medians, ranges and ratios, and the load average.
//
//   npm run bench:delivery                       # 3 rounds of 20,000 deliveries
//   BENCH_N=5000 BENCH_ROUNDS=2 npm run bench:delivery
//   BENCH_DATABASE_URL=postgres://... (default postgres://postgres@127.0.0.1:5432/test; a schema
//   is created for each run and dropped after)
//   BENCH_MODE=receivers npm run bench:delivery  # 1,000 receivers: slow, failing and hanging ones
//                                                # (bench/delivery-receivers.ts)
import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { loadavg } from 'node:os';
import { Logger, makeWorkerUtils, run, type Task } from 'graphile-worker';
import pg from 'pg';
import type { Agent } from 'undici';
import { loadConfig } from '../src/config.ts';
import { createKeyring } from '../src/crypto/master-key.ts';
import type { Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPgStore } from '../src/db/pg-store.ts';
import { openPgliteStore } from '../src/db/pglite-store.ts';
import { parseCidrList } from '../src/delivery/address-policy.ts';
import { DELIVERIES_CHANNEL } from '../src/delivery/enqueue.ts';
import { createDeliveryAgent, deliverySend } from '../src/delivery/send.ts';
import { deliveryHeaders, webhookSecretGenerate } from '../src/delivery/sign.ts';
import { DeliveryWorker } from '../src/delivery/worker.ts';
import { createMetrics } from '../src/http/metrics.ts';
import { uuidv7 } from '../src/ids.ts';
import { cpuSeconds, machineLine, receiverTlsOptions, sampleEventBody, testCa } from './lib.ts';

interface Receiver {
  port: number;
  pid: number | undefined;
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
    pid: child.pid,
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

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TIMEOUT_MS = 15_000;

/** The agent every peer posts through: Latchkey's own (address policy, no per-host limit). */
function deliveryAgent(): Agent {
  return createDeliveryAgent({
    allowed: parseCidrList(['127.0.0.0/8']),
    timeoutMs: TIMEOUT_MS,
    ca: testCa(),
    connectionsPerOrigin: 0,
  });
}

/**
 * One delivery's work outside any queue: sign the body, POST it, read the answer, with Latchkey's
 * own sending function (deliverySend), so that every peer does the same HTTP work and the
 * differences are the queues'.
 */
function signedPost(agent: Agent, secret: string) {
  return async (url: string, msgId: string, body: string): Promise<void> => {
    const headers = deliveryHeaders({
      msgId,
      timestamp: Math.floor(Date.now() / 1000),
      body,
      secrets: [secret],
      credentials: 'bench:secret',
      userAgent: 'Latchkey-Bench',
    });
    const r = await deliverySend(agent, { url, headers, body, timeoutMs: TIMEOUT_MS });
    if (r.status === undefined || r.status >= 300) throw new Error(r.error);
  };
}

/** The raw ceiling: N signed POSTs, IN_FLIGHT at a time, no queue. Deliveries per second. */
async function rawRate(rx: Receiver, meter: Meter): Promise<number> {
  const agent = deliveryAgent();
  const post = signedPost(agent, webhookSecretGenerate());
  const body = sampleEventBody();
  const url = (i: number) => `https://127.0.0.1:${rx.port}/hook/${i % WEBHOOKS}`;
  // Warm up the connections and the JIT (the receiver's too).
  let warm = 0;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (warm < 3000) await post(url(warm++), randomUUID(), body);
    }),
  );
  const { done } = await rx.expect(N);
  let next = 0;
  meter.start();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < N) await post(url(next++), randomUUID(), body);
    }),
  );
  await done;
  const rate = N / meter.stop();
  await agent.close();
  return rate;
}

/**
 * graphile-worker: N `deliver` jobs (payload: url, id, body), added before the runner starts, as
 * Latchkey's are queued before its worker starts; done when the receiver has them all and no job
 * is left. Deliveries per second.
 */
async function graphileRate(rx: Receiver, meter: Meter, batched: boolean): Promise<number> {
  const schema = `bench_gw_${randomBytes(4).toString('hex')}`;
  const logger = new Logger(() => () => {});
  const utils = await makeWorkerUtils({ connectionString: PG_URL, schema, logger });
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const agent = deliveryAgent();
  try {
    await utils.migrate();
    const body = sampleEventBody();
    for (let i = 0; i < N; i += 2000) {
      await utils.addJobs(
        Array.from({ length: Math.min(2000, N - i) }, (_, k) => ({
          identifier: 'deliver',
          payload: { url: `https://127.0.0.1:${rx.port}/hook/${(i + k) % WEBHOOKS}`, id: randomUUID(), body },
        })),
      );
    }
    const post = signedPost(agent, webhookSecretGenerate());
    const deliver: Task = async (payload) => {
      const p = payload as { url: string; id: string; body: string };
      await post(p.url, p.id, p.body);
    };
    const { done } = await rx.expect(N);
    meter.start();
    const runner = await run({
      connectionString: PG_URL,
      schema,
      concurrency: IN_FLIGHT,
      noHandleSignals: true,
      pollInterval: 1000,
      logger,
      taskList: { deliver },
      ...(batched
        ? {
            preset: { worker: { localQueue: { size: 500 }, completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
          }
        : {}),
    });
    await done;
    for (;;) {
      const { rows } = await admin.query<{ n: string }>(`SELECT count(*) AS n FROM ${schema}._private_jobs`);
      if (Number(rows[0]!.n) === 0) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const rate = N / meter.stop();
    await runner.stop();
    return rate;
  } finally {
    await agent.close();
    await utils.release();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  }
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

async function runStore(
  kind: 'pg' | 'pglite',
  rx: Receiver,
  meter: Meter,
): Promise<{ rate: number; seconds: number }> {
  let db: Db;
  let cleanup = async () => {};
  if (kind === 'pg') {
    const url = PG_URL;
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
  meter.start();
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
  const seconds = meter.stop();
  await worker.stop();
  const { rows } = await db.query<{ n: number }>('SELECT count(*) AS n FROM webhook_attempts');
  if (rows[0]!.n !== N) throw new Error(`expected ${N} attempts, found ${rows[0]!.n}`);
  await db.close();
  await cleanup();
  return { rate: N / seconds, seconds };
}

/** Marks the timed part of a run: its time and the CPU spent between start() and stop(). */
interface Meter {
  start(): void;
  /** Seconds since start(). */
  stop(): number;
}

/** CPU seconds used so far by this process (the sender and its queue), the receiver and PostgreSQL. */
function cpuNow(rx: Receiver): { sender: number; receiver: number; postgres: number } {
  let postgres = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres')
        postgres += cpuSeconds(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  const own = process.cpuUsage();
  return { sender: (own.user + own.system) / 1e6, receiver: cpuSeconds(rx.pid), postgres };
}

interface Peer {
  name: string;
  /** Delivers N and answers deliveries per second. */
  run(rx: Receiver, meter: Meter): Promise<number>;
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

async function main(): Promise<void> {
  const stores = (process.env.BENCH_STORES ?? 'pg').split(',') as ('pg' | 'pglite')[];
  const peers: Peer[] = [
    { name: 'raw signed POSTs (no queue)', run: rawRate },
    ...stores.map((kind) => ({
      name: `Latchkey (${kind === 'pg' ? 'PostgreSQL' : 'PGlite'})`,
      run: async (rx: Receiver, m: Meter) => (await runStore(kind, rx, m)).rate,
    })),
    { name: 'graphile-worker, batched', run: (rx: Receiver, m: Meter) => graphileRate(rx, m, true) },
    { name: 'graphile-worker, defaults', run: (rx: Receiver, m: Meter) => graphileRate(rx, m, false) },
  ];
  // BENCH_PEERS=raw,latchkey (a substring of each name to keep): fewer peers, e.g. for a profile.
  const only = process.env.BENCH_PEERS?.split(',');
  if (only)
    peers.splice(
      0,
      peers.length,
      ...peers.filter((p) => only.some((o) => p.name.toLowerCase().includes(o.toLowerCase()))),
    );
  const rates = new Map<string, number[]>(peers.map((p) => [p.name, []]));
  /** µs of CPU per delivery, per peer: [sender, receiver, PostgreSQL] of each round. */
  const cpu = new Map<string, number[][]>(peers.map((p) => [p.name, []]));
  const loads: number[] = [];
  const rx = await startReceiverProcess();
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      // Alternating: each peer once per round, the order turned each round.
      const order = round % 2 === 1 ? peers : [...peers].reverse();
      for (const peer of order) {
        loads.push(loadavg()[0]!);
        let before = cpuNow(rx);
        let after = before;
        let started = performance.now();
        const rate = await peer.run(rx, {
          start: () => {
            before = cpuNow(rx);
            started = performance.now();
          },
          stop: () => {
            after = cpuNow(rx);
            return (performance.now() - started) / 1000;
          },
        });
        const perDelivery = (k: keyof typeof before) => ((after[k] - before[k]) * 1e6) / N;
        cpu.get(peer.name)!.push([perDelivery('sender'), perDelivery('receiver'), perDelivery('postgres')]);
        rates.get(peer.name)!.push(rate);
        console.log(`round ${round}: ${peer.name}: ${Math.round(rate)} deliveries/s`);
      }
    }
    const raw = median(rates.get(peers[0]!.name)!);
    const latchkey = median(rates.get(peers[1]!.name)!);
    console.table(
      peers.map((p) => {
        const v = rates.get(p.name)!;
        return {
          peer: p.name,
          deliveries: N,
          webhooks: WEBHOOKS,
          'in flight': IN_FLIGHT,
          'deliveries/s (median)': Math.round(median(v)),
          range: `${Math.round(Math.min(...v))}-${Math.round(Math.max(...v))}`,
          'of raw': `${Math.round((100 * median(v)) / raw)}%`,
          'Latchkey ÷ this': (latchkey / median(v)).toFixed(2),
        };
      }),
    );
    // Where the CPU goes during the timed part of each run (set-up such as seeding the queue is not counted).
    console.table(
      peers.map((p) => {
        const rounds = cpu.get(p.name)!;
        const col = (i: number) => Math.round(median(rounds.map((r) => r[i]!)));
        return {
          peer: p.name,
          'sender + queue µs/delivery': col(0),
          'receiver µs': col(1),
          'PostgreSQL µs': col(2),
          'total µs': col(0) + col(1) + col(2),
        };
      }),
    );
    console.log(
      `${ROUNDS} rounds on ${machineLine()}; 1-minute load average during the runs ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`,
    );
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
} else if (process.env.BENCH_MODE === 'receivers') {
  // Real-world receivers (slow, failing and hanging ones): bench/delivery-receivers.ts.
  await import('./delivery-receivers.ts');
} else {
  await main();
}
