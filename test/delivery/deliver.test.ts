import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { USER_AGENT } from '../../src/delivery/worker.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  allSucceeded,
  DELIVERY_ENV,
  deliveryRows,
  enqueueEvent,
  insertLock,
  leasedCount,
  type Receiver,
  registerWebhook,
  releaseUntilDelivered,
  startReceiver,
  startWorker,
  waitFor,
} from '../helpers/delivery.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

let t: TestApp;
let a: Tenant;
let rx: Receiver;

before(async () => {
  t = await startTestApp(DELIVERY_ENV);
  a = await createTenant(t);
  rx = await startReceiver();
});
after(async () => {
  await rx.close();
  await t.close();
});

describe('webhook delivery', () => {
  it('POSTs the exact body with Basic auth and a valid Standard Webhooks signature', async () => {
    const lockId = await insertLock(t, a.projectId);
    const hook = await registerWebhook(
      t,
      a,
      lockId,
      `https://hook-user:s3cr%2Ft@127.0.0.1:${rx.port}/in?x=1`,
    );
    const ev = await enqueueEvent(t, a.projectId, lockId, { userName: 'Åse Ødegård' });
    assert.equal(ev.queued, 1);
    const w = await startWorker(t);
    try {
      const got = await waitFor('the delivery', () =>
        rx.requests.find((r) => r.headers['webhook-id'] === ev.id),
      );
      assert.equal(got.body, ev.body);
      assert.equal(got.path, '/in?x=1');
      assert.deepEqual(Object.keys(JSON.parse(got.body)), [
        'id',
        'action',
        'created',
        'keyId',
        'lockId',
        'lockName',
        'appUserId',
        'userName',
      ]);
      assert.equal(got.headers['content-type'], 'application/json');
      assert.equal(got.headers['user-agent'], USER_AGENT);
      assert.match(USER_AGENT, /^Latchkey-Webhooks\/\d+\.\d+\.\d+/);
      // The credentials exactly as written in the URL: no percent-decoding.
      assert.equal(
        got.headers.authorization,
        `Basic ${Buffer.from('hook-user:s3cr%2Ft').toString('base64')}`,
      );
      const verified = new Webhook(hook.secret).verify(got.body, got.headers as Record<string, string>);
      assert.deepEqual(verified, JSON.parse(ev.body));
      assert.throws(() =>
        new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(
          got.body,
          got.headers as Record<string, string>,
        ),
      );
      const rows = await waitFor('succeeded status', async () => {
        const r = await deliveryRows(t, hook.id);
        return r[0]?.status === 'succeeded' && r;
      });
      assert.equal(rows[0]!.attempt_count, 1);
      const list = await t.call('GET', `/v2/projects/${a.projectId}/webhooks/${hook.id}/deliveries`, {
        token: a.projectToken,
      });
      assert.equal(list.status, 200);
      assert.equal(list.body.deliveries[0].eventId, ev.id);
      assert.equal(list.body.deliveries[0].status, 'succeeded');
      assert.equal(list.body.deliveries[0].nextAttemptAt, null);
      assert.equal(list.body.deliveries[0].attempts.length, 1);
      assert.equal(list.body.deliveries[0].attempts[0].responseStatus, 200);
      assert.equal(list.body.deliveries[0].attempts[0].error, null);
    } finally {
      await w.stop();
    }
  });

  it('keeps retrying while the receiver is down, then delivers everything, attempts per the schedule', async () => {
    const down = await startReceiver();
    const b = await createTenant(t, 'Downtime');
    const lock = await insertLock(t, b.projectId);
    const hook = await registerWebhook(t, b, lock, down.url('/down'));
    await down.close(); // connection refused from now on
    const events = [];
    for (let i = 0; i < 5; i++) events.push(await enqueueEvent(t, b.projectId, lock));
    // Schedule 0.05, 0.1, 0.2, 0.4, 0.8 s: plenty of attempts while down, not yet failed.
    const w = await startWorker(t, { retrySchedule: [0.05, 0.1, 0.2, 0.4, 0.8, 1, 1, 1] });
    try {
      await waitFor('two failed attempts each', async () => {
        const rows = await deliveryRows(t, hook.id);
        return rows.every((r) => r.attempt_count >= 2 && r.status === 'pending');
      });
      await down.reopen();
      const rows = await waitFor('all delivered', async () => {
        const r = await deliveryRows(t, hook.id);
        return r.every((d) => d.status === 'succeeded') && r;
      });
      assert.equal(rows.length, 5);
      assert.deepEqual(
        new Set(down.requests.map((r) => r.headers['webhook-id'])),
        new Set(events.map((e) => e.id)),
      );
      const { rows: attempts } = await t.store.db.query<{
        delivery_id: string;
        attempt: number;
        at: Date;
        response_status: number | null;
        error: string | null;
      }>(
        `SELECT a.delivery_id, a.attempt, a.at, a.response_status, a.error FROM webhook_attempts a
           JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.webhook_id = $1
          ORDER BY a.delivery_id, a.attempt`,
        [hook.id],
      );
      const schedule = [0.05, 0.1, 0.2, 0.4, 0.8, 1, 1, 1];
      for (const d of rows) {
        const mine = attempts.filter((x) => x.delivery_id === d.id);
        assert.equal(mine.length, d.attempt_count);
        assert.deepEqual(
          mine.map((x) => x.attempt),
          mine.map((_, i) => i + 1),
        );
        const last = mine[mine.length - 1]!;
        assert.equal(last.response_status, 200);
        for (const x of mine.slice(0, -1)) {
          assert.equal(x.response_status, null);
          assert.match(x.error!, /ECONNREFUSED/);
        }
        // Never earlier than the schedule allows (-20% jitter, and the DB clock's ms rounding).
        for (let i = 1; i < mine.length; i++) {
          const gap = mine[i]!.at.getTime() - mine[i - 1]!.at.getTime();
          assert.ok(gap >= schedule[i - 1]! * 1000 * 0.8 - 5, `gap ${gap} ms after attempt ${i}`);
        }
      }
    } finally {
      await w.stop();
      await down.close();
    }
  });

  it('410 Gone disables the webhook and fails its pending deliveries; recover re-queues them', async () => {
    const b = await createTenant(t, 'Gone');
    const lock = await insertLock(t, b.projectId);
    let gone = true;
    rx.handler = (req, res) => {
      res.statusCode = req.path === '/gone' && gone ? 410 : 200;
      res.end();
    };
    const hook = await registerWebhook(t, b, lock, rx.url('/gone'));
    const since = new Date(Date.now() - 1000).toISOString();
    await enqueueEvent(t, b.projectId, lock);
    const w = await startWorker(t, { perWebhook: 1, batchSize: 1 });
    try {
      const path = `/v2/projects/${b.projectId}/webhooks/${hook.id}`;
      const got = await waitFor('disabled', async () => {
        const r = await t.call('GET', path, { token: b.projectToken });
        return r.body.webhook.enabled === false && r.body.webhook;
      });
      assert.equal(got.disabledReason, 'the receiver answered 410 Gone');
      // The service's own change is in the project's audit trail, in the same transaction.
      const audit = await t.store.db.query<{ actor_type: string; actor_id: string; project_id: string }>(
        `SELECT actor_type, actor_id, project_id FROM audit_records WHERE action = 'webhook.disabled' AND resource_id = $1`,
        [hook.id],
      );
      assert.deepEqual(audit.rows, [
        { actor_type: 'system', actor_id: 'delivery-worker', project_id: b.projectId },
      ]);
      await waitFor('failed', async () =>
        (await deliveryRows(t, hook.id)).every((d) => d.status === 'failed'),
      );
      // Disabled: new events are not queued for it, retry/recover refuse until it is enabled.
      assert.equal((await enqueueEvent(t, b.projectId, lock)).queued, 0);
      const rec = await t.call('POST', `${path}/recover`, { token: b.projectToken, body: { since } });
      assert.equal(rec.status, 409);
      gone = false;
      const on = await t.call('PATCH', path, { token: b.projectToken, body: { enabled: true } });
      assert.equal(on.body.webhook.enabled, true);
      const r2 = await t.call('POST', `${path}/recover`, { token: b.projectToken, body: { since } });
      assert.equal(r2.status, 200);
      assert.equal(r2.body.recovered, 1);
      await waitFor('delivered after recovery', async () => allSucceeded(t, hook.id));
      const bad = await t.call('POST', `${path}/recover`, {
        token: b.projectToken,
        body: { since: 'yesterday' },
      });
      assert.equal(bad.status, 400);
    } finally {
      await w.stop();
    }
  });

  it('honours Retry-After on 429 and 503', async () => {
    const b = await createTenant(t, 'Throttled');
    const lock = await insertLock(t, b.projectId);
    let calls = 0;
    rx.handler = (req, res) => {
      if (req.path !== '/throttled') return void res.end();
      calls++;
      if (calls === 1) res.writeHead(429, { 'retry-after': '1' }).end();
      else if (calls === 2) res.writeHead(503, { 'retry-after': '1' }).end();
      else res.end('ok');
    };
    const hook = await registerWebhook(t, b, lock, rx.url('/throttled'));
    const ev = await enqueueEvent(t, b.projectId, lock);
    const w = await startWorker(t, { retrySchedule: [0.01, 0.01, 0.01] });
    try {
      await waitFor('delivered', async () => (await deliveryRows(t, hook.id))[0]?.status === 'succeeded');
      const seen = rx.requests.filter((r) => r.headers['webhook-id'] === ev.id);
      assert.equal(seen.length, 3);
      // The schedule says 10 ms; the receiver asked for 1 s each time.
      assert.ok(seen[1]!.at - seen[0]!.at >= 990, `${seen[1]!.at - seen[0]!.at}`);
      assert.ok(seen[2]!.at - seen[1]!.at >= 990, `${seen[2]!.at - seen[1]!.at}`);
      const d = await t.call('GET', `/v2/projects/${b.projectId}/webhooks/${hook.id}/deliveries`, {
        token: b.projectToken,
      });
      assert.deepEqual(
        d.body.deliveries[0].attempts.map((x: { responseStatus: number }) => x.responseStatus),
        [429, 503, 200],
      );
    } finally {
      await w.stop();
    }
  });

  it('a slow receiver on one webhook does not delay another, and holds at most its cap', async () => {
    const b = await createTenant(t, 'Slow');
    const lock = await insertLock(t, b.projectId);
    const held: (() => void)[] = [];
    let maxSlow = 0;
    let slowNow = 0;
    rx.handler = (req, res) => {
      if (req.path !== '/slow') return void res.end('ok');
      slowNow++;
      maxSlow = Math.max(maxSlow, slowNow);
      held.push(() => {
        slowNow--;
        res.end('ok');
      });
    };
    const slow = await registerWebhook(t, b, lock, rx.url('/slow'));
    const lock2 = await insertLock(t, b.projectId, 'Back door');
    const fast = await registerWebhook(t, b, lock2, rx.url('/fast'));
    for (let i = 0; i < 12; i++) await enqueueEvent(t, b.projectId, lock);
    const w = await startWorker(t, { perWebhook: 3 });
    try {
      await waitFor('the slow receiver holding requests', () => held.length >= 3);
      for (let i = 0; i < 6; i++) await enqueueEvent(t, b.projectId, lock2);
      await waitFor('fast deliveries while the slow ones hang', async () => allSucceeded(t, fast.id));
      assert.equal(maxSlow, 3);
      // Release the slow receiver: everything gets through, never more than 3 at once.
      await releaseUntilDelivered(t, held, slow.id);
      assert.equal(maxSlow, 3);
    } finally {
      for (const release of held.splice(0)) release();
      await w.stop();
    }
  });

  it('claims ahead beyond the sending cap; stopping gives the unsent ones back at once', async () => {
    const b = await createTenant(t, 'Ahead');
    const lock = await insertLock(t, b.projectId);
    const held: (() => void)[] = [];
    let now = 0;
    let most = 0;
    let answered = false;
    rx.handler = (req, res) => {
      if (req.path !== '/ahead') return void res.end('ok');
      // The first answered at once: a webhook gets one at a time until it has answered.
      if (!answered) {
        answered = true;
        return void res.end('ok');
      }
      most = Math.max(most, ++now);
      held.push(() => {
        now--;
        res.end('ok');
      });
    };
    const hook = await registerWebhook(t, b, lock, rx.url('/ahead'));
    for (let i = 0; i < 9; i++) await enqueueEvent(t, b.projectId, lock);
    // A horizon of 0: the waiting line is claimAhead whatever the first request took.
    const w = await startWorker(t, { perWebhook: 2, claimAhead: 3, aheadHorizonMs: 0 });
    const leased = () => leasedCount(t, hook.id);
    let stopped: Promise<void> | undefined;
    try {
      await waitFor('two requests held by the receiver', () => held.length === 2);
      // 2 being sent + 3 claimed ahead; the other 3 stay in the queue for any worker.
      await waitFor('five leased', async () => (await leased()) === 5);
      stopped = w.stop();
      await waitFor('the three waiting released while two are still in flight', async () => {
        return (await leased()) === 2;
      });
      for (const release of held.splice(0)) release();
      await stopped;
      assert.equal(most, 2);
      const rows = await deliveryRows(t, hook.id);
      assert.equal(rows.filter((d) => d.status === 'succeeded').length, 3);
      assert.equal(rows.filter((d) => d.status === 'pending' && d.attempt_count === 0).length, 6);
      // Released means due now: a fresh worker sends the rest without waiting for a lease.
      const w2 = await startWorker(t, { perWebhook: 2, claimAhead: 3 });
      try {
        rx.handler = (_req, res) => void res.end('ok');
        await waitFor('the rest delivered', async () => allSucceeded(t, hook.id));
      } finally {
        await w2.stop();
      }
    } finally {
      for (const release of held.splice(0)) release();
      await (stopped ?? w.stop());
    }
  });

  it('a fast receiver gets a longer waiting line, up to claimAheadMax', async () => {
    const b = await createTenant(t, 'AheadFast');
    const lock = await insertLock(t, b.projectId);
    const held: (() => void)[] = [];
    let answered = 0;
    rx.handler = (req, res) => {
      if (req.path !== '/ahead-fast' || answered < 6) {
        answered += req.path === '/ahead-fast' ? 1 : 0;
        return void res.end('ok');
      }
      held.push(() => res.end('ok'));
    };
    const hook = await registerWebhook(t, b, lock, rx.url('/ahead-fast'));
    for (let i = 0; i < 20; i++) await enqueueEvent(t, b.projectId, lock);
    // A horizon of a minute: any measured request time asks for the longest line allowed.
    const w = await startWorker(t, {
      perWebhook: 2,
      claimAhead: 1,
      claimAheadMax: 6,
      aheadHorizonMs: 60_000,
    });
    const leased = () => leasedCount(t, hook.id);
    try {
      await waitFor('two requests held by the receiver', () => held.length === 2);
      // 2 being sent + 6 claimed ahead (not 2 + 1: the first six answered at once).
      await waitFor('eight leased', async () => (await leased()) === 8);
      await new Promise((r) => setTimeout(r, 400)); // two polls: no claim takes more
      assert.equal(await leased(), 8);
      assert.equal(held.length, 2);
      await releaseUntilDelivered(t, held, hook.id);
    } finally {
      for (const release of held.splice(0)) release();
      await w.stop();
    }
  });

  it('a webhook with more due than it may hold is claimed again as slots free up, not at the next poll', async () => {
    const b = await createTenant(t, 'Refill');
    const lock = await insertLock(t, b.projectId);
    rx.handler = (_req, res) => void res.end('ok');
    const hook = await registerWebhook(t, b, lock, rx.url('/refill'));
    for (let i = 0; i < 24; i++) await enqueueEvent(t, b.projectId, lock);
    // 4 per claim at most; the poll is a minute away.
    const w = await startWorker(t, { perWebhook: 2, claimAhead: 2, claimAheadMax: 2, pollMs: 60_000 });
    try {
      await waitFor('all 24 delivered', async () => allSucceeded(t, hook.id), 10_000);
    } finally {
      await w.stop();
    }
  });

  it('a receiver that slows down (its waiting line shrinks below what the worker holds) still gets what is queued meanwhile', async () => {
    const b = await createTenant(t, 'Shrink');
    const lock = await insertLock(t, b.projectId);
    const gate: (() => void)[] = [];
    let slow = false;
    rx.handler = (req, res) => {
      if (slow && req.path === '/shrink') gate.push(() => res.end('ok'));
      else res.end('ok');
    };
    const hook = await registerWebhook(t, b, lock, rx.url('/shrink'));
    const succeeded = async () =>
      (await deliveryRows(t, hook.id)).filter((d) => d.status === 'succeeded').length;
    // Fast answers give it the longest line (1 sending + 4 waiting); one answer after 1.5 s
    // takes it back to 1 + 1 while it holds 3.
    const w = await startWorker(t, {
      perWebhook: 1,
      claimAhead: 1,
      claimAheadMax: 4,
      aheadHorizonMs: 100,
      pollMs: 60_000,
    });
    try {
      for (let i = 0; i < 20; i++) await enqueueEvent(t, b.projectId, lock);
      await waitFor('the fast ones', async () => (await succeeded()) === 20);
      slow = true;
      for (let i = 0; i < 3; i++) await enqueueEvent(t, b.projectId, lock);
      await waitFor('the first slow request', () => gate.length === 1);
      await new Promise((r) => setTimeout(r, 1500));
      gate.shift()!();
      await waitFor('the next one sent', () => gate.length === 1);
      await enqueueEvent(t, b.projectId, lock); // queued (and notified) while the webhook is over its cap
      await new Promise((r) => setTimeout(r, 100));
      slow = false;
      for (const release of gate.splice(0)) release();
      await waitFor('all 24, without the poll', async () => (await succeeded()) === 24, 5_000);
    } finally {
      slow = false;
      for (const release of gate.splice(0)) release();
      await w.stop();
    }
  });

  it('a worker holding its maximum claims again as deliveries finish, not at the next poll', async () => {
    const b = await createTenant(t, 'Starved');
    rx.handler = (_req, res) => void res.end('ok');
    const hooks: string[] = [];
    for (let i = 0; i < 6; i++) {
      const lock = await insertLock(t, b.projectId, `Door ${i}`);
      hooks.push((await registerWebhook(t, b, lock, rx.url(`/starved/${i}`))).id);
      for (let j = 0; j < 3; j++) await enqueueEvent(t, b.projectId, lock);
    }
    // 18 due over 6 webhooks, at most 4 held at once (a batch of 100 would never fit); the poll is
    // a minute away.
    const w = await startWorker(t, { maxInFlight: 4, pollMs: 60_000 });
    try {
      await waitFor('all 18 delivered', () => allSucceeded(t, ...hooks), 10_000);
    } finally {
      await w.stop();
    }
  });

  it('a delivery that waited until its lease is too short to send is given back and claimed afresh', async () => {
    const b = await createTenant(t, 'StaleLease');
    const lock = await insertLock(t, b.projectId);
    let first: (() => void) | undefined;
    const hook = await registerWebhook(t, b, lock, rx.url('/stale'));
    // One answered at once (until a webhook has answered it gets one delivery at a time), then two
    // claimed together: the first of them held.
    const warmUp = await enqueueEvent(t, b.projectId, lock);
    const evs = [await enqueueEvent(t, b.projectId, lock), await enqueueEvent(t, b.projectId, lock)];
    rx.handler = (req, res) => {
      if (req.headers['webhook-id'] === evs[0]!.id && !first) first = () => res.end('ok');
      else res.end('ok');
    };
    const logged: { msg?: string; o: Record<string, unknown> }[] = [];
    const log = {
      info: (o: object, msg?: string) => logged.push({ o: o as Record<string, unknown>, msg }),
      warn() {},
      error() {},
    };
    // A delivery is sent only with timeout + 5 s of its lease left (8 s, the shortest allowed with
    // a 2 s timeout): the second one, claimed with the first and waiting behind it for 1.2 s, has
    // ~6.8 s.
    const w = await startWorker(t, { perWebhook: 1, claimAhead: 1, timeoutMs: 2_000, leaseMs: 8_000, log });
    try {
      await waitFor('the first request held', () => first);
      await new Promise((r) => setTimeout(r, 1_200));
      first!();
      await waitFor('both delivered', async () => allSucceeded(t, hook.id));
      assert.ok(
        logged.some((l) => l.msg === 'deliveries released unsent' && l.o.why === 'lease too short to send'),
      );
      for (const ev of evs)
        assert.equal(rx.requests.filter((r) => r.headers['webhook-id'] === ev.id).length, 1);
      assert.equal(rx.requests.filter((r) => r.headers['webhook-id'] === warmUp.id).length, 1);
      assert.deepEqual(
        (await deliveryRows(t, hook.id)).map((d) => d.attempt_count),
        [1, 1, 1],
      );
    } finally {
      first?.();
      await w.stop();
    }
  });

  it('410 Gone: the deliveries claimed ahead for that webhook are never sent', async () => {
    const b = await createTenant(t, 'GoneAhead');
    const lock = await insertLock(t, b.projectId);
    let sent = 0;
    rx.handler = (req, res) => {
      if (req.path === '/gone-ahead') sent++;
      // The first answered 200 (until a webhook has answered, it gets one delivery at a time).
      res.statusCode = req.path === '/gone-ahead' && sent > 1 ? 410 : 200;
      res.end();
    };
    const hook = await registerWebhook(t, b, lock, rx.url('/gone-ahead'));
    for (let i = 0; i < 7; i++) await enqueueEvent(t, b.projectId, lock);
    const w = await startWorker(t, { perWebhook: 1, claimAhead: 5, aheadHorizonMs: 0 });
    try {
      await waitFor('all but the first failed', async () => {
        const rows = await deliveryRows(t, hook.id);
        return rows.filter((d) => d.status === 'failed').length === 6;
      });
      // The one answered 200 and the one answered 410; the five claimed with it never.
      assert.equal(sent, 2);
    } finally {
      await w.stop();
    }
  });

  it('a queued delivery wakes the worker through NOTIFY, without waiting for its poll', async () => {
    const b = await createTenant(t, 'Notified');
    const lock = await insertLock(t, b.projectId);
    rx.handler = (_req, res) => void res.end('ok');
    await registerWebhook(t, b, lock, rx.url('/notified'));
    // The poll is a minute away: only the NOTIFY of the enqueue can wake it in time.
    const w = await startWorker(t, { pollMs: 60_000 });
    try {
      await new Promise((r) => setTimeout(r, 300)); // the start-up claim has come back empty
      const ev = await enqueueEvent(t, b.projectId, lock);
      assert.equal(ev.queued, 1);
      await waitFor(
        'the notified delivery',
        () => rx.requests.find((r) => r.headers['webhook-id'] === ev.id),
        10_000,
      );
    } finally {
      await w.stop();
    }
  });

  it('signs with both secrets for 24 hours after a rotation', async () => {
    const b = await createTenant(t, 'Rotated');
    const lock = await insertLock(t, b.projectId);
    rx.handler = (_req, res) => void res.end();
    const hook = await registerWebhook(t, b, lock, rx.url('/rotated'));
    const r = await t.call('POST', `/v2/projects/${b.projectId}/webhooks/${hook.id}/rotate-secret`, {
      token: b.projectToken,
    });
    const ev = await enqueueEvent(t, b.projectId, lock);
    const w = await startWorker(t);
    try {
      const got = await waitFor('the delivery', () =>
        rx.requests.find((x) => x.headers['webhook-id'] === ev.id),
      );
      const headers = got.headers as Record<string, string>;
      assert.equal(headers['webhook-signature']!.split(' ').length, 2);
      new Webhook(hook.secret).verify(got.body, headers);
      new Webhook(r.body.secret).verify(got.body, headers);
      // After the overlap only the new secret signs.
      await t.store.db.query(
        "UPDATE webhooks SET previous_secret_until = now() - interval '1 second' WHERE id = $1",
        [hook.id],
      );
      const ev2 = await enqueueEvent(t, b.projectId, lock);
      const got2 = await waitFor('the second', () =>
        rx.requests.find((x) => x.headers['webhook-id'] === ev2.id),
      );
      const h2 = got2.headers as Record<string, string>;
      assert.equal(h2['webhook-signature']!.split(' ').length, 1);
      new Webhook(r.body.secret).verify(got2.body, h2);
      assert.throws(() => new Webhook(hook.secret).verify(got2.body, h2));
    } finally {
      await w.stop();
    }
  });

  it('gives up after the last scheduled attempt; retry sends once more; 5 days failing disables', async () => {
    const b = await createTenant(t, 'Failing');
    const lock = await insertLock(t, b.projectId);
    let status = 500;
    rx.handler = (req, res) => {
      res.statusCode = req.path === '/failing' ? status : 200;
      res.end();
    };
    const hook = await registerWebhook(t, b, lock, rx.url('/failing'));
    await enqueueEvent(t, b.projectId, lock);
    const base = `/v2/projects/${b.projectId}/webhooks/${hook.id}`;
    const w = await startWorker(t, { retrySchedule: [0.02, 0.02] });
    try {
      const list = await waitFor('failed after 3 attempts', async () => {
        const r = await t.call('GET', `${base}/deliveries?status=failed`, { token: b.projectToken });
        return r.body.deliveries[0] && r.body;
      });
      const d = list.deliveries[0];
      assert.equal(d.attemptCount, 3);
      assert.deepEqual(
        d.attempts.map((x: { responseStatus: number; error: string }) => [x.responseStatus, x.error]),
        [
          [500, 'HTTP 500'],
          [500, 'HTTP 500'],
          [500, 'HTTP 500'],
        ],
      );
      const pending = await t.call('GET', `${base}/deliveries?status=pending`, { token: b.projectToken });
      assert.deepEqual(pending.body.deliveries, []);
      // Manual retry: one more attempt.
      status = 200;
      const r = await t.call('POST', `${base}/deliveries/${d.id}/retry`, { token: b.projectToken });
      assert.equal(r.status, 200);
      assert.equal(r.body.delivery.status, 'pending');
      await waitFor('retried', async () => (await deliveryRows(t, hook.id))[0]?.status === 'succeeded');
      const after = await t.call('GET', `${base}/deliveries`, { token: b.projectToken });
      assert.equal(after.body.deliveries[0].attemptCount, 4);
      assert.equal(after.body.deliveries[0].attempts[3].responseStatus, 200);
      const nf = await t.call('POST', `${base}/deliveries/${hook.id}/retry`, { token: b.projectToken });
      assert.equal(nf.status, 404);
      // Failing without any success for 5 days: the next failure disables the webhook.
      status = 500;
      await t.store.db.query(
        "UPDATE webhooks SET failing_since = now() - interval '5 days 1 minute' WHERE id = $1",
        [hook.id],
      );
      await enqueueEvent(t, b.projectId, lock);
      const got = await waitFor('disabled', async () => {
        const g = await t.call('GET', base, { token: b.projectToken });
        return g.body.webhook.enabled === false && g.body.webhook;
      });
      assert.match(got.disabledReason, /5 days/);
      const kept = await t.call('GET', `${base}/deliveries`, { token: b.projectToken });
      assert.equal(kept.body.deliveries.length, 2);
    } finally {
      await w.stop();
    }
  });

  it('a receiver that does not answer in time is a timeout failure', async () => {
    const b = await createTenant(t, 'Hanging');
    const lock = await insertLock(t, b.projectId);
    const hung: (() => void)[] = [];
    rx.handler = (req, res) => {
      if (req.path === '/hang') hung.push(() => res.end());
      else res.end();
    };
    const hook = await registerWebhook(t, b, lock, rx.url('/hang'));
    await enqueueEvent(t, b.projectId, lock);
    const w = await startWorker(t, { timeoutMs: 300, retrySchedule: [] });
    try {
      const list = await waitFor('the timed-out delivery', async () => {
        const r = await t.call('GET', `/v2/projects/${b.projectId}/webhooks/${hook.id}/deliveries`, {
          token: b.projectToken,
        });
        return r.body.deliveries[0]?.status === 'failed' && r.body;
      });
      const attempt = list.deliveries[0].attempts[0];
      assert.equal(attempt.error, 'timeout');
      assert.equal(attempt.responseStatus, null);
      assert.ok(attempt.durationMs >= 290, String(attempt.durationMs));
    } finally {
      for (const release of hung) release();
      await w.stop();
    }
  });
});
