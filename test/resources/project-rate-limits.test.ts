// Per-project limits on what a project token can make the service do at once: test deliveries
// (each a signed POST to an address the project chose) and simulated access events (each writes
// the access log and queues deliveries). Shrunk here to 2 and 3 a minute; beyond them 429 with
// Retry-After, nothing sent or recorded, and other projects unaffected. Requests that are refused
// for another reason (404, 403) do not count.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  DELIVERY_ENV,
  insertLock,
  type Receiver,
  registerWebhook,
  startReceiver,
} from '../helpers/delivery.ts';
import { count, keyInsert, lockInsert, newPhone, webhookInsert } from '../helpers/events.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

let t: TestApp;
let rec: Receiver;

before(async () => {
  t = await startTestApp({
    ...DELIVERY_ENV,
    LATCHKEY_TEST_DELIVERIES_PER_MINUTE: '2',
    LATCHKEY_SIMULATIONS_PER_MINUTE: '3',
  });
  rec = await startReceiver();
});
after(async () => {
  await rec.close();
  await t.close();
});

function assertRateLimited(r: { status: number; headers: Record<string, unknown>; body: any }) {
  assert.equal(r.status, 429, JSON.stringify(r.body));
  assert.match(String(r.headers['content-type']), /^application\/problem\+json/);
  assert.equal(r.body.type, 'urn:latchkey:problem:rate-limited');
  const retryAfter = Number(r.headers['retry-after']);
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
  assert.match(
    r.body.detail,
    new RegExp(`^At most \\d+ .+ per minute per project .+; retry in ${retryAfter} s$`),
  );
}

describe('per-project limits', () => {
  it('default to 30 test deliveries and 60 simulations a minute', () => {
    const c = loadConfig({ LATCHKEY_DATA_DIR: '/tmp' });
    assert.equal(c.testDeliveriesPerMinute, 30);
    assert.equal(c.simulationsPerMinute, 60);
  });

  it('test deliveries: beyond the limit 429 with Retry-After and nothing sent; other projects unaffected', async () => {
    const a = await createTenant(t, 'Tester');
    const b = await createTenant(t, 'Bystander');
    const hookA = await registerWebhook(t, a, await insertLock(t, a.projectId), rec.url('/a'));
    const hookB = await registerWebhook(t, b, await insertLock(t, b.projectId), rec.url('/b'));
    const test = (tenant: Tenant, webhookId: string) =>
      t.call('POST', `/v2/projects/${tenant.projectId}/webhooks/${webhookId}/test`, {
        token: tenant.projectToken,
      });
    // Not found is not a test delivery: it does not count.
    for (let i = 0; i < 3; i++) assert.equal((await test(a, randomUUID())).status, 404);
    rec.requests.length = 0;
    for (let i = 0; i < 2; i++) {
      const r = await test(a, hookA.id);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.attempt.responseStatus, 200);
    }
    assertRateLimited(await test(a, hookA.id));
    assert.equal(rec.requests.filter((r) => r.path === '/a').length, 2, 'the refused one was not sent');
    const other = await test(b, hookB.id);
    assert.equal(other.status, 200, JSON.stringify(other.body));
    assert.equal(rec.requests.filter((r) => r.path === '/b').length, 1);
  });

  it('simulations: beyond the limit 429 with Retry-After and nothing recorded; other projects unaffected', async () => {
    const sandbox = await createTenant(t, 'Sandbox', { sandbox: true });
    const other = await createTenant(t, 'Other sandbox', { sandbox: true });
    const real = await createTenant(t, 'Real');
    const keyOf = async (tenant: Tenant) => {
      const lockId = await lockInsert(t, tenant.projectId, { name: 'Test door' });
      await webhookInsert(t, tenant.projectId, lockId);
      return keyInsert(t, { projectId: tenant.projectId, lockId, appUserId: newPhone() });
    };
    const simulate = (tenant: Tenant, keyId: string) =>
      t.call('POST', `/v2/projects/${tenant.projectId}/keys/${keyId}/simulate`, {
        token: tenant.projectToken,
        body: { action: 'unlocked' },
      });
    const key = await keyOf(sandbox);
    const events = () =>
      count(t, 'SELECT count(*) AS n FROM access_events WHERE project_id = $1', [sandbox.projectId]);
    const deliveries = () =>
      count(t, 'SELECT count(*) AS n FROM webhook_deliveries WHERE project_id = $1', [sandbox.projectId]);
    // Refused for other reasons: not counted.
    assert.equal((await simulate(sandbox, randomUUID())).status, 404);
    assert.equal((await simulate(real, await keyOf(real))).status, 403);
    for (let i = 0; i < 3; i++) {
      const r = await simulate(sandbox, key);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.result.status, 'accepted');
    }
    assertRateLimited(await simulate(sandbox, key));
    assert.equal(await events(), 3);
    assert.equal(await deliveries(), 3);
    const r = await simulate(other, await keyOf(other));
    assert.equal(r.status, 200, JSON.stringify(r.body));
  });

  it('the API document declares 429 on both operations', async () => {
    const doc = (await t.call('GET', '/openapi.json')).body;
    for (const [path, op] of [
      ['/v2/projects/{projectId}/webhooks/{webhookId}/test', 'post'],
      ['/v2/projects/{projectId}/keys/{keyId}/simulate', 'post'],
    ] as const) {
      const responses = doc.paths[path][op].responses;
      assert.ok(responses['429'], `${path} declares 429`);
      assert.ok(
        responses['429'].headers?.['Retry-After'] ?? responses['429'].headers?.['retry-after'],
        `${path} 429 names Retry-After`,
      );
    }
  });
});
