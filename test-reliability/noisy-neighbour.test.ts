// Noisy neighbour: tenant A has 16 webhooks whose receiver answers each webhook's first request
// and then never again (each request runs to the timeout), and 100 events for each; tenant B's deliveries must still arrive within a second or two,
// not after A's hanging requests have left the worker's room. Measured: B's latency from upload to
// arrival at its receiver, alone and beside A.
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

const TIMEOUT_MS = 4_000;
const NOISY_WEBHOOKS = 16;
const NOISY_EVENTS = 100;
const QUIET_EVENTS = 12;

it("one tenant's hanging receivers do not delay another tenant's deliveries", {
  timeout: 120_000,
}, async () => {
  // Answers a webhook's first request at once, so the worker takes it for one that answers (its
  // slots and a waiting line in the shared room), then never: every later request runs into the
  // worker's timeout.
  const answered = new Set<string>();
  const hanging = await startReceiver((req, res) => {
    if (answered.has(req.path)) return;
    answered.add(req.path);
    res.end('ok');
  });
  onCleanup(() => hanging.close());
  const quiet = await startReceiver();
  onCleanup(() => quiet.close());
  // The embedded store, API and worker in one process: the default deployment.
  const api = await startApi(
    baseEnv({
      LATCHKEY_DATA_DIR: tempDir('latchkey-rel-noisy-'),
      LATCHKEY_WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
    }),
  );
  const a = await createTenant(
    api.base,
    Array.from({ length: NOISY_WEBHOOKS }, (_, i) => hanging.url(`/a/${i}`)),
  );
  const b = await createTenant(api.base, [quiet.url('/b')], '+4790000002');
  const upload = async (appToken: string, keyId: string, n: number) => {
    const r = await http(api.base, 'POST', '/v2/app/events', {
      token: appToken,
      body: { events: events(keyId, n) },
      timeoutMs: 30_000,
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.results as { id: string; status: string }[];
  };

  /** Uploads B's events one by one, `gapMs` apart; returns each one's latency, upload to arrival. */
  const quietLatencies = async (n: number, gapMs: number) => {
    const sentAt = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const at = Date.now();
      for (const r of await upload(b.appToken, b.locks[0]!.keyId, 1)) sentAt.set(r.id, at);
      await sleep(gapMs);
    }
    // Before fair delivery, B's first delivery here waited for A's backlog: 100 s and more.
    await waitUntil(
      "every one of B's deliveries",
      () => [...sentAt.keys()].every((id) => quiet.requests.some((r) => r.headers['webhook-id'] === id)),
      3 * TIMEOUT_MS,
    );
    return quiet.requests
      .filter((r) => sentAt.has(String(r.headers['webhook-id'])))
      .map((r) => r.at - sentAt.get(String(r.headers['webhook-id']))!);
  };

  const idle = await quietLatencies(5, 50);
  for (const lock of a.locks) await upload(a.appToken, lock.keyId, NOISY_EVENTS);
  await waitUntil('A saturating the worker', () => hanging.requests.length >= NOISY_WEBHOOKS, 20_000);
  // Over more than one timeout of A's requests: B is measured while they hang, end and retry.
  const beside = await quietLatencies(QUIET_EVENTS, 500);
  report('noisy-neighbour', {
    timeoutMs: TIMEOUT_MS,
    noisyWebhooks: NOISY_WEBHOOKS,
    noisyDeliveries: NOISY_WEBHOOKS * NOISY_EVENTS,
    noisyRequestsSoFar: hanging.requests.length,
    idleP50Ms: Math.round(percentile(idle, 50)),
    quietDeliveries: beside.length,
    quietP50Ms: Math.round(percentile(beside, 50)),
    quietMaxMs: Math.round(Math.max(...beside)),
  });
  // Sooner than one timeout of A's: B did not wait for A's requests to end.
  assert.ok(Math.max(...beside) < TIMEOUT_MS, `B waited up to ${Math.max(...beside)} ms`);
});
