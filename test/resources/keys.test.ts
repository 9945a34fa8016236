import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { keyFindWithLock } from '../../src/resources/keys/queries.ts';
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
let lockId: string;
let lock2: string;
let otherTenantLock: string;

before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'A');
  b = await createTenant(t, 'B');
  lockId = (await createLock(t, a)).id;
  lock2 = (await createLock(t, a, { name: 'Back door' })).id;
  otherTenantLock = (await createLock(t, b)).id;
});
after(() => t.close());

const url = (p = '') => `/v2/projects/${a.projectId}${p}`;
const post = (keys: unknown) => t.call('POST', url('/keys'), { token: a.projectToken, body: { keys } });
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('key creation', () => {
  it('creates a key with defaults: starts now, no end, active, integrator; the managed user appears', async () => {
    const t0 = Date.now();
    const r = await post([{ lockId, appUserId: '+4799887766' }]);
    assert.equal(r.status, 201);
    const k = r.body.keys[0];
    assert.deepEqual(Object.keys(k).sort(), [
      'appUserId',
      'created',
      'end',
      'id',
      'lockId',
      'metadata',
      'origin',
      'recurrence',
      'start',
      'state',
    ]);
    assert.equal(k.start, k.created);
    assert.ok(Date.parse(k.start) >= t0 - 1000);
    assert.equal(k.end, null);
    assert.equal(k.recurrence, null);
    assert.equal(k.state, 'active');
    assert.equal(k.origin, 'integrator');
    assert.deepEqual(k.metadata, {});
    const mu = await t.call('GET', url('/managed-users/%2B4799887766'), { token: a.projectToken });
    assert.equal(mu.status, 200);
    assert.equal(mu.body.managedUser.firstName, null);
  });

  it('derives end from durationMinutes and state from the clock; keeps input order', async () => {
    const now = Date.now();
    const rec = { windows: [{ days: ['sat', 'sun'], from: '22:00', to: '06:00' }] };
    const keys = await createKeys(t, a, [
      {
        lockId,
        appUserId: phone(1),
        start: '2030-01-01T08:00:00+01:00',
        durationMinutes: 90,
        recurrence: rec,
      },
      { lockId, appUserId: phone(2), start: iso(now - 2 * HOUR), end: iso(now - HOUR), metadata: { b: '1' } },
      { lockId: lock2, appUserId: phone(3), end: null },
    ]);
    assert.deepEqual(
      keys.map((k) => k.state),
      ['scheduled', 'expired', 'active'],
    );
    const [k0, k1] = keys as any[];
    assert.equal(k0.start, '2030-01-01T07:00:00.000Z');
    assert.equal(k0.end, '2030-01-01T08:30:00.000Z');
    assert.deepEqual(k0.recurrence, rec);
    assert.deepEqual(k1.metadata, { b: '1' });
    assert.deepEqual(
      keys.map((k) => k.appUserId),
      [phone(1), phone(2), phone(3)],
    );
    assert.deepEqual(
      keys.map((k) => k.id),
      keys.map((k) => k.id).sort(),
      'ids follow the input order',
    );
  });

  it('refuses bad input with a precise invalidParams entry and writes nothing', async () => {
    const ok = { lockId, appUserId: phone(9) };
    const now = Date.now();
    const win = (w: Record<string, unknown>) => ({
      ...ok,
      recurrence: { windows: [{ days: ['mon'], from: '08:00', to: '17:00', ...w }] },
    });
    const cases: [unknown[], string][] = [
      [[ok, { ...ok, lockId: 5 }], 'keys.1.lockId'],
      [[{ ...ok, lockId: 'not-a-uuid' }], 'keys.0.lockId'],
      [[{ ...ok, appUserId: '4799887766' }], 'keys.0.appUserId'],
      [[{ ...ok, appUserId: '+0799887766' }], 'keys.0.appUserId'],
      [[{ ...ok, appUserId: '+47 99 88 77 66' }], 'keys.0.appUserId'],
      [[{ ...ok, appUserId: 4799887766 }], 'keys.0.appUserId'],
      [[{ ...ok, start: 'tomorrow' }], 'keys.0.start'],
      [[{ ...ok, start: '2026-01-01T10:00:00' }], 'keys.0.start'],
      [[{ ...ok, durationMinutes: '60' }], 'keys.0.durationMinutes'],
      [[{ ...ok, durationMinutes: 0 }], 'keys.0.durationMinutes'],
      [[{ ...ok, colour: 'red' }], 'keys.0.colour'],
      [[{ ...ok, start: iso(now + HOUR), end: iso(now) }], 'keys.0.end'],
      [[{ ...ok, end: iso(now - HOUR) }], 'keys.0.end'],
      [[{ ...ok, end: iso(now + HOUR), durationMinutes: 60 }], 'keys.0.durationMinutes'],
      [[ok, { ...ok, lockId: '0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b' }], 'keys.1.lockId'],
      [[ok, { ...ok, lockId: otherTenantLock }], 'keys.1.lockId'],
      [
        [{ ...ok, metadata: Object.fromEntries([...Array(21)].map((_, i) => [`k${i}`, 'v'])) }],
        'keys.0.metadata',
      ],
      [[{ ...ok, metadata: { ['k'.repeat(41)]: 'v' } }], 'keys.0.metadata'],
      [[{ ...ok, metadata: { k: 'v'.repeat(257) } }], 'keys.0.metadata.k'],
      [[win({ to: '08:00' })], 'keys.0.recurrence.windows.0.to'],
      [[win({ days: ['mon', 'funday'] })], 'keys.0.recurrence.windows.0.days.1'],
      [[win({ days: [] })], 'keys.0.recurrence.windows.0.days'],
      [[win({ from: '8:00' })], 'keys.0.recurrence.windows.0.from'],
      [[win({ from: '24:00' })], 'keys.0.recurrence.windows.0.from'],
      [[win({ to: '17:60' })], 'keys.0.recurrence.windows.0.to'],
      [[{ ...ok, recurrence: { windows: [] } }], 'keys.0.recurrence.windows'],
      [
        [
          {
            ...ok,
            recurrence: {
              windows: [...Array(29)].map(() => ({ days: ['mon'], from: '08:00', to: '09:00' })),
            },
          },
        ],
        'keys.0.recurrence.windows',
      ],
      [[], 'keys'],
      [Array(10_001).fill(ok), 'keys'],
    ];
    const before = await rowCounts(t);
    for (const [keys, name] of cases) {
      const r = await post(keys);
      const what = `${JSON.stringify(keys).slice(0, 300)} → ${JSON.stringify(r.body).slice(0, 500)}`;
      assert.equal(r.status, 400, what);
      assert.ok(
        r.body.invalidParams?.some((p: { name: string }) => p.name === name),
        `${name}: ${what}`,
      );
    }
    assert.deepEqual(await rowCounts(t), before);
  });

  it('names every bad item of a batch, and a lock of another project reads exactly like an unknown one', async () => {
    const items: Record<string, unknown>[] = [...Array(20)].map((_, i) => ({
      lockId,
      appUserId: phone(100 + i),
    }));
    items[3] = { lockId: otherTenantLock, appUserId: phone(103) };
    items[17] = { lockId, appUserId: 'nope' };
    const before = await rowCounts(t);
    const r = await post(items);
    assert.equal(r.status, 400);
    assert.deepEqual(
      r.body.invalidParams.map((p: { name: string }) => p.name),
      ['keys.3.lockId', 'keys.17.appUserId'],
      'schema errors and store errors are reported together',
    );
    items[17] = { lockId: '0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b', appUserId: phone(117) };
    const r2 = await post(items);
    assert.equal(r2.status, 400);
    assert.deepEqual(r2.body.invalidParams, [
      { name: 'keys.3.lockId', reason: 'is not a lock of this project' },
      { name: 'keys.17.lockId', reason: 'is not a lock of this project' },
    ]);
    assert.deepEqual(await rowCounts(t), before);
  });
});

describe('key creation: malformed bodies', () => {
  it('answers 400 (never 500) to bodies of the wrong shape, writing nothing', async () => {
    const before = await rowCounts(t);
    const ok = { lockId, appUserId: phone(9) };
    const cases: [unknown, string][] = [
      [{ keys: [5, null, 'x', ok] }, 'keys.0'],
      [{ keys: [[], {}] }, 'keys.1.lockId'],
      [{ keys: 'all' }, 'keys'],
      [{ keys: { 0: ok } }, 'keys'],
      [{ keys: [ok], extra: true }, 'extra'],
      [{}, 'keys'],
      [[ok], '(body)'],
      [{ keys: [{ ...ok, recurrence: { windows: 'always' } }] }, 'keys.0.recurrence'],
      [
        { keys: [{ ...ok, recurrence: { windows: [{ days: 'mon', from: '08:00', to: '09:00' }] } }] },
        'keys.0.recurrence',
      ],
      [{ keys: [{ ...ok, metadata: [] }] }, 'keys.0.metadata'],
      [{ keys: [{ ...ok, start: null }] }, 'keys.0.start'],
      [{ keys: [{ ...ok, durationMinutes: 1.5 }] }, 'keys.0.durationMinutes'],
    ];
    for (const [body, name] of cases) {
      const r = await t.call('POST', url('/keys'), { token: a.projectToken, body });
      const what = `${JSON.stringify(body)} → ${JSON.stringify(r.body)}`;
      assert.equal(r.status, 400, what);
      assert.ok(
        r.body.invalidParams?.some((p: { name: string }) => p.name.startsWith(name)),
        what,
      );
    }
    const notJson = await t.call('POST', url('/keys'), { token: a.projectToken, body: '{"keys": [' });
    assert.equal(notJson.status, 400);
    assert.deepEqual(await rowCounts(t), before);
  });
});

describe('key reads and revocation', () => {
  it('gets, filters and excludes states', async () => {
    const now = Date.now();
    const [active, expired, scheduled] = await createKeys(t, a, [
      { lockId: lock2, appUserId: phone(50) },
      { lockId: lock2, appUserId: phone(50), start: iso(now - 2 * HOUR), end: iso(now - HOUR) },
      { lockId: lock2, appUserId: phone(50), start: iso(now + HOUR) },
    ]);
    const g = await t.call('GET', url(`/keys/${active!.id}`), { token: a.projectToken });
    assert.equal(g.status, 200);
    assert.equal(g.body.key.id, active!.id);
    const list = async (q: string) => {
      const r = await t.call('GET', url(`/keys?${q}`), { token: a.projectToken });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.keys.map((k: { id: string }) => k.id);
    };
    const p = encodeURIComponent(phone(50));
    assert.deepEqual(await list(`appUserId=${p}`), [active!.id, expired!.id, scheduled!.id]);
    assert.deepEqual(await list(`appUserId=${p}&excludeStates=expired,revoked`), [active!.id, scheduled!.id]);
    assert.deepEqual(await list(`appUserId=${p}&excludeStates=active,scheduled`), [expired!.id]);
    // Excluding only revoked keys needs no clock: the query once sent an unused parameter (500).
    assert.deepEqual(await list(`appUserId=${p}&excludeStates=revoked`), [
      active!.id,
      expired!.id,
      scheduled!.id,
    ]);
    assert.deepEqual(await list(`appUserId=${p}&excludeStates=revoked,revoked`), [
      active!.id,
      expired!.id,
      scheduled!.id,
    ]);
    assert.deepEqual(await list(`appUserId=${p}&origin=shared`), []);
    assert.deepEqual(await list(`appUserId=${p}&lockId=${lockId}`), []);
    assert.ok((await list(`lockId=${lock2}&origin=integrator&limit=1000`)).includes(scheduled!.id));
    for (const q of [
      'excludeStates=gone',
      'origin=app',
      'appUserId=123',
      'lockId=x',
      'limit=0',
      'limit=1001',
    ])
      assert.equal((await t.call('GET', url(`/keys?${q}`), { token: a.projectToken })).status, 400, q);
    assert.equal(
      (await t.call('GET', url('/keys/0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b'), { token: a.projectToken }))
        .status,
      404,
    );
  });

  it('revokes one key idempotently', async () => {
    const [k] = await createKeys(t, a, [{ lockId, appUserId: phone(60) }]);
    const r1 = await t.call('DELETE', url(`/keys/${k!.id}`), { token: a.projectToken });
    assert.equal(r1.status, 200);
    assert.equal(r1.body.key.state, 'revoked');
    assert.ok(r1.body.key.revoked);
    const r2 = await t.call('DELETE', url(`/keys/${k!.id}`), { token: a.projectToken });
    assert.equal(r2.status, 200);
    assert.equal(r2.body.key.revoked, r1.body.key.revoked, 'the first revocation time is kept');
    assert.equal(
      (await t.call('DELETE', url('/keys/0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b'), { token: a.projectToken }))
        .status,
      404,
    );
  });

  it('bulk-revokes integrator keys and shared keys separately, by filter', async () => {
    const lock3 = (await createLock(t, a, { name: 'Gym' })).id;
    const [sharers] = await createKeys(t, a, [
      { lockId: lock3, appUserId: phone(70) },
      { lockId: lock3, appUserId: phone(71) },
      { lockId, appUserId: phone(70) },
    ]);
    await createSharingRights(t, a, [{ lockId: lock3, appUserId: phone(70) }]);
    const shared = await shareKey(t, { keyId: sharers!.id, sharedBy: phone(70), appUserId: phone(72) });
    const del = (p: string) => t.call('DELETE', url(p), { token: a.projectToken });
    assert.equal((await del('/keys')).status, 400, 'a filter is required');
    assert.equal((await del('/shared-keys')).status, 400);
    assert.deepEqual((await del(`/keys?lockId=${lock3}&appUserId=${encodeURIComponent(phone(70))}`)).body, {
      revoked: 1,
    });
    assert.deepEqual((await del(`/keys?lockId=${lock3}`)).body, { revoked: 1 });
    assert.deepEqual((await del(`/keys?lockId=${lock3}`)).body, { revoked: 0 });
    const s = await t.call('GET', url(`/keys/${shared}`), { token: a.projectToken });
    assert.equal(s.body.key.state, 'active', 'integrator revocation leaves shared keys');
    assert.equal(s.body.key.origin, 'shared');
    assert.equal(s.body.key.sharedBy, phone(70));
    assert.deepEqual((await del(`/shared-keys?lockId=${lock3}`)).body, { revoked: 1 });
    assert.equal(
      (await t.call('GET', url(`/keys/${shared}`), { token: a.projectToken })).body.key.state,
      'revoked',
    );
    assert.deepEqual((await del(`/keys?lockId=${otherTenantLock}`)).body, { revoked: 0 });
  });

  it('keyFindWithLock returns the key with its lock for event validation', async () => {
    const [k] = await createKeys(t, a, [{ lockId, appUserId: phone(80) }]);
    const found = await keyFindWithLock(t.store.db, k!.id);
    assert.equal(found?.key.id, k!.id);
    assert.equal(found?.lock.id, lockId);
    assert.equal(found?.lock.timezone, 'Europe/Oslo');
    assert.equal(found?.lock.deleted, null);
  });
});

describe('10,000 keys', () => {
  it('creates 10,000 keys in one call and pages through them, each exactly once', async () => {
    const lock = (await createLock(t, a, { name: 'Big building' })).id;
    const items = [...Array(10_000)].map((_, i) => ({ lockId: lock, appUserId: phone(10_000 + i) }));
    const r = await post(items);
    assert.equal(r.status, 201);
    assert.equal(r.body.keys.length, 10_000);
    const created = new Set<string>(r.body.keys.map((k: { id: string }) => k.id));
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const q = `lockId=${lock}&limit=1000${after ? `&startAfterId=${after}` : ''}`;
      const p = await t.call('GET', url(`/keys?${q}`), { token: a.projectToken });
      assert.equal(p.status, 200);
      seen.push(...p.body.keys.map((k: { id: string }) => k.id));
      after = p.body.startAfterId;
      pages++;
    } while (after);
    assert.equal(seen.length, 10_000);
    assert.equal(new Set(seen).size, 10_000);
    assert.ok(seen.every((id) => created.has(id)));
    assert.deepEqual(seen, [...seen].sort());
    assert.ok(pages <= 11);
    const first = await t.call('GET', url(`/keys?lockId=${lock}`), { token: a.projectToken });
    assert.equal(first.body.keys.length, 100, 'the default page is 100');
    assert.equal(first.body.startAfterId, seen[99]);
    const mu = await t.store.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM managed_users WHERE project_id = $1 AND app_user_id BETWEEN $2 AND $3',
      [a.projectId, phone(10_000), phone(19_999)],
    );
    assert.equal(mu.rows[0]!.n, 10_000);
  });
});
