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
let b: Tenant;
let lock: string;
let lock2: string;
let foreignLock: string;

before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'A');
  b = await createTenant(t, 'B');
  lock = (await createLock(t, a)).id;
  lock2 = (await createLock(t, a)).id;
  foreignLock = (await createLock(t, b)).id;
});
after(() => t.close());

const url = (p = '') => `/v2/projects/${a.projectId}/sharing-rights${p}`;
const post = (sharingRights: unknown) =>
  t.call('POST', url(), { token: a.projectToken, body: { sharingRights } });
const enc = encodeURIComponent;

describe('sharing rights', () => {
  it('creates a batch (managed users appear), lists with filters and paging', async () => {
    const rights = await createSharingRights(t, a, [
      { lockId: lock, appUserId: phone(1) },
      { lockId: lock, appUserId: phone(2) },
      { lockId: lock2, appUserId: phone(1) },
    ]);
    assert.deepEqual(Object.keys(rights[0]!).sort(), ['appUserId', 'created', 'id', 'lockId']);
    assert.deepEqual(
      rights.map((r) => r.appUserId),
      [phone(1), phone(2), phone(1)],
    );
    assert.equal(
      (
        await t.call('GET', `/v2/projects/${a.projectId}/managed-users/${enc(phone(2))}`, {
          token: a.projectToken,
        })
      ).status,
      200,
    );
    const list = async (q: string) => {
      const r = await t.call('GET', url(`?${q}`), { token: a.projectToken });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body;
    };
    assert.equal((await list(`appUserId=${enc(phone(1))}`)).sharingRights.length, 2);
    assert.equal((await list(`lockId=${lock}`)).sharingRights.length, 2);
    assert.equal((await list(`lockId=${lock2}&appUserId=${enc(phone(1))}`)).sharingRights.length, 1);
    const p1 = await list('limit=2');
    assert.equal(p1.sharingRights.length, 2);
    const p2 = await list(`limit=2&startAfterId=${p1.startAfterId}`);
    assert.equal(p2.sharingRights.length, 1);
    assert.equal(p2.startAfterId, undefined);
    for (const q of ['limit=0', 'lockId=x', 'appUserId=1', 'other=1'])
      assert.equal((await t.call('GET', url(`?${q}`), { token: a.projectToken })).status, 400, q);
  });

  it('is all-or-nothing: 409 on an existing right, 400 on unknown or foreign locks and repeats', async () => {
    const before = await rowCounts(t);
    const c = await post([
      { lockId: lock2, appUserId: phone(9) },
      { lockId: lock, appUserId: phone(1) },
    ]);
    assert.equal(c.status, 409);
    assert.equal(c.body.invalidParams[0].name, 'sharingRights.1');
    const cases: [unknown[], string][] = [
      [
        [
          { lockId: lock, appUserId: phone(9) },
          { lockId: foreignLock, appUserId: phone(9) },
        ],
        'sharingRights.1.lockId',
      ],
      [[{ lockId: '0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b', appUserId: phone(9) }], 'sharingRights.0.lockId'],
      [
        [
          { lockId: lock, appUserId: phone(9) },
          { lockId: lock, appUserId: phone(9) },
        ],
        'sharingRights.1',
      ],
      [[{ lockId: lock, appUserId: 'x' }], 'sharingRights.0.appUserId'],
      [[{ lockId: lock, appUserId: phone(9), extra: 1 }], 'sharingRights.0.extra'],
      [[], 'sharingRights'],
      [Array(1001).fill({ lockId: lock, appUserId: phone(9) }), 'sharingRights'],
    ];
    for (const [items, name] of cases) {
      const r = await post(items);
      assert.equal(r.status, 400, name);
      assert.ok(
        r.body.invalidParams.some((p: { name: string }) => p.name === name),
        JSON.stringify(r.body).slice(0, 400),
      );
    }
    assert.deepEqual(await rowCounts(t), before);
  });

  it('names schema and store problems together, and never answers 500 to odd shapes', async () => {
    const before = await rowCounts(t);
    const r = await post([
      { lockId: lock, appUserId: phone(30) },
      { lockId: foreignLock, appUserId: phone(30) },
      { lockId: lock, appUserId: 'nope' },
    ]);
    assert.equal(r.status, 400);
    assert.deepEqual(
      r.body.invalidParams.map((p: { name: string }) => p.name),
      ['sharingRights.1.lockId', 'sharingRights.2.appUserId'],
    );
    for (const body of [{ sharingRights: [5, null] }, { sharingRights: 'x' }, {}, [1]]) {
      const res = await t.call('POST', url(), { token: a.projectToken, body });
      assert.equal(res.status, 400, JSON.stringify(body));
    }
    assert.deepEqual(await rowCounts(t), before);
  });

  it('revokes by filter with the keys shared under the revoked rights', async () => {
    const [r1] = await createSharingRights(t, a, [
      { lockId: lock, appUserId: phone(20) },
      { lockId: lock2, appUserId: phone(20) },
    ]);
    const [own1, own2] = await createKeys(t, a, [
      { lockId: lock, appUserId: phone(20) },
      { lockId: lock2, appUserId: phone(20) },
    ]);
    const k1 = await shareKey(t, { keyId: own1!.id, sharedBy: phone(20), appUserId: phone(21) });
    const k2 = await shareKey(t, { keyId: own2!.id, sharedBy: phone(20), appUserId: phone(21) });
    assert.equal(
      (await t.call('GET', `/v2/projects/${a.projectId}/keys/${k1}`, { token: a.projectToken })).body.key
        .sharedBy,
      phone(20),
    );
    assert.equal(
      (await t.call('DELETE', url(), { token: a.projectToken })).status,
      400,
      'a filter is required',
    );
    const d = await t.call('DELETE', url(`?appUserId=${enc(phone(20))}&lockId=${lock}`), {
      token: a.projectToken,
    });
    assert.equal(d.status, 200);
    assert.deepEqual(d.body, { revoked: 1 });
    const state = async (id: string) =>
      (await t.call('GET', `/v2/projects/${a.projectId}/keys/${id}`, { token: a.projectToken })).body.key
        .state;
    assert.equal(await state(k1), 'revoked');
    assert.equal(await state(k2), 'active');
    const again = await t.call('DELETE', url(`?appUserId=${enc(phone(20))}&lockId=${lock}`), {
      token: a.projectToken,
    });
    assert.deepEqual(again.body, { revoked: 0 });
    const all = await t.call('GET', url(`?appUserId=${enc(phone(20))}&includeRevoked=true`), {
      token: a.projectToken,
    });
    assert.equal(all.body.sharingRights.length, 2);
    assert.ok(all.body.sharingRights.find((r: { id: string }) => r.id === r1!.id).revoked);
    // A revoked right can be granted again.
    assert.equal((await post([{ lockId: lock, appUserId: phone(20) }])).status, 201);
  });
});
