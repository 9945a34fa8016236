import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createClient, createTenant, getToken, type Tenant } from '../helpers/factories.ts';
import { adminGrant, createIdentifiedProject, insertLock, v1Token, v1TokenCall } from '../helpers/v1.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let integratorA: string; // integrator.admin token of tenant a's client
let integratorB: string;
let lhB: string; // a lock holder of tenant b

const BASE = '/integrators/v1/lock-holders';
const UNKNOWN = '0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b';

before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'Acme');
  b = await createTenant(t, 'Beta');
  integratorA = await v1Token(t, a);
  integratorB = await v1Token(t, b, 'integrator.admin');
  lhB = await createIdentifiedProject(t, b.organizationId, b.orgToken, {
    countryIso: 'NO',
    orgNumber: '111111111',
  });
});
after(() => t.close());

async function createLockHolder(token: string, body: Record<string, unknown>) {
  const r = await t.call('POST', `${BASE}/`, { token, body });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.lockHolder as {
    id: string;
    name: string;
    countryIso: string;
    organizationId: string;
    organizationIdSuffix: string;
  };
}

function assertProblem(r: { status: number; body: any; headers: any }, status: number) {
  assert.equal(r.status, status, JSON.stringify(r.body));
  assert.match(String(r.headers['content-type']), /application\/problem\+json/);
  assert.equal(r.body.status, status);
  assert.equal(typeof r.body.detail, 'string');
}

function assertForbidden(r: { status: number; body: any; headers: any }) {
  assertProblem(r, 403);
  assert.match(String(r.headers['www-authenticate']), /^Bearer realm="latchkey", error="insufficient_scope"/);
}

describe('POST /integrators/v1/lock-holders/', () => {
  it("creates a project in the client's organization and grants the client project.admin on it", async () => {
    const r = await t.call('POST', `${BASE}/`, {
      token: integratorA,
      body: { name: 'Storgata 1', countryIso: 'NO', organizationId: '919424508', organizationIdSuffix: '' },
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.deepEqual(Object.keys(r.body), ['lockHolder']);
    const lh = r.body.lockHolder;
    assert.deepEqual(Object.keys(lh).sort(), [
      'countryIso',
      'id',
      'name',
      'organizationId',
      'organizationIdSuffix',
    ]);
    assert.deepEqual(
      { ...lh, id: undefined },
      {
        id: undefined,
        name: 'Storgata 1',
        countryIso: 'NO',
        organizationId: '919424508',
        organizationIdSuffix: '',
      },
    );
    // It is a project of tenant a, and the client can get a v2 project token for it at once.
    const projectToken = await getToken(t, {
      client_id: a.clientId,
      client_secret: a.clientSecret,
      scope: 'project.admin',
      project_id: lh.id,
    });
    const p = await t.call('GET', `/v2/projects/${lh.id}`, { token: projectToken });
    assert.equal(p.status, 200);
    assert.equal(p.body.project.organizationId, a.organizationId);
    assert.equal(p.body.project.orgNumber, '919424508');
    assert.equal(p.body.project.orgNumberSuffix, '');
    // And a v1 identifier token.
    const v = await v1TokenCall(t, a, 'lockHolder.identifier:NO.919424508.');
    assert.equal(v.body.lock_holder_id, lh.id);
  });

  it('works without the trailing slash and defaults the suffix to empty', async () => {
    const r = await t.call('POST', BASE, {
      token: integratorA,
      body: { name: 'No suffix', countryIso: 'SE', organizationId: '5566778899' },
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.lockHolder.organizationIdSuffix, '');
  });

  it('answers 409 for an identifier already used by a lock holder the client reaches', async () => {
    await createLockHolder(integratorA, { name: 'X', countryIso: 'DK', organizationId: '12345678' });
    const dup = await t.call('POST', `${BASE}/`, {
      token: integratorA,
      body: { name: 'Y', countryIso: 'DK', organizationId: '12345678', organizationIdSuffix: '' },
    });
    assertProblem(dup, 409);
    // Another suffix is another lock holder.
    await createLockHolder(integratorA, {
      name: 'Z',
      countryIso: 'DK',
      organizationId: '12345678',
      organizationIdSuffix: 'B',
    });
    // The identifier of another tenant's lock holder is not visible, so not a conflict.
    await createLockHolder(integratorA, { name: 'Same as b', countryIso: 'NO', organizationId: '111111111' });
  });

  it('creates at most one lock holder per identifier under concurrent requests', async () => {
    const body = { name: 'Race', countryIso: 'FI', organizationId: '7654321' };
    const rs = await Promise.all(
      Array.from({ length: 4 }, () => t.call('POST', `${BASE}/`, { token: integratorA, body })),
    );
    assert.deepEqual(rs.map((r) => r.status).sort(), [201, 409, 409, 409]);
  });

  it('validates the body strictly (400 with invalidParams)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ countryIso: 'NO', organizationId: '1' }, 'name'],
      [{ name: 'x', organizationId: '1' }, 'countryIso'],
      [{ name: 'x', countryIso: 'NO' }, 'organizationId'],
      [{ name: 'x', countryIso: 'no', organizationId: '1' }, 'countryIso'],
      [{ name: 'x', countryIso: 'NO', organizationId: '9 1' }, 'organizationId'],
      [{ name: 'x', countryIso: 'NO', organizationId: '' }, 'organizationId'],
      [
        { name: 'x', countryIso: 'NO', organizationId: '1', organizationIdSuffix: 'a.b' },
        'organizationIdSuffix',
      ],
      [{ name: 'x', countryIso: 'NO', organizationId: '1', timezone: 'UTC' }, 'timezone'],
      [{ name: 5, countryIso: 'NO', organizationId: '1' }, 'name'],
    ];
    for (const [body, name] of cases) {
      const r = await t.call('POST', `${BASE}/`, { token: integratorA, body });
      assertProblem(r, 400);
      assert.ok(
        r.body.invalidParams?.some((p: { name: string }) => p.name === name),
        `${name}: ${JSON.stringify(r.body)}`,
      );
    }
  });

  it('needs integrator.admin: a lock-holder-only token gets 403', async () => {
    const lh = await createLockHolder(integratorA, { name: 'Q', countryIso: 'IS', organizationId: '42' });
    const token = await v1Token(t, a, `lockHolder.admin:${lh.id}`);
    const r = await t.call('POST', `${BASE}/`, {
      token,
      body: { name: 'W', countryIso: 'IS', organizationId: '43' },
    });
    assertForbidden(r);
    assert.match(String(r.headers['www-authenticate']), /scope="integrator.admin"/);
  });

  it('needs a token: 401 without one (no error code), 401 invalid_token for a bad one', async () => {
    const body = { name: 'N', countryIso: 'NO', organizationId: '1' };
    let r = await t.call('POST', `${BASE}/`, { body });
    assertProblem(r, 401);
    assert.equal(r.headers['www-authenticate'], 'Bearer realm="latchkey"');
    r = await t.call('POST', `${BASE}/`, { body, token: `${integratorA.slice(0, -4)}AAAA` });
    assertProblem(r, 401);
    assert.match(String(r.headers['www-authenticate']), /error="invalid_token"/);
    r = await t.call('POST', `${BASE}/`, { body, headers: { authorization: 'Bearer a b c' } });
    assertProblem(r, 401);
  });
});

describe('GET /integrators/v1/lock-holders/', () => {
  it('lists every lock holder the client reaches for integrator.admin, none of other tenants', async () => {
    const c = await createClient(t, a.organizationId, 'lister');
    const token = await v1Token(t, c);
    let r = await t.call('GET', `${BASE}/`, { token });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { lockHolders: [] });
    const x = await createLockHolder(token, { name: 'L1', countryIso: 'NO', organizationId: '201' });
    const y = await createLockHolder(token, { name: 'L2', countryIso: 'NO', organizationId: '202' });
    await adminGrant(t, c.clientId, lhB, 'project.admin'); // a cross-organization grant counts
    await adminGrant(t, c.clientId, a.projectId, 'project.installer'); // an installer grant does not
    r = await t.call('GET', BASE, { token });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.lockHolders.map((l: { id: string }) => l.id).sort(), [x.id, y.id, lhB].sort());
    assert.equal(r.body.startAfterId, undefined);
    // Tenant b's client sees its own lock holders only.
    const rb = await t.call('GET', `${BASE}/`, { token: integratorB });
    const idsB = rb.body.lockHolders.map((l: { id: string }) => l.id);
    assert.ok(idsB.includes(lhB) && idsB.includes(b.projectId));
    assert.ok(!idsB.includes(x.id) && !idsB.includes(a.projectId));
  });

  it('presents a lock holder without identifier with null fields', async () => {
    const r = await t.call('GET', `${BASE}/`, { token: integratorA });
    const plain = r.body.lockHolders.find((l: { id: string }) => l.id === a.projectId);
    assert.deepEqual(plain, {
      id: a.projectId,
      name: 'Acme HQ',
      countryIso: null,
      organizationId: null,
      organizationIdSuffix: null,
    });
  });

  it('pages with limit and startAfterId', async () => {
    const all = (await t.call('GET', `${BASE}/?limit=1000`, { token: integratorA })).body.lockHolders;
    assert.ok(all.length >= 3);
    const seen: string[] = [];
    let after: string | undefined;
    for (let i = 0; i < 50; i++) {
      const r = await t.call('GET', `${BASE}/?limit=2${after ? `&startAfterId=${after}` : ''}`, {
        token: integratorA,
      });
      assert.equal(r.status, 200);
      assert.ok(r.body.lockHolders.length <= 2);
      seen.push(...r.body.lockHolders.map((l: { id: string }) => l.id));
      after = r.body.startAfterId;
      if (!after) break;
    }
    assert.deepEqual(
      seen,
      all.map((l: { id: string }) => l.id),
    );
    for (const q of ['limit=0', 'limit=1001', 'limit=x', 'startAfterId=nope', 'other=1']) {
      assertProblem(await t.call('GET', `${BASE}/?${q}`, { token: integratorA }), 400);
    }
  });

  it('lists only its own lock holder for a token without integrator.admin', async () => {
    const lh = await createLockHolder(integratorA, { name: 'Own', countryIso: 'NO', organizationId: '301' });
    for (const scope of [`lockHolder.admin:${lh.id}`, 'lockHolder.identifier:NO.301.']) {
      const token = await v1Token(t, a, scope);
      const r = await t.call('GET', `${BASE}/`, { token });
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, { lockHolders: [lh] });
      const later = await t.call('GET', `${BASE}/?startAfterId=${lh.id}`, { token });
      assert.deepEqual(later.body, { lockHolders: [] });
    }
  });
});

describe('GET and PATCH /integrators/v1/lock-holders/{lockHolderId}/', () => {
  it('returns the lock holder for lockHolder.admin and for the matching identifier claim', async () => {
    const lh = await createLockHolder(integratorA, {
      name: 'G',
      countryIso: 'NO',
      organizationId: '401',
      organizationIdSuffix: 'A',
    });
    for (const scope of [
      `lockHolder.admin:${lh.id}`,
      'lockHolder.identifier:NO.401.A',
      ['integrator.admin', `lockHolder.admin:${lh.id}`],
    ]) {
      const token = await v1Token(t, a, scope);
      for (const url of [`${BASE}/${lh.id}/`, `${BASE}/${lh.id}`, `${BASE}/${lh.id.toUpperCase()}/`]) {
        const r = await t.call('GET', url, { token });
        assert.equal(r.status, 200, `${url} ${JSON.stringify(r.body)}`);
        assert.deepEqual(r.body, { lockHolder: lh });
      }
    }
  });

  it('answers 403 without a claim for that lock holder', async () => {
    const lh = await createLockHolder(integratorA, { name: 'H', countryIso: 'NO', organizationId: '402' });
    const other = await createLockHolder(integratorA, { name: 'I', countryIso: 'NO', organizationId: '403' });
    const tokens = [
      integratorA,
      await v1Token(t, a, `lockHolder.admin:${other.id}`),
      await v1Token(t, a, 'lockHolder.identifier:NO.403.'),
    ];
    for (const token of tokens) {
      assertForbidden(await t.call('GET', `${BASE}/${lh.id}/`, { token }));
      assertForbidden(await t.call('GET', `${BASE}/${lh.id}/locks/`, { token }));
      assertForbidden(await t.call('PATCH', `${BASE}/${lh.id}/`, { token, body: { name: 'hijack' } }));
    }
    const r = await t.call('GET', `${BASE}/${lh.id}/`, { token: integratorA });
    assert.match(String(r.headers['www-authenticate']), new RegExp(`scope="lockHolder.admin:${lh.id}"`));
  });

  it("answers 404 for other tenants' lock holders, unknown and malformed ids", async () => {
    const token = await v1Token(t, b, `integrator.admin lockHolder.admin:${lhB}`);
    const ownA = await createLockHolder(integratorA, { name: 'J', countryIso: 'NO', organizationId: '404' });
    for (const id of [ownA.id, a.projectId, UNKNOWN, 'not-a-uuid']) {
      assertProblem(await t.call('GET', `${BASE}/${id}/`, { token }), 404);
      assertProblem(await t.call('GET', `${BASE}/${id}/locks/`, { token }), 404);
      assertProblem(await t.call('PATCH', `${BASE}/${id}/`, { token, body: { name: 'x' } }), 404);
    }
    // And tenant a, even with integrator.admin, cannot see tenant b's lock holder.
    assertProblem(await t.call('GET', `${BASE}/${lhB}/`, { token: integratorA }), 404);
    // The lock holder itself is unchanged.
    const check = await t.call('GET', `${BASE}/${ownA.id}/`, {
      token: await v1Token(t, a, `lockHolder.admin:${ownA.id}`),
    });
    assert.equal(check.body.lockHolder.name, 'J');
  });

  it('patches the name and the identifier; 409 for an identifier in use; strict body', async () => {
    const lh = await createLockHolder(integratorA, { name: 'K', countryIso: 'NO', organizationId: '501' });
    await createLockHolder(integratorA, { name: 'Taken', countryIso: 'NO', organizationId: '502' });
    const adminToken = await v1Token(t, a, `lockHolder.admin:${lh.id}`);
    const identToken = await v1Token(t, a, 'lockHolder.identifier:NO.501.');
    let r = await t.call('PATCH', `${BASE}/${lh.id}/`, { token: identToken, body: { name: 'K renamed' } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body, { lockHolder: { ...lh, name: 'K renamed' } });
    r = await t.call('PATCH', `${BASE}/${lh.id}/`, { token: adminToken, body: { organizationId: '502' } });
    assertProblem(r, 409);
    r = await t.call('PATCH', `${BASE}/${lh.id}`, { token: adminToken, body: { organizationIdSuffix: 'X' } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.lockHolder.organizationIdSuffix, 'X');
    // The identifier claim named the old identifier: it no longer matches; the admin claim does.
    assertForbidden(await t.call('GET', `${BASE}/${lh.id}/`, { token: identToken }));
    assert.equal((await t.call('GET', `${BASE}/${lh.id}/`, { token: adminToken })).status, 200);
    // Patching to its own current identifier is not a conflict.
    r = await t.call('PATCH', `${BASE}/${lh.id}/`, {
      token: adminToken,
      body: { countryIso: 'NO', organizationId: '501' },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    for (const body of [
      {},
      { id: UNKNOWN },
      { countryIso: 'Norway' },
      { name: '' },
      { organizationId: null },
    ]) {
      assertProblem(await t.call('PATCH', `${BASE}/${lh.id}/`, { token: adminToken, body }), 400);
    }
  });

  it('gives a project without identifier one, with an empty suffix', async () => {
    const token = await v1Token(t, a, `lockHolder.admin:${a.projectId}`);
    const r = await t.call('PATCH', `${BASE}/${a.projectId}/`, {
      token,
      body: { countryIso: 'NO', organizationId: '601' },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.lockHolder, {
      id: a.projectId,
      name: 'Acme HQ',
      countryIso: 'NO',
      organizationId: '601',
      organizationIdSuffix: '',
    });
    const v = await v1TokenCall(t, a, 'lockHolder.identifier:NO.601.');
    assert.equal(v.body.lock_holder_id, a.projectId);
  });
});

describe('GET /integrators/v1/lock-holders/{lockHolderId}/locks/', () => {
  it("lists the lock holder's locks that are not offboarded, in pages", async () => {
    const lh = await createLockHolder(integratorA, {
      name: 'Locks',
      countryIso: 'NO',
      organizationId: '701',
    });
    const l1 = await insertLock(t, lh.id, { name: 'Front', address: 'Storgata 1', metadata: { unit: '4B' } });
    const l2 = await insertLock(t, lh.id, { name: 'Back' });
    await insertLock(t, lh.id, { name: 'Gone', deleted: true });
    await insertLock(t, a.projectId, { name: 'Elsewhere' });
    const token = await v1Token(t, a, 'lockHolder.identifier:NO.701.');
    const r = await t.call('GET', `${BASE}/${lh.id}/locks/`, { token });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(Object.keys(r.body), ['locks']);
    assert.deepEqual(
      r.body.locks.map((l: { id: string }) => l.id),
      [l1, l2],
    );
    const front = r.body.locks[0];
    assert.deepEqual(Object.keys(front).sort(), ['address', 'created', 'id', 'metadata', 'name', 'timezone']);
    assert.equal(front.address, 'Storgata 1');
    assert.equal(front.timezone, 'Europe/Oslo');
    assert.deepEqual(front.metadata, { unit: '4B' });
    assert.match(front.created, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.equal(r.body.locks[1].address, undefined);
    const p1 = await t.call('GET', `${BASE}/${lh.id}/locks?limit=1`, { token });
    assert.deepEqual(
      p1.body.locks.map((l: { id: string }) => l.id),
      [l1],
    );
    assert.equal(p1.body.startAfterId, l1);
    const p2 = await t.call('GET', `${BASE}/${lh.id}/locks/?limit=1&startAfterId=${l1}`, { token });
    assert.deepEqual(
      p2.body.locks.map((l: { id: string }) => l.id),
      [l2],
    );
    assert.equal(p2.body.startAfterId, undefined);
    assertProblem(await t.call('GET', `${BASE}/${lh.id}/locks/?limit=0`, { token }), 400);
  });

  it('lists nothing for a lock holder without locks', async () => {
    const lh = await createLockHolder(integratorA, {
      name: 'Empty',
      countryIso: 'NO',
      organizationId: '702',
    });
    const token = await v1Token(t, a, `lockHolder.admin:${lh.id}`);
    const r = await t.call('GET', `${BASE}/${lh.id}/locks/`, { token });
    assert.deepEqual(r.body, { locks: [] });
  });
});

describe('OpenAPI', () => {
  it('documents every v1 route with schemas', async () => {
    const doc = (await t.call('GET', '/openapi.json')).body;
    const paths = doc.paths as Record<string, Record<string, any>>;
    assert.ok(paths['/auth/v1/token']?.post?.requestBody);
    assert.ok(paths['/auth/v1/token'].post.responses['200']);
    const one = paths['/integrators/v1/lock-holders/{lockHolderId}/'];
    assert.ok(paths['/integrators/v1/lock-holders/']?.get && paths['/integrators/v1/lock-holders/']?.post);
    assert.ok(one?.get && one?.patch);
    assert.ok(paths['/integrators/v1/lock-holders/{lockHolderId}/locks/']?.get);
    assert.ok(one.patch.requestBody);
    assert.deepEqual(one.get.security, [{ bearerAuth: [] }]);
    assert.ok(doc.components.schemas.LockHolder);
  });
});
