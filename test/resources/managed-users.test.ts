import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import {
  createKeys,
  createLock,
  createSharingRights,
  phone,
  rowCounts,
  shareKey,
} from '../helpers/resources.ts';

let t: TestApp;
let a: Tenant;

before(async () => {
  t = await startTestApp();
  a = await createTenant(t);
});
after(() => t.close());

const url = (p = '') => `/v2/projects/${a.projectId}/managed-users${p}`;
const enc = encodeURIComponent;

describe('managed users', () => {
  it('creates, gets by URL-encoded phone, patches and lists', async () => {
    const c = await t.call('POST', url(), {
      token: a.projectToken,
      body: { appUserId: '+4799887766', firstName: 'Kari', lastName: 'Nordmann', metadata: { unit: '4B' } },
    });
    assert.equal(c.status, 201, JSON.stringify(c.body));
    const u = c.body.managedUser;
    assert.deepEqual(Object.keys(u).sort(), [
      'appUserId',
      'created',
      'firstName',
      'id',
      'lastName',
      'metadata',
    ]);
    assert.equal(u.appUserId, '+4799887766');
    const g = await t.call('GET', url('/%2B4799887766'), { token: a.projectToken });
    assert.equal(g.status, 200);
    assert.deepEqual(g.body.managedUser, u);
    const plain = await t.call('GET', url('/+4799887766'), { token: a.projectToken });
    assert.equal(plain.status, 200, 'an unencoded + works too');
    const dup = await t.call('POST', url(), { token: a.projectToken, body: { appUserId: '+4799887766' } });
    assert.equal(dup.status, 409);
    const p = await t.call('PATCH', url('/%2B4799887766'), {
      token: a.projectToken,
      body: { firstName: null, lastName: 'Hansen', metadata: { unit: null, floor: '4' } },
    });
    assert.equal(p.status, 200, JSON.stringify(p.body));
    assert.equal(p.body.managedUser.firstName, null);
    assert.equal(p.body.managedUser.lastName, 'Hansen');
    assert.deepEqual(p.body.managedUser.metadata, { floor: '4' });
    for (let i = 0; i < 3; i++)
      assert.equal(
        (await t.call('POST', url(), { token: a.projectToken, body: { appUserId: phone(i) } })).status,
        201,
      );
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const r = await t.call('GET', url(`?limit=3${after ? `&startAfterId=${after}` : ''}`), {
        token: a.projectToken,
      });
      assert.equal(r.status, 200);
      seen.push(...r.body.managedUsers.map((m: { id: string }) => m.id));
      after = r.body.startAfterId;
    } while (after);
    assert.equal(seen.length, 4);
    assert.deepEqual(seen, [...seen].sort());
  });

  it('refuses bad input and unknown or malformed phones', async () => {
    const before = await rowCounts(t);
    const cases: [unknown, string][] = [
      [{ appUserId: '99887766' }, 'appUserId'],
      [{ appUserId: '+47998877665544332' }, 'appUserId'],
      [{ appUserId: 4799887766 }, 'appUserId'],
      [{ appUserId: '+4711111111', firstName: 7 }, 'firstName'],
      [{ appUserId: '+4711111111', nickname: 'x' }, 'nickname'],
      [{ appUserId: '+4711111111', metadata: { ['k'.repeat(41)]: 'v' } }, 'metadata'],
      [{ appUserId: '+4711111111', metadata: { k: 'v'.repeat(257) } }, 'metadata.k'],
    ];
    for (const [body, name] of cases) {
      const r = await t.call('POST', url(), { token: a.projectToken, body });
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.ok(
        r.body.invalidParams.some((p: { name: string }) => p.name === name),
        JSON.stringify(r.body),
      );
    }
    assert.deepEqual(await rowCounts(t), before);
    assert.equal((await t.call('GET', url('/%2B4711111111'), { token: a.projectToken })).status, 404);
    assert.equal((await t.call('GET', url('/4711111111'), { token: a.projectToken })).status, 404);
    assert.equal(
      (await t.call('PATCH', url('/%2B4711111111'), { token: a.projectToken, body: {} })).status,
      404,
    );
    assert.equal((await t.call('DELETE', url('/%2B4711111111'), { token: a.projectToken })).status, 404);
  });

  it("deleting one revokes the person's keys and sharing rights in the project, and keys shared under them", async () => {
    const lock = (await createLock(t, a)).id;
    const who = phone(40);
    const keys = await createKeys(t, a, [
      { lockId: lock, appUserId: who },
      { lockId: lock, appUserId: phone(41) },
    ]);
    await createSharingRights(t, a, [{ lockId: lock, appUserId: who }]);
    const shared = await shareKey(t, { keyId: keys[0]!.id, sharedBy: who, appUserId: phone(42) });
    const d = await t.call('DELETE', url(`/${enc(who)}`), { token: a.projectToken });
    assert.equal(d.status, 204);
    assert.equal((await t.call('GET', url(`/${enc(who)}`), { token: a.projectToken })).status, 404);
    const state = async (id: string) =>
      (await t.call('GET', `/v2/projects/${a.projectId}/keys/${id}`, { token: a.projectToken })).body.key
        .state;
    assert.equal(await state(keys[0]!.id), 'revoked');
    assert.equal(await state(keys[1]!.id), 'active');
    assert.equal(await state(shared), 'revoked');
    const r = await t.call('GET', `/v2/projects/${a.projectId}/sharing-rights?appUserId=${enc(who)}`, {
      token: a.projectToken,
    });
    assert.deepEqual(r.body.sharingRights, []);
  });
});
