// npm run bench:token — client_credentials grants per second, side by side in alternating rounds:
// - a bare Fastify hello-world (the machine's ceiling for a Node.js HTTP answer),
// - node-oidc-provider 9 (bench/peers/oidc-provider.mjs: one client, client_secret_post, ES256 JWT
//   access tokens through resource indicators),
// - Latchkey's POST /oauth2/token on PostgreSQL and on the embedded PGlite store.
// Both authorization servers get the same request shape: an RFC 6749 form body with
// grant_type=client_credentials, client_id, client_secret and scope (Latchkey also names the
// project, its resource). Each round loads every contender for BENCH_SECONDS (10) after a 3 s
// warm-up, one after the other, in a rotating order; the table shows each round and the median,
// with the CPU each server used and the 1-minute load average. Rate limits are switched off for
// Latchkey (they would cap one client at 600/min); oidc-provider has none.
// Env: BENCH_ROUNDS (5), BENCH_SECONDS, BENCH_CONNECTIONS (50), BENCH_STORES (pg,pglite).
import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { signEs256 } from '../src/crypto/es256.ts';
import {
  cpuSeconds,
  DURATION,
  fmt,
  freePort,
  type LoadResult,
  load,
  loadAverage,
  machineLine,
  type Server,
  type StoreKind,
  seedTenant,
  startHelloWorld,
  startLatchkey,
  startNodeServer,
  table,
} from './lib.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const STORES = (process.env.BENCH_STORES ?? 'pg,pglite').split(',') as StoreKind[];
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

interface Contender {
  name: string;
  server: Server;
  request: { url: string; method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string };
}

async function oidcProvider(): Promise<Contender> {
  const port = await freePort();
  const secret = randomBytes(32).toString('base64url');
  const base = `http://127.0.0.1:${port}`;
  const script = join(import.meta.dirname, 'peers', 'oidc-provider.mjs');
  const server = await startNodeServer(
    ['--no-warnings', script, String(port), secret],
    base,
    '/.well-known/openid-configuration',
  );
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: 'bench',
    client_secret: secret,
    scope: 'project.admin',
  });
  return {
    name: 'node-oidc-provider 9.13',
    server,
    request: { url: `${base}/token`, method: 'POST', headers: FORM, body: String(body) },
  };
}

async function latchkey(store: StoreKind): Promise<Contender> {
  const server = await startLatchkey(store);
  const t = await seedTenant(server.base);
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    ...t.creds,
    scope: 'project.admin',
    project_id: t.projectId,
  });
  return {
    name: `Latchkey on ${store === 'pg' ? 'PostgreSQL' : 'PGlite'}`,
    server,
    request: { url: `${server.base}/oauth2/token`, method: 'POST', headers: FORM, body: String(body) },
  };
}

async function helloWorld(): Promise<Contender> {
  const server = await startHelloWorld();
  return { name: 'Fastify hello-world', server, request: { url: server.base, method: 'GET' } };
}

interface Run extends LoadResult {
  cores: number;
  load: string;
}

async function measure(c: Contender): Promise<Run> {
  await load({ ...c.request, duration: 3 });
  const cpu0 = cpuSeconds(c.server.pid);
  const t0 = performance.now();
  const r = await load(c.request);
  const cores = (cpuSeconds(c.server.pid) - cpu0) / ((performance.now() - t0) / 1000);
  if (r.non2xx + r.errors > 0) throw new Error(`${c.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { ...r, cores, load: loadAverage() };
}

async function signRates(): Promise<{ jose: number; node: number }> {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const key = createPrivateKey(privateKey.export({ format: 'pem', type: 'pkcs8' }));
  const claims = { iss: 'x', aud: 'x', sub: 'x', scope: 'project.admin', exp: 2_000_000_000 };
  const time = async (fn: () => Promise<unknown> | unknown) => {
    const end = Date.now() + 2000;
    let n = 0;
    while (Date.now() < end) {
      await fn();
      n++;
    }
    return n / 2;
  };
  const jose = await time(() => new SignJWT(claims).setProtectedHeader({ alg: 'ES256' }).sign(key));
  const input = Buffer.from('eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0');
  const node = await time(() => signEs256(input, key));
  return { jose, node };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const contenders: Contender[] = [await helloWorld(), await oidcProvider()];
for (const store of STORES) contenders.push(await latchkey(store));
const runs = new Map<string, Run[]>(contenders.map((c) => [c.name, []]));
// Each server's peak resident memory, read just before it stops (Linux VmHWM).
const peakRss = new Map<string, number | undefined>();
try {
  for (let round = 0; round < ROUNDS; round++) {
    // Rotate the order so no contender always follows the same one.
    const order = contenders.map((_, i) => contenders[(i + round) % contenders.length]!);
    for (const c of order) {
      const r = await measure(c);
      runs.get(c.name)!.push(r);
      console.error(
        `round ${round + 1}/${ROUNDS} ${c.name}: ${fmt(r.rps)}/s, p99 ${r.p99} ms, ${fmt(r.cores, 2)} cores, load ${r.load}`,
      );
    }
  }
} finally {
  for (const c of contenders) {
    peakRss.set(c.name, c.server.peakRssMb?.());
    await c.server.stop();
  }
}

const peer = runs.get('node-oidc-provider 9.13')!;
const hello = runs.get('Fastify hello-world')!;
const rows: (string | number)[][] = [];
for (const c of contenders) {
  const rs = runs.get(c.name)!;
  const perRound = rs.map((r) => fmt(r.rps)).join(' / ');
  const ratios = rs.map((r, i) => r.rps / peer[i]!.rps);
  rows.push([
    c.name,
    perRound,
    fmt(median(rs.map((r) => r.rps))),
    `${fmt(median(rs.map((r) => r.p50)))} / ${fmt(median(rs.map((r) => r.p99)))} ms`,
    fmt(median(rs.map((r) => r.cores)), 2),
    // The server's CPU per grant: unlike the rate, it barely moves with the machine's load, so it is
    // the figure to compare across runs (and across Node.js versions) on a shared machine.
    fmt(median(rs.map((r) => (r.cores * 1e6) / r.rps))),
    fmt(peakRss.get(c.name) ?? Number.NaN),
    `${fmt(median(ratios), 2)}× (${fmt(Math.min(...ratios), 2)}–${fmt(Math.max(...ratios), 2)})`,
    `${fmt((100 * median(rs.map((r) => r.rps))) / median(hello.map((r) => r.rps)), 1)}%`,
  ]);
}
table(
  `client_credentials grants on ${machineLine()}, ${ROUNDS} alternating rounds of ${DURATION} s, ${process.env.BENCH_CONNECTIONS ?? 50} connections; load average ${[
    ...runs.values(),
  ]
    .flat()
    .map((r) => r.load)
    .join(' ')}`,
  [
    'server',
    'grants/s per round',
    'median',
    'p50 / p99',
    'cores used',
    'server CPU per grant (µs)',
    'peak RSS (MB)',
    'vs oidc-provider (same round)',
    'vs hello-world',
  ],
  rows,
);
const signs = await signRates();
table(
  'ES256 sign rate, one core, sequential',
  ['signer', 'signs/s'],
  [
    ['jose (WebCrypto; what oidc-provider uses)', fmt(signs.jose)],
    ['node:crypto sign (what Latchkey uses)', fmt(signs.node)],
  ],
);
