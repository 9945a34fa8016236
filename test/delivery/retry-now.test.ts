// Retry now on a pending delivery that has failed attempts: the next attempt happens now, the
// schedule goes on from there, and retries racing two running workers never send it twice.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  enqueueEvent,
  insertLock,
  type Receiver,
  registerWebhook,
  startReceiver,
  startWorker,
  waitFor,
} from '../helpers/delivery.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

let t: TestApp;
let a: Tenant;
let rx: Receiver;

before(async () => {
  t = await startTestApp({
    LATCHKEY_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8,::1/128',
    // Pauses of an hour and two: nothing is retried by the schedule while the test runs.
    LATCHKEY_WEBHOOK_RETRY_SCHEDULE: '3600,7200,10800',
  });
  a = await createTenant(t);
  rx = await startReceiver();
});
after(async () => {
  await rx.close();
  await t.close();
});

const row = async (eventId: string) =>
  (
    await t.store.db.query<{ id: string; status: string; attempt_count: number; next_attempt_at: Date }>(
      'SELECT id, status, attempt_count, next_attempt_at FROM webhook_deliveries WHERE event_id = $1',
      [eventId],
    )
  ).rows[0]!;

it('retry now on a pending delivery: attempt now, the schedule goes on, no double send under concurrent claims', async () => {
  const answers: (() => void)[] = [];
  let status = 500;
  rx.handler = (_r, res) => {
    const s = status;
    answers.push(() => {
      res.statusCode = s;
      res.end();
    });
    if (s === 500) for (const go of answers.splice(0)) go();
  };
  const lockId = await insertLock(t, a.projectId);
  const hook = await registerWebhook(t, a, lockId, rx.url('/now'));
  const ev = await enqueueEvent(t, a.projectId, lockId);
  const workers = [await startWorker(t), await startWorker(t)];
  try {
    const mine = () => rx.requests.filter((r) => r.headers['webhook-id'] === ev.id);
    await waitFor('attempt 1 recorded', async () => (await row(ev.id)).attempt_count === 1);
    let d = await row(ev.id);
    assert.equal(d.status, 'pending');
    assert.ok(d.next_attempt_at.getTime() - Date.now() > 2000_000, 'waits about an hour');
    const retry = () =>
      t.call('POST', `/v2/projects/${a.projectId}/webhooks/${hook.id}/deliveries/${d.id}/retry`, {
        token: a.projectToken,
      });

    // Retry now: attempt 2 at once; it fails, and the pause is the schedule's second (2 h ±20 %).
    const r = await retry();
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.delivery.status, 'pending');
    await waitFor('attempt 2 recorded', async () => (await row(ev.id)).attempt_count === 2);
    d = await row(ev.id);
    const pause = d.next_attempt_at.getTime() - Date.now();
    assert.ok(pause > 7200_000 * 0.79 && pause < 7200_000 * 1.21, `pause ${pause} ms`);
    assert.equal(mine().length, 2);

    // Now many retries at once while two workers claim: the receiver holds the attempt until every
    // retry has answered, so a second send could only come from a double claim.
    status = 200;
    const answered = await Promise.all(Array.from({ length: 8 }, retry));
    for (const x of answered) assert.ok(x.status === 200 || x.status === 409, JSON.stringify(x.body));
    assert.ok(answered.some((x) => x.status === 200));
    await waitFor('attempt 3 sent', () => mine().length >= 3);
    // Held: every retry that comes now finds it being sent.
    const during = await retry();
    assert.equal(during.status, 409);
    await new Promise((res) => setTimeout(res, 300)); // both workers' claim loops poll meanwhile
    assert.equal(mine().length, 3);
    for (const go of answers.splice(0)) go();
    await waitFor('succeeded', async () => (await row(ev.id)).status === 'succeeded');
    d = await row(ev.id);
    assert.equal(d.attempt_count, 3);
    assert.equal(mine().length, 3);
    const attempts = await t.store.db.query<{ attempt: number }>(
      'SELECT attempt FROM webhook_attempts WHERE delivery_id = $1 ORDER BY attempt',
      [d.id],
    );
    assert.deepEqual(
      attempts.rows.map((x) => x.attempt),
      [1, 2, 3],
    );
  } finally {
    for (const go of answers.splice(0)) go();
    for (const w of workers) await w.stop();
  }
});
