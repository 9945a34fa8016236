// npm run bench:credentials — offline credentials issued per second, and the latency (p50, p99) of
// GET /v2/app/keys/{keyId}/credential, on PostgreSQL and PGlite, beside a bare Fastify hello-world
// measured in the same run (bench/lib.ts: servers in child processes, autocannon with keep-alive).
// Each credential is a real one: the key is read with its lock and the caller's device, the lock's
// revocation list (20 revoked keys) is read, and the project's issuer key signs it (ES256).
//
//   BENCH_SECONDS      duration of each load run (default 10)
//   BENCH_CONNECTIONS  concurrent connections (default 50)
//   BENCH_LOG_LEVEL    the server's LATCHKEY_LOG_LEVEL (default info, as in production)
//   BENCH_DATABASE_URL PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test); a fresh
//                      database is created for the run and dropped after it
import { generateKeyPairSync } from 'node:crypto';
import {
  api,
  CONNECTIONS,
  fmt,
  type LoadResult,
  load,
  loadAverage,
  type StoreKind,
  seedTenant,
  startHelloWorld,
  startLatchkey,
  table,
} from './lib.ts';

const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const REVOKED = 20;

async function measure(store: StoreKind): Promise<{ r: LoadResult; load: string }> {
  const server = await startLatchkey(store, { LATCHKEY_LOG_LEVEL: LOG_LEVEL, LATCHKEY_WORKER: 'off' });
  try {
    const t = await seedTenant(server.base);
    const project = `/v2/projects/${t.projectId}`;
    const lock = await api(server.base, 'POST', `${project}/locks`, { name: 'Front door' }, t.projectToken);
    const phone = '+4791000001';
    const keys = Array.from({ length: REVOKED + 1 }, (_, i) => ({
      lockId: lock.lock.id,
      appUserId: i === 0 ? phone : `+4792${String(i).padStart(6, '0')}`,
      recurrence: { windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '07:00', to: '18:00' }] },
    }));
    const created = await api(server.base, 'POST', `${project}/keys`, { keys }, t.projectToken);
    for (const k of created.keys.slice(1))
      await api(server.base, 'DELETE', `${project}/keys/${k.id}`, undefined, t.projectToken);
    const appToken = (await api(server.base, 'POST', '/admin/v1/app-tokens', { appUserId: phone }))
      .access_token;
    const publicKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
    const device = await api(server.base, 'POST', '/v2/app/devices', { publicKey }, appToken);
    const opts = {
      url: `${server.base}/v2/app/keys/${created.keys[0].id}/credential?deviceId=${device.device.id}`,
      headers: { authorization: `Bearer ${appToken}` },
    };
    const one = await api(server.base, 'GET', opts.url.slice(server.base.length), undefined, appToken);
    const rev = JSON.parse(Buffer.from(one.credential.split('.')[1], 'base64url').toString()).rev;
    if (rev.keys.length !== REVOKED)
      throw new Error(`expected ${REVOKED} revoked ids, got ${JSON.stringify(rev)}`);
    await load({ ...opts, duration: 3 }); // warm-up: JIT, pool connections, the decrypted issuer key
    const r = await load(opts);
    return { r, load: loadAverage() };
  } finally {
    await server.stop();
  }
}

const hello = await startHelloWorld();
await load({ url: hello.base, duration: 3 });
const base = await load({ url: hello.base });
const baseLoad = loadAverage();
await hello.stop();
const pgRes = await measure('pg');
const liteRes = await measure('pglite');

const row = (name: string, r: LoadResult, la: string) => [
  name,
  fmt(r.rps),
  `${fmt(r.p50)} ms`,
  `${fmt(r.p99)} ms`,
  `${fmt((100 * r.rps) / base.rps, 1)}%`,
  r.non2xx + r.errors,
  la,
];
table(
  `GET /v2/app/keys/{keyId}/credential (one ES256 credential per request, ${REVOKED} revoked ids in rev), ${CONNECTIONS} connections, log level ${LOG_LEVEL}`,
  ['target', 'credentials/s', 'p50', 'p99', 'vs hello-world', 'non-2xx+errors', 'load average'],
  [
    row('Fastify hello-world', base, baseLoad),
    row('Latchkey, PostgreSQL', pgRes.r, pgRes.load),
    row('Latchkey, PGlite', liteRes.r, liteRes.load),
  ],
);
