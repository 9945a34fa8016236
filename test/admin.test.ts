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
    } finally {
      await off.close();
    }
  });

  it('needs the admin token', async () => {
    assert.equal((await t.call('POST', '/admin/v1/organizations', { body: { name: 'x' } })).status, 401);
    assert.equal(
      (await t.call('POST', '/admin/v1/organizations', { token: `${ADMIN_TOKEN}x`, body: { name: 'x' } }))
        .status,
      401,
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
