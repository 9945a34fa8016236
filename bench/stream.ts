// The live access-event stream, through real processes: a Latchkey server (child process) on
// PostgreSQL and on PGlite, BENCH_STREAMS (default 100) open streams on one project held by another
// child process (so parsing 50,000 frames/s never shares the uploader's event loop), and app uploads
// at a fixed BENCH_RATE events/s (default 500) for BENCH_SECONDS (default 10), open loop, in
// requests of BENCH_BATCH events (default 10). Per store:
//   (a) event → stream latency: each event's receipt on each stream − the start of the upload
//       request that carried it; p50/p99/max over every (event, stream) pair; every event must
//       reach every stream exactly once, and every stream must see the same order;
//   (b) memory per open stream, in this process (run with --expose-gc, as the npm script does): an
//       app on an in-memory PGlite, BENCH_IDLE_STREAMS (default 1,000) idle streams opened by the
//       client process; V8 heap after a forced GC, minus the same before, per stream; beside
//       it the same for a bare node:http server holding as many open responses (what any open HTTP
//       response costs), so the difference is the stream's own share.
//   npm run bench:stream      BENCH_STORES=pg npm run bench:stream
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type ServerResponse } from 'node:http';
import { loadavg } from 'node:os';
import { Agent, request } from 'undici';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createContext } from '../src/context.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPgliteStore } from '../src/db/pglite-store.ts';
import { ADMIN_TOKEN, api, fmt, type StoreKind, seedTenant, startLatchkey, table } from './lib.ts';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 100);
const IDLE_STREAMS = Number(process.env.BENCH_IDLE_STREAMS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BATCH = Number(process.env.BENCH_BATCH ?? 10);
const PHONE = '+4799887766';

/** Wall-clock milliseconds with sub-ms resolution, comparable across processes on one machine. */
const now = () => performance.timeOrigin + performance.now();

// ---- stream clients (child process) ----
function clientsMain(): void {
  const receipts = new Map<string, number[]>();
  /** Per stream: a running hash of the ids in the order received. */
  const orderHash: number[] = [];
  const sockets: Array<() => void> = [];
  let opened = 0;
  process.on('message', (m: any) => {
    if (m.type === 'open') {
      opened = 0;
      for (let i = 0; i < m.n; i++) {
        const streamNo = orderHash.length;
        orderHash.push(0);
        const req = httpRequest(m.url, { headers: { authorization: `Bearer ${m.token}` }, agent: false });
        req.on('response', (res) => {
          if (res.statusCode !== 200) throw new Error(`stream: ${res.statusCode}`);
          res.setEncoding('utf8');
          let buf = '';
          let seenOpen = false;
          res.on('data', (chunk: string) => {
            const at = now();
            if (!seenOpen) {
              seenOpen = true;
              if (++opened === orderHash.length) process.send!({ type: 'opened' });
            }
            buf += chunk;
            let i = buf.indexOf('\n\n');
            while (i >= 0) {
              const frame = buf.slice(0, i);
              buf = buf.slice(i + 2);
              if (frame.startsWith('id: ')) {
                const id = frame.slice(4, frame.indexOf('\n'));
                const r = receipts.get(id) ?? [];
                receipts.set(id, r);
                r.push(at);
                let h = orderHash[streamNo]!;
                for (let c = 0; c < id.length; c++) h = Math.imul(h ^ id.charCodeAt(c), 16777619) >>> 0;
                orderHash[streamNo] = h;
              }
              i = buf.indexOf('\n\n');
            }
          });
        });
        req.end();
        sockets.push(() => req.destroy());
      }
    } else if (m.type === 'dump') {
      process.send!({
        type: 'dump',
        receipts: [...receipts],
        inOrder: orderHash.every((h) => h === orderHash[0]),
      });
      receipts.clear();
    } else if (m.type === 'close') {
      for (const s of sockets.splice(0)) s();
      orderHash.length = 0;
      opened = 0;
      process.send!({ type: 'closed' });
    } else if (m.type === 'exit') process.exit(0);
  });
}

interface Clients {
  open(url: string, token: string, n: number): Promise<void>;
  dump(): Promise<{ receipts: [string, number[]][]; inOrder: boolean }>;
  closeAll(): Promise<void>;
  exit(): void;
}

function startClients(): Clients {
  const child = fork(import.meta.filename, ['clients'], { execArgv: ['--import', 'tsx'] });
  const next = (type: string) =>
    new Promise<any>((resolve) => {
      const on = (m: any) => {
        if (m.type !== type) return;
        child.off('message', on);
        resolve(m);
      };
      child.on('message', on);
    });
  return {
    async open(url, token, n) {
      const p = next('opened');
      child.send({ type: 'open', url, token, n });
      await p;
    },
    async dump() {
      const p = next('dump');
      child.send({ type: 'dump' });
      return p;
    },
    async closeAll() {
      const p = next('closed');
      child.send({ type: 'close' });
      await p;
    },
    exit: () => child.send({ type: 'exit' }),
  };
}

/** Heap and RSS after a full GC (twice: weak references and finalizers settle). */
async function memory(): Promise<{ heap: number; rss: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc (npm run bench:stream does)');
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setTimeout(r, 200));
    gc();
  }
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}

/** Bytes per open stream (Latchkey) and per open response (bare node:http) in this process. */
async function memoryPerStream(clients: Clients) {
  const config = loadConfig({
    LATCHKEY_DATA_DIR: `/tmp/latchkey-bench-stream-${process.pid}`,
    LATCHKEY_ADMIN_TOKEN: ADMIN_TOKEN,
    LATCHKEY_LOG_LEVEL: 'warn',
    LATCHKEY_WORKER: 'off',
    LATCHKEY_STREAM_MAX_PER_PROJECT: String(IDLE_STREAMS),
    LATCHKEY_STREAMS_PER_CLIENT: String(IDLE_STREAMS),
    LATCHKEY_STREAMS_PER_ADDRESS: String(IDLE_STREAMS),
  });
  const db = await openPgliteStore({});
  await migrate(db);
  const ctx = await createContext(config, db);
  const app = await buildApp(ctx);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const held: ServerResponse[] = [];
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('retry: 1000\n\n');
    held.push(res);
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  try {
    const t = await seedTenant(base);
    const url = `${base}/v2/projects/${t.projectId}/logs/access/stream`;
    const m0 = await memory();
    await clients.open(url, t.projectToken, IDLE_STREAMS);
    const m1 = await memory();
    if (ctx.accessEventStreams.size !== IDLE_STREAMS) throw new Error('streams not all open');
    await clients.closeAll();
    const m2 = await memory();
    await clients.open(`http://127.0.0.1:${(bare.address() as { port: number }).port}/`, 'x', IDLE_STREAMS);
    const m3 = await memory();
    await clients.closeAll();
    return {
      streamHeap: (m1.heap - m0.heap) / IDLE_STREAMS,
      bareHeap: (m3.heap - m2.heap) / IDLE_STREAMS,
    };
  } finally {
    for (const r of held) r.destroy();
    bare.close();
    await app.close();
    await ctx.close();
    await db.close();
  }
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function runStore(kind: StoreKind, clients: Clients) {
  const server = await startLatchkey(kind, {
    LATCHKEY_STREAM_MAX_PER_PROJECT: String(STREAMS),
    LATCHKEY_STREAMS_PER_CLIENT: String(STREAMS),
    LATCHKEY_STREAMS_PER_ADDRESS: String(STREAMS),
    LATCHKEY_WORKER: 'off',
  });
  try {
    const t = await seedTenant(server.base);
    const p = (path: string, body: unknown) =>
      api(server.base, 'POST', `/v2/projects/${t.projectId}${path}`, body, t.projectToken);
    const lockId = (await p('/locks', { name: 'Door', timezone: 'Europe/Oslo' })).lock.id as string;
    const start = new Date(Date.now() - 86_400_000).toISOString();
    const keyId = (await p('/keys', { keys: [{ lockId, appUserId: PHONE, start }] })).keys[0].id as string;
    const appToken = (
      await api(server.base, 'POST', '/admin/v1/app-tokens', { appUserId: PHONE }, ADMIN_TOKEN)
    ).access_token as string;
    const url = `${server.base}/v2/projects/${t.projectId}/logs/access/stream`;

    // (a) latency at RATE events/s with STREAMS open
    await clients.open(url, t.projectToken, STREAMS);
    const agent = new Agent({ connections: 64, keepAliveTimeout: 30_000 });
    const sentAt = new Map<string, number>();
    const prefix = randomUUID().slice(0, 24);
    let seq = 0;
    const uploads: Promise<void>[] = [];
    const interval = (1000 * BATCH) / RATE;
    const t0 = now();
    const total = Math.round(RATE * SECONDS);
    for (let sent = 0; sent < total; sent += BATCH) {
      const due = t0 + (sent / BATCH) * interval;
      const wait = due - now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const ids = Array.from({ length: Math.min(BATCH, total - sent) }, () => {
        seq++;
        return `${prefix}${seq.toString(16).padStart(12, '0')}`;
      });
      const at = now();
      for (const id of ids) sentAt.set(id, at);
      const created = new Date(Date.now() - 1000).toISOString();
      uploads.push(
        request(`${server.base}/v2/app/events`, {
          method: 'POST',
          dispatcher: agent,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${appToken}` },
          body: JSON.stringify({ events: ids.map((id) => ({ id, keyId, action: 'unlocked', created })) }),
        }).then(async (r) => {
          const text = await r.body.text();
          if (r.statusCode !== 200 || text.includes('"rejected"'))
            throw new Error(`upload: ${r.statusCode} ${text}`);
        }),
      );
    }
    await Promise.all(uploads);
    const elapsed = (now() - t0) / 1000;
    // Let the last events reach every stream.
    let got: Awaited<ReturnType<Clients['dump']>> = { receipts: [], inOrder: true };
    const merged = new Map<string, number[]>();
    for (let i = 0; i < 100; i++) {
      await new Promise((r) => setTimeout(r, 100));
      got = await clients.dump();
      for (const [id, times] of got.receipts) merged.set(id, [...(merged.get(id) ?? []), ...times]);
      let complete = 0;
      for (const times of merged.values()) if (times.length >= STREAMS) complete++;
      if (complete === sentAt.size) break;
    }
    await clients.closeAll();
    await agent.close();
    const lat: number[] = [];
    let missing = 0;
    let duplicates = 0;
    for (const [id, at] of sentAt) {
      const times = merged.get(id) ?? [];
      if (times.length < STREAMS) missing += STREAMS - times.length;
      if (times.length > STREAMS) duplicates += times.length - STREAMS;
      for (const r of times) lat.push(r - at);
    }
    lat.sort((x, y) => x - y);
    return {
      kind,
      rate: sentAt.size / elapsed,
      p50: pct(lat, 0.5),
      p99: pct(lat, 0.99),
      max: lat[lat.length - 1] ?? Number.NaN,
      pairs: lat.length,
      missing,
      duplicates,
      inOrder: got.inOrder,
      peakRss: server.peakRssMb?.(),
    };
  } finally {
    await server.stop();
  }
}

async function main() {
  const stores = (process.env.BENCH_STORES ?? 'pg,pglite').split(',') as StoreKind[];
  const clients = startClients();
  const rows: (string | number)[][] = [];
  try {
    for (const kind of stores) {
      const r = await runStore(kind, clients);
      rows.push([
        r.kind,
        fmt(r.rate),
        fmt(r.p50, 1),
        fmt(r.p99, 1),
        fmt(r.max, 1),
        fmt(r.pairs),
        `${r.missing} / ${r.duplicates}`,
        r.inOrder ? 'yes' : 'NO',
        r.peakRss === undefined ? '-' : fmt(r.peakRss),
      ]);
    }
    const m = await memoryPerStream(clients);
    table(
      `memory per open stream, ${IDLE_STREAMS} idle streams (after a forced GC; RSS moves in pages, too coarse per stream)`,
      ['holder', 'V8 heap KiB'],
      [
        ['Latchkey stream (everything: socket, Fastify request, hub)', fmt(m.streamHeap / 1024, 2)],
        ['bare node:http open response', fmt(m.bareHeap / 1024, 2)],
        ["difference: the stream's own share", fmt((m.streamHeap - m.bareHeap) / 1024, 2)],
      ],
    );
  } finally {
    clients.exit();
  }
  table(
    `access-event stream: ${STREAMS} streams on one project, ${RATE} events/s for ${SECONDS} s in uploads of ${BATCH} (load ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')})`,
    [
      'store',
      'events/s',
      'p50 ms',
      'p99 ms',
      'max ms',
      'receipts',
      'missing / dup',
      'same order',
      'peak RSS MB',
    ],
    rows,
  );
}

if (process.argv[2] === 'clients') clientsMain();
else await main();
