// Webhook delivery to real-world receivers: `BENCH_MODE=receivers npm run bench:delivery`.
//
// 1,000 webhooks, each its own HTTPS origin (one port each, so each has its own connections and TLS
// handshakes, as separate receivers would), served by one receiver child process. Each receiver's
// behaviour is drawn once from a seed (BENCH_SEED), so every peer and every run meets the same ones:
// its answer time is log-normal over the receivers (median 80 ms, p99 3 s), 2% answer 503 after
// that time, 1% never answer (they hang until the sender's timeout). HEALTHY receivers are the
// others whose answer time is under 1 s.
//
// Events are uploaded at BENCH_RATE a second (default 2,000) for BENCH_SECONDS (default 25), each
// for one of the 1,000 webhooks (uniformly, from the seed), while one delivery process sends them:
// - Latchkey: one `latchkey worker` process started from the bundle as it ships, configured only
//   through the service's variables (LATCHKEY_WEBHOOK_TIMEOUT_MS, ..._CONCURRENCY_PER_WEBHOOK,
//   ..._IN_FLIGHT_PER_PROCESS); an upload is the upload's own statement
//   (deliveriesEnqueueForEvents) in its own transaction, ten events every 10 ms at 2,000/s;
// - graphile-worker (bench/peers/graphile-deliverer.ts, also one bundled process with the same V8
//   flags), the jobs added at the same rate, running as many jobs at once as Latchkey may have
//   requests under way (its shared room and its slow lane: 2 × the in-flight limit).
// Measured after a warm-up of the timeout + 2 s (the slow lanes are full by then), to the end of
// the uploads: requests arriving at the receivers per second (every attempt, retries included),
// upload → receipt of the healthy receivers (the event's `created` to its arrival), the delivery
// process's peak RSS (VmHWM) and the CPU each process spent per request.
//
//   BENCH_MODE=receivers npm run bench:delivery
//   BENCH_IN_FLIGHT=256,512,1024 BENCH_PER_WEBHOOK=16 BENCH_PEERS=latchkey ...   # limits to try
//   BENCH_TIMEOUT_MS (default 5000: the sender's timeout, shrunk from the service's 15 s so that
//   hanging receivers time out several times in a run), BENCH_ROUNDS (default 3), BENCH_SEED (1)
//   BENCH_MEMORY=1: at the end of each window the bench prints each delivery process's resident parts
//   and open sockets (/proc), and for Latchkey's worker, which then serves its metrics, its V8 heap
//   by space, memory outside the heap and Node's active handles
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { makeWorkerUtils } from 'graphile-worker';
import { buildBundles, DIST, startFlags } from '../scripts/build.mjs';
import { loadConfig } from '../src/config.ts';
import { createKeyring } from '../src/crypto/master-key.ts';
import type { Db } from '../src/db/db.ts';
import { openPgStore } from '../src/db/pg-store.ts';
import { accessEventBody, deliveriesEnqueueForEvents, type EnqueueEvent } from '../src/delivery/enqueue.ts';
import { webhookSecretGenerate } from '../src/delivery/sign.ts';
import { uuidv7 } from '../src/ids.ts';
import {
  cpuSeconds,
  fmt,
  freshDatabase,
  loadAverage,
  peakRssMb,
  profileArgs,
  receiverTlsOptions,
  TLS_DIR,
  table,
} from './lib.ts';

const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 1000);
const SEED = Number(process.env.BENCH_SEED ?? 1);
const RATE = Number(process.env.BENCH_RATE ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 25);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 5000);
// Unless told otherwise, the service's own defaults (src/config.ts), so that the default run measures
// what ships.
const SHIPPED = loadConfig({});
const IN_FLIGHT = (process.env.BENCH_IN_FLIGHT ?? String(SHIPPED.webhookInFlightPerProcess))
  .split(',')
  .map(Number);
const PER_WEBHOOK = (process.env.BENCH_PER_WEBHOOK ?? String(SHIPPED.webhookConcurrencyPerWebhook))
  .split(',')
  .map(Number);
const WARMUP_MS = TIMEOUT_MS + 2000;
/** How long after the last upload the healthy receivers' last events may still arrive. */
const DRAIN_MS = 10_000;
/** Healthy: answers, with 2xx, in less than this. */
const HEALTHY_MS = 1000;
/** Goals of issue 27. */
const GOAL = { rate: 2000, rssMb: 300, p99Ms: 1000 };

// ---- the receivers, drawn from the seed ----

type Kind = 'ok' | 'fails' | 'hangs';
interface Profile {
  kind: Kind;
  /** Answer time, ms (also of the failing ones: they answer 503 after it). */
  ms: number;
  healthy: boolean;
}

/** mulberry32: a small seeded generator, uniform in [0, 1). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Log-normal with median 80 ms and p99 3 s: σ = ln(3000 / 80) / z(0.99). */
const MEDIAN_MS = 80;
const SIGMA = Math.log(3000 / MEDIAN_MS) / 2.3263;

export function receiverProfiles(n: number, seed: number): Profile[] {
  const random = seeded(seed);
  const ms = Array.from({ length: n }, () => {
    // Box-Muller: one standard normal from two uniforms.
    const z = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    return MEDIAN_MS * Math.exp(SIGMA * z);
  });
  // Exactly 1% hang and 2% fail, chosen by a seeded shuffle.
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const kinds = new Array<Kind>(n).fill('ok');
  const hangs = Math.round(n * 0.01);
  const fails = Math.round(n * 0.02);
  for (let k = 0; k < hangs + fails; k++) kinds[order[k]!] = k < hangs ? 'hangs' : 'fails';
  return ms.map((m, i) => ({ kind: kinds[i]!, ms: m, healthy: kinds[i] === 'ok' && m < HEALTHY_MS }));
}

interface Report {
  /** Requests that arrived within the window. */
  arrived: number;
  /** TLS connections the receivers accepted within the window (each a handshake). */
  connections: number;
  /** Upload → receipt (ms) of the healthy receivers' events uploaded within the window. */
  healthy: number[];
}

interface Receivers {
  ports: number[];
  pid: number | undefined;
  /** Counts from `from` to `to` (epoch ms) from now on. */
  window(from: number, to: number): Promise<void>;
  report(): Promise<Report>;
  close(): void;
}

function ask<T>(child: ChildProcess, m: object, answer: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (r: any) => {
      if (r.type !== answer) return;
      child.off('message', on);
      resolve(r as T);
    };
    child.on('message', on);
    child.send(m);
  });
}

async function startReceivers(): Promise<Receivers> {
  const child = fork(import.meta.filename, ['receivers'], { execArgv: ['--import', 'tsx'] });
  const { ports } = await ask<{ ports: number[] }>(child, { type: 'listen' }, 'ports');
  return {
    ports,
    pid: child.pid,
    window: async (from, to) => {
      await ask(child, { type: 'window', from, to }, 'ready');
    },
    report: () => ask<Report>(child, { type: 'report' }, 'report'),
    close: () => child.kill(),
  };
}

function receiversChild(): void {
  const profiles = receiverProfiles(WEBHOOKS, SEED);
  let from = Number.POSITIVE_INFINITY;
  let to = Number.POSITIVE_INFINITY;
  let arrived = 0;
  let connections = 0;
  let healthy: number[] = [];
  const servers: Server[] = profiles.map((p) => {
    const server = createServer(receiverTlsOptions(), (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const now = Date.now();
        if (now >= from && now < to) arrived++;
        if (p.healthy) {
          const created = Date.parse(JSON.parse(Buffer.concat(chunks).toString()).created);
          if (created >= from && created < to) healthy.push(now - created);
        }
        if (p.kind === 'hangs') return; // until the sender gives up and closes the connection
        setTimeout(() => {
          res.statusCode = p.kind === 'fails' ? 503 : 200;
          res.end('ok');
        }, p.ms);
      });
    });
    server.on('secureConnection', () => {
      const now = Date.now();
      if (now >= from && now < to) connections++;
    });
    return server;
  });
  process.on('message', (m: { type: string; from: number; to: number }) => {
    if (m.type === 'listen') {
      let listening = 0;
      for (const s of servers)
        s.listen(0, '127.0.0.1', () => {
          if (++listening === servers.length)
            process.send!({ type: 'ports', ports: servers.map((x) => (x.address() as any).port) });
        });
    } else if (m.type === 'window') {
      from = m.from;
      to = m.to;
      arrived = 0;
      connections = 0;
      healthy = [];
      process.send!({ type: 'ready' });
    } else if (m.type === 'report') {
      process.send!({ type: 'report', arrived, connections, healthy });
    }
  });
}

// ---- the delivery processes ----

interface Sender {
  pid: number | undefined;
  /** BENCH_MEMORY: where the process's memory is, from its own metrics (Latchkey's worker only). */
  memory?(): Promise<string>;
  /** Uploads these events (one transaction or one addJobs). */
  upload(events: EnqueueEvent[], urls: string[]): Promise<void>;
  stop(): Promise<void>;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([done, new Promise((r) => setTimeout(r, TIMEOUT_MS + 3000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** The service's own V8 flags (package.json's start script), and BENCH_CPU_PROF's. */
const nodeFlags = () => [...profileArgs(), ...startFlags()];

interface Tenant {
  projectId: string;
  locks: string[];
}

/** A project with one lock per receiver and one webhook on each lock. */
async function seedWebhooks(db: Db, masterKey: Buffer, ports: number[]): Promise<Tenant> {
  const keyring = createKeyring(masterKey);
  const org = uuidv7();
  const projectId = uuidv7();
  await db.query("INSERT INTO organizations (id, name) VALUES ($1, 'Bench')", [org]);
  await db.query("INSERT INTO projects (id, organization_id, name) VALUES ($1, $2, 'Bench')", [
    projectId,
    org,
  ]);
  const locks = ports.map(() => uuidv7());
  const urls = ports.map((p) => `https://127.0.0.1:${p}/hook`);
  await db.query(
    `INSERT INTO locks (id, project_id, name, timezone)
     SELECT l, $2, 'Door ' || k, 'UTC' FROM unnest($1::uuid[]) WITH ORDINALITY AS t(l, k)`,
    [locks, projectId],
  );
  await db.query(
    `INSERT INTO webhooks (id, project_id, lock_id, url, url_display, credentials_enc, secret_enc)
     SELECT gen_random_uuid(), $1, l, u, replace(u, 'https://', 'https://bench:****@'), $4, $5
       FROM unnest($2::uuid[], $3::text[]) AS t(l, u)`,
    [projectId, locks, urls, keyring.encrypt('bench:secret'), keyring.encrypt(webhookSecretGenerate())],
  );
  return { projectId, locks };
}

/**
 * Resolves when the worker has logged its start (after its migrations), with PORT=0: a port chosen
 * beforehand can be taken by another process on a shared machine before the worker binds it.
 */
function waitStarted(child: ChildProcess, err: () => string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d;
      if (!out.includes('delivery worker started')) return;
      child.stdout!.off('data', onData);
      child.stdout!.resume(); // the rest of its log is not read
      resolve(/"metricsAddress":"([^"]+)"/.exec(out)?.[1]);
    };
    child.stdout!.on('data', onData);
    child.once('exit', () => reject(new Error(`latchkey worker exited: ${err()} ${out}`)));
  });
}

const MEMORY = process.env.BENCH_MEMORY === '1';

/**
 * The resident set's parts from /proc: anonymous memory, mapped files (code), shared memory; and
 * the sockets the process holds open. The sockets are counted from its file descriptors because
 * Node's count of active handles leaves out the idle kept-alive connections, which undici unrefs:
 * at 1,000 receivers it said ~1,000 where 4,100 were open, and each costs ~117 KB of RSS.
 */
function rssParts(pid: number | undefined): string {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const parts = ['RssAnon', 'RssFile', 'RssShmem', 'Threads'].map(
    (k) => `${k} ${new RegExp(`^${k}:\\s+(.*)$`, 'm').exec(status)?.[1] ?? '?'}`,
  );
  let sockets = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) sockets++;
    } catch {
      // closed between the listing and the read
    }
  }
  return [...parts, `open sockets ${sockets}`].join(', ');
}

/** RSS, the V8 heap by space, and memory outside it, from prom-client's default metrics. */
async function memoryFromMetrics(address: string): Promise<string> {
  const text = await (await fetch(`${address}/metrics`)).text();
  const mb = (re: RegExp) => {
    const m = re.exec(text);
    return m ? `${fmt(Number(m[1]) / 2 ** 20, 0)} MB` : '?';
  };
  const spaces = [...text.matchAll(/^nodejs_heap_space_size_used_bytes\{space="(\w+)"\} (\S+)/gm)]
    .filter((m) => Number(m[2]) > 2 ** 20)
    .map((m) => `${m[1]} ${fmt(Number(m[2]) / 2 ** 20, 0)}`)
    .join(', ');
  return [
    `rss ${mb(/^process_resident_memory_bytes (\S+)/m)}`,
    `heap used ${mb(/^nodejs_heap_size_used_bytes (\S+)/m)} of ${mb(/^nodejs_heap_size_total_bytes (\S+)/m)} (${spaces})`,
    `external ${mb(/^nodejs_external_memory_bytes (\S+)/m)}`,
    `active handles ${/^nodejs_active_handles_total (\S+)/m.exec(text)?.[1] ?? '?'}`,
  ].join('; ');
}

/** One `latchkey worker` process on a fresh database, with its 1,000 webhooks. */
async function startLatchkeyWorker(
  rx: Receivers,
  limits: { inFlight: number; perWebhook: number },
): Promise<Sender & { tenant: Tenant }> {
  const database = await freshDatabase('bench_rx');
  const masterKey = randomBytes(32);
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-bench-'));
  const child = fork(buildBundles().cli, ['worker'], {
    execArgv: nodeFlags(),
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      LATCHKEY_MASTER_KEY: masterKey.toString('base64'),
      LATCHKEY_DATA_DIR: dataDir,
      LATCHKEY_LOG_LEVEL: 'info', // for its start line; nothing is logged per delivery
      LATCHKEY_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8',
      NODE_EXTRA_CA_CERTS: join(TLS_DIR, 'ca.crt'),
      LATCHKEY_WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      LATCHKEY_WEBHOOK_CONCURRENCY_PER_WEBHOOK: String(limits.perWebhook),
      LATCHKEY_WEBHOOK_IN_FLIGHT_PER_PROCESS: String(limits.inFlight),
      ...(MEMORY ? { LATCHKEY_METRICS_PORT: '0' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let err = '';
  child.stderr!.on('data', (d) => {
    err += d;
  });
  const metricsAddress = await waitStarted(child, () => err);
  const db = await openPgStore({ url: database.url, poolSize: 4 });
  const tenant = await seedWebhooks(db, masterKey, rx.ports);
  return {
    pid: child.pid,
    tenant,
    memory: metricsAddress ? () => memoryFromMetrics(metricsAddress) : undefined,
    upload: (events) => db.transaction((tx) => deliveriesEnqueueForEvents(tx, events)).then(() => {}),
    async stop() {
      await stopChild(child);
      if (err.trim()) console.error(`latchkey worker said: ${err.trim().slice(0, 2000)}`);
      await db.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One graphile-worker process (bench/peers/graphile-deliverer.ts, bundled) on a fresh database. */
async function startGraphile(concurrency: number): Promise<Sender> {
  const database = await freshDatabase('bench_rx_gw');
  const schema = 'graphile_worker';
  const utils = await makeWorkerUtils({ connectionString: database.url, schema });
  await utils.migrate();
  const bundle = join(DIST, 'bench-graphile-deliverer.mjs');
  buildSync({
    entryPoints: [join(import.meta.dirname, 'peers', 'graphile-deliverer.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: bundle,
    logLevel: 'error',
  });
  const child = fork(bundle, [], {
    execArgv: nodeFlags(),
    env: {
      ...process.env,
      GW_URL: database.url,
      GW_SCHEMA: schema,
      GW_CONCURRENCY: String(concurrency),
      GW_TIMEOUT_MS: String(TIMEOUT_MS),
      NODE_EXTRA_CA_CERTS: join(TLS_DIR, 'ca.crt'),
      GW_SECRET: webhookSecretGenerate(),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`graphile-worker process exited with ${code}`)));
  });
  return {
    pid: child.pid,
    upload: (events, urls) =>
      utils
        .addJobs(
          events.map((e, i) => ({
            identifier: 'deliver',
            payload: { url: urls[i]!, id: e.id, body: e.body },
          })),
        )
        .then(() => {}),
    async stop() {
      await stopChild(child);
      await utils.release();
      await database.drop();
    },
  };
}

// ---- one run ----

interface RunResult {
  offered: number;
  /** Requests arriving at the receivers per second, within the window. */
  sent: number;
  /** TLS connections the receivers accepted per request, within the window. */
  handshakes: number;
  p50: number;
  p99: number;
  /** Healthy events uploaded within the window that never arrived (before the drain ended). */
  missing: number;
  rssMb: number;
  /** CPU µs per request arrived, in the window: the delivery process, PostgreSQL, the receivers, the uploader. */
  cpu: { sender: number; postgres: number; receivers: number; uploader: number };
  load: string;
}

function postgresCpu(): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuSeconds(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function runOnce(
  rx: Receivers,
  sender: Sender,
  locks: string[],
  projectId: string,
): Promise<RunResult> {
  const profiles = receiverProfiles(WEBHOOKS, SEED);
  const urls = rx.ports.map((p) => `https://127.0.0.1:${p}/hook`);
  const pick = seeded(SEED * 7919 + 1);
  const started = Date.now();
  const from = started + WARMUP_MS;
  const to = started + SECONDS * 1000;
  await rx.window(from, to);
  let uploaded = 0;
  let offeredInWindow = 0;
  let healthyUploaded = 0;
  let cpuFrom: number[] = [];
  const cpuNow = () => {
    const own = process.cpuUsage();
    return [cpuSeconds(sender.pid), postgresCpu(), cpuSeconds(rx.pid), (own.user + own.system) / 1e6];
  };
  let load = '';
  for (;;) {
    const now = Date.now();
    if (now >= to) break;
    if (now >= from && cpuFrom.length === 0) {
      cpuFrom = cpuNow();
      load = loadAverage();
    }
    const due = Math.min(500, Math.floor((RATE * (now - started)) / 1000) - uploaded);
    if (due > 0) {
      const created = new Date(now);
      const events: EnqueueEvent[] = [];
      const eventUrls: string[] = [];
      for (let i = 0; i < due; i++) {
        const k = Math.floor(pick() * WEBHOOKS);
        const id = randomUUID();
        events.push({
          id,
          projectId,
          lockId: locks[k]!,
          received: created,
          body: accessEventBody({
            id,
            action: 'unlocked',
            created,
            keyId: id,
            lockId: locks[k]!,
            lockName: `Door ${k}`,
            appUserId: '+4799887766',
            userName: 'Kari Nordmann',
          }),
        });
        eventUrls.push(urls[k]!);
        if (now >= from) {
          offeredInWindow++;
          if (profiles[k]!.healthy) healthyUploaded++;
        }
      }
      uploaded += due;
      await sender.upload(events, eventUrls);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const cpuTo = cpuNow();
  if (MEMORY) {
    const fromMetrics = sender.memory ? `${await sender.memory()}; ` : '';
    console.log(`  memory at the window's end: ${fromMetrics}${rssParts(sender.pid)}`);
  }
  const windowS = (to - from) / 1000;
  let report = await rx.report();
  const drainEnd = Date.now() + DRAIN_MS;
  while (report.healthy.length < healthyUploaded && Date.now() < drainEnd) {
    await new Promise((r) => setTimeout(r, 200));
    report = await rx.report();
  }
  const rssMb = peakRssMb(sender.pid) ?? Number.NaN;
  const sorted = report.healthy.sort((a, b) => a - b);
  // Events never received count as later than any received (the percentile says so).
  const missing = Math.max(0, healthyUploaded - sorted.length);
  const withMissing = [...sorted, ...new Array<number>(missing).fill(Number.POSITIVE_INFINITY)];
  const perRequest = (i: number) => ((cpuTo[i]! - cpuFrom[i]!) * 1e6) / Math.max(1, report.arrived);
  return {
    offered: offeredInWindow / windowS,
    sent: report.arrived / windowS,
    handshakes: report.connections / Math.max(1, report.arrived),
    p50: percentile(withMissing, 50),
    p99: percentile(withMissing, 99),
    missing,
    rssMb,
    cpu: {
      sender: perRequest(0),
      postgres: perRequest(1),
      receivers: perRequest(2),
      uploader: perRequest(3),
    },
    load,
  };
}

// ---- the table ----

interface Peer {
  name: string;
  inFlight: number;
  run(rx: Receivers): Promise<RunResult>;
}

/** The middle value; of an even count, the mean of the two middle ones. */
const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const ms = (v: number) => (Number.isFinite(v) ? fmt(v, 0) : 'never');

async function main(): Promise<void> {
  const profiles = receiverProfiles(WEBHOOKS, SEED);
  const count = (f: (p: Profile) => boolean) => profiles.filter(f).length;
  console.log(
    `${WEBHOOKS} receivers (seed ${SEED}): ${count((p) => p.healthy)} healthy, ${count((p) => p.kind === 'ok' && !p.healthy)} answering in 1 s or more (${count((p) => p.kind === 'ok' && p.ms >= TIMEOUT_MS)} beyond the timeout), ${count((p) => p.kind === 'fails')} answering 503, ${count((p) => p.kind === 'hangs')} hanging; ` +
      `answer times p50 ${fmt(median(profiles.map((p) => p.ms)))} ms, p99 ${fmt([...profiles.map((p) => p.ms)].sort((a, b) => a - b)[Math.floor(0.99 * WEBHOOKS)]!)} ms; ` +
      `${RATE} uploads/s for ${SECONDS} s, measured after ${WARMUP_MS / 1000} s; sender timeout ${TIMEOUT_MS} ms`,
  );
  const peers: Peer[] = [];
  for (const inFlight of IN_FLIGHT) {
    for (const perWebhook of PER_WEBHOOK)
      peers.push({
        name: `Latchkey, ${inFlight} in flight, ${perWebhook} per webhook`,
        inFlight,
        async run(rx) {
          const w = await startLatchkeyWorker(rx, { inFlight, perWebhook });
          try {
            return await runOnce(rx, w, w.tenant.locks, w.tenant.projectId);
          } finally {
            await w.stop();
          }
        },
      });
    peers.push({
      name: `graphile-worker, ${2 * inFlight} at once`,
      inFlight,
      async run(rx) {
        // Its jobs need no tenant: a project and locks only to build the same bodies.
        const locks = rx.ports.map(() => uuidv7());
        const g = await startGraphile(2 * inFlight);
        try {
          return await runOnce(rx, g, locks, uuidv7());
        } finally {
          await g.stop();
        }
      },
    });
  }
  const only = process.env.BENCH_PEERS?.split(',');
  const chosen = only
    ? peers.filter((p) => only.some((o) => p.name.toLowerCase().includes(o.toLowerCase())))
    : peers;
  const results = new Map<Peer, RunResult[]>(chosen.map((p) => [p, []]));
  const rx = await startReceivers();
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const order = round % 2 === 1 ? chosen : [...chosen].reverse();
      for (const peer of order) {
        const r = await peer.run(rx);
        results.get(peer)!.push(r);
        console.log(
          `round ${round}: ${peer.name}: ${fmt(r.sent)} requests/s (offered ${fmt(r.offered)}), healthy p50 ${ms(r.p50)} p99 ${ms(r.p99)} ms (${r.missing} not received), ${r.handshakes.toFixed(3)} TLS handshakes per request, peak RSS ${fmt(r.rssMb)} MB, load ${r.load}`,
        );
      }
    }
  } finally {
    rx.close();
  }
  const med = (p: Peer, f: (r: RunResult) => number) => median(results.get(p)!.map(f));
  const range = (p: Peer, f: (r: RunResult) => number, show: (v: number) => string) => {
    const v = results.get(p)!.map(f);
    return `${show(Math.min(...v))}–${show(Math.max(...v))}`;
  };
  const gwOf = (p: Peer) => chosen.find((q) => q.name.startsWith('graphile') && q.inFlight === p.inFlight);
  const ratio = (p: Peer, f: (r: RunResult) => number) => {
    const g = gwOf(p);
    if (!g || g === p) return '—';
    const x = med(p, f) / med(g, f);
    return Number.isFinite(x) ? `${x.toFixed(2)}×` : '—';
  };
  table(
    `Real-world receivers: median of ${ROUNDS} rounds (range); goals ≥ ${fmt(GOAL.rate)} requests/s, RSS < ${GOAL.rssMb} MB, healthy p99 < ${fmt(GOAL.p99Ms)} ms`,
    [
      'peer',
      'requests/s',
      '÷ graphile',
      'peak RSS MB',
      '÷ graphile',
      'healthy p50 ms',
      'healthy p99 ms',
      '÷ graphile',
      'not received',
    ],
    chosen.map((p) => [
      p.name,
      `${fmt(med(p, (r) => r.sent))} (${range(
        p,
        (r) => r.sent,
        (v) => fmt(v),
      )})`,
      ratio(p, (r) => r.sent),
      `${fmt(med(p, (r) => r.rssMb))} (${range(
        p,
        (r) => r.rssMb,
        (v) => fmt(v),
      )})`,
      ratio(p, (r) => r.rssMb),
      ms(med(p, (r) => r.p50)),
      `${ms(med(p, (r) => r.p99))} (${range(p, (r) => r.p99, ms)})`,
      ratio(p, (r) => r.p99),
      fmt(med(p, (r) => r.missing)),
    ]),
  );
  table(
    'CPU per request arrived (µs, medians), in the measured window',
    [
      'peer',
      'delivery process',
      'PostgreSQL (all of it)',
      'receivers',
      'uploader',
      'TLS handshakes per request',
    ],
    chosen.map((p) => [
      p.name,
      fmt(med(p, (r) => r.cpu.sender)),
      fmt(med(p, (r) => r.cpu.postgres)),
      fmt(med(p, (r) => r.cpu.receivers)),
      fmt(med(p, (r) => r.cpu.uploader)),
      med(p, (r) => r.handshakes).toFixed(3),
    ]),
  );
  const loads = [...results.values()].flat().map((r) => Number(r.load));
  console.log(
    `\n${ROUNDS} rounds; 1-minute load average at the start of each window ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} (2 cores)`,
  );
}

if (process.argv[2] === 'receivers') receiversChild();
else await main();
