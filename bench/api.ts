// npm run bench:api — authorized reads (GET /v2/projects/{projectId}/locks/{lockId}) on PostgreSQL
// and PGlite beside a bare Fastify hello-world measured in the same run (bench/lib.ts: servers in
// child processes, autocannon with keep-alive and 50 connections, ~10 s each), plus the time of one
// 10,000-key batch create (POST .../keys) on each store.
//
//   BENCH_SECONDS      duration of each load run (default 10)
//   BENCH_LOG_LEVEL    the server's LATCHKEY_LOG_LEVEL (default info, as in production: one JSON
//                      line per request; `warn` shows what that line costs)
//   BENCH_DATABASE_URL PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test); a fresh
//                      database is created for the run and dropped after it
import {
  api,
  fmt,
  type LoadResult,
  load,
  type StoreKind,
  seedTenant,
  startHelloWorld,
  startLatchkey,
  table,
} from './lib.ts';

const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const BATCH = 10_000;

interface StoreResult {
  read: LoadResult;
  batchMs: number;
}

async function measure(store: StoreKind): Promise<StoreResult> {
  const server = await startLatchkey(store, { LATCHKEY_LOG_LEVEL: LOG_LEVEL, LATCHKEY_WORKER: 'off' });
  try {
    const t = await seedTenant(server.base);
    const locks = `/v2/projects/${t.projectId}/locks`;
    const lock = await api(
      server.base,
      'POST',
      locks,
      { name: 'Front door', metadata: { unit: '4B' } },
      t.projectToken,
    );
    // Other locks, so that the lookup is not against a one-row table.
    for (let i = 0; i < 200; i++)
      await api(server.base, 'POST', locks, { name: `Door ${i}` }, t.projectToken);
    const opts = {
      url: `${server.base}${locks}/${lock.lock.id}`,
      headers: { authorization: `Bearer ${t.projectToken}` },
    };
    await load({ ...opts, duration: 3 }); // warm-up: JIT, pool connections, caches
    const read = await load(opts);

    // Each item as small as it gets (lockId, appUserId, durationMinutes): 10,000 fit in the 1 MiB body limit.
    const keys = Array.from({ length: BATCH }, (_, i) => ({
      lockId: lock.lock.id,
      appUserId: `+4791${String(i).padStart(6, '0')}`,
      durationMinutes: 60 * 24 * 30,
    }));
    const t0 = performance.now();
    const created = await api(
      server.base,
      'POST',
      `/v2/projects/${t.projectId}/keys`,
      { keys },
      t.projectToken,
    );
    const batchMs = performance.now() - t0;
    if (created.keys.length !== BATCH) throw new Error(`batch create returned ${created.keys.length} keys`);
    return { read, batchMs };
  } finally {
    await server.stop();
  }
}

const hello = await startHelloWorld();
await load({ url: hello.base, duration: 3 });
const base = await load({ url: hello.base });
await hello.stop();
const pgRes = await measure('pg');
const liteRes = await measure('pglite');

const row = (name: string, r: LoadResult, target: string, batch?: number) => [
  name,
  fmt(r.rps),
  `${fmt(r.p50)} ms`,
  `${fmt(r.p99)} ms`,
  `${fmt((100 * r.rps) / base.rps, 1)}%`,
  target,
  r.non2xx + r.errors,
  batch === undefined ? '' : `${fmt(batch / 1000, 2)} s`,
];
table(
  `Authorized read GET /v2/projects/{projectId}/locks/{lockId}, ${process.env.BENCH_CONNECTIONS ?? 50} connections, log level ${LOG_LEVEL}`,
  ['target', 'req/s', 'p50', 'p99', 'vs hello-world', 'target', 'non-2xx+errors', `${fmt(BATCH)}-key create`],
  [
    row('Fastify hello-world', base, ''),
    row('Latchkey, PostgreSQL', pgRes.read, '≥ 12%', pgRes.batchMs),
    row('Latchkey, PGlite', liteRes.read, '≥ 5%', liteRes.batchMs),
  ],
);
console.log(`\n${fmt(BATCH)}-key batch create target on PostgreSQL: < 2 s.`);
