import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import {
  createKeys,
  createLock,
  createSharingRights,
  installerToken,
  phone,
  rowCounts,
} from '../helpers/resources.ts';

let t: TestApp;
let a: Tenant;

before(async () => {
  t = await startTestApp();
  a = await createTenant(t);
});
after(() => t.close());

const url = (p = '') => `/v2/projects/${a.projectId}/locks${p}`;

describe('locks', () => {
  it('creates a lock with the full shape; timezone defaults to the project zone', async () => {
    const r = await t.call('POST', url(), {
      token: a.projectToken,
      body: { name: 'Main entrance', address: 'Storgata 1', metadata: { unit: '4B' } },
    });
    assert.equal(r.status, 201);
    const l = r.body.lock;
    assert.deepEqual(Object.keys(l).sort(), [
      'address',
      'connection',
      'created',
      'id',
      'metadata',
      'name',
      'timezone',
    ]);
    assert.equal(l.timezone, 'Europe/Oslo');
    assert.equal(l.address, 'Storgata 1');
    assert.deepEqual(l.metadata, { unit: '4B' });
    assert.equal(l.connection, null, 'no network lock connected');
    assert.match(l.created, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const g = await t.call('GET', url(`/${l.id}`), { token: a.projectToken });
    assert.equal(g.status, 200);
    assert.deepEqual(g.body.lock, l);
  });

  it('defaults to UTC when the project has no time zone, and canonicalises zone names', async () => {
    const p = await t.call('POST', `/v2/organization/${a.organizationId}/projects`, {
      token: a.orgToken,
      body: { name: 'No zone' },
    });
    const { getToken } = await import('../helpers/factories.ts');
    const tok = await getToken(t, {
      client_id: a.clientId,
      client_secret: a.clientSecret,
      scope: 'project.admin',
      project_id: p.body.project.id,
    });
    const r = await t.call('POST', `/v2/projects/${p.body.project.id}/locks`, {
      token: tok,
      body: { name: 'x' },
    });
    assert.equal(r.status, 201);
    assert.equal(r.body.lock.timezone, 'UTC');
    assert.equal(r.body.lock.address, undefined);
    const c = await createLock(t, a, { timezone: 'america/new_york' });
    assert.equal(c.timezone, 'America/New_York');
    // A current IANA name stays as written, though the runtime spells it the old way (Asia/Calcutta).
    assert.equal((await createLock(t, a, { timezone: 'Asia/Kolkata' })).timezone, 'Asia/Kolkata');
  });

  it('refuses an unknown time zone, bad types and unknown fields, writing nothing', async () => {
    const before = await rowCounts(t);
    const cases: [unknown, string][] = [
      [{ name: 'x', timezone: 'Mars/Olympus' }, 'timezone'],
      [{ name: 'x', timezone: '+01:00' }, 'timezone'],
      [{ name: 5 }, 'name'],
      [{ name: '' }, 'name'],
      [{}, 'name'],
      [{ name: 'x', colour: 'red' }, 'colour'],
      [{ name: 'x', metadata: { ['k'.repeat(41)]: 'v' } }, 'metadata'],
      [{ name: 'x', metadata: { k: 'v'.repeat(257) } }, 'metadata.k'],
      [{ name: 'x', metadata: Object.fromEntries([...Array(21)].map((_, i) => [`k${i}`, 'v'])) }, 'metadata'],
      [{ name: 'x', metadata: { k: 5 } }, 'metadata.k'],
    ];
    for (const [body, name] of cases) {
      const r = await t.call('POST', url(), { token: a.projectToken, body });
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.ok(
        r.body.invalidParams.some((p: { name: string }) => p.name === name),
        `${JSON.stringify(body)} → ${JSON.stringify(r.body.invalidParams)}`,
      );
    }
    assert.deepEqual(await rowCounts(t), before);
  });

  it('patches: merges metadata, null deletes a pair, null clears the address', async () => {
    const l = await createLock(t, a, { address: 'A', metadata: { a: '1', b: '2' } });
    const r = await t.call('PATCH', url(`/${l.id}`), {
      token: a.projectToken,
      body: { name: 'Renamed', timezone: 'Europe/London', address: null, metadata: { a: null, c: '3' } },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.lock.name, 'Renamed');
    assert.equal(r.body.lock.timezone, 'Europe/London');
    assert.equal(r.body.lock.address, undefined);
    assert.deepEqual(r.body.lock.metadata, { b: '2', c: '3' });
    const bad = await t.call('PATCH', url(`/${l.id}`), {
      token: a.projectToken,
      body: { timezone: 'Nowhere/City' },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.invalidParams[0].name, 'timezone');
    const many = Object.fromEntries([...Array(19)].map((_, i) => [`n${i}`, 'v']));
    const over = await t.call('PATCH', url(`/${l.id}`), { token: a.projectToken, body: { metadata: many } });
    assert.equal(over.status, 400, 'b, c and 19 new pairs make 21');
    assert.equal(over.body.invalidParams[0].name, 'metadata');
    const g = await t.call('GET', url(`/${l.id}`), { token: a.projectToken });
    assert.deepEqual(g.body.lock.metadata, { b: '2', c: '3' });
  });

  it('lists with keyset paging and validates limit', async () => {
    const all: string[] = [];
    let after: string | undefined;
    do {
      const r = await t.call('GET', url(`?limit=2${after ? `&startAfterId=${after}` : ''}`), {
        token: a.projectToken,
      });
      assert.equal(r.status, 200);
      assert.ok(r.body.locks.length <= 2);
      all.push(...r.body.locks.map((l: { id: string }) => l.id));
      after = r.body.startAfterId;
    } while (after);
    assert.ok(all.length >= 3);
    assert.deepEqual(all, [...all].sort());
    assert.equal(new Set(all).size, all.length);
    for (const q of ['limit=0', 'limit=1001', 'limit=x', 'startAfterId=nope', 'colour=red'])
      assert.equal((await t.call('GET', url(`?${q}`), { token: a.projectToken })).status, 400, q);
  });

  it('project.installer may create and read locks, not patch or delete them', async () => {
    const tok = await installerToken(t, a);
    const c = await t.call('POST', url(), { token: tok, body: { name: 'Installed' } });
    assert.equal(c.status, 201);
    assert.equal((await t.call('GET', url(), { token: tok })).status, 200);
    assert.equal((await t.call('GET', url(`/${c.body.lock.id}`), { token: tok })).status, 200);
    assert.equal(
      (await t.call('PATCH', url(`/${c.body.lock.id}`), { token: tok, body: { name: 'y' } })).status,
      403,
    );
    assert.equal((await t.call('DELETE', url(`/${c.body.lock.id}`), { token: tok })).status, 403);
    assert.equal((await t.call('GET', `/v2/projects/${a.projectId}/keys`, { token: tok })).status, 403);
  });

  it('delete offboards: keys and sharing rights revoked, webhooks removed, row kept, 404 after', async () => {
    const l = await createLock(t, a);
    const other = await createLock(t, a);
    const keys = await createKeys(t, a, [
      { lockId: l.id, appUserId: phone(1) },
      { lockId: l.id, appUserId: phone(2) },
      { lockId: other.id, appUserId: phone(1) },
    ]);
    await createSharingRights(t, a, [{ lockId: l.id, appUserId: phone(1) }]);
    await t.store.db.query(
      `INSERT INTO webhooks (id, project_id, lock_id, url, url_display, secret_enc) VALUES ($1, $2, $3, 'https://x.test/h', 'https://x.test/h', 'enc')`,
      [randomUUID(), a.projectId, l.id],
    );
    const d = await t.call('DELETE', url(`/${l.id}`), { token: a.projectToken });
    assert.equal(d.status, 204);
    assert.equal((await t.call('GET', url(`/${l.id}`), { token: a.projectToken })).status, 404);
    assert.equal((await t.call('DELETE', url(`/${l.id}`), { token: a.projectToken })).status, 404);
    assert.equal(
      (await t.call('PATCH', url(`/${l.id}`), { token: a.projectToken, body: { name: 'z' } })).status,
      404,
    );
    const states = await Promise.all(
      keys.map(
        async (k) =>
          (await t.call('GET', `/v2/projects/${a.projectId}/keys/${k.id}`, { token: a.projectToken })).body
            .key.state,
      ),
    );
    assert.deepEqual(states, ['revoked', 'revoked', 'active']);
    const rights = await t.call('GET', `/v2/projects/${a.projectId}/sharing-rights?lockId=${l.id}`, {
      token: a.projectToken,
    });
    assert.deepEqual(rights.body.sharingRights, []);
    const w = await t.store.db.query('SELECT 1 FROM webhooks WHERE lock_id = $1', [l.id]);
    assert.equal(w.rowCount, 0);
    const row = await t.store.db.query<{ deleted: Date | null }>('SELECT deleted FROM locks WHERE id = $1', [
      l.id,
    ]);
    assert.ok(row.rows[0]?.deleted instanceof Date, 'soft-deleted, so its access events keep their lock');
    const listed = await t.call('GET', url('?limit=1000'), { token: a.projectToken });
    assert.ok(!listed.body.locks.some((x: { id: string }) => x.id === l.id));
    // New keys for an offboarded lock are refused like an unknown lock.
    const k = await t.call('POST', `/v2/projects/${a.projectId}/keys`, {
      token: a.projectToken,
      body: { keys: [{ lockId: l.id, appUserId: phone(3) }] },
    });
    assert.equal(k.status, 400);
    assert.equal(k.body.invalidParams[0].name, 'keys.0.lockId');
  });
});
