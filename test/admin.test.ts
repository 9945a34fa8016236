// The operator API: off without LATCHKEY_ADMIN_TOKEN, constant-time token check, and its operations.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, startTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

describe('admin API', () => {
  it('is 404 everywhere when LATCHKEY_ADMIN_TOKEN is unset', async () => {
    const off = await startTestApp({ LATCHKEY_ADMIN_TOKEN: '' });
    try {
      const r = await off.call('POST', '/admin/v1/organizations', {
        token: ADMIN_TOKEN,
        body: { name: 'x' },
      });
      assert.equal(r.status, 404);
      assert.match(String(r.headers['content-type']), /^application\/problem\+json/);
      assert.match(r.body.detail, /admin API is off/);
      assert.match(r.body.detail, /LATCHKEY_ADMIN_TOKEN/);
      for (const [method, url] of [
        ['GET', '/admin/v1/organizations'],
        ['GET', '/admin'],
        ['DELETE', '/admin/v1/clients/x'],
      ] as const) {
        const other = await off.call(method, url, { token: ADMIN_TOKEN });
        assert.equal(other.status, 404, url);
        assert.match(other.body.detail, /LATCHKEY_ADMIN_TOKEN/, url);
      }
    } finally {
      await off.close();
    }
  });

  it('needs the admin token, and says so when it was not accepted', async () => {
    const none = await t.call('POST', '/admin/v1/organizations', { body: { name: 'x' } });
    assert.equal(none.status, 401);
    assert.match(none.body.detail, /needs the admin token/);
    assert.equal(none.headers['www-authenticate'], 'Bearer realm="latchkey"');
    const wrong = await t.call('GET', '/admin/v1/organizations', { token: `${ADMIN_TOKEN}x` });
    assert.equal(wrong.status, 401);
    assert.match(String(wrong.headers['content-type']), /^application\/problem\+json/);
    assert.match(wrong.body.detail, /admin token was not accepted/);
    assert.match(String(wrong.headers['www-authenticate']), /error="invalid_token"/);
  });

  it('lists organizations (paged), their clients without secrets, and grants', async () => {
    const created = [];
    for (const name of ['L1', 'L2', 'L3']) {
      const r = await t.call('POST', '/admin/v1/organizations', { token: ADMIN_TOKEN, body: { name } });
      created.push(r.body.organization);
    }
    const seen: any[] = [];
    let cursor: string | undefined;
    do {
      const r = await t.call(
        'GET',
        `/admin/v1/organizations?limit=2${cursor ? `&startAfterId=${cursor}` : ''}`,
        { token: ADMIN_TOKEN },
      );
      assert.equal(r.status, 200);
      assert.ok(r.body.organizations.length <= 2);
      seen.push(...r.body.organizations);
      cursor = r.body.startAfterId;
    } while (cursor);
    for (const o of created)
      assert.deepEqual(
        seen.find((x) => x.id === o.id),
        o,
      );
    assert.equal(
      (await t.call('GET', '/admin/v1/organizations?limit=0', { token: ADMIN_TOKEN })).status,
      400,
    );

    const org = created[0].id;
    const empty = await t.call('GET', `/admin/v1/organizations/${org}/clients`, { token: ADMIN_TOKEN });
    assert.deepEqual(empty.body, { clients: [] });
    const c = await t.call('POST', `/admin/v1/organizations/${org}/clients`, {
      token: ADMIN_TOKEN,
      body: { name: 'pms' },
    });
    const clients = await t.call('GET', `/admin/v1/organizations/${org}/clients`, { token: ADMIN_TOKEN });
    assert.equal(clients.status, 200);
    assert.deepEqual(clients.body, { clients: [c.body.client] });
    assert.ok(!JSON.stringify(clients.body).includes(c.body.clientSecret));
    assert.ok(!/secret|hash/i.test(JSON.stringify(clients.body)));

    const project = await t.call('POST', '/admin/v1/organizations', {
      token: ADMIN_TOKEN,
      body: { name: 'P' },
    });
    await t.call('PUT', `/admin/v1/clients/${c.body.client.id}/grants`, {
      token: ADMIN_TOKEN,
      body: {
        resourceType: 'organization',
        resourceId: project.body.organization.id,
        scope: 'organization.admin',
      },
    });
    const grants = await t.call('GET', `/admin/v1/clients/${c.body.client.id}/grants`, {
      token: ADMIN_TOKEN,
    });
    assert.equal(grants.status, 200);
    assert.deepEqual(grants.body, {
      grants: [
        { resourceType: 'organization', resourceId: org, scope: 'organization.admin' },
        {
          resourceType: 'organization',
          resourceId: project.body.organization.id,
          scope: 'organization.admin',
        },
      ],
    });

    const unknown = '0193a1b2-0000-7000-8000-000000000000';
    assert.equal(
      (await t.call('GET', `/admin/v1/organizations/${unknown}/clients`, { token: ADMIN_TOKEN })).status,
      404,
    );
    assert.equal(
      (await t.call('GET', `/admin/v1/clients/${unknown}/grants`, { token: ADMIN_TOKEN })).status,
      404,
    );
  });

  it('creates an organization and a client whose secret is shown once and stored hashed', async () => {
    const org = await t.call('POST', '/admin/v1/organizations', {
      token: ADMIN_TOKEN,
      body: { name: 'Org' },
    });
    assert.equal(org.status, 201);
    const c = await t.call('POST', `/admin/v1/organizations/${org.body.organization.id}/clients`, {
      token: ADMIN_TOKEN,
      body: { name: 'pms' },
    });
    assert.equal(c.status, 201);
    assert.match(c.body.clientSecret, /^lk_secret_[A-Za-z0-9_-]{43}$/, '256 bits, base64url');
    assert.deepEqual(Object.keys(c.body.client).sort(), ['created', 'id', 'name', 'organizationId']);
    const { rows } = await t.store.db.query<{ secret_hash: Buffer }>(
      'SELECT secret_hash FROM api_clients WHERE id = $1',
      [c.body.client.id],
    );
    assert.equal(Buffer.from(rows[0]!.secret_hash).length, 32);
    assert.ok(!Buffer.from(rows[0]!.secret_hash).toString('utf8').includes(c.body.clientSecret));
  });

  it('validates its input and answers 404 for unknown things', async () => {
    assert.equal(
      (await t.call('POST', '/admin/v1/organizations', { token: ADMIN_TOKEN, body: {} })).status,
      400,
    );
    const none = '0193a1b2-0000-7000-8000-000000000000';
    assert.equal(
      (
        await t.call('POST', `/admin/v1/organizations/${none}/clients`, {
          token: ADMIN_TOKEN,
          body: { name: 'x' },
        })
      ).status,
      404,
    );
    assert.equal((await t.call('DELETE', `/admin/v1/clients/${none}`, { token: ADMIN_TOKEN })).status, 404);
    assert.equal(
      (await t.call('POST', `/admin/v1/clients/${none}/rotate-secret`, { token: ADMIN_TOKEN })).status,
      404,
    );
    const org = await t.call('POST', '/admin/v1/organizations', { token: ADMIN_TOKEN, body: { name: 'O' } });
    const c = await t.call('POST', `/admin/v1/organizations/${org.body.organization.id}/clients`, {
      token: ADMIN_TOKEN,
      body: { name: 'c' },
    });
    const badScope = await t.call('PUT', `/admin/v1/clients/${c.body.client.id}/grants`, {
      token: ADMIN_TOKEN,
      body: { resourceType: 'organization', resourceId: org.body.organization.id, scope: 'project.admin' },
    });
    assert.equal(badScope.status, 400);
    const noResource = await t.call('PUT', `/admin/v1/clients/${c.body.client.id}/grants`, {
      token: ADMIN_TOKEN,
      body: { resourceType: 'project', resourceId: none, scope: 'project.admin' },
    });
    assert.equal(noResource.status, 400);
    assert.equal(noResource.body.invalidParams[0].name, 'resourceId');
    assert.equal(
      (
        await t.call('DELETE', `/admin/v1/clients/${c.body.client.id}/grants?resourceId=${none}`, {
          token: ADMIN_TOKEN,
        })
      ).status,
      404,
    );
  });

  it('mints app tokens', async () => {
    const r = await t.call('POST', '/admin/v1/app-tokens', {
      token: ADMIN_TOKEN,
      body: { appUserId: '+4799887766' },
    });
    assert.equal(r.status, 200);
    assert.equal(r.body.token_type, 'bearer');
    const claims = JSON.parse(Buffer.from(r.body.access_token.split('.')[1], 'base64url').toString());
    assert.equal(claims.sub, '+4799887766');
    assert.equal(claims.scope, 'app.user');
    assert.equal(
      (await t.call('POST', '/admin/v1/app-tokens', { token: ADMIN_TOKEN, body: { appUserId: '4799' } }))
        .status,
      400,
    );
  });
});
