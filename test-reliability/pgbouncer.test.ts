// Through PgBouncer in transaction pooling mode: 2 API processes (LATCHKEY_WORKER=off) and 2
// `latchkey worker` processes whose DATABASE_URL is a real PgBouncer (Debian's package, our own
// config, an ephemeral loopback port), with LATCHKEY_LISTEN_DATABASE_URL direct to PostgreSQL for
// the wake-ups. A direct stack and a pooled one (each its own database, processes and receiver)
// run side by side and take the same steady upload in turns; every event must be
// delivered both ways, each worker must hold its LISTEN on a direct connection, and
// the upload→delivery percentiles of the two runs are reported side by side.
import assert from 'node:assert/strict';
import { loadavg } from 'node:os';
import { after, it } from 'node:test';
import pg from 'pg';
import { startReceiver } from '../test/helpers/delivery.ts';
import {
  baseEnv,
  cleanup,
  createTenant,
  events,
  http,
  onCleanup,
  type PgCluster,
  type Proc,
  percentile,
  report,
  sleep,
  spawnLatchkey,
  startApi,
  startPgBouncer,
  startPgCluster,
  waitUntil,
} from './kit.ts';

after(cleanup);

const SECONDS = Number(process.env.PGBOUNCER_SECONDS || 10);
const EVENTS_PER_TICK = 5;
const TICK_MS = 50; // 100 events/s
const LISTEN_APP = 'latchkey_listen';

async function listeners(cluster: PgCluster, db: string): Promise<number> {
  const c = new pg.Client({ connectionString: cluster.url('postgres') });
  await c.connect();
  try {
    const { rows } = await c.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = $1 AND application_name = $2 AND query ILIKE 'LISTEN %'`,
      [db, LISTEN_APP],
    );
    return rows[0]!.n;
  } finally {
    await c.end();
  }
}

interface Stack {
  db: string;
  apis: Proc[];
  workers: Proc[];
  appToken: string;
  keyId: string;
  arrived: Map<string, number>;
  received: () => number;
  close(): Promise<void>;
}

async function stack(cluster: PgCluster, db: string, databaseUrl: string): Promise<Stack> {
  const arrived = new Map<string, number>();
  let received = 0;
  const rx = await startReceiver((r, res) => {
    received++;
    const id = String(r.headers['webhook-id']);
    if (!arrived.has(id)) arrived.set(id, performance.now());
    res.end('ok');
  });
  onCleanup(() => rx.close());
  const env = baseEnv({
    DATABASE_URL: databaseUrl,
    // Named, so that the test sees these LISTEN connections are the direct ones.
    LATCHKEY_LISTEN_DATABASE_URL: `${cluster.url(db)}?application_name=${LISTEN_APP}`,
    LATCHKEY_WEBHOOK_TIMEOUT_MS: '15000',
    LATCHKEY_PG_POOL_SIZE: '10',
  });
  const apis = [
    await startApi({ ...env, LATCHKEY_WORKER: 'off' }),
    await startApi({ ...env, LATCHKEY_WORKER: 'off' }),
  ];
  const t = await createTenant(apis[0]!.base, [rx.url('/a')]);
  const workers = [spawnLatchkey('worker', env), spawnLatchkey('worker', env)];
  await waitUntil('both workers listening', async () => (await listeners(cluster, db)) >= 2, 60_000);
  return {
    db,
    apis,
    workers,
    appToken: t.appToken,
    keyId: t.locks[0]!.keyId,
    arrived,
    received: () => received,
    async close() {
      for (const p of [...workers, ...apis]) await p.kill('SIGTERM');
      await rx.close();
    },
  };
}

/** A steady upload of RATE events/s for SECONDS through both APIs; upload→delivery latencies. */
async function round(s: Stack, seconds = SECONDS): Promise<number[]> {
  const sentAt = new Map<string, number>();
  const uploads: Promise<void>[] = [];
  const t0 = performance.now();
  for (let tick = 0; tick < (seconds * 1000) / TICK_MS; tick++) {
    const batch = events(s.keyId, EVENTS_PER_TICK);
    const at = performance.now();
    for (const e of batch) sentAt.set(e.id, at);
    uploads.push(
      http(s.apis[tick % 2]!.base, 'POST', '/v2/app/events', {
        token: s.appToken,
        body: { events: batch },
      }).then((r) => {
        assert.equal(r.status, 200, JSON.stringify(r.body));
        for (const x of r.body.results) assert.equal(x.status, 'accepted');
      }),
    );
    await sleep(Math.max(0, t0 + (tick + 1) * TICK_MS - performance.now()));
  }
  await Promise.all(uploads);
  await waitUntil(
    'every event delivered',
    () => [...sentAt.keys()].every((id) => s.arrived.has(id)),
    120_000,
  );
  return [...sentAt].map(([id, at]) => s.arrived.get(id)! - at);
}

const figures = (ms: number[]) => ({
  p50Ms: Math.round(percentile(ms, 50)),
  p99Ms: Math.round(percentile(ms, 99)),
  maxMs: Math.round(Math.max(...ms)),
});

it('2 APIs + 2 workers through PgBouncer (transaction pooling): all delivered, wake-ups by LISTEN on a direct connection', {
  timeout: 400_000,
}, async () => {
  const cluster = await startPgCluster();
  cluster.createDb('lk_direct');
  cluster.createDb('lk_pooled');
  const bouncer = await startPgBouncer(cluster, ['lk_pooled']);

  // Both stacks run side by side, and the load goes to one at a time in the order direct, pooled,
  // pooled, direct: a shared machine's load drifts from one minute to the next, and this order
  // gives both the same share of it (after a warm-up round each).
  const direct = await stack(cluster, 'lk_direct', cluster.url('lk_direct'));
  const pooledStack = await stack(cluster, 'lk_pooled', bouncer.url('lk_pooled'));
  // A warm-up round each, not counted: the first uploads of a stack pay for connections and
  // compilation, and in the order below they would fall on the direct stack only.
  const warmUp = [...(await round(direct, 2)), ...(await round(pooledStack, 2))].length;
  const ms = { direct: [] as number[], pooled: [] as number[] };
  for (const [name, st] of [
    ['direct', direct],
    ['pooled', pooledStack],
    ['pooled', pooledStack],
    ['direct', direct],
  ] as const)
    ms[name].push(...(await round(st)));
  await sleep(1000); // a late duplicate would show here
  // The warm-up's requests (one per event, unless re-sent) are not this round's.
  const result = async (st: Stack, m: number[]) => ({
    events: m.length,
    resent: st.received() - warmUp / 2 - m.length,
    directListenConnections: await listeners(cluster, st.db),
    ...figures(m),
  });
  const d = await result(direct, ms.direct);
  const pooled = await result(pooledStack, ms.pooled);
  for (const st of [direct, pooledStack])
    for (const w of st.workers) assert.equal(w.child.exitCode, null, `a worker crashed:\n${w.output()}`);
  await direct.close();
  await pooledStack.close();
  report('pgbouncer-vs-direct', {
    loadAverage: +loadavg()[0]!.toFixed(1),
    eventsPerSecond: (EVENTS_PER_TICK * 1000) / TICK_MS,
    seconds: SECONDS,
    direct: d,
    pooled,
    p99Ratio: +(pooled.p99Ms / Math.max(1, d.p99Ms)).toFixed(2),
  });
  for (const r of [d, pooled]) {
    // Every event arrived (round() waits for each); a re-send is possible only after a timeout.
    assert.ok(r.resent >= 0);
    assert.ok(r.directListenConnections >= 2, 'each worker listens on its direct connection');
  }
});
