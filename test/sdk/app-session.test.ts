// The typed client's app session (sdk/typescript/src/app-session.ts) against a real server on a
// loopback port: login with a one-time code, the refresh token kept through onRefreshToken,
// refreshing shortly before expiry (one refresh for many callers), DPoP proofs made with WebCrypto
// once the device key is bound, the session ended by the service, and logout.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AppSession, LatchkeyError } from '../../sdk/typescript/src/index.ts';
import { jwkThumbprint } from '../../src/credentials/jwk.ts';
import { bindSessionToDevice } from '../../src/resources/app/sessions.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { claimsOf } from '../helpers/app-session.ts';
import { newPhone } from '../helpers/events.ts';

let t: TestApp;
let base: string;
before(async () => {
  // Short tokens and a wide DPoP window, so a clock moved to near expiry still makes good proofs.
  t = await startTestApp({ LATCHKEY_TOKEN_TTL_SECONDS: '300', LATCHKEY_DPOP_SKEW_SECONDS: '600' });
  base = await t.baseUrl();
});
after(() => t.close());

/** A session with a movable clock, recording every refresh token it was handed and every refresh sent. */
function newSession(o: { refreshToken?: string } = {}) {
  const kept: (string | undefined)[] = [];
  const refreshes: { dpop: string | null }[] = [];
  const clock = { offsetMs: 0 };
  const session = new AppSession({
    baseUrl: base,
    publicUrl: 'http://latchkey.test',
    ...(o.refreshToken ? { refreshToken: o.refreshToken } : {}),
    now: () => Date.now() + clock.offsetMs,
    onRefreshToken: (r) => {
      kept.push(r);
    },
    fetch: async (input, init) => {
      if (String(input).endsWith('/v2/app/auth/refresh'))
        refreshes.push({ dpop: new Headers(init?.headers).get('dpop') });
      return fetch(input, init);
    },
  });
  return { session, kept, refreshes, clock };
}

async function loginCode(phone: string, session: AppSession): Promise<string> {
  await t.store.db.query('INSERT INTO app_users (app_user_id) VALUES ($1) ON CONFLICT DO NOTHING', [phone]);
  const before = t.logs.length;
  assert.equal(await session.requestCode(phone), 300);
  await t.ctx.appLogin.settled();
  const line = t.logs.slice(before).find((l) => l.includes('APP LOGIN CODE') && l.includes(phone));
  return /: (\d{6})\b/.exec(line ?? '')![1]!;
}

async function loggedIn() {
  const s = newSession();
  const phone = newPhone();
  await s.session.login(phone, await loginCode(phone, s.session));
  return { ...s, phone };
}

describe('AppSession (typed client)', () => {
  it('logs in with a code, keeps the refresh token, and calls the app API with its token', async () => {
    const { session, kept } = await loggedIn();
    assert.equal(session.loggedIn, true);
    assert.equal(kept.length, 1);
    assert.match(kept[0]!, /^lk_refresh_/);
    const keys = await session.client().get('/v2/app/keys');
    assert.deepEqual(keys.keys, []);
  });

  it('refreshes shortly before expiry, once for many callers, and keeps the new refresh token', async () => {
    const { session, kept, refreshes, clock } = await loggedIn();
    const first = await session.accessToken();
    assert.equal(await session.accessToken(), first, 'a fresh token is reused');
    assert.equal(refreshes.length, 0);
    clock.offsetMs = 275_000; // 25 s left of 300: inside the margin (a tenth of the lifetime)
    const tokens = await Promise.all(Array.from({ length: 5 }, () => session.accessToken()));
    assert.equal(new Set(tokens).size, 1, 'one refresh shared by five callers');
    assert.notEqual(tokens[0], first);
    assert.equal(refreshes.length, 1);
    assert.equal(kept.length, 2);
    assert.notEqual(kept[1], kept[0]);
    // The session is alive (a second refresh with the same token would have ended it).
    assert.equal((await session.client().get('/v2/app/keys')).keys.length, 0);
  });

  it('resumes from a kept refresh token', async () => {
    const { kept } = await loggedIn();
    const again = newSession({ refreshToken: kept.at(-1)! });
    assert.equal((await again.session.client().get('/v2/app/keys')).keys.length, 0);
    assert.equal(again.refreshes.length, 1);
  });

  it('sends DPoP proofs signed with WebCrypto once the device key is set', async () => {
    const { session, clock, refreshes } = await loggedIn();
    const device = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
      'verify',
    ]);
    const jwk = await crypto.subtle.exportKey('jwk', device.publicKey);
    const sid = claimsOf(await session.accessToken()).sid as string;
    assert.equal(
      await bindSessionToDevice(t.store.db, {
        sessionId: sid,
        deviceId: crypto.randomUUID(),
        thumbprint: jwkThumbprint(jwk as { x: string; y: string }),
      }),
      true,
    );
    // Without the key the bound session refuses the refresh, and the refresh token survives.
    await assert.rejects(session.refresh(), (e: unknown) => {
      assert.ok(e instanceof LatchkeyError);
      assert.equal(e.type, 'urn:latchkey:problem:invalid-dpop-proof');
      return true;
    });
    assert.equal(session.loggedIn, true);
    session.setDeviceKey(device);
    clock.offsetMs = 280_000;
    const token = await session.accessToken();
    assert.equal(claimsOf(token).sid, sid);
    const proof = refreshes.at(-1)!.dpop!;
    const header = JSON.parse(Buffer.from(proof.split('.')[0]!, 'base64url').toString());
    assert.deepEqual(Object.keys(header).sort(), ['alg', 'jwk', 'typ']);
    assert.equal(header.alg, 'ES256');
    assert.equal(header.jwk.d, undefined);
    // And the next one, with a new proof.
    await session.refresh();
    assert.notEqual(refreshes.at(-1)!.dpop, proof);
  });

  it('a session the service ended is forgotten: onRefreshToken(undefined), then a clear error', async () => {
    const { session, kept } = await loggedIn();
    // A thief uses the kept refresh token first; the phone's next refresh is then a reuse.
    const thief = newSession({ refreshToken: kept.at(-1)! });
    await thief.session.refresh();
    await assert.rejects(session.refresh(), (e: unknown) => {
      assert.ok(e instanceof LatchkeyError);
      assert.equal(e.status, 400);
      assert.equal(e.type, 'urn:latchkey:problem:invalid-refresh-token');
      return true;
    });
    assert.equal(session.loggedIn, false);
    assert.equal(kept.at(-1), undefined);
    await assert.rejects(session.accessToken(), /not logged in/);
    await assert.rejects(thief.session.client().get('/v2/app/keys'), (e: unknown) => {
      assert.ok(e instanceof LatchkeyError);
      assert.equal(e.status, 401);
      return true;
    });
  });

  it('logout ends the session on the service', async () => {
    const { session, kept } = await loggedIn();
    const token = await session.accessToken();
    const refreshToken = kept.at(-1)!;
    await session.logout();
    assert.equal(session.loggedIn, false);
    assert.equal(kept.at(-1), undefined);
    assert.equal((await t.call('GET', '/v2/app/keys', { token })).status, 401);
    assert.equal(
      (await t.call('POST', '/v2/app/auth/refresh', { body: { refresh_token: refreshToken } })).status,
      400,
    );
  });
});
