// Bridges API: create (token shown once, kept only hashed), list, get, rotate, delete; tenancy.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hashSecret } from '../../src/crypto/secrets.ts';
import { bridgeByTokenHash, bridgeLocalEnsure } from '../../src/resources/bridges/queries.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;
const base = (x: Tenant) => `/v2/organization/${x.organizationId}/bridges`;

before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'Alpha');
  b = await createTenant(t, 'Beta');
});
after(() => t.close());

describe('bridges', () => {
  it('creates a bridge: 201 with the bridge and its token, which is stored only as a hash', async () => {
    const r = await t.call('POST', base(a), { token: a.orgToken, body: { name: 'Basement' } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.deepEqual(Object.keys(r.body.bridge).sort(), [
      'created',
      'id',
      'lastSeen',
      'local',
      'name',
      'status',
    ]);
    assert.equal(r.body.bridge.status, 'offline');
    assert.equal(r.body.bridge.lastSeen, null);
    assert.equal(r.body.bridge.local, false);
    assert.match(r.body.token, /^lk_bridge_[A-Za-z0-9_-]{43}$/);
    assert.equal(r.headers.location, `${base(a)}/${r.body.bridge.id}`);
    const stored = await t.store.db.query<{ token_hash: Buffer }>(
      'SELECT token_hash FROM bridges WHERE id = $1',
      [r.body.bridge.id],
    );
    assert.ok(!stored.rows[0]!.token_hash.toString('latin1').includes(r.body.token.slice(10)));
    const found = await bridgeByTokenHash(t.store.db, hashSecret(t.ctx.keyring.pepper, r.body.token));
    assert.equal(found?.id, r.body.bridge.id);
    const got = await t.call('GET', `${base(a)}/${r.body.bridge.id}`, { token: a.orgToken });
    assert.equal(got.status, 200);
    assert.equal(got.body.token, undefined);
    assert.equal(got.body.bridge.name, 'Basement');
  });

  it('a bad name is 400 naming name, and nothing is created', async () => {
    const before = (await t.call('GET', base(a), { token: a.orgToken })).body.bridges.length;
    for (const body of [{}, { name: '' }, { name: 'x', extra: 1 }]) {
      const r = await t.call('POST', base(a), { token: a.orgToken, body });
      assert.equal(r.status, 400, JSON.stringify(r.body));
    }
    const r = await t.call('POST', base(a), { token: a.orgToken, body: { name: '' } });
    assert.ok(r.body.invalidParams.some((p: { name: string }) => p.name === 'name'));
    assert.equal((await t.call('GET', base(a), { token: a.orgToken })).body.bridges.length, before);
  });

  it('rotating the token: the new one works, the old one no longer finds the bridge', async () => {
    const c = await t.call('POST', base(a), { token: a.orgToken, body: { name: 'Gate' } });
    const r = await t.call('POST', `${base(a)}/${c.body.bridge.id}/rotate-token`, { token: a.orgToken });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.notEqual(r.body.token, c.body.token);
    const pepper = t.ctx.keyring.pepper;
    assert.equal(await bridgeByTokenHash(t.store.db, hashSecret(pepper, c.body.token)), undefined);
    assert.equal(
      (await bridgeByTokenHash(t.store.db, hashSecret(pepper, r.body.token)))?.id,
      c.body.bridge.id,
    );
  });

  it("tenancy: another organization's bridge is 404 for get, delete and rotate; lists stay apart", async () => {
    const c = await t.call('POST', base(b), { token: b.orgToken, body: { name: 'Beta only' } });
    const other = `${base(a)}/${c.body.bridge.id}`;
    assert.equal((await t.call('GET', other, { token: a.orgToken })).status, 404);
    assert.equal((await t.call('DELETE', other, { token: a.orgToken })).status, 404);
    assert.equal((await t.call('POST', `${other}/rotate-token`, { token: a.orgToken })).status, 404);
    assert.equal((await t.call('GET', `${base(b)}/${c.body.bridge.id}`, { token: a.orgToken })).status, 403);
    const listA = (await t.call('GET', base(a), { token: a.orgToken })).body.bridges;
    assert.ok(!listA.some((x: { id: string }) => x.id === c.body.bridge.id));
    assert.equal((await t.call('GET', `${base(b)}/${c.body.bridge.id}`, { token: b.orgToken })).status, 200);
  });

  it('deletes a bridge: 204, then 404; its token finds nothing', async () => {
    const c = await t.call('POST', base(a), { token: a.orgToken, body: { name: 'Temporary' } });
    const path = `${base(a)}/${c.body.bridge.id}`;
    assert.equal((await t.call('DELETE', path, { token: a.orgToken })).status, 204);
    assert.equal((await t.call('GET', path, { token: a.orgToken })).status, 404);
    assert.equal((await t.call('DELETE', path, { token: a.orgToken })).status, 404);
    assert.equal(
      await bridgeByTokenHash(t.store.db, hashSecret(t.ctx.keyring.pepper, c.body.token)),
      undefined,
    );
  });

  it("the service's own bridge is listed for every organization, and cannot be deleted or rotated", async () => {
    const local = await bridgeLocalEnsure(t.store.db);
    assert.equal((await bridgeLocalEnsure(t.store.db)).id, local.id, 'made once');
    for (const x of [a, b]) {
      const l = (await t.call('GET', base(x), { token: x.orgToken })).body.bridges;
      assert.equal(l.filter((y: { local: boolean }) => y.local).length, 1);
      assert.equal(
        (await t.call('GET', `${base(x)}/${local.id}`, { token: x.orgToken })).body.bridge.local,
        true,
      );
    }
    assert.equal((await t.call('DELETE', `${base(a)}/${local.id}`, { token: a.orgToken })).status, 409);
    assert.equal(
      (await t.call('POST', `${base(a)}/${local.id}/rotate-token`, { token: a.orgToken })).status,
      409,
    );
  });

  it('a project token is 403', async () => {
    assert.equal((await t.call('GET', base(a), { token: a.projectToken })).status, 403);
  });
});
