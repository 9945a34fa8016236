// Sandbox projects and POST …/keys/{keyId}/simulate: exactly what the key's app user uploading the
// event would cause, only where the access log is not a record of real doors.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  appToken,
  count,
  ev,
  keyInsert,
  lockInsert,
  newPhone,
  upload,
  webhookInsert,
} from '../helpers/events.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

let t: TestApp;
let sandbox: Tenant;
let real: Tenant;
let phone: string;
let lockId: string;
let keyId: string;

before(async () => {
  t = await startTestApp();
  sandbox = await createTenant(t, 'Sandbox', { sandbox: true });
  real = await createTenant(t, 'Real');
  phone = newPhone();
  lockId = await lockInsert(t, sandbox.projectId, { name: 'Test door' });
  keyId = await keyInsert(t, { projectId: sandbox.projectId, lockId, appUserId: phone });
  await webhookInsert(t, sandbox.projectId, lockId);
});
after(() => t.close());

const simulate = (tenant: Tenant, key: string, body: unknown) =>
  t.call('POST', `/v2/projects/${tenant.projectId}/keys/${key}/simulate`, {
    token: tenant.projectToken,
    body,
  });

const log = async (tenant: Tenant) =>
  (await t.call('GET', `/v2/projects/${tenant.projectId}/logs/access`, { token: tenant.projectToken })).body
    .accessEvents;

describe('sandbox projects', () => {
  it('are created with sandbox: true and show it; projects are not sandboxes by default', async () => {
    const p = await t.call('GET', `/v2/projects/${sandbox.projectId}`, { token: sandbox.projectToken });
    assert.equal(p.body.project.sandbox, true);
    const q = await t.call('GET', `/v2/projects/${real.projectId}`, { token: real.projectToken });
    assert.equal(q.body.project.sandbox, false);
    const list = await t.call('GET', `/v2/organization/${sandbox.organizationId}/projects`, {
      token: sandbox.orgToken,
    });
    assert.equal(list.body.projects[0].sandbox, true);
    const bad = await t.call('POST', `/v2/organization/${real.organizationId}/projects`, {
      token: real.orgToken,
      body: { name: 'x', sandbox: 'yes' },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.invalidParams[0].name, 'sandbox');
  });
});

describe('POST /v2/projects/{projectId}/keys/{keyId}/simulate', () => {
  it('records what the app upload would: the same access-log item and webhook deliveries', async () => {
    const deliveries = await count(t, 'SELECT count(*) AS n FROM webhook_deliveries');
    const r = await simulate(sandbox, keyId, { action: 'locked' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(Object.keys(r.body), ['result']);
    assert.equal(r.body.result.status, 'accepted');
    assert.equal(r.body.result.reason, undefined);
    assert.equal(await count(t, 'SELECT count(*) AS n FROM webhook_deliveries'), deliveries + 1);

    // The same key's app user uploading an event: the two log items differ only in id and times.
    const e = ev(keyId, { action: 'locked', agoMs: 0 });
    assert.equal((await upload(t, await appToken(t, phone), [e])).body.results[0].status, 'accepted');
    const items = await log(sandbox);
    const simulated = items.find((x: { id: string }) => x.id === r.body.result.id);
    const uploaded = items.find((x: { id: string }) => x.id === e.id);
    assert.ok(simulated && uploaded);
    const strip = ({ id: _i, created: _c, received: _r, ...rest }: Record<string, unknown>) => rest;
    assert.deepEqual(strip(simulated), strip(uploaded));
    assert.equal(simulated.lockName, 'Test door');
    assert.equal(simulated.appUserId, phone);
    assert.ok(Math.abs(Date.parse(simulated.created) - Date.now()) < 60_000, 'created defaults to now');
  });

  it('judges the event at `created` like an upload: rejected events are not recorded', async () => {
    const before = await count(t, 'SELECT count(*) AS n FROM access_events');
    const future = await simulate(sandbox, keyId, {
      action: 'unlocked',
      created: new Date(Date.now() + 3_600_000).toISOString(),
    });
    assert.deepEqual(
      { status: future.body.result.status, reason: future.body.result.reason },
      {
        status: 'rejected',
        reason: 'created_in_future',
      },
    );
    const late = await keyInsert(t, {
      projectId: sandbox.projectId,
      lockId,
      appUserId: phone,
      starts: new Date(Date.now() + 86_400_000),
    });
    const early = await simulate(sandbox, late, { action: 'unlocked' });
    assert.equal(early.body.result.reason, 'before_start');
    const revoked = await keyInsert(t, {
      projectId: sandbox.projectId,
      lockId,
      appUserId: phone,
      revoked: new Date(Date.now() - 60_000),
    });
    assert.equal((await simulate(sandbox, revoked, { action: 'locked' })).body.result.reason, 'key_revoked');
    // Before it was revoked, the same key could be used.
    const past = await simulate(sandbox, revoked, {
      action: 'locked',
      created: new Date(Date.now() - 3_600_000).toISOString(),
    });
    assert.equal(past.body.result.status, 'accepted');
    assert.equal(await count(t, 'SELECT count(*) AS n FROM access_events'), before + 1);
  });

  it('is 403 sandbox-only in a project that is not a sandbox, and writes nothing', async () => {
    const realLock = await lockInsert(t, real.projectId);
    const realKey = await keyInsert(t, { projectId: real.projectId, lockId: realLock, appUserId: phone });
    const before = await count(t, 'SELECT count(*) AS n FROM access_events');
    const r = await simulate(real, realKey, { action: 'unlocked' });
    assert.equal(r.status, 403);
    assert.match(String(r.headers['content-type']), /^application\/problem\+json/);
    assert.match(r.body.type, /sandbox-only$/);
    assert.match(r.body.detail, /sandbox/);
    assert.match(
      String(r.headers['www-authenticate']),
      /^Bearer realm="latchkey", error="insufficient_scope"/,
    );
    assert.equal(await count(t, 'SELECT count(*) AS n FROM access_events'), before);
  });

  it('validates its body; unknown keys and other projects’ keys are 404', async () => {
    for (const body of [
      {},
      { action: 'opened' },
      { action: 'locked', created: 'yesterday' },
      { action: 'locked', x: 1 },
    ]) {
      assert.equal((await simulate(sandbox, keyId, body)).status, 400, JSON.stringify(body));
    }
    assert.equal(
      (await simulate(sandbox, '0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b', { action: 'locked' })).status,
      404,
    );
    const other = await createTenant(t, 'Other sandbox', { sandbox: true });
    assert.equal((await simulate(other, keyId, { action: 'locked' })).status, 404);
    assert.equal((await simulate(real, keyId, { action: 'locked' })).status, 403, 'not a sandbox: 403 first');
    const r = await t.call('POST', `/v2/projects/${sandbox.projectId}/keys/${keyId}/simulate`, {
      token: real.projectToken,
      body: { action: 'locked' },
    });
    assert.equal(r.status, 403, 'another project’s token');
  });
});
