// Webhooks for every lock of a project (`allLocks: true`): registration rules, the fan-out to
// present and future locks, tenancy, the fair order across projects, and test deliveries.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  DELIVERY_ENV,
  deliveryRows,
  enqueueEvent,
  enqueueEvents,
  insertLock,
  type Receiver,
  startReceiver,
  startWorker,
  waitFor,
} from '../helpers/delivery.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let rx: Receiver;

before(async () => {
  t = await startTestApp(DELIVERY_ENV);
  a = await createTenant(t, 'Acme');
  b = await createTenant(t, 'Other');
  rx = await startReceiver();
});
after(async () => {
  await rx.close();
  await t.close();
});

const post = (body: unknown, tenant = a) =>
  t.call('POST', `/v2/projects/${tenant.projectId}/webhooks`, { token: tenant.projectToken, body });

describe('registering a webhook for every lock', () => {
  it('201 with allLocks true and no lockId; shown the same by GET and the list', async () => {
    const r = await post({ url: rx.url('/all-shape'), allLocks: true });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const w = r.body.webhook;
    assert.equal(w.allLocks, true);
    assert.equal('lockId' in w, false);
    assert.match(w.secret, /^whsec_/);
    assert.equal(r.headers.location, `/v2/projects/${a.projectId}/webhooks/${w.id}`);
    const g = await t.call('GET', `/v2/projects/${a.projectId}/webhooks/${w.id}`, { token: a.projectToken });
    assert.deepEqual(Object.keys(g.body.webhook).sort(), [
      'allLocks',
      'created',
      'enabled',
      'id',
      'trigger',
      'url',
    ]);
    const l = await t.call('GET', `/v2/projects/${a.projectId}/webhooks`, { token: a.projectToken });
    assert.ok(l.body.webhooks.some((x: { id: string; allLocks: boolean }) => x.id === w.id && x.allLocks));
  });

  it('neither lockId nor allLocks: 400 naming lockId; both: 400; nothing is created', async () => {
    const lockId = await insertLock(t, a.projectId);
    const cases: [unknown, string][] = [
      [{ url: rx.url('/n') }, 'lockId'],
      [{ url: rx.url('/n'), allLocks: false }, 'lockId'],
      [{ url: rx.url('/n'), allLocks: true, lockId }, 'allLocks'],
      [{ url: rx.url('/n'), allLocks: 'yes' }, 'allLocks'],
    ];
    const before = await t.store.db.query('SELECT id FROM webhooks');
    for (const [body, name] of cases) {
      const r = await post(body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.ok(
        r.body.invalidParams.some((p: { name: string }) => p.name === name),
        `${JSON.stringify(body)} → ${JSON.stringify(r.body)}`,
      );
    }
    assert.equal((await t.store.db.query('SELECT id FROM webhooks')).rowCount, before.rowCount);
    // allLocks: false beside a lockId is a webhook of that lock.
    const r = await post({ url: rx.url('/one'), allLocks: false, lockId });
    assert.equal(r.status, 201);
    assert.equal(r.body.webhook.allLocks, false);
    assert.equal(r.body.webhook.lockId, lockId);
  });

  it('the same URL twice for all locks: 409; beside a webhook of one lock it is fine', async () => {
    const lockId = await insertLock(t, a.projectId);
    assert.equal((await post({ url: rx.url('/dup'), allLocks: true })).status, 201);
    assert.equal((await post({ url: rx.url('/dup'), allLocks: true })).status, 409);
    assert.equal((await post({ url: rx.url('/dup'), lockId })).status, 201);
    // Another project may register the same URL for its own locks.
    assert.equal((await post({ url: rx.url('/dup'), allLocks: true }, b)).status, 201);
  });

  it('at most 20 webhooks for all locks per project', async () => {
    const c = await createTenant(t, 'Busy');
    for (let i = 0; i < 20; i++)
      assert.equal((await post({ url: rx.url(`/busy${i}`), allLocks: true }, c)).status, 201);
    const r = await post({ url: rx.url('/busy20'), allLocks: true }, c);
    assert.equal(r.status, 400);
    assert.match(r.body.detail, /at most 20/);
    assert.equal(r.body.invalidParams[0].name, 'allLocks');
  });
});

describe('deliveries of a webhook for every lock', () => {
  it("receives every lock's events, locks added later too, and never another project's", async () => {
    const c = await createTenant(t, 'Fanout');
    const d = await createTenant(t, 'Neighbour');
    const before = await insertLock(t, c.projectId, 'Before');
    const hookR = await post({ url: rx.url('/fan-c'), allLocks: true }, c);
    assert.equal(hookR.status, 201);
    const hook = hookR.body.webhook as { id: string; secret: string };
    const later = await insertLock(t, c.projectId, 'Later');
    const neighbourLock = await insertLock(t, d.projectId, 'Neighbour door');
    const neighbourHook = (await post({ url: rx.url('/fan-d'), allLocks: true }, d)).body.webhook;

    const e1 = await enqueueEvent(t, c.projectId, before);
    const e2 = await enqueueEvent(t, c.projectId, later);
    const e3 = await enqueueEvent(t, d.projectId, neighbourLock);
    assert.deepEqual([e1.queued, e2.queued, e3.queued], [1, 1, 1]);

    const w = await startWorker(t);
    try {
      await waitFor(
        'three deliveries',
        () => rx.requests.filter((r) => r.path.startsWith('/fan-')).length >= 3,
      );
    } finally {
      await w.stop();
    }
    const at = (p: string) => rx.requests.filter((r) => r.path === p);
    assert.deepEqual(
      at('/fan-c')
        .map((r) => r.headers['webhook-id'])
        .sort(),
      [e1.id, e2.id].sort(),
    );
    assert.deepEqual(
      at('/fan-d').map((r) => r.headers['webhook-id']),
      [e3.id],
    );
    // Signed with the webhook's own secret, body exactly the access event.
    const got = at('/fan-c').find((r) => r.headers['webhook-id'] === e2.id)!;
    assert.equal(got.body, e2.body);
    new Webhook(hook.secret).verify(got.body, got.headers as Record<string, string>);
    assert.equal((await deliveryRows(t, neighbourHook.id)).length, 1);
  });

  it('a lock with its own webhook and a webhook for all locks: one delivery each, in the fair order', async () => {
    const c = await createTenant(t, 'Both');
    const lockId = await insertLock(t, c.projectId);
    const one = (await post({ url: rx.url('/both-one'), lockId }, c)).body.webhook;
    const all = (await post({ url: rx.url('/both-all'), allLocks: true }, c)).body.webhook;
    const ids = await enqueueEvents(t, c.projectId, lockId, 3);
    const { rows } = await t.store.db.query<{ webhook_id: string; event_id: string; fair_at: Date }>(
      'SELECT webhook_id, event_id, fair_at FROM webhook_deliveries WHERE project_id = $1 ORDER BY fair_at',
      [c.projectId],
    );
    assert.equal(rows.length, 6);
    for (const h of [one.id, all.id])
      assert.deepEqual(
        rows
          .filter((r) => r.webhook_id === h)
          .map((r) => r.event_id)
          .sort(),
        [...ids].sort(),
      );
    // Each delivery has a place of its own in the project's line (a microsecond apart).
    const { rows: places } = await t.store.db.query<{ n: number }>(
      'SELECT count(DISTINCT fair_at)::int AS n FROM webhook_deliveries WHERE project_id = $1',
      [c.projectId],
    );
    assert.equal(places[0]!.n, 6);
  });

  it('a disabled webhook for all locks queues nothing', async () => {
    const c = await createTenant(t, 'Disabled');
    const lockId = await insertLock(t, c.projectId);
    const all = (await post({ url: rx.url('/off'), allLocks: true }, c)).body.webhook;
    const p = await t.call('PATCH', `/v2/projects/${c.projectId}/webhooks/${all.id}`, {
      token: c.projectToken,
      body: { enabled: false },
    });
    assert.equal(p.status, 200);
    assert.equal((await enqueueEvent(t, c.projectId, lockId)).queued, 0);
  });

  it('a test delivery names the sample lock', async () => {
    const all = (await post({ url: rx.url('/test-all'), allLocks: true })).body.webhook;
    const r = await t.call('POST', `/v2/projects/${a.projectId}/webhooks/${all.id}/test`, {
      token: a.projectToken,
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.attempt.responseStatus, 200);
    const got = rx.requests.find((x) => x.path === '/test-all')!;
    const body = JSON.parse(got.body);
    assert.equal(body.lockId, '00000000-0000-0000-0000-000000000000');
    assert.equal(body.lockName, 'Latchkey test lock');
  });

  it("another tenant's webhook for all locks is 404", async () => {
    const all = (await post({ url: rx.url('/mine'), allLocks: true })).body.webhook;
    const r = await t.call('GET', `/v2/projects/${a.projectId}/webhooks/${all.id}`, {
      token: b.projectToken,
    });
    assert.equal(r.status, 403);
    const r2 = await t.call('GET', `/v2/projects/${b.projectId}/webhooks/${all.id}`, {
      token: b.projectToken,
    });
    assert.equal(r2.status, 404);
  });
});
