// One webhook's receiver answers after 10 s and has a backlog; another webhook's deliveries must not
// wait behind it (per-webhook concurrency cap). Measured: the fast webhook's latency from upload to
// arrival at its receiver while the slow one is saturated.
import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { startReceiver } from '../test/helpers/delivery.ts';
import {
  baseEnv,
  cleanup,
  createTenant,
  events,
  http,
  onCleanup,
  percentile,
  report,
  sleep,
  startApi,
  tempDir,
  waitUntil,
} from './kit.ts';

after(cleanup);

const SLOW_MS = 10_000;
const SLOW_EVENTS = 40;
const FAST_EVENTS = 60;

it('a 10 s receiver on one webhook does not slow deliveries to another', { timeout: 150_000 }, async () => {
  const slow = await startReceiver((_r, res) => {
    setTimeout(() => res.end('ok'), SLOW_MS).unref();
  });
  onCleanup(() => slow.close());
  const fast = await startReceiver();
  onCleanup(() => fast.close());
  // The embedded store, API and worker in one process: the default deployment.
  const api = await startApi(
    baseEnv({ LATCHKEY_DATA_DIR: tempDir('latchkey-rel-slow-'), LATCHKEY_WEBHOOK_TIMEOUT_MS: '15000' }),
  );
  const t = await createTenant(api.base, [slow.url('/slow'), fast.url('/fast')]);
  const [slowLock, fastLock] = t.locks;
  const upload = (keyId: string, n: number) =>
    http(api.base, 'POST', '/v2/app/events', {
      token: t.appToken,
      body: { events: events(keyId, n) },
      timeoutMs: 30_000,
    }).then((r) => {
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.results as { id: string; status: string }[];
    });

  const uploadMs: number[] = [];
  /** Uploads `n` fast events one by one; returns each one's latency from upload to arrival. */
  const fastLatencies = async (n: number) => {
    const sentAt = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const at = Date.now();
      for (const r of await upload(fastLock!.keyId, 1)) sentAt.set(r.id, at);
      uploadMs.push(Date.now() - at);
      await sleep(50);
    }
    await waitUntil(
      'every fast delivery',
      () => [...sentAt.keys()].every((id) => fast.requests.some((r) => r.headers['webhook-id'] === id)),
      30_000,
    );
    return fast.requests
      .filter((r) => sentAt.has(String(r.headers['webhook-id'])))
      .map((r) => r.at - sentAt.get(String(r.headers['webhook-id']))!);
  };
  // Baseline: the fast webhook alone.
  const baseline = await fastLatencies(20);
  // The slow webhook's backlog: far more than its concurrency cap.
  await upload(slowLock!.keyId, SLOW_EVENTS);
  await waitUntil('the slow receiver saturated', () => slow.requests.length > 0, 20_000);
  const latencies = await fastLatencies(FAST_EVENTS);
  const slowPending = SLOW_EVENTS - slow.requests.length;
  report('slow-receiver', {
    slowReceiverMs: SLOW_MS,
    slowBacklog: SLOW_EVENTS,
    slowRequestsSoFar: slow.requests.length,
    slowStillQueued: slowPending,
    baselineP50Ms: Math.round(percentile(baseline, 50)),
    baselineP99Ms: Math.round(percentile(baseline, 99)),
    uploadP50Ms: Math.round(percentile(uploadMs, 50)),
    fastDeliveries: latencies.length,
    fastP50Ms: Math.round(percentile(latencies, 50)),
    fastP99Ms: Math.round(percentile(latencies, 99)),
    fastMaxMs: Math.round(Math.max(...latencies)),
  });
  assert.ok(slowPending > 0, 'the slow webhook still had a backlog while the fast one was measured');
  assert.ok(percentile(latencies, 99) < 2000, `fast webhook p99 ${percentile(latencies, 99)} ms`);
});
