// The bearer hook on /v2: RFC 6750 answers, every JWT attack refused, and revocation within seconds.
import assert from 'node:assert/strict';
import { createPrivateKey, createSecretKey, generateKeyPairSync } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { SignJWT } from 'jose';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, getToken, type Tenant } from '../helpers/factories.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;

before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'Alpha');
  b = await createTenant(t, 'Beta');
});
after(() => t.close());

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

function claimsFor(x: Tenant, over: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: 'http://latchkey.test',
    aud: 'http://latchkey.test',
    sub: x.clientId,
    client_id: x.clientId,
    client_gen: 1,
    scope: 'project.admin',
    organization_id: x.organizationId,
    project_id: x.projectId,
    iat: now,
    exp: now + 600,
    jti: 'x',
    ...over,
  };
}

/** Signs with the service's own current key (to test claim checks in isolation). */
async function ownSigned(claims: Record<string, unknown>, header: Record<string, unknown> = {}) {
  const { kid, key } = t.ctx.signingKeys.signer();
  const jwk = key.export({ format: 'jwk' });
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid, ...header })
    .sign(createPrivateKey({ key: jwk, format: 'jwk' }));
}

describe('bearer authentication', () => {
  it('a request without a token is 401 with a bare challenge', async () => {
    const r = await t.call('GET', `/v2/projects/${a.projectId}`);
    assert.equal(r.status, 401);
    assert.equal(r.headers['www-authenticate'], 'Bearer realm="latchkey"');
    assert.equal(r.headers['content-type'], 'application/problem+json; charset=utf-8');
  });

  it('a valid token reads its project', async () => {
    const r = await t.call('GET', `/v2/projects/${a.projectId}`, { token: a.projectToken });
    assert.equal(r.status, 200);
    assert.equal(r.body.project.id, a.projectId);
    assert.equal(r.body.project.organizationId, a.organizationId);
    assert.equal(r.body.project.timezone, 'Europe/Oslo');
  });

  it('another project through its path is 403 insufficient_scope', async () => {
    const r = await t.call('GET', `/v2/projects/${b.projectId}`, { token: a.projectToken });
    assert.equal(r.status, 403);
    assert.match(String(r.headers['www-authenticate']), /error="insufficient_scope"/);
  });

  it('an organization token on a project route is 403', async () => {
    const r = await t.call('GET', `/v2/projects/${a.projectId}`, { token: a.orgToken });
    assert.equal(r.status, 403);
  });

  const attacks: Array<[string, () => Promise<string>]> = [
    ['alg none', async () => `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(claimsFor(a))}.`],
    [
      'HS256 keyed with the public key',
      async () => {
        const { kid } = t.ctx.signingKeys.signer();
        const pub = t.ctx.signingKeys.publicKey(kid)!.export({ format: 'pem', type: 'spki' });
        return new SignJWT(claimsFor(a))
          .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid })
          .sign(createSecretKey(Buffer.from(pub)));
      },
    ],
    [
      'a foreign key with our kid',
      async () => {
        const { kid } = t.ctx.signingKeys.signer();
        const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
        return new SignJWT(claimsFor(a))
          .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid })
          .sign(privateKey);
      },
    ],
    [
      'a foreign kid',
      async () => {
        const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
        return new SignJWT(claimsFor(a))
          .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: 'attacker' })
          .sign(privateKey);
      },
    ],
    ['expired', () => ownSigned(claimsFor(a, { exp: Math.floor(Date.now() / 1000) - 120 }))],
    ['not yet valid', () => ownSigned(claimsFor(a, { nbf: Math.floor(Date.now() / 1000) + 600 }))],
    ['wrong iss', () => ownSigned(claimsFor(a, { iss: 'https://evil.example' }))],
    ['wrong aud', () => ownSigned(claimsFor(a, { aud: 'https://other.example' }))],
    ['wrong typ', () => ownSigned(claimsFor(a), { typ: 'JWT' })],
    ['a stale client generation', () => ownSigned(claimsFor(a, { client_gen: 0 }))],
    [
      'tampered payload',
      async () => {
        const [h, , s] = a.projectToken.split('.');
        return `${h}.${b64(claimsFor(a, { project_id: b.projectId }))}.${s}`;
      },
    ],
    ['garbage', async () => 'not.a.jwt'],
  ];
  for (const [name, make] of attacks) {
    it(`refuses ${name} with 401 invalid_token`, async () => {
      const r = await t.call('GET', `/v2/projects/${a.projectId}`, { token: await make() });
      assert.equal(r.status, 401, JSON.stringify(r.body));
      assert.match(String(r.headers['www-authenticate']), /error="invalid_token"/);
    });
  }

  it('accepts a correctly self-signed token (the attack table is not vacuous)', async () => {
    const r = await t.call('GET', `/v2/projects/${a.projectId}`, { token: await ownSigned(claimsFor(a)) });
    assert.equal(r.status, 200);
  });

  it('an app token is refused on integrator routes', async () => {
    const app = await t.call('POST', '/admin/v1/app-tokens', {
      token: ADMIN_TOKEN,
      body: { appUserId: '+4799887766' },
    });
    const r = await t.call('GET', `/v2/projects/${a.projectId}`, { token: app.body.access_token });
    assert.equal(r.status, 403);
  });
});

describe('revocation (LATCHKEY_REVOCATION_CACHE_SECONDS=0 here; default 2 s)', () => {
  it('a removed grant stops its tokens', async () => {
    const c = await createTenant(t, 'Gamma');
    assert.equal((await t.call('GET', `/v2/projects/${c.projectId}`, { token: c.projectToken })).status, 200);
    const del = await t.call('DELETE', `/admin/v1/clients/${c.clientId}/grants?resourceId=${c.projectId}`, {
      token: ADMIN_TOKEN,
    });
    assert.equal(del.status, 204);
    const r = await t.call('GET', `/v2/projects/${c.projectId}`, { token: c.projectToken });
    assert.equal(r.status, 401);
    assert.match(String(r.headers['www-authenticate']), /invalid_token/);
  });

  it('a rotated secret stops old tokens, and the new secret works', async () => {
    const c = await createTenant(t, 'Delta');
    const rot = await t.call('POST', `/admin/v1/clients/${c.clientId}/rotate-secret`, { token: ADMIN_TOKEN });
    assert.equal(rot.status, 200);
    assert.match(rot.body.clientSecret, /^lk_secret_[A-Za-z0-9_-]{43}$/);
    assert.equal((await t.call('GET', `/v2/projects/${c.projectId}`, { token: c.projectToken })).status, 401);
    const old = await t.call('POST', '/v2/auth/token/', {
      body: {
        grant_type: 'client_credentials',
        client_id: c.clientId,
        client_secret: c.clientSecret,
        scope: 'project.admin',
        project_id: c.projectId,
      },
    });
    assert.equal(old.status, 401);
    const fresh = await getToken(t, {
      client_id: c.clientId,
      client_secret: rot.body.clientSecret,
      scope: 'project.admin',
      project_id: c.projectId,
    });
    assert.equal((await t.call('GET', `/v2/projects/${c.projectId}`, { token: fresh })).status, 200);
  });

  it('a deleted client stops its tokens', async () => {
    const c = await createTenant(t, 'Epsilon');
    assert.equal(
      (await t.call('DELETE', `/admin/v1/clients/${c.clientId}`, { token: ADMIN_TOKEN })).status,
      204,
    );
    assert.equal((await t.call('GET', `/v2/projects/${c.projectId}`, { token: c.projectToken })).status, 401);
    assert.equal(
      (await t.call('GET', `/v2/organization/${c.organizationId}`, { token: c.orgToken })).status,
      401,
    );
  });
});
