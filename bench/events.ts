// Event upload → webhook delivery, end to end through real processes: a Latchkey server (child
// process, its own delivery worker) on PostgreSQL and on PGlite, app uploads through POST
// /v2/app/events, and one webhook on the lock pointing at a local HTTPS receiver (another child
// process, trusted through NODE_EXTRA_CA_CERTS). Per store:
//   (a) sustained: BENCH_EVENTS events (default 20,000) in batches of 500 from 4 concurrent uploaders;
//       upload events/s (first request → last answer) and delivered/s (first request → last receipt);
//   (b) latency: uploads at a fixed BENCH_RATE/s (default 500) for BENCH_LATENCY_SECONDS (default 10),
//       in requests of BENCH_LATENCY_BATCH events (default 10: 50 requests/s; 1 = one request per
//       event) sent on a timer, open loop; upload→receipt p50/p99 (receipt at the receiver − the
//       upload request's start), beside the upload request's own answer time;
//   (c) baseline in the same run: raw undici POSTs to the same receiver with 16 in flight (the
//       worker's default per-webhook limit, so the ceiling for one webhook) and with 64.
// BENCH_LOCKS=n (default 1) spreads the events over n locks, each with its own key and webhook to
// the same receiver: the worker sends at most LATCHKEY_WEBHOOK_CONCURRENCY_PER_WEBHOOK (16) requests
// at a time per webhook, so one webhook's rate is bounded by 16 / send time, whatever the worker
// could do across webhooks.
//   npm run bench:events      BENCH_STORES=pglite npm run bench:events
//   BENCH_DATABASE_URL=postgres://... (default postgres://postgres@127.0.0.1:5432/test; a fresh
//   database is created for the run and dropped after)
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:https';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import {
  ADMIN_TOKEN,
  api,
  fmt,
  receiverTlsOptions,
  type StoreKind,
  sampleEventBody,
  seedTenant,
  startLatchkey,
  TLS_DIR,
  table,
  testCa,
} from './lib.ts';

const N = Number(process.env.BENCH_EVENTS ?? 20_000);
const BATCH = 500;
const UPLOADERS = 4;
const RATE = Number(process.env.BENCH_RATE ?? 500);
const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 10);
const LATENCY_BATCH = Number(process.env.BENCH_LATENCY_BATCH ?? 10);
const PHONE = '+4799887766';
const LOCKS = Number(process.env.BENCH_LOCKS ?? 1);

/** Wall-clock milliseconds with sub-ms resolution, comparable across processes on one machine. */
const now = () => performance.timeOrigin + performance.now();

// ---- receiver (child process) ----
interface Receiver {
  port: number;
  /** Forgets what it got; resolves to the receipt time of the n-th request from now on. */
  expect(n: number): Promise<{ done: Promise<number> }>;
  /** webhook-id → receipt time of the first receipt, since the last expect(). */
  dump(): Promise<Map<string, number>>;
  close(): void;
}

async function startReceiverProcess(): Promise<Receiver> {
  const child = fork(import.meta.filename, ['receiver'], { execArgv: ['--import', 'tsx'] });
  const next = (type: string) =>
    new Promise<any>((resolve) => {
      const on = (m: any) => {
        if (m.type !== type) return;
        child.off('message', on);
        resolve(m);
      };
      child.on('message', on);
    });
  const port = (await next('port')).port as number;
  return {
    port,
    async expect(n) {
      const ready = next('ready');
      child.send({ type: 'expect', target: n });
      await ready;
      return { done: next('done').then((m) => m.at as number) };
    },
    async dump() {
      const r = next('dump');
      child.send({ type: 'dump' });
      return new Map((await r).receipts as [string, number][]);
    },
    close: () => child.kill(),
  };
}

function receiverMain(): void {
  let target = Number.POSITIVE_INFINITY;
  let receipts = new Map<string, number>();
  let count = 0;
  const server = createServer(receiverTlsOptions(), (req, res) => {
    req.resume();
    req.on('end', () => {
      const at = now();
      res.writeHead(204).end();
      const id = String(req.headers['webhook-id'] ?? randomUUID());
      if (!receipts.has(id)) receipts.set(id, at);
      if (++count === target) process.send!({ type: 'done', at });
    });
  });
  process.on('message', (m: { type: string; target?: number }) => {
    if (m.type === 'expect') {
      count = 0;
      receipts = new Map();
      target = m.target!;
      process.send!({ type: 'ready' });
    } else if (m.type === 'dump') {
      process.send!({ type: 'dump', receipts: [...receipts] });
    }
  });
  server.listen(0, '127.0.0.1', () => process.send!({ type: 'port', port: (server.address() as any).port }));
}

// ---- the benchmark ----
async function rawUndiciRate(rx: Receiver, n: number, inFlight: number): Promise<number> {
  const agent = new Agent({
    connect: { ca: testCa() },
    connections: Math.min(inFlight, 16),
    keepAliveTimeout: 30_000,
  });
  const body = sampleEventBody();
  const post = async () => {
    const r = await request(`https://127.0.0.1:${rx.port}/raw`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json', 'webhook-id': randomUUID() },
      body,
    });
    await r.body.dump();
  };
  let warm = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (warm++ < 1000) await post();
    }),
  );
  const { done } = await rx.expect(n);
  let next = 0;
  const started = now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next++ < n) await post();
    }),
  );
  const last = await done;
  await agent.close();
  return n / ((last - started) / 1000);
}

async function seed(base: string, rxPort: number) {
  const t = await seedTenant(base);
  const p = (path: string, body: unknown) =>
    api(base, 'POST', `/v2/projects/${t.projectId}${path}`, body, t.projectToken);
  await p('/managed-users', { appUserId: PHONE, firstName: 'Kari', lastName: 'Nordmann' });
  const start = new Date(Date.now() - 86_400_000).toISOString();
  const keyIds: string[] = [];
  for (let i = 0; i < LOCKS; i++) {
    const lockId = (await p('/locks', { name: `Door ${i}`, timezone: 'Europe/Oslo' })).lock.id as string;
    keyIds.push((await p('/keys', { keys: [{ lockId, appUserId: PHONE, start }] })).keys[0].id as string);
    await p('/webhooks', { url: `https://bench:secret@127.0.0.1:${rxPort}/hook/${i}`, lockId });
  }
  const appToken = (await api(base, 'POST', '/admin/v1/app-tokens', { appUserId: PHONE }, ADMIN_TOKEN))
    .access_token as string;
  return { keyIds, appToken };
}

function uploader(base: string, appToken: string, keyIds: string[]) {
  let k = 0;
  const nextKey = () => keyIds[k++ % keyIds.length]!;
  // Enough connections that the latency phase never queues in the client (it is open-loop).
  const agent = new Agent({ connections: 128, keepAliveTimeout: 30_000 });
  const upload = async (ids: string[]) => {
    const created = new Date(Date.now() - 1000).toISOString();
    const r = await request(`${base}/v2/app/events`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${appToken}` },
      body: JSON.stringify({
        events: ids.map((id) => ({ id, keyId: nextKey(), action: 'unlocked', created })),
      }),
    });
    const text = await r.body.text();
    if (r.statusCode !== 200) throw new Error(`upload: ${r.statusCode} ${text}`);
    const results = JSON.parse(text).results as { status: string; reason?: string }[];
    const bad = results.find((x) => x.status !== 'accepted');
    if (bad) throw new Error(`upload: event ${bad.status} ${bad.reason ?? ''}`);
  };
  return { upload, close: () => agent.close() };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function runStore(kind: StoreKind, rx: Receiver) {
  const server = await startLatchkey(kind, {
    NODE_EXTRA_CA_CERTS: join(TLS_DIR, 'ca.crt'),
    LATCHKEY_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8',
    LATCHKEY_LOG_LEVEL: 'warn',
  });
  // Right after a first start on a fresh store (for PGlite: after initdb, which runs in a child).
  const startedRss = server.peakRssMb?.();
  try {
    const { keyIds, appToken } = await seed(server.base, rx.port);
    const up = uploader(server.base, appToken, keyIds);
    // Warm-up: JIT, connections, the worker's keep-alive connection to the receiver.
    const warm = await rx.expect(1000);
    for (let i = 0; i < 2; i++) await up.upload(Array.from({ length: BATCH }, () => randomUUID()));
    await warm.done;

    // (a) sustained
    const batches = Array.from({ length: Math.ceil(N / BATCH) }, (_, i) =>
      Array.from({ length: Math.min(BATCH, N - i * BATCH) }, () => randomUUID()),
    );
    const { done } = await rx.expect(N);
    const t0 = now();
    await Promise.all(
      Array.from({ length: UPLOADERS }, async () => {
        for (let b = batches.shift(); b; b = batches.shift()) await up.upload(b);
      }),
    );
    const uploaded = now();
    const lastReceipt = await done;
    const uploadRate = N / ((uploaded - t0) / 1000);
    const deliveredRate = N / ((lastReceipt - t0) / 1000);

    // (b) latency at a fixed rate, one event per request
    const total = Math.round(RATE * LATENCY_SECONDS);
    const sent = new Map<string, number>();
    const acks: number[] = [];
    const lat = await rx.expect(total);
    const start = now();
    let issued = 0;
    const pendingUploads: Promise<void>[] = [];
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        const due = Math.min(total, Math.floor(((now() - start) / 1000) * RATE));
        while (issued < total && due - issued >= Math.min(LATENCY_BATCH, total - issued)) {
          const ids = Array.from({ length: Math.min(LATENCY_BATCH, total - issued) }, () => randomUUID());
          const at = now();
          for (const id of ids) sent.set(id, at);
          pendingUploads.push(up.upload(ids).then(() => void acks.push(now() - at)));
          issued += ids.length;
        }
        if (issued >= total) {
          clearInterval(tick);
          resolve();
        }
      }, 2);
    });
    await Promise.all(pendingUploads);
    await lat.done;
    const receipts = await rx.dump();
    const latencies = [...sent].map(([id, at]) => receipts.get(id)! - at).sort((a, b) => a - b);
    acks.sort((a, b) => a - b);
    await up.close();
    return {
      startedRss,
      peakRss: server.peakRssMb?.(),
      uploadRate,
      deliveredRate,
      sustainedSeconds: (lastReceipt - t0) / 1000,
      p50: pct(latencies, 0.5),
      p99: pct(latencies, 0.99),
      max: latencies[latencies.length - 1]!,
      ackP50: pct(acks, 0.5),
      ackP99: pct(acks, 0.99),
    };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const stores = (process.env.BENCH_STORES ?? 'pg,pglite').split(',') as StoreKind[];
  const rx = await startReceiverProcess();
  const rows: (string | number)[][] = [];
  try {
    for (const kind of stores) {
      const load1 = loadavg()[0]!;
      const raw16 = await rawUndiciRate(rx, 10_000, 16);
      const raw64 = await rawUndiciRate(rx, 10_000, 64);
      const r = await runStore(kind, rx);
      rows.push([
        kind === 'pg' ? 'PostgreSQL' : 'PGlite',
        `${fmt(N)} / ${LOCKS}`,
        fmt(r.uploadRate),
        fmt(r.deliveredRate),
        `${fmt(raw16)} / ${fmt(raw64)}`,
        `${fmt(r.p50, 1)} / ${fmt(r.p99, 1)} / ${fmt(r.max, 1)}`,
        `${fmt(r.ackP50, 1)} / ${fmt(r.ackP99, 1)}`,
        `${r.startedRss === undefined ? 'n/a' : fmt(r.startedRss)} / ${r.peakRss === undefined ? 'n/a' : fmt(r.peakRss)}`,
        `${load1.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}`,
      ]);
    }
  } finally {
    rx.close();
  }
  table(
    `Event upload → webhook delivery, ${LOCKS} lock(s) with one webhook each, local HTTPS receiver (latency at ${RATE} events/s in requests of ${LATENCY_BATCH} for ${LATENCY_SECONDS} s)`,
    [
      'store',
      'events / webhooks',
      'upload events/s',
      'delivered/s',
      'raw undici POST/s (16 / 64 in flight)',
      'upload→receipt p50 / p99 / max ms',
      'upload answered p50 / p99 ms',
      'server peak RSS MB: after first start / whole run',
      'load avg 1 min (start → end)',
    ],
    rows,
  );
}

if (process.argv[2] === 'receiver') receiverMain();
else await main();
