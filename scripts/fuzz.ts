// npm run test:fuzz: FUZZ_REQUESTS (default 100,000) generated requests over every operation of the
// service's OpenAPI document, sent over HTTP to a real server process (as `npm start` runs it) on a
// throwaway store: a temp PGlite directory, or a fresh PostgreSQL database when
// TEST_DATABASE_URL is set. Passes when no answer is a 5xx, no answer leaks a stack trace or SQL,
// the process is alive at the end and its RSS did not keep growing.
//   FUZZ_REQUESTS=5000 (npm run test:fuzz:quick), FUZZ_SEED (default 1), FUZZ_CONCURRENCY (default 8),
//   FUZZ_OPERATIONS (only operations whose "METHOD /path" contains it, e.g. "GET /v2/projects/{projectId}/keys")
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import fc from 'fast-check';
import { Pool } from 'undici';
import { processStore, startServerProcess, waitReady } from '../test/helpers/process.ts';
import { type Operation, operationsOf } from './fuzz-openapi.ts';
import { type FuzzRequest, type FuzzWorld, requestArbitrary } from './fuzz-requests.ts';

const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 100_000);
const SEED = Number(process.env.FUZZ_SEED ?? 1);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 8);
const BATCH = 2_000;
/**
 * Memory is "flat" when its floor does not rise: the lowest RSS and JS heap sampled in the last
 * quarter of the run may exceed the lowest of the first half by at most this much. Floors, not
 * single samples: GC timing (and PGlite releasing its boot-time buffers) moves single samples by
 * hundreds of MB, while a leak raises the floor.
 */
const MAX_RSS_GROWTH_MB = Number(process.env.FUZZ_MAX_RSS_GROWTH_MB ?? 128);
const MAX_HEAP_GROWTH_MB = Number(process.env.FUZZ_MAX_HEAP_GROWTH_MB ?? 96);
/**
 * The server's old space is capped, so V8 collects often enough for the floors to mean something,
 * and a leak that outgrows the cap crashes the server, which fails the run.
 */
const SERVER_HEAP_MB = Number(process.env.FUZZ_SERVER_HEAP_MB ?? 256);
const ADMIN = `fuzz-admin-${'a'.repeat(32)}`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** /metrics are served only with a token (or on a loopback port of their own). */
const METRICS_TOKEN = randomBytes(24).toString('base64url');

/** The server's own JS heap and off-heap (ArrayBuffer: PGlite's WASM memory) from /metrics, MB. */
async function heapMb(): Promise<{ heap: number; external: number }> {
  const r = await pool.request({
    method: 'GET',
    path: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await r.body.text();
  const read = (name: string) =>
    Math.round(Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN) / 2 ** 20);
  return { heap: read('nodejs_heap_size_used_bytes'), external: read('nodejs_external_memory_bytes') };
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const store = await processStore();
const server = startServerProcess({
  ...store.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  LATCHKEY_PUBLIC_URL: base,
  LATCHKEY_ADMIN_TOKEN: ADMIN,
  LATCHKEY_LOG_LEVEL: 'warn',
  LATCHKEY_WORKER: 'off',
  LATCHKEY_METRICS_TOKEN: METRICS_TOKEN,
  LATCHKEY_TOKEN_RATE_PER_CLIENT: '0',
  LATCHKEY_TOKEN_RATE_PER_IP: '0',
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${SERVER_HEAP_MB}`.trim(),
});
const pool = new Pool(base, { connections: CONCURRENCY, bodyTimeout: 60_000, headersTimeout: 60_000 });

async function call(method: string, path: string, body?: unknown, token?: string) {
  const r = await pool.request({
    method: method as 'GET',
    path,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await r.body.text();
  // biome-ignore lint/suspicious/noExplicitAny: setup answers are read field by field
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: r.statusCode, body: json };
}

async function must(method: string, path: string, body?: unknown, token?: string) {
  const r = await call(method, path, body, token);
  if (r.status >= 300) throw new Error(`setup ${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

interface Tokens {
  org: string;
  project: string;
  v1: string;
  app: string;
}

/** The fuzzed tenant, through the public API: org, clients, project, tokens. */
async function provisionTenant(doc: unknown) {
  const org = (await must('POST', '/admin/v1/organizations', { name: 'Fuzz' }, ADMIN)).organization.id;
  const client = await must('POST', `/admin/v1/organizations/${org}/clients`, { name: 'fuzzer' }, ADMIN);
  const spare = await must('POST', `/admin/v1/organizations/${org}/clients`, { name: 'spare' }, ADMIN);
  const creds = {
    grant_type: 'client_credentials',
    client_id: client.client.id,
    client_secret: client.clientSecret,
  };
  const orgToken = (
    await must('POST', '/oauth2/token', { ...creds, scope: 'organization.admin', organization_id: org })
  ).access_token;
  const project = (
    await must(
      'POST',
      `/v2/organization/${org}/projects`,
      { name: 'Fuzz HQ', timezone: 'Europe/Oslo', countryIso: 'NO', orgNumber: '919424508' },
      orgToken,
    )
  ).project.id;
  const projectToken = (
    await must('POST', '/oauth2/token', { ...creds, scope: 'project.admin', project_id: project })
  ).access_token;
  const v1 = (
    await must('POST', '/auth/v1/token', { ...creds, scope: `integrator.admin lockHolder.admin:${project}` })
  ).access_token;
  const phone = '+4790000001';
  const app = (await must('POST', '/admin/v1/app-tokens', { appUserId: phone }, ADMIN)).access_token;
  const tokens: Tokens = { org: orgToken, project: projectToken, v1, app };
  const ids: Record<string, string> = {
    organizationId: org,
    projectId: project,
    lockHolderId: project,
    clientId: spare.client.id,
    appUserId: phone,
    resourceId: project,
    // Token endpoint bodies (snake_case fields) get the fuzzer's own client, so grants go deep.
    client_id: client.client.id,
    client_secret: client.clientSecret,
    project_id: project,
    organization_id: org,
    grant_type: 'client_credentials',
    scope: 'project.admin',
    // Webhook bodies: a public address literal (no DNS lookup), so registrations can succeed.
    url: 'https://93.184.216.34/hooks/fuzz',
  };
  await provisionRecords(doc, ids, tokens);
  return { ids, tokens };
}

const hasRoute = (doc: unknown, method: string, path: string) =>
  operationsOf(doc).some((o) => o.method === method && o.path === path);

/**
 * Records under the project (lock, managed user, key, sharing right, webhook) through whichever
 * resource APIs the document has; ids that cannot be made stay random UUIDs. Called again during
 * the run, because the fuzzer's own DELETEs remove them.
 */
async function provisionRecords(doc: unknown, ids: Record<string, string>, tokens: Tokens) {
  const p = `/v2/projects/${ids.projectId}`;
  const rnd = () => crypto.randomUUID();
  ids.lockId ??= rnd();
  ids.keyId ??= rnd();
  ids.webhookId ??= rnd();
  ids.deliveryId ??= rnd();
  const tryCall = async (method: string, path: string, body: unknown) => {
    if (!hasRoute(doc, method, path.replace(p, '/v2/projects/{projectId}'))) return undefined;
    const r = await call(method, path, body, tokens.project);
    if (r.status >= 300 && process.env.FUZZ_DEBUG)
      console.log(`setup ${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.status < 300 ? r.body : undefined;
  };
  // The spare client (admin and api-permission routes act on it) is deleted by the fuzzer's DELETEs.
  const spare = await call(
    'POST',
    `/admin/v1/organizations/${ids.organizationId}/clients`,
    { name: 'spare' },
    ADMIN,
  );
  if (spare.status === 201) ids.clientId = spare.body.client.id;
  const lock = await tryCall('POST', `${p}/locks`, { name: 'Fuzz door', timezone: 'Europe/Oslo' });
  if (lock) ids.lockId = lock.lock.id;
  await tryCall('POST', `${p}/managed-users`, { appUserId: ids.appUserId, firstName: 'Fuzz' });
  const keys = await tryCall('POST', `${p}/keys`, {
    keys: [{ lockId: ids.lockId, appUserId: ids.appUserId }],
  });
  if (keys) ids.keyId = keys.keys[0].id;
  await tryCall('POST', `${p}/sharing-rights`, {
    sharingRights: [{ lockId: ids.lockId, appUserId: ids.appUserId }],
  });
  const hook = await tryCall('POST', `${p}/webhooks`, {
    url: `https://93.184.216.34/hooks/${rnd()}`,
    lockId: ids.lockId,
  });
  if (hook) ids.webhookId = hook.webhook.id;
}

function tokenFor(tokens: Tokens) {
  return (op: Operation): string | undefined => {
    if (op.security.length === 0) return undefined;
    if (op.security.includes('adminToken')) return ADMIN;
    if (op.path.startsWith('/integrators/v1/')) return tokens.v1;
    if (op.path.startsWith('/v2/app/')) return tokens.app;
    if (op.path.startsWith('/v2/organization/')) return tokens.org;
    return tokens.project;
  };
}

interface Failure {
  request: FuzzRequest;
  status: number;
  body: string;
}

const LEAK = /\n\s+at .+:\d+:\d+|node_modules|\bSELECT\b.+\bFROM\b|\bINSERT INTO\b|syntax error at or near/;

const started = Date.now();
let exitCode = 0;
try {
  await waitReady(base, server);
  const doc = await must('GET', '/openapi.json');
  const ops = operationsOf(doc);
  const { ids, tokens } = await provisionTenant(doc);
  const world: FuzzWorld = {
    doc,
    ids,
    tokenFor: tokenFor(tokens),
    allTokens: [ADMIN, tokens.org, tokens.project, tokens.v1, tokens.app],
  };
  // Every operation weighs the same, whatever the size of its schema.
  const only = process.env.FUZZ_OPERATIONS;
  const chosen = only ? ops.filter((op) => `${op.method} ${op.path}`.includes(only)) : ops;
  if (chosen.length === 0) throw new Error(`FUZZ_OPERATIONS=${only} matches no operation`);
  const arbitrary = fc.oneof(...chosen.map((op) => requestArbitrary(op, world)));
  const pid = server.child.pid!;
  const rss = { boot: rssMb(pid), start: 0, mid: 0, end: 0, peak: 0 };
  const samples: Array<{ sent: number; rss: number; heap: number }> = [];
  const none = { heap: 0, external: 0 };
  const heap = { start: none, mid: none, end: none };
  const byStatus = new Map<number, number>();
  /** Operations that answered 2xx at least once: the fuzzer got past validation and auth there. */
  const reached = new Set<string>();
  const failures: Failure[] = [];
  const leaks: Failure[] = [];
  const transport: string[] = [];
  let sent = 0;
  console.log(
    `fuzzing ${chosen.length} operations with ${TOTAL} requests (seed ${SEED}, ${CONCURRENCY} connections) on ${
      store.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'
    }; server RSS ${rss.boot} MB`,
  );

  for (let batchStart = 0; batchStart < TOTAL; batchStart += BATCH) {
    const n = Math.min(BATCH, TOTAL - batchStart);
    const requests = fc.sample(arbitrary, { numRuns: n, seed: SEED * 1_000_003 + batchStart });
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const req = requests[next++]!;
        try {
          const r = await pool.request({
            method: req.method as 'GET',
            path: req.path,
            headers: req.headers,
            ...(req.body !== undefined ? { body: req.body } : {}),
          });
          // An accepted live stream never ends: its status is the result; hang up.
          const streaming = String(r.headers['content-type'] ?? '').startsWith('text/event-stream');
          if (streaming) r.body.destroy();
          const text = streaming ? '' : await r.body.text();
          byStatus.set(r.statusCode, (byStatus.get(r.statusCode) ?? 0) + 1);
          if (r.statusCode < 300) reached.add(req.op);
          if (r.statusCode >= 500) failures.push({ request: req, status: r.statusCode, body: text });
          else if (LEAK.test(text)) leaks.push({ request: req, status: r.statusCode, body: text });
        } catch (e) {
          // The server may close the connection on a body over the limit; anything else is noted.
          transport.push(`${req.label}: ${(e as Error).message}`);
        }
        sent += 1;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    if (server.child.exitCode !== null) throw new Error(`server died: ${server.output().slice(-4000)}`);
    const now = rssMb(pid);
    rss.peak = Math.max(rss.peak, now);
    samples.push({ sent, rss: now, heap: (await heapMb()).heap });
    // "start" is after the first batch: boot-time allocations (PGlite's initdb) are released by then.
    if (rss.start === 0) {
      rss.start = now;
      heap.start = await heapMb();
    }
    if (rss.mid === 0 && sent >= TOTAL / 2) {
      rss.mid = now;
      heap.mid = await heapMb();
    }
    if ((batchStart / BATCH) % 5 === 4) {
      const s5 = [...byStatus].filter(([s]) => s >= 500).reduce((a, [, c]) => a + c, 0);
      console.log(
        `  ${sent} requests, ${s5} 5xx, RSS ${now} MB, JS heap ${samples.at(-1)?.heap} MB, ${Math.round((Date.now() - started) / 1000)} s`,
      );
    }
    await provisionRecords(doc, ids, tokens);
  }
  rss.end = rssMb(pid);
  heap.end = await heapMb();
  if (rss.mid === 0) {
    rss.mid = rss.end;
    heap.mid = heap.end;
  }
  const alive = (await call('GET', '/healthz')).status === 200 && server.child.exitCode === null;
  const seconds = (Date.now() - started) / 1000;

  const cls = (c: number) =>
    [...byStatus].filter(([s]) => Math.floor(s / 100) === c).reduce((a, [, n]) => a + n, 0);
  const fivexx = cls(5);
  const rows: Array<[string, string | number]> = [
    ['store', store.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'],
    ['operations', chosen.length],
    ['requests', sent],
    ['2xx', cls(2)],
    ['3xx', cls(3)],
    ['4xx', cls(4)],
    ['5xx', fivexx],
    ['transport errors', transport.length],
    ['stack/SQL leaks', leaks.length],
    ['operations answering 2xx', `${reached.size} of ${chosen.length}`],
    ['server alive', alive ? 'yes' : 'NO'],
    [
      'RSS boot / start / mid / end / peak MB',
      `${rss.boot} / ${rss.start} / ${rss.mid} / ${rss.end} / ${rss.peak}`,
    ],
    ['JS heap used start / mid / end MB', `${heap.start.heap} / ${heap.mid.heap} / ${heap.end.heap}`],
    ['off-heap start / mid / end MB', `${heap.start.external} / ${heap.mid.external} / ${heap.end.external}`],
    ['duration s', seconds.toFixed(1)],
    ['requests/s', Math.round(sent / seconds)],
  ];
  console.log('\nfuzz summary');
  for (const [k, v] of rows) console.log(`  ${k.padEnd(38)} ${v}`);
  console.log(
    `  statuses: ${[...byStatus]
      .sort((a, b) => a[0] - b[0])
      .map(([s, c]) => `${s}×${c}`)
      .join(' ')}`,
  );
  const unreached = ops.map((o) => `${o.method} ${o.path}`).filter((o) => !reached.has(o));
  if (unreached.length) console.log(`  never 2xx (diagnostic): ${unreached.join(', ')}`);
  for (const f of [...failures, ...leaks].slice(0, 5)) {
    const body = f.request.body === undefined ? '' : String(f.request.body).slice(0, 500);
    console.log(
      `\n${f.status} for ${f.request.label}\n  ${f.request.method} ${f.request.path.slice(0, 300)}`,
    );
    console.log(
      `  headers ${JSON.stringify(f.request.headers).slice(0, 300)}\n  body ${body}\n  answer ${f.body.slice(0, 500)}`,
    );
  }
  for (const t of transport.slice(0, 5)) console.log(`  transport: ${t.slice(0, 300)}`);
  const floor = (from: number, to: number, k: 'rss' | 'heap') =>
    Math.min(...samples.filter((x) => x.sent > from && x.sent <= to).map((x) => x[k]));
  const growth = (k: 'rss' | 'heap') => floor(TOTAL * 0.75, TOTAL, k) - floor(0, TOTAL / 2, k);
  if (samples.length >= 4) {
    const [rssGrowth, heapGrowth] = [growth('rss'), growth('heap')];
    console.log(
      `\nmemory floor growth (last quarter vs first half): RSS ${rssGrowth} MB (limit ${MAX_RSS_GROWTH_MB}), JS heap ${heapGrowth} MB (limit ${MAX_HEAP_GROWTH_MB})`,
    );
    if (rssGrowth > MAX_RSS_GROWTH_MB || heapGrowth > MAX_HEAP_GROWTH_MB) exitCode = 1;
  }
  if (fivexx > 0) console.log(`\nserver log (last lines):\n${server.output().slice(-3000)}`);
  // The run fails on any 5xx, leak or dead server, not only on memory growth (it once printed
  // "fuzz: OK" under four 500s).
  if (fivexx > 0 || leaks.length > 0 || !alive) exitCode = 1;
  console.log(exitCode === 0 ? '\nfuzz: OK' : '\nfuzz: FAILED');
} catch (e) {
  console.error(e);
  console.error(server.output().slice(-4000));
  exitCode = 1;
} finally {
  await pool.close();
  server.child.kill('SIGTERM');
  await Promise.race([server.exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await store.dispose();
}
process.exit(exitCode);
