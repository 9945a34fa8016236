// App sessions: the login answers a refresh token; refresh tokens rotate, and a used one coming
// back ends the session; sessions end when idle and on logout; their access tokens die with them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { sessionsExpire } from '../../src/resources/app/sessions.ts';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app.ts';
import { appLogin, claimsOf, refresh } from '../helpers/app-session.ts';
import { ev, newPhone, upload } from '../helpers/events.ts';
import { createTenant } from '../helpers/factories.ts';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const keys = (token: string) => t.call('GET', '/v2/app/keys', { token });
const sessionCount = async (phone: string) =>
  (
    await t.store.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM app_sessions WHERE app_user_id = $1',
      [phone],
    )
  ).rows[0]!.n;

describe('app sessions', () => {
  it('the login answers a refresh token, kept only as a hash; a refresh answers a new pair', async () => {
    const l = await appLogin(t);
    assert.match(l.refresh_token, /^lk_refresh_[0-9a-f-]{36}\.0\.[A-Za-z0-9_-]{43}$/);
    const sid = claimsOf(l.access_token).sid;
    assert.equal(typeof sid, 'string');
    assert.ok(l.refresh_token.includes(sid as string), 'the refresh token names its session');
    const { rows } = await t.store.db.query<{ token_hash: Uint8Array }>(
      'SELECT token_hash FROM app_refresh_tokens WHERE session_id = $1',
      [sid],
    );
    assert.equal(rows.length, 1);
    assert.equal(Buffer.from(rows[0]!.token_hash).length, 32);
    const secret = l.refresh_token.split('.')[2]!;
    const dump = JSON.stringify(
      (
        await t.store.db.query(
          'SELECT s.*, t.* FROM app_sessions s JOIN app_refresh_tokens t ON t.session_id = s.id',
        )
      ).rows,
    );
    assert.ok(!dump.includes(secret), 'no row holds the refresh token');

    const r = await refresh(t, l.refresh_token);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.headers['cache-control'], 'no-store');
    assert.deepEqual(Object.keys(r.body).sort(), [
      'access_token',
      'expires_in',
      'refresh_token',
      'token_type',
    ]);
    assert.equal(r.body.token_type, 'bearer');
    assert.equal(r.body.expires_in, 3600);
    assert.match(r.body.refresh_token, new RegExp(`^lk_refresh_${sid}\\.1\\.`));
    assert.notEqual(r.body.access_token, l.access_token);
    const jwks = (await t.call('GET', '/.well-known/jwks.json')).body;
    const { payload } = await jwtVerify(r.body.access_token, createLocalJWKSet(jwks), {
      issuer: 'http://latchkey.test',
      audience: 'http://latchkey.test',
    });
    assert.equal(payload.sub, l.phone);
    assert.equal(payload.scope, 'app.user');
    assert.equal(payload.sid, sid);
    assert.equal((await keys(r.body.access_token)).status, 200);
    // The next one rotates again.
    const r2 = await refresh(t, r.body.refresh_token);
    assert.equal(r2.status, 200);
    assert.match(r2.body.refresh_token, /\.2\./);
  });

  it('a used refresh token coming back ends the whole session, and its access tokens with it', async () => {
    const l = await appLogin(t);
    const r1 = await refresh(t, l.refresh_token);
    assert.equal(r1.status, 200);
    assert.equal((await keys(r1.body.access_token)).status, 200);

    const again = await refresh(t, l.refresh_token);
    assert.equal(again.status, 400);
    assert.match(String(again.headers['content-type']), /problem\+json/);
    assert.equal(again.body.type, 'urn:latchkey:problem:invalid-refresh-token');
    assert.match(again.body.detail, /already used/);
    assert.deepEqual(
      again.body.invalidParams.map((p: { name: string }) => p.name),
      ['refresh_token'],
    );
    assert.ok(t.logs.some((line) => line.includes('a refresh token was used twice')));

    // The newest refresh token and every access token of the session are dead.
    assert.equal((await refresh(t, r1.body.refresh_token)).status, 400);
    for (const token of [l.access_token, r1.body.access_token]) {
      const k = await keys(token);
      assert.equal(k.status, 401);
      assert.match(String(k.headers['www-authenticate']), /invalid_token/);
    }
    assert.equal(await sessionCount(l.phone), 0);
  });

  it('two refreshes racing with the same token: one succeeds, and the replay ends the session', async () => {
    const l = await appLogin(t);
    const both = await Promise.all([refresh(t, l.refresh_token), refresh(t, l.refresh_token)]);
    assert.deepEqual(both.map((r) => r.status).sort(), [200, 400]);
    const winner = both.find((r) => r.status === 200)!;
    assert.equal((await refresh(t, winner.body.refresh_token)).status, 400);
  });

  it('a stranger gets a clear 400 for garbage, and changes nothing', async () => {
    const l = await appLogin(t);
    const [prefix, gen, secret] = l.refresh_token.split('.') as [string, string, string];
    const flipped = `${secret[0] === 'A' ? 'B' : 'A'}${secret.slice(1)}`;
    const cases: [string, unknown, string][] = [
      ['nonsense', 'hello', 'invalid-refresh-token'],
      ['an access token', l.access_token, 'validation-error'], // longer than any refresh token
      ['a wrong secret for a real session', `${prefix}.${gen}.${flipped}`, 'invalid-refresh-token'],
      ['a later generation', `${prefix}.7.${secret}`, 'invalid-refresh-token'],
      ['an earlier generation with a wrong secret', `${prefix}.0.${flipped}`, 'invalid-refresh-token'],
      [
        'an unknown session',
        `lk_refresh_0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b.0.${secret}`,
        'invalid-refresh-token',
      ],
      ['upper-case session id', l.refresh_token.toUpperCase(), 'invalid-refresh-token'],
      ['too long', `${l.refresh_token}${'x'.repeat(200)}`, 'validation-error'],
      ['empty', '', 'validation-error'],
      ['a number', 12, 'validation-error'],
      ['null', null, 'validation-error'],
    ];
    for (const [name, value, type] of cases) {
      const r = await refresh(t, value);
      assert.equal(r.status, 400, `${name}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.type, `urn:latchkey:problem:${type}`, name);
      assert.ok(r.body.detail.length > 10, name);
    }
    for (const body of [{}, { refresh_token: l.refresh_token, extra: 1 }, [l.refresh_token], 'x']) {
      const r = await t.call('POST', '/v2/app/auth/refresh', { body });
      assert.equal(r.status, 400, JSON.stringify(body));
    }
    // The session still works: a wrong secret with a real session id ended nothing.
    const ok = await refresh(t, l.refresh_token);
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
  });

  it('a session unused for LATCHKEY_APP_SESSION_IDLE_DAYS ends; the expiry job deletes idle ones', async () => {
    const l = await appLogin(t);
    const sid = claimsOf(l.access_token).sid;
    await t.store.db.query("UPDATE app_sessions SET last_used = now() - interval '91 days' WHERE id = $1", [
      sid,
    ]);
    const r = await refresh(t, l.refresh_token);
    assert.equal(r.status, 400);
    assert.match(r.body.detail, /90 days without use/);
    assert.equal(await sessionCount(l.phone), 0);

    const fresh = await appLogin(t);
    const idle = await appLogin(t);
    await t.store.db.query(
      "UPDATE app_sessions SET last_used = now() - interval '89 days' WHERE app_user_id = $1",
      [fresh.phone],
    );
    await t.store.db.query(
      "UPDATE app_sessions SET last_used = now() - interval '90 days 1 hour' WHERE app_user_id = $1",
      [idle.phone],
    );
    assert.ok((await sessionsExpire(t.store.db, t.config.appSessionIdleDays)) >= 1);
    assert.equal(await sessionCount(idle.phone), 0);
    assert.equal(await sessionCount(fresh.phone), 1);
    // 89 days idle: still good, and the refresh makes it fresh again.
    assert.equal((await refresh(t, fresh.refresh_token)).status, 200);
  });

  it('logout ends the session: its refresh token and its access tokens stop working', async () => {
    const l = await appLogin(t);
    const r1 = await refresh(t, l.refresh_token);
    const out = await t.call('DELETE', '/v2/app/auth/session', { token: r1.body.access_token });
    assert.equal(out.status, 204);
    assert.equal((await keys(r1.body.access_token)).status, 401);
    assert.equal((await keys(l.access_token)).status, 401);
    const r = await refresh(t, r1.body.refresh_token);
    assert.equal(r.status, 400);
    assert.equal(r.body.type, 'urn:latchkey:problem:invalid-refresh-token');
    // Logging out again with the dead token: 401, like any ended token.
    assert.equal((await t.call('DELETE', '/v2/app/auth/session', { token: l.access_token })).status, 401);
    // Another session of the same phone is untouched.
    const other = await appLogin(t, l.phone);
    assert.equal((await keys(other.access_token)).status, 200);
  });

  it('an operator-minted app token has no session: logout is 409 and it keeps working', async () => {
    const phone = newPhone();
    const minted = await t.call('POST', '/admin/v1/app-tokens', {
      token: ADMIN_TOKEN,
      body: { appUserId: phone },
    });
    assert.equal(minted.status, 200);
    assert.equal(minted.body.refresh_token, undefined);
    assert.equal(claimsOf(minted.body.access_token).sid, undefined);
    const out = await t.call('DELETE', '/v2/app/auth/session', { token: minted.body.access_token });
    assert.equal(out.status, 409);
    assert.match(out.body.detail, /no session/);
    assert.equal((await keys(minted.body.access_token)).status, 200);
    assert.equal((await t.call('DELETE', '/v2/app/auth/session')).status, 401);
  });

  it('revoking every key of the person leaves the session alive and harmless', async () => {
    const l = await appLogin(t);
    const a = await createTenant(t, 'Sessions');
    const lock = await t.call('POST', `/v2/projects/${a.projectId}/locks`, {
      token: a.projectToken,
      body: { name: 'Door' },
    });
    const created = await t.call('POST', `/v2/projects/${a.projectId}/keys`, {
      token: a.projectToken,
      body: {
        keys: [
          {
            lockId: lock.body.lock.id,
            appUserId: l.phone,
            start: new Date(Date.now() - 60_000).toISOString(),
          },
        ],
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const keyId = created.body.keys[0].id;
    assert.equal((await keys(l.access_token)).body.keys.length, 1);
    const revoked = await t.call(
      'DELETE',
      `/v2/projects/${a.projectId}/keys?appUserId=${encodeURIComponent(l.phone)}`,
      {
        token: a.projectToken,
      },
    );
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
    const r = await refresh(t, l.refresh_token);
    assert.equal(r.status, 200);
    assert.deepEqual((await keys(r.body.access_token)).body.keys, []);
    const up = await upload(t, r.body.access_token, [ev(keyId, { agoMs: 0 })]);
    assert.equal(up.body.results[0].status, 'rejected');
    assert.equal(up.body.results[0].reason, 'key_revoked');
  });

  it('used token hashes older than the idle limit are forgotten at the next refresh', async () => {
    const l = await appLogin(t);
    const sid = claimsOf(l.access_token).sid;
    let token = l.refresh_token;
    for (let i = 0; i < 3; i += 1) token = (await refresh(t, token)).body.refresh_token;
    await t.store.db.query(
      "UPDATE app_refresh_tokens SET created = now() - interval '100 days' WHERE session_id = $1 AND gen < 2",
      [sid],
    );
    assert.equal((await refresh(t, token)).status, 200);
    const { rows } = await t.store.db.query<{ gen: number }>(
      'SELECT gen FROM app_refresh_tokens WHERE session_id = $1 ORDER BY gen',
      [sid],
    );
    assert.deepEqual(
      rows.map((r) => r.gen),
      [2, 3, 4],
    );
  });
});
