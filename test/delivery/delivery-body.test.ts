// GET .../deliveries/{deliveryId}: the delivery with the exact body that was signed and posted;
// tenancy; and erasure of an app user removing the deliveries whose body carries them (an Access
// Event, and a key.* envelope where they hold or shared the key).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app.ts';
import {
  DELIVERY_ENV,
  enqueueEvent,
  type Receiver,
  registerWebhook,
  startReceiver,
  startWorker,
  waitFor,
} from '../helpers/delivery.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { createKeys, createLock, phone } from '../helpers/resources.ts';

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

const deliveries = async (webhookId: string) =>
  (
    await t.call('GET', `/v2/projects/${a.projectId}/webhooks/${webhookId}/deliveries`, {
      token: a.projectToken,
    })
  ).body.deliveries as { id: string; eventId: string }[];
const getDelivery = (webhookId: string, deliveryId: string, tenant = a) =>
  t.call('GET', `/v2/projects/${tenant.projectId}/webhooks/${webhookId}/deliveries/${deliveryId}`, {
    token: tenant.projectToken,
  });

describe('GET .../deliveries/{deliveryId}', () => {
  it('shows the delivery and the exact body the receiver got, byte for byte', async () => {
    const lock = await createLock(t, a);
    const hook = await registerWebhook(t, a, lock.id, rx.url('/body'));
    const ev = await enqueueEvent(t, a.projectId, lock.id, { userName: 'Åse "Ø" Ødegård' });
    const worker = await startWorker(t);
    let got: { body: string } | undefined;
    try {
      got = await waitFor('the delivery', () => rx.requests.find((r) => r.headers['webhook-id'] === ev.id));
    } finally {
      await worker.stop();
    }
    const [d] = await deliveries(hook.id);
    const r = await getDelivery(hook.id, d!.id);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.delivery.body, got.body);
    assert.equal(r.body.delivery.body, ev.body);
    assert.equal(r.body.delivery.eventId, ev.id);
    assert.equal(r.body.delivery.status, 'succeeded');
    assert.equal(r.body.delivery.attempts.length, 1);
    // The list stays light: no bodies there.
    assert.equal('body' in d!, false);
  });

  it('404 for an unknown delivery, a delivery of another webhook, and another tenant', async () => {
    const lock = await createLock(t, a);
    const h1 = await registerWebhook(t, a, lock.id, rx.url('/h1'));
    const h2 = await registerWebhook(t, a, lock.id, rx.url('/h2'));
    await enqueueEvent(t, a.projectId, lock.id);
    const [d] = await deliveries(h1.id);
    assert.equal((await getDelivery(h1.id, '0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b')).status, 404);
    assert.equal((await getDelivery(h2.id, d!.id)).status, 404);
    const other = await t.call('GET', `/v2/projects/${a.projectId}/webhooks/${h1.id}/deliveries/${d!.id}`, {
      token: b.projectToken,
    });
    assert.equal(other.status, 403);
    assert.equal((await getDelivery(h1.id, d!.id, b)).status, 404);
  });
});

describe('erasure', () => {
  it('removes the deliveries whose body carries the person, access events and key envelopes alike', async () => {
    const lock = await createLock(t, a);
    const access = await registerWebhook(t, a, lock.id, rx.url('/erase-access'));
    const keysHook = (
      await t.call('POST', `/v2/projects/${a.projectId}/webhooks`, {
        token: a.projectToken,
        body: { trigger: 'keyChanged', url: rx.url('/erase-keys'), lockId: lock.id },
      })
    ).body.webhook;
    const person = phone(500);
    const bystander = phone(501);
    const ev = await enqueueEvent(t, a.projectId, lock.id);
    const evBody = JSON.parse(ev.body);
    assert.notEqual(evBody.appUserId, person);
    // An access event of the person: enqueued as ingestion does, with their number.
    const mine = await t.store.db.transaction(async (tx) => {
      const { accessEventBody, deliveriesEnqueueForEvent } = await import('../../src/delivery/enqueue.ts');
      const id = crypto.randomUUID();
      const body = accessEventBody({ ...evBody, id, appUserId: person });
      await deliveriesEnqueueForEvent(tx, {
        id,
        projectId: a.projectId,
        lockId: lock.id,
        received: new Date(),
        body,
      });
      return id;
    });
    await createKeys(t, a, [
      { lockId: lock.id, appUserId: person },
      { lockId: lock.id, appUserId: bystander },
    ]);
    const before = {
      access: await deliveries(access.id),
      keys: await deliveries(keysHook.id),
    };
    assert.equal(before.access.length, 2);
    assert.equal(before.keys.length, 2);
    const r = await t.call('DELETE', `/admin/v1/app-users/${encodeURIComponent(person)}`, {
      token: ADMIN_TOKEN,
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.erased.deliveries, 2);
    const after = { access: await deliveries(access.id), keys: await deliveries(keysHook.id) };
    assert.deepEqual(
      after.access.map((d) => d.eventId),
      [ev.id],
    );
    assert.equal(after.keys.length, 1);
    for (const d of [...after.access, ...after.keys]) {
      const body = (await getDelivery(d.eventId === ev.id ? access.id : keysHook.id, d.id)).body.delivery
        .body;
      assert.ok(!body.includes(person), body);
    }
    assert.ok(before.access.some((d) => d.eventId === mine));
    const { rows } = await t.store.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM webhook_deliveries WHERE strpos(body, $1) > 0',
      [person],
    );
    assert.equal(rows[0]!.n, 0);
  });
});
