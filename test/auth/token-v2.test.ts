import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

let t: TestApp;
let a: Tenant;

before(async () => {
  t = await startTestApp();
  a = await createTenant(t);
});
after(() => t.close());

const form = (o: Record<string, string>) => new URLSearchParams(o).toString();

describe('POST /v2/auth/token/', () => {
  it('issues a project.admin token exactly in the seed shape', async () => {
    const r = await t.call('POST', '/v2/auth/token/', {
      body: {
        grant_type: 'client_credentials',
        client_id: a.clientId,
        client_secret: a.clientSecret,
        scope: 'project.admin',
        project_id: a.projectId,
      },
    });
    assert.equal(r.status, 200);
    assert.equal(r.headers['cache-control'], 'no-store');
    assert.equal(r.headers.pragma, 'no-cache');
    assert.deepEqual(Object.keys(r.body).sort(), [
      'access_token',
      'expires_in',
      'organization_id',
      'project_id',
      'scope',
      'token_type',
    ]);
    assert.equal(r.body.token_type, 'bearer');
    assert.equal(r.body.expires_in, 3600);
    assert.deepEqual(r.body.scope, ['project.admin']);
    assert.equal(r.body.organization_id, a.organizationId);
    assert.equal(r.body.project_id, a.projectId);
  });

  it('signs an RFC 9068 token that jose verifies against the published JWKS', async () => {
    const jwks = (await t.call('GET', '/.well-known/jwks.json')).body;
    const { payload, protectedHeader } = await jwtVerify(a.projectToken, createLocalJWKSet(jwks), {
      issuer: 'http://latchkey.test',
      audience: 'http://latchkey.test',
      typ: 'at+jwt',
      algorithms: ['ES256'],
    });
    assert.equal(protectedHeader.alg, 'ES256');
    assert.ok(protectedHeader.kid);
    assert.equal(payload.sub, a.clientId);
    assert.equal(payload.client_id, a.clientId);
    assert.equal(payload.scope, 'project.admin');
    assert.equal(payload.project_id, a.projectId);
    assert.equal(payload.organization_id, a.organizationId);
    assert.equal(payload.exp! - payload.iat!, 3600);
    assert.equal(typeof payload.jti, 'string');
  });

  it('accepts form bodies and HTTP Basic client authentication', async () => {
    const basic = Buffer.from(`${a.clientId}:${a.clientSecret}`).toString('base64');
    const r = await t.inject({
      method: 'POST',
      url: '/v2/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      payload: form({
        grant_type: 'client_credentials',
        scope: 'organization.admin',
        organization_id: a.organizationId,
      }),
    });
    assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual(r.json().scope, ['organization.admin']);
    assert.equal(r.json().project_id, undefined);
  });
});
