// Fair delivery: one tenant's receivers that hang must not hold the worker's shared room, so that
// other webhooks' deliveries go out while they hang (not after their timeout). The hanging requests
// are held by the test until it releases them: nothing here depends on how long anything takes.
// Each hanging webhook answers its first request at once: known to answer, it is claimed as a
// fast one (its slots and a waiting line in the shared room) before it hangs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  allSucceeded,
  DELIVERY_ENV,
  deliveryRows,
  enqueueEvent,
  insertLock,
  type Receiver,
  registerWebhook,
  releaseUntilDelivered,
  startReceiver,
  startWorker,
  waitFor,
} from '../helpers/delivery.ts';
import { createTenant } from '../helpers/factories.ts';

let t: TestApp;
let hanging: Receiver;
let answering: Receiver;
const held: (() => void)[] = [];
/** Per path of the hanging receiver: requests under way now, and the most at once. */
const now = new Map<string, number>();
const most = new Map<string, number>();
const answered = new Set<string>();

before(async () => {
  t = await startTestApp(DELIVERY_ENV);
  hanging = await startReceiver((req, res) => {
    if (req.path === '/same-host' || !answered.has(req.path)) {
      answered.add(req.path);
      return void res.end('ok');
    }
    const n = (now.get(req.path) ?? 0) + 1;
    now.set(req.path, n);
    most.set(req.path, Math.max(most.get(req.path) ?? 0, n));
    held.push(() => {
      now.set(req.path, now.get(req.path)! - 1);
      res.end('ok');
    });
  });
  answering = await startReceiver();
});
after(async () => {
  for (const release of held.splice(0)) release();
  await hanging.close();
  await answering.close();
  await t.close();
});

describe('fair delivery', () => {
  it("another tenant's delivery goes out while one tenant's webhooks hang, caps kept", async () => {
    const a = await createTenant(t, 'Noisy');
    const b = await createTenant(t, 'Quiet');
    const noisy: string[] = [];
    for (let i = 0; i < 8; i++) {
      const lock = await insertLock(t, a.projectId, `Door ${i}`);
      noisy.push((await registerWebhook(t, a, lock, hanging.url(`/noisy/${i}`))).id);
      for (let j = 0; j < 6; j++) await enqueueEvent(t, a.projectId, lock);
    }
    const quietLock = await insertLock(t, b.projectId);
    const quiet = await registerWebhook(t, b, quietLock, answering.url('/quiet'));
    // Another webhook on the very host of the hanging ones.
    const sameHostLock = await insertLock(t, b.projectId, 'Side door');
    const sameHost = await registerWebhook(t, b, sameHostLock, hanging.url('/same-host'));
    // 8 hanging webhooks × (3 sending + 1 claimed ahead) = 32 want the 12 places of the shared
    // room; the slow lane has 20.
    const w = await startWorker(t, {
      maxInFlight: 12,
      perWebhook: 3,
      claimAhead: 1,
      aheadHorizonMs: 0,
      slowAfterMs: 100,
      slowMaxInFlight: 20,
    });
    try {
      // More than the shared room holds, and as many as the connections per host the delivery
      // agent used to allow (16).
      await waitFor('16 hanging requests', () => held.length >= 16);
      const evs = [
        await enqueueEvent(t, b.projectId, quietLock),
        await enqueueEvent(t, b.projectId, sameHostLock),
      ];
      // Before the slow lane, these waited for the hanging requests' timeout (15 s here).
      await waitFor(
        "the other tenant's deliveries",
        () =>
          evs.every((ev) =>
            [...answering.requests, ...hanging.requests].some((r) => r.headers['webhook-id'] === ev.id),
          ),
        5_000,
      );
      // ... before any hanging request ended (answered or timed out): the first ones only.
      const { rows } = await t.store.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
          WHERE d.webhook_id = ANY($1)`,
        [noisy],
      );
      assert.equal(rows[0]!.n, noisy.length);
      assert.ok(await waitFor('recorded', () => allSucceeded(t, quiet.id, sameHost.id)));
      // Each hanging webhook kept to its 3 sending slots.
      for (const m of most.values()) assert.ok(m <= 3, `at most 3 at once per webhook, saw ${m}`);
      // Released, every delivery of the noisy tenant gets through, once each.
      for (const id of noisy) await releaseUntilDelivered(t, held, id);
      for (const id of noisy) {
        const rows = await deliveryRows(t, id);
        assert.equal(rows.length, 6);
        assert.ok(rows.every((d) => d.status === 'succeeded' && d.attempt_count === 1));
      }
      for (const m of most.values()) assert.ok(m <= 3, `at most 3 at once per webhook, saw ${m}`);
    } finally {
      for (const release of held.splice(0)) release();
      await w.stop();
    }
  });
});
