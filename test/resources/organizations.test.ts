// Organization API: the organization, its projects, cross-organization permissions.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app.ts';
import { createClient, createTenant, getToken, type Tenant } from '../helpers/factories.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;

before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'Alpha');
  b = await createTenant(t, 'Beta');
});
after(() => t.close());

describe('organization', () => {
  it('GET /v2/organization/{id}', async () => {
    const r = await t.call('GET', `/v2/organization/${a.organizationId}`, { token: a.orgToken });
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body.organization).sort(), ['created', 'id', 'name']);
    assert.equal(r.body.organization.name, 'Alpha');
    assert.match(r.body.organization.created, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("another organization's path is 403, a project token is 403", async () => {
    assert.equal(
      (await t.call('GET', `/v2/organization/${b.organizationId}`, { token: a.orgToken })).status,
      403,
    );
    assert.equal(
      (await t.call('GET', `/v2/organization/${a.organizationId}`, { token: a.projectToken })).status,
      403,
    );
  });
});

describe('projects', () => {
  it('creates a project with every field and the creator can get a token for it at once', async () => {
    const r = await t.call('POST', `/v2/organization/${a.organizationId}/projects`, {
      token: a.orgToken,
      body: {
        name: 'Harbour View',
        countryIso: 'NO',
        orgNumber: '919424508',
        timezone: 'europe/oslo',
        metadata: { crm: 'A-17' },
      },
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const p = r.body.project;
    assert.equal(p.organizationId, a.organizationId);
    assert.equal(p.timezone, 'Europe/Oslo');
    assert.equal(p.orgNumberSuffix, '');
    assert.deepEqual(p.metadata, { crm: 'A-17' });
    const token = await getToken(t, {
      client_id: a.clientId,
      client_secret: a.clientSecret,
      scope: 'project.admin',
      project_id: p.id,
    });
    const g = await t.call('GET', `/v2/projects/${p.id}`, { token });
    assert.deepEqual(g.body.project, p);
  });

  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['no name', {}, 'name'],
    ['empty name', { name: '' }, 'name'],
    ['name of the wrong type', { name: 5 }, 'name'],
    ['unknown field', { name: 'x', colour: 'red' }, 'colour'],
    ['bad country', { name: 'x', countryIso: 'Norway' }, 'countryIso'],
    ['unknown time zone', { name: 'x', timezone: 'Mars/Olympus' }, 'timezone'],
    ['metadata value not a string', { name: 'x', metadata: { a: 1 } }, 'metadata.a'],
    ['metadata key over 40 characters', { name: 'x', metadata: { ['k'.repeat(41)]: 'v' } }, 'metadata'],
    [
      'metadata too many pairs',
      { name: 'x', metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) },
      'metadata',
    ],
  ];
  for (const [name, body, param] of bad) {
    it(`400 for ${name}, naming ${param}, and nothing written`, async () => {
      const before = await t.call('GET', `/v2/organization/${a.organizationId}/projects?limit=1000`, {
        token: a.orgToken,
      });
      const r = await t.call('POST', `/v2/organization/${a.organizationId}/projects`, {
        token: a.orgToken,
        body,
      });
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal(r.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.ok(
        r.body.invalidParams.some((p: { name: string }) => p.name === param),
        JSON.stringify(r.body.invalidParams),
      );
      const afterList = await t.call('GET', `/v2/organization/${a.organizationId}/projects?limit=1000`, {
        token: a.orgToken,
      });
      assert.equal(afterList.body.projects.length, before.body.projects.length);
    });
  }

  it('pages with limit and startAfterId, each project exactly once', async () => {
    for (let i = 0; i < 5; i++) {
      await t.call('POST', `/v2/organization/${b.organizationId}/projects`, {
        token: b.orgToken,
        body: { name: `P${i}` },
      });
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const q = `limit=2${cursor ? `&startAfterId=${cursor}` : ''}`;
      const r = await t.call('GET', `/v2/organization/${b.organizationId}/projects?${q}`, {
        token: b.orgToken,
      });
      assert.equal(r.status, 200);
      seen.push(...r.body.projects.map((p: { id: string }) => p.id));
      cursor = r.body.startAfterId;
      pages++;
    } while (cursor);
    assert.equal(seen.length, 6);
    assert.equal(new Set(seen).size, 6);
    assert.equal(pages, 3);
  });

  it('rejects limit outside 1..1000', async () => {
    for (const limit of ['0', '1001', 'abc']) {
      const r = await t.call('GET', `/v2/organization/${a.organizationId}/projects?limit=${limit}`, {
        token: a.orgToken,
      });
      assert.equal(r.status, 400);
      assert.equal(r.body.invalidParams[0].name, 'limit');
    }
  });
});

describe('api permissions (cross-organization grants)', () => {
  it("gives another organization's client a scope on our project, lists it, and removes it", async () => {
    const base = `/v2/organization/${a.organizationId}/projects/${a.projectId}/api-permissions`;
    const put = await t.call('PUT', `${base}/${b.clientId}`, {
      token: a.orgToken,
      body: { scope: 'project.installer' },
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    // Another organization's client: named by its id only, not by its name or organization.
    assert.deepEqual(Object.keys(put.body.apiPermission).sort(), ['clientId', 'created', 'scope']);
    assert.equal(put.body.apiPermission.clientId, b.clientId);
    assert.ok(!JSON.stringify(put.body).includes(b.organizationId));
    const creds = { client_id: b.clientId, client_secret: b.clientSecret, project_id: a.projectId };
    const installer = await getToken(t, { ...creds, scope: 'project.installer' });
    const locks = `/v2/projects/${a.projectId}/locks`;
    assert.equal((await t.call('GET', locks, { token: installer })).status, 200, 'an installer reads locks');
    const r = await t.call('POST', '/v2/auth/token/', {
      body: { grant_type: 'client_credentials', ...creds, scope: 'project.admin' },
    });
    assert.equal(r.body.error, 'invalid_scope');
    const tok = await t.call('POST', '/v2/auth/token/', {
      body: { grant_type: 'client_credentials', ...creds, scope: 'project.installer' },
    });
    assert.equal(tok.body.organization_id, a.organizationId, 'organization_id is the project owner');

    const list = await t.call('GET', base, { token: a.orgToken });
    assert.deepEqual(
      list.body.apiPermissions.map((p: { clientId: string }) => p.clientId).sort(),
      [a.clientId, b.clientId].sort(),
    );
    // Our own client is shown with its name; the other organization's with its id only.
    const shown = new Map(list.body.apiPermissions.map((p: { clientId: string }) => [p.clientId, p]));
    assert.deepEqual(shown.get(a.clientId), {
      clientId: a.clientId,
      clientName: 'booking-system',
      organizationId: a.organizationId,
      scope: 'project.admin',
      created: (shown.get(a.clientId) as { created: string }).created,
    });
    assert.ok(!JSON.stringify(list.body).includes(b.organizationId));

    const discovery = await t.call('POST', '/v2/auth/resources-discovery/', {
      body: { client_id: b.clientId, client_secret: b.clientSecret },
    });
    assert.deepEqual(
      discovery.body.resources.projects.find((p: { projectId: string }) => p.projectId === a.projectId),
      { projectId: a.projectId, scope: 'project.installer' },
    );

    assert.equal((await t.call('DELETE', `${base}/${b.clientId}`, { token: a.orgToken })).status, 204);
    assert.equal((await t.call('DELETE', `${base}/${b.clientId}`, { token: a.orgToken })).status, 404);
    // The installer token stops working with the grant (revocation cache is 0 s in tests).
    const after = await t.call('GET', locks, { token: installer });
    assert.equal(after.status, 401, 'the token of a removed grant is refused');
    assert.match(String(after.headers['www-authenticate']), /invalid_token/);
  });

  it("another organization cannot manage our project's permissions (404 for our project under its path)", async () => {
    const r = await t.call(
      'GET',
      `/v2/organization/${b.organizationId}/projects/${a.projectId}/api-permissions`,
      {
        token: b.orgToken,
      },
    );
    assert.equal(r.status, 404);
    const put = await t.call(
      'PUT',
      `/v2/organization/${b.organizationId}/projects/${a.projectId}/api-permissions/${b.clientId}`,
      {
        token: b.orgToken,
        body: { scope: 'project.admin' },
      },
    );
    assert.equal(put.status, 404);
  });

  it('unknown client → 404, bad scope → 400', async () => {
    const base = `/v2/organization/${a.organizationId}/projects/${a.projectId}/api-permissions`;
    const unknown = await t.call('PUT', `${base}/0193a1b2-0000-7000-8000-000000000000`, {
      token: a.orgToken,
      body: { scope: 'project.admin' },
    });
    assert.equal(unknown.status, 404);
    const bad = await t.call('PUT', `${base}/${b.clientId}`, {
      token: a.orgToken,
      body: { scope: 'organization.admin' },
    });
    assert.equal(bad.status, 400);
  });
});

describe('api permissions while the client is deleted', () => {
  it('a grant racing the deletion of its client is 200 or 404, never 500', async () => {
    const base = `/v2/organization/${a.organizationId}/projects/${a.projectId}/api-permissions`;
    const statuses = new Set<number>();
    for (let round = 0; round < 15; round++) {
      const { clientId } = await createClient(t, b.organizationId, `racer-${round}`);
      const puts = Array.from({ length: 6 }, () =>
        t.call('PUT', `${base}/${clientId}`, { token: a.orgToken, body: { scope: 'project.installer' } }),
      );
      const del = t.call('DELETE', `/admin/v1/clients/${clientId}`, { token: ADMIN_TOKEN });
      for (const r of await Promise.all(puts)) statuses.add(r.status);
      assert.equal((await del).status, 204);
    }
    for (const s of statuses) assert.ok(s === 200 || s === 404, `status ${s}`);
  });
});

describe('resource discovery', () => {
  it('lists exactly the client grants in the Unloc-compatible shape', async () => {
    const r = await t.call('POST', '/v2/auth/resources-discovery', {
      body: { client_id: a.clientId, client_secret: a.clientSecret },
    });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.resources.organizations, [
      { organizationId: a.organizationId, scope: 'organization.admin' },
    ]);
    assert.ok(
      r.body.resources.projects.some(
        (p: { projectId: string; scope: string }) =>
          p.projectId === a.projectId && p.scope === 'project.admin',
      ),
    );
    assert.deepEqual(r.body.resources.subprojects, []);
  });

  it('wrong credentials → 401 invalid_client', async () => {
    const r = await t.call('POST', '/v2/auth/resources-discovery/', {
      body: { client_id: a.clientId, client_secret: 'nope' },
    });
    assert.equal(r.status, 401);
    assert.equal(r.body.error, 'invalid_client');
  });
});
