// Volume must not starve other tenants: tenant A has 20 webhooks on one lock (the most a lock takes)
// and uploads 1,000 events at a time, so each upload queues 20,000 deliveries to a receiver that
// answers at once; tenant B then uploads single events. B's delivery must overtake A's backlog
// instead of waiting for it to drain. Both stores: the embedded one (API and worker in one process,
// the default deployment) and PostgreSQL (a cluster of our own, API and worker in one process).
//
// The check is on order, not on time: between B's upload answering (its delivery queued) and the
// delivery's arrival, A's receiver may take at most a tenth of the backlog A had then (before fair
// claiming, all of it: B's delivery was queued behind every one of A's). The latencies, from the
// upload's start, are reported (RESULT lines) for docs/performance.md.
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
  startPgCluster,
  tempDir,
  waitUntil,
} from './kit.ts';

after(cleanup);

const WEBHOOKS = 20;
const EVENTS_PER_UPLOAD = 1000;
const UPLOADS = 2;
const FLOOD = WEBHOOKS * EVENTS_PER_UPLOAD * UPLOADS;
/** B's backlog-free deliveries measured beside the flood, one upload each. */
const QUIET_EVENTS = 5;
/** Without this much of A's flood still queued when B uploads, the test would prove nothing. */
const MIN_BACKLOG = 10_000;

async function scenario(store: 'pglite' | 'postgres'): Promise<void> {
  // A's receiver only counts (tens of thousands of requests); B's keeps what arrived and when.
  let floodReceived = 0;
  const flood = await startReceiver((_r, res) => {
    floodReceived++;
    flood.requests.length = 0;
    res.end('ok');
  });
  onCleanup(() => flood.close());
  const quiet = await startReceiver();
  onCleanup(() => quiet.close());
  let storeEnv: Record<string, string>;
  if (store === 'postgres') {
    const pg = await startPgCluster();
    pg.createDb('latchkey');
    storeEnv = { DATABASE_URL: pg.url('latchkey'), LATCHKEY_PG_POOL_SIZE: '10' };
  } else {
    storeEnv = { LATCHKEY_DATA_DIR: tempDir('latchkey-rel-volume-') };
  }
  const api = await startApi(baseEnv({ ...storeEnv, LATCHKEY_WEBHOOK_TIMEOUT_MS: '15000' }));
  const a = await createTenant(api.base, [undefined]);
  const lock = a.locks[0]!;
  for (let i = 0; i < WEBHOOKS; i++) {
    const r = await http(api.base, 'POST', `/v2/projects/${a.projectId}/webhooks`, {
      token: a.projectToken,
      body: { url: flood.url(`/a/${i}`), lockId: lock.lockId },
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
  }
  const b = await createTenant(api.base, [quiet.url('/b')], '+4790000002');
  const upload = async (appToken: string, keyId: string, n: number) => {
    const r = await http(api.base, 'POST', '/v2/app/events', {
      token: appToken,
      body: { events: events(keyId, n) },
      timeoutMs: 60_000,
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.results as { id: string; status: string }[];
  };

  // B alone first: its latency without a flood.
  const idle: number[] = [];
  for (let i = 0; i < QUIET_EVENTS; i++) {
    const at = Date.now();
    const [ev] = await upload(b.appToken, b.locks[0]!.keyId, 1);
    const got = await waitUntil(
      "B's delivery (idle)",
      () => quiet.requests.find((r) => r.headers['webhook-id'] === ev!.id),
      30_000,
    );
    idle.push(got!.at - at);
  }

  const floodStarted = Date.now();
  for (let i = 0; i < UPLOADS; i++) await upload(a.appToken, lock.keyId, EVENTS_PER_UPLOAD);
  const floodQueuedMs = Date.now() - floodStarted;

  // B beside the flood: each event uploaded alone; how long it took, and how many of A's
  // deliveries went out meanwhile.
  const beside: { ms: number; uploadMs: number; backlog: number; overtakenBy: number }[] = [];
  for (let i = 0; i < QUIET_EVENTS; i++) {
    const at = Date.now();
    const [ev] = await upload(b.appToken, b.locks[0]!.keyId, 1);
    const uploadMs = Date.now() - at;
    // Counted from the upload's answer, when B's delivery is queued: what went out while it waited.
    const backlog = FLOOD - floodReceived;
    const receivedBefore = floodReceived;
    // Before fair claiming this waited for A's whole backlog: tens of seconds on a slow machine.
    const got = await waitUntil(
      "B's delivery beside the flood",
      () => quiet.requests.find((r) => r.headers['webhook-id'] === ev!.id),
      120_000,
    );
    beside.push({ ms: got!.at - at, uploadMs, backlog, overtakenBy: floodReceived - receivedBefore });
    await sleep(200);
  }
  const floodLeft = FLOOD - floodReceived;
  await waitUntil('the whole flood delivered', () => floodReceived >= FLOOD, 300_000);
  const floodMs = Date.now() - floodStarted;
  const ms = beside.map((x) => x.ms);
  report(`volume-fairness-${store}`, {
    flood: FLOOD,
    floodQueuedMs,
    floodPerSecond: Math.round(FLOOD / (floodMs / 1000)),
    idleP50Ms: Math.round(percentile(idle, 50)),
    quietP50Ms: Math.round(percentile(ms, 50)),
    quietMaxMs: Math.round(Math.max(...ms)),
    quietMs: ms,
    quietUploadMs: beside.map((x) => x.uploadMs),
    backlogAtFirst: beside[0]!.backlog,
    overtakenBy: beside.map((x) => x.overtakenBy),
    floodLeftAfterQuiet: floodLeft,
  });
  // The first of B's deliveries is measured against the largest backlog: it must be a real one.
  assert.ok(
    beside[0]!.backlog >= MIN_BACKLOG,
    `A's backlog when B uploaded: ${beside[0]!.backlog} (the flood drained before B was measured)`,
  );
  for (const x of beside.filter((x) => x.backlog >= MIN_BACKLOG))
    assert.ok(
      x.overtakenBy <= x.backlog / 10,
      `B waited for ${x.overtakenBy} of A's ${x.backlog} queued deliveries (${x.ms} ms)`,
    );
}

it(
  "one tenant's 40,000 queued deliveries do not hold up another tenant's next one (PGlite)",
  {
    timeout: 400_000,
  },
  () => scenario('pglite'),
);

it(
  "one tenant's 40,000 queued deliveries do not hold up another tenant's next one (PostgreSQL)",
  {
    timeout: 400_000,
  },
  () => scenario('postgres'),
);
