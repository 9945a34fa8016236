// GET /v2/projects/{projectId}/activity-summary: access events per hour and lock, deliveries per
// hour and status, attempts and their latency per webhook, counted by the store over real uploads
// and real deliveries to the local HTTPS receiver (one answering 204, one 500). Other projects'
// activity is never counted; bad input is 400.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  DELIVERY_ENV,
  insertLock,
  type Receiver,
  registerWebhook,
  startReceiver,
  startWorker,
  waitFor,
} from '../helpers/delivery.ts';
import { appToken, ev, keyInsert, newPhone, upload } from '../helpers/events.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

const HOUR = 3_600_000;
let t: TestApp;
let a: Tenant;
let b: Tenant;
let ok: Receiver;
let failing: Receiver;
let front: string;
let back: string;
let goodHook: string;
let badHook: string;
/** What was uploaded: the expected counts are computed from these, for whatever hours a query covers. */
const uploaded: { lockId: string; created: number }[] = [];
const countIn = (from: string, to: string, lockId?: string) =>
  uploaded.filter(
    (e) => (!lockId || e.lockId === lockId) && e.created >= Date.parse(from) && e.created < Date.parse(to),
  ).length;

before(async () => {
  t = await startTestApp({ ...DELIVERY_ENV, LATCHKEY_WEBHOOK_RETRY_SCHEDULE: '3600' });
  a = await createTenant(t, 'Acme');
  b = await createTenant(t, 'Other');
  front = await insertLock(t, a.projectId, 'Front door');
  back = await insertLock(t, a.projectId, 'Back door');
  const otherLock = await insertLock(t, b.projectId, 'Elsewhere');
  ok = await startReceiver((_r, res) => void res.writeHead(204).end());
  failing = await startReceiver((_r, res) => void res.writeHead(500).end());
  goodHook = (await registerWebhook(t, a, front, ok.url('/ok'))).id;
  badHook = (await registerWebhook(t, a, back, failing.url('/fail'))).id;

  const phone = newPhone();
  const token = await appToken(t, phone);
  const frontKey = await keyInsert(t, { projectId: a.projectId, lockId: front, appUserId: phone });
  const backKey = await keyInsert(t, { projectId: a.projectId, lockId: back, appUserId: phone });
  const otherKey = await keyInsert(t, { projectId: b.projectId, lockId: otherLock, appUserId: phone });
  // Three on the front door two hours ago, two now; one on the back door now; one in another project.
  const events = [
    ev(frontKey, { agoMs: 2 * HOUR }),
    ev(frontKey, { agoMs: 2 * HOUR + 1000 }),
    ev(frontKey, { agoMs: 2 * HOUR + 2000 }),
    ev(frontKey, { agoMs: 0 }),
    ev(frontKey, { agoMs: 1000 }),
    ev(backKey, { agoMs: 0 }),
  ];
  for (const e of events)
    uploaded.push({ lockId: e.keyId === backKey ? back : front, created: Date.parse(e.created) });
  const r = await upload(t, token, [...events, ev(otherKey, { agoMs: 0 })]);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const w = await startWorker(t);
  try {
    // 5 deliveries to the good hook succeed; the back door's one fails its first attempt.
    await waitFor('the deliveries', () => ok.requests.length >= 5 && failing.requests.length >= 1);
    await waitFor('their attempts recorded', async () => {
      const n = await t.store.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_attempts');
      return n.rows[0]!.n >= 6;
    });
  } finally {
    await w.stop();
  }
});
after(async () => {
  await ok?.close();
  await failing?.close();
  await t?.close();
});

const summary = (tenant: Tenant, query = '') =>
  t.call('GET', `/v2/projects/${tenant.projectId}/activity-summary${query}`, { token: tenant.projectToken });

describe('GET /v2/projects/{projectId}/activity-summary', () => {
  it('counts access events per hour and lock, by when they happened', async () => {
    const r = await summary(a);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(Date.parse(r.body.to) - Date.parse(r.body.from), 24 * HOUR);
    for (const e of r.body.accessEvents as {
      hour: string;
      lockId: string;
      lockName: string;
      count: number;
    }[]) {
      const end = new Date(Date.parse(e.hour) + HOUR).toISOString();
      assert.equal(e.count, countIn(e.hour, end, e.lockId), `${e.lockId} at ${e.hour}`);
      assert.equal(e.lockName, e.lockId === front ? 'Front door' : 'Back door');
    }
    const total = r.body.accessEvents.reduce((n: number, e: { count: number }) => n + e.count, 0);
    assert.equal(total, 6, 'all six of the project, and not the other project’s');
  });

  it('counts deliveries per hour and status, and attempts and latency per webhook', async () => {
    const r = await summary(a);
    const byStatus = new Map<string, number>();
    for (const d of r.body.deliveries) byStatus.set(d.status, (byStatus.get(d.status) ?? 0) + d.count);
    assert.equal(byStatus.get('succeeded'), 5);
    // The failing receiver's delivery waits an hour for its next attempt.
    assert.equal(byStatus.get('pending'), 1);
    const hooks = new Map(r.body.webhooks.map((h: { webhookId: string }) => [h.webhookId, h]));
    const good = hooks.get(goodHook) as Record<string, number> & { p50Ms: number; p95Ms: number };
    const bad = hooks.get(badHook) as Record<string, number>;
    assert.equal(good.attempts, 5);
    assert.equal(good.failedAttempts, 0);
    assert.ok(Number.isInteger(good.p50Ms) && good.p50Ms >= 0);
    assert.ok(good.p95Ms >= good.p50Ms);
    assert.equal(bad.attempts, 1);
    assert.equal(bad.failedAttempts, 1);
  });

  it('counts only the asked hours, and nothing of other projects', async () => {
    const r = await summary(a, '?hours=1');
    assert.equal(r.status, 200);
    assert.equal(Date.parse(r.body.to) - Date.parse(r.body.from), HOUR);
    const total = r.body.accessEvents.reduce((n: number, e: { count: number }) => n + e.count, 0);
    assert.equal(total, countIn(r.body.from, r.body.to), 'only the current hour');
    assert.ok(total < 6, 'the events of two hours ago are not in the last hour');
    const other = await summary(b);
    assert.equal(other.body.accessEvents.length, 1);
    assert.deepEqual(other.body.deliveries, []);
    assert.deepEqual(other.body.webhooks, []);
  });

  it('refuses bad input with 400 and other projects with 404', async () => {
    for (const q of ['?hours=0', '?hours=721', '?hours=x', '?other=1']) {
      const r = await summary(a, q);
      assert.equal(r.status, 400, `${q}: ${JSON.stringify(r.body)}`);
    }
    const foreign = await t.call('GET', `/v2/projects/${b.projectId}/activity-summary`, {
      token: a.projectToken,
    });
    assert.ok([403, 404].includes(foreign.status), String(foreign.status));
  });
});
