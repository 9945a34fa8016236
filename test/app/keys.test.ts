import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { appToken, keyInsert, lockInsert, newPhone, sharingRightInsert } from '../helpers/events.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

const DAY = 86_400_000;
let t: TestApp;
let a: Tenant;
let b: Tenant;

before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'Acme');
  b = await createTenant(t, 'Globex');
});
after(() => t.close());

describe('GET /v2/app/keys', () => {
  it("lists the caller's live keys across projects, with lock names", async () => {
    const phone = newPhone();
    const token = await appToken(t, phone);
    const lockA = await lockInsert(t, a.projectId, { name: 'Acme front', timezone: 'Europe/Oslo' });
    const lockB = await lockInsert(t, b.projectId, { name: 'Globex gate', timezone: 'America/New_York' });
    const now = Date.now();
    const active = await keyInsert(t, { projectId: a.projectId, lockId: lockA, appUserId: phone });
    const scheduled = await keyInsert(t, {
      projectId: b.projectId,
      lockId: lockB,
      appUserId: phone,
      starts: new Date(now + DAY),
      ends: new Date(now + 2 * DAY),
    });
    await keyInsert(t, {
      projectId: a.projectId,
      lockId: lockA,
      appUserId: phone,
      revoked: new Date(now - 1000),
    });
    await keyInsert(t, {
      projectId: a.projectId,
      lockId: lockA,
      appUserId: phone,
      starts: new Date(now - 2 * DAY),
      ends: new Date(now - DAY),
    });
    await keyInsert(t, { projectId: a.projectId, lockId: lockA, appUserId: newPhone() });
    await sharingRightInsert(t, a.projectId, lockA, phone);

    const r = await t.call('GET', '/v2/app/keys', { token });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(
      r.body.keys.map((k: { id: string }) => k.id),
      [active, scheduled],
    );
    const [ka, kb] = r.body.keys;
    assert.equal(ka.lockName, 'Acme front');
    assert.equal(ka.projectId, a.projectId);
    assert.equal(ka.state, 'active');
    assert.equal(ka.origin, 'integrator');
    assert.equal(ka.canShare, true);
    assert.equal(ka.end, null);
    assert.equal(kb.lockName, 'Globex gate');
    assert.equal(kb.lockTimezone, 'America/New_York');
    assert.equal(kb.state, 'scheduled');
    assert.equal(kb.canShare, false);
    assert.equal(r.body.startAfterId, undefined);

    const p1 = await t.call('GET', '/v2/app/keys?limit=1', { token });
    assert.deepEqual(
      p1.body.keys.map((k: { id: string }) => k.id),
      [active],
    );
    assert.equal(p1.body.startAfterId, active);
    const p2 = await t.call('GET', `/v2/app/keys?limit=1&startAfterId=${active}`, { token });
    assert.deepEqual(
      p2.body.keys.map((k: { id: string }) => k.id),
      [scheduled],
    );
  });

  it('needs an app token', async () => {
    assert.equal((await t.call('GET', '/v2/app/keys')).status, 401);
    assert.equal((await t.call('GET', '/v2/app/keys', { token: a.projectToken })).status, 403);
  });
});

describe('PATCH /v2/app/me', () => {
  it('sets and clears the display name', async () => {
    const phone = newPhone();
    const token = await appToken(t, phone);
    const r = await t.call('PATCH', '/v2/app/me', { token, body: { name: '  Kari N  ' } });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { appUser: { appUserId: phone, name: 'Kari N' } });
    const c = await t.call('PATCH', '/v2/app/me', { token, body: { name: null } });
    assert.deepEqual(c.body, { appUser: { appUserId: phone, name: null } });
  });

  it('validates the body', async () => {
    const token = await appToken(t, newPhone());
    assert.equal(
      (await t.call('PATCH', '/v2/app/me', { token, body: { name: 'x'.repeat(101) } })).status,
      400,
    );
    const r = await t.call('PATCH', '/v2/app/me', { token, body: { name: 'x', phone: '+4711111111' } });
    assert.equal(r.status, 400);
    assert.equal(r.body.invalidParams[0].name, 'phone');
  });
});

describe('POST /v2/app/keys/{keyId}/share', () => {
  let sharer: string;
  let token: string;
  let lockId: string;
  let keyId: string;
  let starts: Date;
  let ends: Date;
  const share = (id: string, body: Record<string, unknown>, tok = token) =>
    t.call('POST', `/v2/app/keys/${id}/share`, { token: tok, body });

  before(async () => {
    sharer = newPhone();
    token = await appToken(t, sharer);
    lockId = await lockInsert(t, a.projectId, { name: 'Cabin' });
    starts = new Date(Date.now() - DAY);
    ends = new Date(Date.now() + 10 * DAY);
    keyId = await keyInsert(t, {
      projectId: a.projectId,
      lockId,
      appUserId: sharer,
      starts,
      ends,
      recurrence: { windows: [{ days: ['sat', 'sun'], from: '08:00', to: '20:00' }] },
    });
  });

  it('needs a sharing right on the lock (403 with a bearer challenge, RFC 6750)', async () => {
    const r = await share(keyId, { appUserId: newPhone() });
    assert.equal(r.status, 403);
    assert.match(
      String(r.headers['www-authenticate']),
      /^Bearer realm="latchkey", error="insufficient_scope"/,
    );
  });

  it('creates a shared key within the sharer key, inheriting its recurrence', async () => {
    const rightId = await sharingRightInsert(t, a.projectId, lockId, sharer);
    const friend = newPhone();
    const before = Date.now();
    const r = await share(keyId, { appUserId: friend });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const k = r.body.key;
    assert.equal(k.origin, 'shared');
    assert.equal(k.sharedBy, sharer);
    assert.equal(k.appUserId, friend);
    assert.equal(k.lockId, lockId);
    assert.equal(k.state, 'active');
    assert.equal(k.end, ends.toISOString());
    assert.ok(Date.parse(k.start) >= before - 1000);
    assert.deepEqual(k.recurrence, { windows: [{ days: ['sat', 'sun'], from: '08:00', to: '20:00' }] });
    const { rows } = await t.store.db.query<{ sharing_right_id: string; project_id: string }>(
      'SELECT sharing_right_id, project_id FROM keys WHERE id = $1',
      [k.id],
    );
    assert.equal(rows[0]!.sharing_right_id, rightId);
    assert.equal(rows[0]!.project_id, a.projectId);
    const mu = await t.store.db.query(
      'SELECT 1 FROM managed_users WHERE project_id = $1 AND app_user_id = $2',
      [a.projectId, friend],
    );
    assert.equal(mu.rows.length, 1);
    const friendKeys = await t.call('GET', '/v2/app/keys', { token: await appToken(t, friend) });
    assert.deepEqual(
      friendKeys.body.keys.map((x: { id: string; canShare: boolean }) => [x.id, x.canShare]),
      [[k.id, false]],
    );
  });

  it('accepts an explicit window inside the sharer key and refuses one outside it', async () => {
    const friend = newPhone();
    const s = new Date(Date.now() + DAY).toISOString();
    const e = new Date(Date.now() + 2 * DAY).toISOString();
    const ok = await share(keyId, { appUserId: friend, start: s, end: e });
    assert.equal(ok.status, 201);
    assert.equal(ok.body.key.start, s);
    assert.equal(ok.body.key.end, e);
    assert.equal(ok.body.key.state, 'scheduled');

    const early = await share(keyId, {
      appUserId: friend,
      start: new Date(starts.getTime() - 1).toISOString(),
    });
    assert.equal(early.status, 400);
    assert.equal(early.body.invalidParams[0].name, 'start');
    const late = await share(keyId, { appUserId: friend, end: new Date(ends.getTime() + 1).toISOString() });
    assert.equal(late.status, 400);
    assert.equal(late.body.invalidParams[0].name, 'end');
    const inverted = await share(keyId, { appUserId: friend, start: e, end: s });
    assert.equal(inverted.status, 400);
    const self = await share(keyId, { appUserId: sharer });
    assert.equal(self.status, 400);
  });

  it("answers 404 for another user's key, a revoked key and an unknown key", async () => {
    const other = await keyInsert(t, { projectId: a.projectId, lockId, appUserId: newPhone() });
    assert.equal((await share(other, { appUserId: newPhone() })).status, 404);
    const revoked = await keyInsert(t, {
      projectId: a.projectId,
      lockId,
      appUserId: sharer,
      revoked: new Date(),
    });
    assert.equal((await share(revoked, { appUserId: newPhone() })).status, 404);
    assert.equal(
      (await share('0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b', { appUserId: newPhone() })).status,
      404,
    );
    assert.equal((await share('nope', { appUserId: newPhone() })).status, 404);
  });

  it('stops sharing once the sharing right is revoked', async () => {
    await t.store.db.query(
      'UPDATE sharing_rights SET revoked = now() WHERE lock_id = $1 AND app_user_id = $2',
      [lockId, sharer],
    );
    assert.equal((await share(keyId, { appUserId: newPhone() })).status, 403);
  });
});
