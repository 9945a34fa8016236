// Two API processes (LATCHKEY_WORKER=off) and two `latchkey worker` processes on one PostgreSQL (our
// own cluster) under a burst of 5,000 events uploaded through both APIs. The receiver holds each
// request open a little so that overlapping attempts would show: no webhook-id may ever be in flight
// twice at once, and with no crash no event is delivered twice; every event is delivered.
import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { startReceiver } from '../test/helpers/delivery.ts';
import {
  baseEnv,
  cleanup,
  createTenant,
  events,
  http,
  METRICS_TOKEN,
  onCleanup,
  report,
  sleep,
  spawnLatchkey,
  startApi,
  startPgCluster,
  waitUntil,
} from './kit.ts';

after(cleanup);

const TOTAL = 5000;
const BATCH = 100;

it('2 APIs + 2 workers on one PostgreSQL: each delivery once, none concurrent, all delivered', {
  timeout: 200_000,
}, async () => {
  const pg = await startPgCluster();
  pg.createDb('latchkey');
  const inFlight = new Set<string>();
  const seen = new Map<string, number>();
  let concurrentDuplicates = 0;
  let firstAt = 0;
  let lastAt = 0;
  const rx = await startReceiver(async (r, res) => {
    const key = `${r.path} ${r.headers['webhook-id']}`;
    if (inFlight.has(key)) concurrentDuplicates++;
    inFlight.add(key);
    seen.set(key, (seen.get(key) ?? 0) + 1);
    firstAt ||= Date.now();
    lastAt = Date.now();
    await sleep(5 + Math.random() * 20);
    inFlight.delete(key);
    res.end('ok');
  });
  onCleanup(() => rx.close());
  const env = baseEnv({
    DATABASE_URL: pg.url('latchkey'),
    LATCHKEY_WEBHOOK_TIMEOUT_MS: '5000',
    LATCHKEY_PG_POOL_SIZE: '10',
  });
  // The first API migrates; the others start on a migrated database.
  const apiA = await startApi({ ...env, LATCHKEY_WORKER: 'off' });
  const apiB = await startApi({ ...env, LATCHKEY_WORKER: 'off' });
  const t = await createTenant(apiA.base, [rx.url('/a'), rx.url('/b')]);
  const workers = [spawnLatchkey('worker', env), spawnLatchkey('worker', env)];

  const batches = Array.from({ length: TOTAL / BATCH }, (_, i) => events(t.locks[i % 2]!.keyId, BATCH));
  const accepted = new Set<string>();
  const queue = batches.map((b, i) => ({ b, base: i % 2 === 0 ? apiA.base : apiB.base }));
  const t0 = Date.now();
  const uploader = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const r = await http(job.base, 'POST', '/v2/app/events', {
        token: t.appToken,
        body: { events: job.b },
        timeoutMs: 30_000,
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      for (const x of r.body.results as { id: string; status: string }[]) {
        assert.equal(x.status, 'accepted');
        accepted.add(x.id);
      }
    }
  };
  await Promise.all([uploader(), uploader(), uploader(), uploader()]);
  const uploadMs = Date.now() - t0;
  const expected = new Set(batches.flatMap((b, i) => b.map((e) => `${i % 2 === 0 ? '/a' : '/b'} ${e.id}`)));
  // The API processes run no worker, yet export the queue gauges (sampled while it drains).
  let peakQueueDepth = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const m = await http(apiA.base, 'GET', '/metrics', { token: METRICS_TOKEN, timeoutMs: 5000 }).catch(
        () => undefined,
      );
      const depth = /^latchkey_webhook_queue_depth (\d+)/m.exec(String(m?.body ?? ''));
      if (depth) peakQueueDepth = Math.max(peakQueueDepth, Number(depth[1]));
      await sleep(500);
    }
  })();
  onCleanup(async () => {
    sampling = false;
    await sampler;
  });
  await waitUntil('every event delivered', () => [...expected].every((k) => seen.has(k)), 150_000).catch(
    (e) => {
      throw new Error(
        `${(e as Error).message}: ${[...expected].filter((k) => !seen.has(k)).length} missing\n${workers
          .map((w) => w.output().slice(-1500))
          .join('\n')}`,
      );
    },
  );
  const allMs = Date.now() - t0;
  sampling = false;
  await sampler;
  // Give a late duplicate (a second worker re-sending) a moment to show before counting.
  await sleep(1000);
  const duplicates = [...seen.values()].filter((n) => n > 1).length;
  for (const w of workers) assert.equal(w.child.exitCode, null, `a worker crashed:\n${w.output()}`);
  report('two-apis-two-workers', {
    events: TOTAL,
    accepted: accepted.size,
    deliveries: expected.size,
    receiverRequests: rx.requests.length,
    uploadSeconds: +(uploadMs / 1000).toFixed(1),
    eventsPerSecond: Math.round(TOTAL / (uploadMs / 1000)),
    allDeliveredSeconds: +(allMs / 1000).toFixed(1),
    deliveriesPerSecond: Math.round(expected.size / ((lastAt - firstAt) / 1000 || 1)),
    concurrentDuplicates,
    duplicates,
    peakQueueDepthOnApiMetrics: peakQueueDepth,
  });
  assert.equal(accepted.size, TOTAL);
  assert.equal(concurrentDuplicates, 0, 'a delivery was attempted by two workers at once');
  assert.equal(duplicates, 0, 'a delivery was sent twice without any crash');
  assert.ok(peakQueueDepth > 0, 'the queue depth gauge of a worker-less API process never moved');
});
