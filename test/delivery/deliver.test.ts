import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { USER_AGENT } from '../../src/delivery/worker.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  DELIVERY_ENV,
  deliveryRows,
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
});
