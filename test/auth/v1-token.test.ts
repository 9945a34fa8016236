import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { issueAccessToken } from '../../src/auth/issue-token.ts';
import { RateLimiter } from '../../src/http/rate-limit.ts';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app.ts';
import { createClient, createTenant, getToken, type Tenant } from '../helpers/factories.ts';
import { skipThroughPrism } from '../helpers/prism.ts';
import {
  adminGrant,
  basicAuth,
  createIdentifiedProject,
  jwtPayload,
  v1Token,
  v1TokenCall,
} from '../helpers/v1.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let lhA: string; // NO.919424508. in tenant a
let lhA2: string; // NO.919424508.B in tenant a
let lhB: string; // SE.5566778899. in tenant b
const IDENT_A = 'lockHolder.identifier:NO.919424508.';
const IDENT_A2 = 'lockHolder.identifier:NO.919424508.B';
const IDENT_B = 'lockHolder.identifier:SE.5566778899.';

before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'Acme');
  b = await createTenant(t, 'Beta');
  lhA = await createIdentifiedProject(t, a.organizationId, a.orgToken, {
    countryIso: 'NO',
    orgNumber: '919424508',
  });
  lhA2 = await createIdentifiedProject(t, a.organizationId, a.orgToken, {
    countryIso: 'NO',
    orgNumber: '919424508',
    orgNumberSuffix: 'B',
  });
  lhB = await createIdentifiedProject(t, b.organizationId, b.orgToken, {
    countryIso: 'SE',
    orgNumber: '5566778899',
  });
});
after(() => t.close());

const form = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();
const postForm = (payload: string, headers: Record<string, string> = {}, url = '/auth/v1/token') =>
  t.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload,
  });

function assertOAuthError(r: { status: number; body: any; headers: any }, status: number, error: string) {
  assert.equal(r.status, status, JSON.stringify(r.body));
  assert.equal(r.body.error, error, JSON.stringify(r.body));
  assert.equal(typeof r.body.error_description, 'string');
  assert.deepEqual(Object.keys(r.body).sort(), ['error', 'error_description']);
  assert.equal(r.headers['cache-control'], 'no-store');
}

describe('POST /auth/v1/token: grants', () => {
  it('without a scope: the compatible fields only, no scope field, an integrator.admin v1 token', async () => {
    const r = await v1TokenCall(t, a);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(Object.keys(r.body).sort(), ['access_token', 'expires_in', 'token_type']);
    assert.equal(r.body.token_type, 'bearer');
    assert.equal(r.body.expires_in, 3600);
    assert.equal(r.headers['cache-control'], 'no-store');
    assert.equal(r.headers.pragma, 'no-cache');
    const c = jwtPayload(r.body.access_token);
    assert.equal(c.token_use, 'v1');
    assert.equal(c.scope, 'integrator.admin');
    assert.equal(c.client_id, a.clientId);
    assert.equal(c.sub, a.clientId);
    assert.equal(c.organization_id, a.organizationId);
    assert.equal(c.lock_holder_id, undefined);
    assert.equal(c.project_id, undefined);
  });

  it('treats an empty scope string or array like no scope', async () => {
    for (const scope of ['', '   ', []]) {
      const r = await v1TokenCall(t, a, scope);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.scope, undefined);
    }
  });

  it('answers with and without the trailing slash', async () => {
    const r = await t.call('POST', '/auth/v1/token/', {
      body: { grant_type: 'client_credentials', client_id: a.clientId, client_secret: a.clientSecret },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  });

  it('grants integrator.admin and echoes the scope as an array', async () => {
    const r = await v1TokenCall(t, a, 'integrator.admin');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.scope, ['integrator.admin']);
    assert.equal(r.body.lock_holder_id, undefined);
  });

  it('grants a lockHolder.identifier claim (string and array) with lock_holder_id', async () => {
    for (const scope of [IDENT_A, [IDENT_A]]) {
      const r = await v1TokenCall(t, a, scope);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.deepEqual(Object.keys(r.body).sort(), [
        'access_token',
        'expires_in',
        'lock_holder_id',
        'scope',
        'token_type',
      ]);
      assert.deepEqual(r.body.scope, [IDENT_A]);
      assert.equal(r.body.lock_holder_id, lhA);
      const c = jwtPayload(r.body.access_token);
      assert.equal(c.lock_holder_id, lhA);
      assert.equal(c.scope, IDENT_A);
    }
    const r = await v1TokenCall(t, a, IDENT_A2);
    assert.equal(r.body.lock_holder_id, lhA2, 'the suffix tells the lock holders apart');
  });

  it('grants lockHolder.admin:<id> (id case-insensitive) and all three kinds together', async () => {
    const r = await v1TokenCall(t, a, `lockHolder.admin:${lhA.toUpperCase()}`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.scope, [`lockHolder.admin:${lhA}`]);
    assert.equal(r.body.lock_holder_id, lhA);
    const all = await v1TokenCall(t, a, ['integrator.admin', `lockHolder.admin:${lhA} ${IDENT_A}`]);
    assert.equal(all.status, 200, JSON.stringify(all.body));
    assert.deepEqual(all.body.scope, ['integrator.admin', `lockHolder.admin:${lhA}`, IDENT_A]);
    assert.equal(
      jwtPayload(all.body.access_token).scope,
      `integrator.admin lockHolder.admin:${lhA} ${IDENT_A}`,
    );
  });

  it('accepts form bodies with HTTP Basic, a space-delimited scope and repeated scope fields', async () => {
    const r1 = await postForm(
      form([
        ['grant_type', 'client_credentials'],
        ['scope', `integrator.admin ${IDENT_A}`],
      ]),
      {
        authorization: basicAuth(a),
      },
    );
    assert.equal(r1.statusCode, 200, r1.body);
    assert.deepEqual(r1.json().scope, ['integrator.admin', IDENT_A]);
    assert.equal(r1.json().lock_holder_id, lhA);
    const r2 = await postForm(
      form([
        ['grant_type', 'client_credentials'],
        ['client_id', a.clientId],
        ['client_secret', a.clientSecret],
        ['scope', 'integrator.admin'],
        ['scope', `lockHolder.admin:${lhA2}`],
      ]),
      {},
      '/auth/v1/token/',
    );
    assert.equal(r2.statusCode, 200, r2.body);
    assert.deepEqual(r2.json().scope, ['integrator.admin', `lockHolder.admin:${lhA2}`]);
    assert.equal(r2.json().lock_holder_id, lhA2);
  });

  it('signs an RFC 9068 token that jose verifies against the published JWKS', async () => {
    const token = await v1Token(t, a, IDENT_A);
    const jwks = (await t.call('GET', '/.well-known/jwks.json')).body;
    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(jwks), {
      issuer: 'http://latchkey.test',
      audience: 'http://latchkey.test',
      typ: 'at+jwt',
      algorithms: ['ES256'],
    });
    assert.equal(protectedHeader.alg, 'ES256');
    assert.equal(payload.token_use, 'v1');
    assert.equal(payload.exp! - payload.iat!, 3600);
  });

  it('reaches lock holders of another organization through a cross-organization project.admin grant', async () => {
    const { clientId, clientSecret } = await createClient(t, a.organizationId, 'cross');
    const c = { clientId, clientSecret };
    let r = await v1TokenCall(t, c, `lockHolder.admin:${lhB}`);
    assert.equal(r.body.error, 'invalid_scope');
    // project.installer does not make a lock holder reachable (it may only onboard and read locks).
    await adminGrant(t, clientId, lhB, 'project.installer');
    r = await v1TokenCall(t, c, `lockHolder.admin:${lhB}`);
    assertOAuthError(r, 400, 'invalid_scope');
    r = await v1TokenCall(t, c, IDENT_B);
    assertOAuthError(r, 400, 'invalid_scope');
    await adminGrant(t, clientId, lhB, 'project.admin');
    r = await v1TokenCall(t, c, IDENT_B);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.lock_holder_id, lhB);
  });
});

describe('POST /auth/v1/token: refusals', () => {
  it('refuses two claims of one kind with invalid_request', async () => {
    for (const scope of [
      [IDENT_A, IDENT_A2],
      `${IDENT_A} ${IDENT_A}`,
      'integrator.admin integrator.admin',
      [`lockHolder.admin:${lhA}`, `lockHolder.admin:${lhA2}`],
    ]) {
      const r = await v1TokenCall(t, a, scope);
      assertOAuthError(r, 400, 'invalid_request');
      assert.match(r.body.error_description, /multiple claims of the same kind are not allowed/i);
    }
  });

  it('refuses unknown kinds, v2 scopes and malformed claims with invalid_scope', async () => {
    for (const scope of [
      'openid',
      'project.admin',
      'organization.admin',
      'Integrator.Admin',
      'lockHolder.identifier:NO.919424508',
      'lockHolder.identifier:no.919424508.',
      'lockHolder.admin:not-a-uuid',
      'integrator.admin:x',
      'lockHolder.identifier:NO.9194€4508.',
    ]) {
      const r = await v1TokenCall(t, a, scope);
      assertOAuthError(r, 400, 'invalid_scope');
    }
  });

  it('refuses lock holders the client has no grant on with invalid_scope, revealing nothing', async () => {
    const other = await v1TokenCall(t, a, `lockHolder.admin:${lhB}`);
    const none = await v1TokenCall(t, a, 'lockHolder.admin:0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b');
    assertOAuthError(other, 400, 'invalid_scope');
    assertOAuthError(none, 400, 'invalid_scope');
    assert.equal(
      other.body.error_description.replace(lhB, 'ID'),
      none.body.error_description.replace('0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b', 'ID'),
    );
    assertOAuthError(await v1TokenCall(t, a, IDENT_B), 400, 'invalid_scope');
    assertOAuthError(await v1TokenCall(t, a, 'lockHolder.identifier:NO.000000000.'), 400, 'invalid_scope');
  });

  it('refuses claims naming different lock holders with invalid_scope', async () => {
    const r = await v1TokenCall(t, a, [`lockHolder.admin:${lhA}`, IDENT_A2]);
    assertOAuthError(r, 400, 'invalid_scope');
    assert.match(r.body.error_description, /different lock holders/);
  });

  it('refuses an identifier shared by two reachable lock holders, unless the admin claim picks one', async () => {
    const dup = await createIdentifiedProject(t, a.organizationId, a.orgToken, {
      countryIso: 'DK',
      orgNumber: '12345678',
    });
    await createIdentifiedProject(t, a.organizationId, a.orgToken, {
      countryIso: 'DK',
      orgNumber: '12345678',
    });
    const ident = 'lockHolder.identifier:DK.12345678.';
    const r = await v1TokenCall(t, a, ident);
    assertOAuthError(r, 400, 'invalid_scope');
    assert.match(r.body.error_description, /more than one lock holder/);
    const ok = await v1TokenCall(t, a, `lockHolder.admin:${dup} ${ident}`);
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.lock_holder_id, dup);
  });

  it('refuses wrong credentials with 401 invalid_client, the same for unknown clients', async () => {
    const wrong = await v1TokenCall(t, { clientId: a.clientId, clientSecret: 'lk_secret_wrong' }, IDENT_A);
    assertOAuthError(wrong, 401, 'invalid_client');
    assert.equal(wrong.headers['www-authenticate'], undefined);
    const unknown = await v1TokenCall(t, {
      clientId: '0193a1b2-0000-7000-8000-000000000000',
      clientSecret: 'x',
    });
    assertOAuthError(unknown, 401, 'invalid_client');
    assert.equal(unknown.body.error_description, wrong.body.error_description);
    const notUuid = await v1TokenCall(t, { clientId: 'partner-1', clientSecret: 'x' });
    assertOAuthError(notUuid, 401, 'invalid_client');
    const basic = await postForm(form([['grant_type', 'client_credentials']]), {
      authorization: basicAuth({ clientId: a.clientId, clientSecret: 'nope' }),
    });
    assert.equal(basic.statusCode, 401);
    assert.equal(basic.json().error, 'invalid_client');
    assert.equal(basic.headers['www-authenticate'], 'Basic realm="latchkey"');
  });

  it('authenticates the client before judging the scope, but refuses malformed requests first', async () => {
    const bad = { clientId: a.clientId, clientSecret: 'wrong' };
    assertOAuthError(await v1TokenCall(t, bad, `lockHolder.admin:${lhB}`), 401, 'invalid_client');
    assertOAuthError(await v1TokenCall(t, bad, 'openid'), 401, 'invalid_client');
    assertOAuthError(await v1TokenCall(t, bad, 'integrator.admin integrator.admin'), 400, 'invalid_request');
  });

  it(
    'refuses malformed requests with invalid_request or unsupported_grant_type',
    skipThroughPrism('Prism answers a malformed body itself (its own invalid_json) instead of passing it on'),
    async () => {
      assertOAuthError(await t.call('POST', '/auth/v1/token', { body: {} }), 400, 'invalid_request');
      assertOAuthError(await t.call('POST', '/auth/v1/token', { body: [1, 2] }), 400, 'invalid_request');
      assertOAuthError(await t.call('POST', '/auth/v1/token', { body: '{not json' }), 400, 'invalid_request');
      assertOAuthError(
        await v1TokenCall(t, a, undefined, { grant_type: 'password' }),
        400,
        'unsupported_grant_type',
      );
      assertOAuthError(await v1TokenCall(t, a, 42), 400, 'invalid_request');
      assertOAuthError(await v1TokenCall(t, a, ['integrator.admin', { x: 1 }]), 400, 'invalid_request');
      assertOAuthError(await v1TokenCall(t, a, 'x'.repeat(5000)), 400, 'invalid_request');
      assertOAuthError(await v1TokenCall(t, a, undefined, { client_id: 7 }), 400, 'invalid_request');
      const both = await t.call('POST', '/auth/v1/token', {
        headers: { authorization: basicAuth(a) },
        body: { grant_type: 'client_credentials', client_secret: a.clientSecret },
      });
      assertOAuthError(both, 400, 'invalid_request');
      const noSecret = await t.call('POST', '/auth/v1/token', {
        body: { grant_type: 'client_credentials', client_id: a.clientId },
      });
      assertOAuthError(noSecret, 400, 'invalid_request');
    },
  );

  it('never logs the secret or the token', async () => {
    const token = await v1Token(t, a, IDENT_A);
    const joined = t.logs.join('\n');
    assert.ok(!joined.includes(a.clientSecret));
    assert.ok(!joined.includes(token));
  });
});

describe('v1 and v2 tokens are not interchangeable', () => {
  it('a v1 token is refused on v2 routes (403) and a v2 token on v1 routes (401 invalid_token)', async () => {
    const v1 = await v1Token(t, a, `integrator.admin lockHolder.admin:${a.projectId}`);
    let r = await t.call('GET', `/v2/projects/${a.projectId}`, { token: v1 });
    assert.equal(r.status, 403, JSON.stringify(r.body));
    r = await t.call('GET', `/v2/organization/${a.organizationId}`, { token: v1 });
    assert.equal(r.status, 403);
    r = await t.call('GET', `/v2/organization/${a.organizationId}/projects`, { token: v1 });
    assert.equal(r.status, 403);
    // The same client's v2 tokens work on v2 routes...
    r = await t.call('GET', `/v2/projects/${a.projectId}`, { token: a.projectToken });
    assert.equal(r.status, 200);
    // ...and are refused on v1 routes, whatever their scope.
    for (const token of [a.projectToken, a.orgToken]) {
      for (const url of ['/integrators/v1/lock-holders/', `/integrators/v1/lock-holders/${a.projectId}/`]) {
        r = await t.call('GET', url, { token });
        assert.equal(r.status, 401, `${url} ${JSON.stringify(r.body)}`);
        assert.match(String(r.headers['www-authenticate']), /error="invalid_token"/);
        assert.match(r.headers['content-type'] as string, /application\/problem\+json/);
      }
    }
    // The v1 token works on v1 routes.
    r = await t.call('GET', `/integrators/v1/lock-holders/${a.projectId}/`, { token: v1 });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  });

  it('v1 routes check token_use explicitly, not only the scope', async () => {
    // A token of ours whose scope parses as v1 but that the v1 endpoint did not issue.
    const { accessToken } = await issueAccessToken(t.ctx, a.clientId, 'integrator.admin', {
      client_id: a.clientId,
      client_gen: 1,
      organization_id: a.organizationId,
    });
    let r = await t.call('GET', '/integrators/v1/lock-holders/', { token: accessToken });
    assert.equal(r.status, 401);
    assert.match(r.body.detail, /not an auth API v1 token/);
    const { accessToken: v1Like } = await issueAccessToken(t.ctx, a.clientId, 'integrator.admin', {
      client_id: a.clientId,
      client_gen: 1,
      organization_id: a.organizationId,
      token_use: 'v1',
    });
    r = await t.call('GET', '/integrators/v1/lock-holders/', { token: v1Like });
    assert.equal(r.status, 200, 'the same token with token_use v1 passes');
  });

  it('an app token and the admin token are refused on v1 routes', async () => {
    const app = await t.call('POST', '/admin/v1/app-tokens', {
      token: ADMIN_TOKEN,
      body: { appUserId: '+4799887766' },
    });
    assert.equal(app.status, 200);
    for (const token of [app.body.access_token, ADMIN_TOKEN]) {
      const r = await t.call('GET', '/integrators/v1/lock-holders/', { token });
      assert.equal(r.status, 401);
    }
  });
});

describe('revocation of v1 tokens', () => {
  it('ends tokens when the client secret is rotated or the client deleted', async () => {
    const c = await createClient(t, a.organizationId, 'short-lived');
    const token = await v1Token(t, c);
    assert.equal((await t.call('GET', '/integrators/v1/lock-holders/', { token })).status, 200);
    const rot = await t.call('POST', `/admin/v1/clients/${c.clientId}/rotate-secret`, { token: ADMIN_TOKEN });
    assert.equal(rot.status, 200);
    let r = await t.call('GET', '/integrators/v1/lock-holders/', { token });
    assert.equal(r.status, 401);
    assert.match(String(r.headers['www-authenticate']), /invalid_token/);
    const fresh = await v1Token(t, { clientId: c.clientId, clientSecret: rot.body.clientSecret });
    assert.equal((await t.call('GET', '/integrators/v1/lock-holders/', { token: fresh })).status, 200);
    const del = await t.call('DELETE', `/admin/v1/clients/${c.clientId}`, { token: ADMIN_TOKEN });
    assert.equal(del.status, 204);
    r = await t.call('GET', '/integrators/v1/lock-holders/', { token: fresh });
    assert.equal(r.status, 401);
  });

  it('ends lock-holder tokens when the grant on the lock holder is removed', async () => {
    const c = await createClient(t, b.organizationId, 'partner');
    await adminGrant(t, c.clientId, lhB, 'project.admin');
    const lockHolderToken = await v1Token(t, c, IDENT_B);
    const integratorToken = await v1Token(t, c);
    const url = `/integrators/v1/lock-holders/${lhB}/`;
    assert.equal((await t.call('GET', url, { token: lockHolderToken })).status, 200);
    // Downgrading to project.installer counts as removal too.
    await adminGrant(t, c.clientId, lhB, 'project.installer');
    assert.equal((await t.call('GET', url, { token: lockHolderToken })).status, 401);
    await adminGrant(t, c.clientId, lhB, 'project.admin');
    assert.equal((await t.call('GET', url, { token: lockHolderToken })).status, 200);
    const d = await t.call('DELETE', `/admin/v1/clients/${c.clientId}/grants?resourceId=${lhB}`, {
      token: ADMIN_TOKEN,
    });
    assert.equal(d.status, 204);
    const r = await t.call('GET', url, { token: lockHolderToken });
    assert.equal(r.status, 401);
    assert.match(String(r.headers['www-authenticate']), /invalid_token/);
    // The integrator token still works but no longer lists the lock holder.
    const list = await t.call('GET', '/integrators/v1/lock-holders/', { token: integratorToken });
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.lockHolders, []);
  });
});

describe('rate limits of the v1 token endpoint', () => {
  it('limits per client (shared with v2) and per address, with Retry-After', async () => {
    // Swap in small limiters (the hooks read them from the context on each request).
    const saved = { byClient: t.ctx.tokenRateByClient, byIp: t.ctx.tokenRateByIp };
    t.ctx.tokenRateByClient = new RateLimiter(2, 60_000);
    t.ctx.tokenRateByIp = new RateLimiter(3, 60_000);
    try {
      const creds = { client_id: a.clientId, client_secret: a.clientSecret };
      await getToken(t, { ...creds, scope: 'organization.admin', organization_id: a.organizationId });
      await getToken(t, { ...creds, scope: 'project.admin', project_id: a.projectId });
      // The client's bucket is empty now (v1 and v2 share it); the address has one request left.
      let r = await v1TokenCall(t, a);
      assert.equal(r.status, 429, JSON.stringify(r.body));
      assert.equal(r.body.error, 'slow_down');
      assert.match(r.body.error_description, /client/);
      assert.ok(Number(r.headers['retry-after']) >= 1);
      r = await v1TokenCall(t, b);
      assert.equal(r.status, 429, JSON.stringify(r.body));
      assert.match(r.body.error_description, /address/);
    } finally {
      t.ctx.tokenRateByClient = saved.byClient;
      t.ctx.tokenRateByIp = saved.byIp;
    }
  });
});
