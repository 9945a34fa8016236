// npm run bench:token — grants/s and p99 of POST /v2/auth/token/ on PostgreSQL and PGlite, beside a
// bare Fastify hello-world and the raw ES256 sign rates of jose and node:crypto, all in this run.
// Rate limits are switched off for the run (they would cap a single client at 600/min).
import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { SignJWT } from 'jose';
import {
  fmt,
  type LoadResult,
  load,
  type StoreKind,
  seedTenant,
  startHelloWorld,
  startLatchkey,
  table,
} from './lib.ts';

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
  const node = await time(() => sign('sha256', input, { key, dsaEncoding: 'ieee-p1363' }));
  return { jose, node };
}

async function tokenLoad(store: StoreKind): Promise<LoadResult> {
  const server = await startLatchkey(store);
  try {
    const t = await seedTenant(server.base);
    const body = JSON.stringify({
      grant_type: 'client_credentials',
      ...t.creds,
      scope: 'project.admin',
      project_id: t.projectId,
    });
    const opts = {
      url: `${server.base}/v2/auth/token/`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body,
    };
    await load({ ...opts, duration: 3 }); // warm-up
    return await load(opts);
  } finally {
    await server.stop();
  }
}

const hello = await startHelloWorld();
await load({ url: hello.base, duration: 3 });
const base = await load({ url: hello.base });
await hello.stop();
const signs = await signRates();
const pgRes = await tokenLoad('pg');
const liteRes = await tokenLoad('pglite');

const HYDRA = 541;
const row = (name: string, r: LoadResult) => [
  name,
  fmt(r.rps),
  `${fmt(r.p50)} ms`,
  `${fmt(r.p99)} ms`,
  `${fmt((100 * r.rps) / base.rps, 1)}%`,
  `${fmt(r.rps / HYDRA, 1)}×`,
  r.non2xx + r.errors,
];
table(
  `Token endpoint (POST /v2/auth/token/, project.admin), ${process.env.BENCH_CONNECTIONS ?? 50} connections`,
  ['target', 'req/s', 'p50', 'p99', 'vs hello-world', 'vs Hydra 541/s', 'non-2xx+errors'],
  [
    row('Fastify hello-world (baseline)', base),
    row('Latchkey on PostgreSQL', pgRes),
    row('Latchkey on PGlite', liteRes),
  ],
);
table(
  'ES256 sign rate, one core, sequential',
  ['signer', 'signs/s'],
  [
    ['jose (WebCrypto)', fmt(signs.jose)],
    ['node:crypto sign (what Latchkey uses)', fmt(signs.node)],
  ],
);
console.log(`\ntarget: PostgreSQL ≥ 10% of hello-world → ${pgRes.rps >= base.rps * 0.1 ? 'met' : 'NOT met'}`);
