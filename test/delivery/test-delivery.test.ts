// POST …/webhooks/{webhookId}/test: one signed POST now, answered with the attempt, against the real
// local HTTPS receiver; nothing queued, retried or logged.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  DELIVERY_ENV,
  insertLock,
  type Receiver,
  registerWebhook,
  startReceiver,
} from '../helpers/delivery.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let lockId: string;
let rec: Receiver;

before(async () => {
  t = await startTestApp({ ...DELIVERY_ENV, LATCHKEY_WEBHOOK_TIMEOUT_MS: '1000' });
  a = await createTenant(t, 'Acme');
  b = await createTenant(t, 'Other');
  lockId = await insertLock(t, a.projectId, 'Back door');
  rec = await startReceiver();
});
after(async () => {
  await rec.close();
  await t.close();
});

const test = (webhookId: string, tenant = a) =>
  t.call('POST', `/v2/projects/${tenant.projectId}/webhooks/${webhookId}/test`, {
    token: tenant.projectToken,
  });

const counts = async () => {
  const { rows } = await t.store.db.query<{ events: number; deliveries: number }>(
    `SELECT (SELECT count(*) FROM access_events) AS events, (SELECT count(*) FROM webhook_deliveries) AS deliveries`,
  );
  return rows[0]!;
};

describe('POST /v2/projects/{projectId}/webhooks/{webhookId}/test', () => {
  it('sends one signed POST with Basic credentials and a sample access event; nothing is recorded', async () => {
    const url = rec.url('/test-hook').replace('https://', 'https://alice:s3cret@');
    const hook = await registerWebhook(t, a, lockId, url);
    const before = await counts();
    rec.requests.length = 0;
    const r = await test(hook.id);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(Object.keys(r.body.attempt).sort(), ['at', 'durationMs', 'error', 'responseStatus']);
    assert.equal(r.body.attempt.responseStatus, 200);
    assert.equal(r.body.attempt.error, null);
    assert.ok(Number.isInteger(r.body.attempt.durationMs));
    assert.match(r.body.attempt.at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    assert.equal(rec.requests.length, 1, 'exactly one request, synchronously');
    const got = rec.requests[0]!;
    assert.equal(got.path, '/test-hook');
    assert.equal(got.headers.authorization, `Basic ${Buffer.from('alice:s3cret').toString('base64')}`);
    assert.equal(got.headers['content-type'], 'application/json');
    assert.match(String(got.headers['user-agent']), /^Latchkey-Webhooks\//);
    const event = new Webhook(hook.secret).verify(got.body, got.headers as Record<string, string>) as Record<
      string,
      string
    >;
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
    assert.equal(event.lockId, lockId);
    assert.equal(event.lockName, 'Back door');
    assert.equal(got.headers['webhook-id'], event.id);
    assert.match(event.appUserId!, /^\+[1-9][0-9]{6,14}$/);

    // A fresh id each time; nothing in the access log or the delivery queue.
    await test(hook.id);
    assert.equal(rec.requests.length, 2);
    assert.notEqual(JSON.parse(rec.requests[1]!.body).id, event.id);
    assert.deepEqual(await counts(), before);
  });

  it('tests a disabled webhook too, and signs with the rotated-out secret during its overlap', async () => {
    const hook = await registerWebhook(t, a, lockId, rec.url('/disabled'));
    const off = await t.call('PATCH', `/v2/projects/${a.projectId}/webhooks/${hook.id}`, {
      token: a.projectToken,
      body: { enabled: false },
    });
    assert.equal(off.body.webhook.enabled, false);
    const rotated = await t.call('POST', `/v2/projects/${a.projectId}/webhooks/${hook.id}/rotate-secret`, {
      token: a.projectToken,
    });
    rec.requests.length = 0;
    const r = await test(hook.id);
    assert.equal(r.body.attempt.responseStatus, 200);
    const got = rec.requests[0]!;
    new Webhook(hook.secret).verify(got.body, got.headers as Record<string, string>);
    new Webhook(rotated.body.secret).verify(got.body, got.headers as Record<string, string>);
    const again = await t.call('GET', `/v2/projects/${a.projectId}/webhooks/${hook.id}`, {
      token: a.projectToken,
    });
    assert.equal(again.body.webhook.enabled, false, 'a test does not enable it');
  });

  it('reports a failing receiver in the attempt (200), never retried', async () => {
    const failing = await startReceiver((_r, res) => {
      res.statusCode = 503;
      res.end('down');
    });
    try {
      const hook = await registerWebhook(t, a, lockId, failing.url('/down'));
      const r = await test(hook.id);
      assert.equal(r.status, 200);
      assert.equal(r.body.attempt.responseStatus, 503);
      assert.equal(r.body.attempt.error, 'HTTP 503');
      assert.equal(failing.requests.length, 1);
    } finally {
      await failing.close();
    }
    // A receiver that is gone: no response status, an error.
    const gone = await startReceiver();
    const goneUrl = gone.url('/gone');
    const hook = await registerWebhook(t, a, lockId, goneUrl);
    await gone.close();
    const r = await test(hook.id);
    assert.equal(r.status, 200);
    assert.equal(r.body.attempt.responseStatus, null);
    // In words, without the address dialled (`connect ECONNREFUSED 127.0.0.1:<port>`).
    assert.equal(r.body.attempt.error, 'connection refused (ECONNREFUSED)');
  });

  it('goes through the address policy of real deliveries', async () => {
    const hook = await registerWebhook(t, a, lockId, rec.url('/policy'));
    const strict = await startTestApp({ LATCHKEY_WEBHOOK_ALLOWED_CIDRS: '' });
    try {
      // The same database row seen by a server whose policy does not allow loopback.
      const ta = await createTenant(strict, 'Strict');
      const lock = await insertLock(strict, ta.projectId);
      await strict.store.db.query(
        `INSERT INTO webhooks (id, project_id, lock_id, trigger, url, url_display, secret_enc)
         VALUES ($1, $2, $3, 'accessEvent', $4, $4, $5)`,
        [hook.id, ta.projectId, lock, rec.url('/policy'), strict.ctx.keyring.encrypt(hook.secret)],
      );
      rec.requests.length = 0;
      const r = await strict.call('POST', `/v2/projects/${ta.projectId}/webhooks/${hook.id}/test`, {
        token: ta.projectToken,
      });
      assert.equal(r.status, 200);
      assert.equal(r.body.attempt.responseStatus, null);
      assert.match(r.body.attempt.error, /blocked/);
      assert.equal(rec.requests.length, 0);
    } finally {
      await strict.close();
    }
  });

  it('404 for another project and unknown ids; needs a project token', async () => {
    const hook = await registerWebhook(t, a, lockId, rec.url('/tenancy'));
    assert.equal((await test(hook.id, b)).status, 404);
    assert.equal((await test('0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b')).status, 404);
    const noToken = await t.call('POST', `/v2/projects/${a.projectId}/webhooks/${hook.id}/test`);
    assert.equal(noToken.status, 401);
  });
});
