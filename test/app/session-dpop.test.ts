// A session bound to a device key (RFC 9449 DPoP): once bound, a refresh needs a proof signed by
// that key for this endpoint, fresh and never seen before. Proofs are made with jose; the binding
// is made by bindSessionToDevice, as the device registration calls it.
import assert from 'node:assert/strict';
import { createSecretKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { DpopRejected, DpopReplayCache, dpopProofCheck } from '../../src/auth/dpop.ts';
import { jwkThumbprint } from '../../src/credentials/jwk.ts';
import { bindSessionToDevice, endSessionsOfDevice } from '../../src/resources/app/sessions.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  appLogin,
  claimsOf,
  type DeviceKey,
  deviceKey,
  dpopProof,
  type Login,
  REFRESH_PATH,
  refresh,
} from '../helpers/app-session.ts';

let t: TestApp;
before(async () => {
  t = await startTestApp({ LATCHKEY_DPOP_SKEW_SECONDS: '30' });
});
after(() => t.close());

const now = () => Math.floor(Date.now() / 1000);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** A logged-in phone whose session is bound to a fresh device key. */
async function boundSession(): Promise<Login & { key: DeviceKey; deviceId: string; sid: string }> {
  const l = await appLogin(t);
  const key = await deviceKey();
  const sid = claimsOf(l.access_token).sid as string;
  const deviceId = randomUUID();
  assert.equal(
    await bindSessionToDevice(t.store.db, { sessionId: sid, deviceId, thumbprint: key.thumbprint }),
    true,
  );
  return { ...l, key, deviceId, sid };
}

describe('refresh of a session bound to a device (DPoP)', () => {
  it('needs a proof signed by the device key; the refresh token survives a refused proof', async () => {
    const s = await boundSession();
    assert.equal(
      s.key.thumbprint,
      jwkThumbprint(s.key.jwk as { x: string; y: string }),
      'jose and ours agree',
    );
    const bare = await refresh(t, s.refresh_token);
    assert.equal(bare.status, 400);
    assert.equal(bare.body.type, 'urn:latchkey:problem:invalid-dpop-proof');
    assert.match(bare.body.detail, /DPoP header/);
    assert.deepEqual(
      bare.body.invalidParams.map((p: { name: string }) => p.name),
      ['DPoP'],
    );

    const ok = await refresh(t, s.refresh_token, await dpopProof(s.key));
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(claimsOf(ok.body.access_token).sid, s.sid);
    // And again with the next token and a new proof; a query string on htu is ignored (RFC 9449 §4.3).
    const again = await refresh(
      t,
      ok.body.refresh_token,
      await dpopProof(s.key, { htu: `http://LATCHKEY.test:80${REFRESH_PATH}?x=1#f` }),
    );
    assert.equal(again.status, 200, JSON.stringify(again.body));
  });

  it('refuses every bad proof with 400 invalid-dpop-proof, and the good one still works after', async () => {
    const s = await boundSession();
    const other = await deviceKey();
    const { privateKey: otherPrivate } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const { privateKey: p384 } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
    const p384Jwk = p384.export({ format: 'jwk' });
    delete p384Jwk.d;
    const good = await dpopProof(s.key);
    const [gh, gp] = good.split('.') as [string, string, string];
    const privateJwk = s.key.privateKey.export({ format: 'jwk' });
    const hs256 = async () => {
      const { SignJWT } = await import('jose');
      return new SignJWT({
        htm: 'POST',
        htu: `http://latchkey.test${REFRESH_PATH}`,
        iat: now(),
        jti: randomUUID(),
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'dpop+jwt', jwk: s.key.jwk })
        .sign(createSecretKey(Buffer.from(JSON.stringify(s.key.jwk))));
    };
    const cases: [string, string, RegExp][] = [
      ['another device key', await dpopProof(other), /not signed by the key of the device/],
      [
        'our jwk, signed by another key',
        await dpopProof(s.key, { signWith: otherPrivate }),
        /does not verify/,
      ],
      [
        'wrong htu (another path)',
        await dpopProof(s.key, { htu: 'http://latchkey.test/v2/app/auth/token' }),
        /htu/,
      ],
      [
        'wrong htu (another host)',
        await dpopProof(s.key, { htu: `https://evil.test${REFRESH_PATH}` }),
        /htu/,
      ],
      ['wrong htu (https)', await dpopProof(s.key, { htu: `https://latchkey.test${REFRESH_PATH}` }), /htu/],
      ['wrong htm', await dpopProof(s.key, { htm: 'GET' }), /htm/],
      ['stale iat', await dpopProof(s.key, { iat: now() - 120 }), /iat/],
      ['future iat', await dpopProof(s.key, { iat: now() + 120 }), /iat/],
      ['typ jwt', await dpopProof(s.key, { typ: 'jwt' }), /typ/],
      ['alg none', `${b64({ alg: 'none', typ: 'dpop+jwt', jwk: s.key.jwk })}.${gp}.`, /alg/],
      ['HS256 keyed with the public key', await hs256(), /alg/],
      ['ES384 on P-384', await dpopProof(s.key, { alg: 'ES384', jwk: p384Jwk, signWith: p384 }), /alg/],
      ['a private jwk', await dpopProof(s.key, { jwk: privateJwk }), /private key/],
      ['no jwk', `${b64({ alg: 'ES256', typ: 'dpop+jwt' })}.${gp}.${good.split('.')[2]}`, /jwk/],
      ['crit', `${b64({ alg: 'ES256', typ: 'dpop+jwt', jwk: s.key.jwk, crit: ['x'] })}.${gp}.x`, /crit/],
      ['two proofs', `${good}, ${good}`, /exactly one/],
      ['not a JWS', 'hello', /compact JWS/],
      [
        'tampered payload',
        `${gh}.${b64({ ...JSON.parse(Buffer.from(gp, 'base64url').toString()), htm: 'POST ' })}.${good.split('.')[2]}`,
        /does not verify/,
      ],
      ['too long', `${gh}.${'A'.repeat(5000)}.x`, /longer than/],
      ['short jti', await dpopProof(s.key, { jti: 'abc' }), /jti/],
    ];
    for (const [name, proof, detail] of cases) {
      const r = await refresh(t, s.refresh_token, proof);
      assert.equal(r.status, 400, `${name}: ${JSON.stringify(r.body)}`);
      assert.equal(
        r.body.type,
        'urn:latchkey:problem:invalid-dpop-proof',
        `${name}: ${JSON.stringify(r.body)}`,
      );
      assert.match(r.body.detail, detail, name);
    }
    // None of them touched the session: the refresh token still works with a good proof.
    const ok = await refresh(t, s.refresh_token, good);
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
  });

  it('a proof works once: its jti replayed with the next refresh token is refused', async () => {
    const s = await boundSession();
    const proof = await dpopProof(s.key);
    const ok = await refresh(t, s.refresh_token, proof);
    assert.equal(ok.status, 200);
    const replay = await refresh(t, ok.body.refresh_token, proof);
    assert.equal(replay.status, 400);
    assert.match(replay.body.detail, /jti was used before/);
    assert.equal((await refresh(t, ok.body.refresh_token, await dpopProof(s.key))).status, 200);
  });

  it('a copied refresh token with a proof of the thief is refused, and the session goes on', async () => {
    const s = await boundSession();
    const thief = await deviceKey();
    assert.equal((await refresh(t, s.refresh_token, await dpopProof(thief))).status, 400);
    assert.equal((await refresh(t, s.refresh_token)).status, 400);
    assert.equal((await refresh(t, s.refresh_token, await dpopProof(s.key))).status, 200);
  });

  it('binding: first device stays, the same one again is fine, an ended session binds nothing', async () => {
    const s = await boundSession();
    const other = await deviceKey();
    assert.equal(
      await bindSessionToDevice(t.store.db, {
        sessionId: s.sid,
        deviceId: randomUUID(),
        thumbprint: other.thumbprint,
      }),
      false,
    );
    assert.equal(
      await bindSessionToDevice(t.store.db, {
        sessionId: s.sid,
        deviceId: s.deviceId,
        thumbprint: s.key.thumbprint,
      }),
      true,
    );
    assert.equal((await refresh(t, s.refresh_token, await dpopProof(other))).status, 400);
    assert.equal(
      await bindSessionToDevice(t.store.db, {
        sessionId: randomUUID(),
        deviceId: randomUUID(),
        thumbprint: other.thumbprint,
      }),
      false,
    );
  });

  it('a session with no device ignores the DPoP header', async () => {
    const l = await appLogin(t);
    const r = await refresh(t, l.refresh_token, 'not even a proof');
    assert.equal(r.status, 200, JSON.stringify(r.body));
  });

  it('deleting the device ends its sessions: refresh and access tokens stop working', async () => {
    const s = await boundSession();
    const s2 = await appLogin(t, s.phone);
    await bindSessionToDevice(t.store.db, {
      sessionId: claimsOf(s2.access_token).sid as string,
      deviceId: s.deviceId,
      thumbprint: s.key.thumbprint,
    });
    const unrelated = await appLogin(t, s.phone);
    assert.equal(await endSessionsOfDevice(t.store.db, s.deviceId), 2);
    t.ctx.appSessions.clear();
    assert.equal((await refresh(t, s.refresh_token, await dpopProof(s.key))).status, 400);
    assert.equal((await t.call('GET', '/v2/app/keys', { token: s.access_token })).status, 401);
    assert.equal((await t.call('GET', '/v2/app/keys', { token: s2.access_token })).status, 401);
    assert.equal((await t.call('GET', '/v2/app/keys', { token: unrelated.access_token })).status, 200);
  });
});

describe('DPoP replay cache', () => {
  const proof = (jti: string, iat: number) => ({ jkt: 'k', jti, iat });
  it('refuses a seen jti while its window lasts, and stays within its bound', () => {
    const c = new DpopReplayCache(2);
    c.remember(proof('a', 1000), 30, 1000);
    assert.throws(() => c.remember(proof('a', 1000), 30, 1010), DpopRejected);
    c.remember(proof('b', 1000), 30, 1000);
    // Full of proofs still in their window: a new one is refused rather than an old one forgotten.
    assert.throws(() => c.remember(proof('c', 1000), 30, 1020), /too many proofs/);
    // Once their window has passed they are forgotten.
    c.remember(proof('c', 1040), 30, 1040);
    assert.ok(c.size <= 2);
  });

  it('the same jti under another key is another proof', () => {
    const c = new DpopReplayCache(10);
    c.remember({ jkt: 'k1', jti: 'same-jti', iat: 5 }, 30, 5);
    c.remember({ jkt: 'k2', jti: 'same-jti', iat: 5 }, 30, 5);
    assert.equal(c.size, 2);
  });

  it('the check alone refuses a missing header and answers the key thumbprint', async () => {
    const key = await deviceKey();
    const expect = {
      method: 'POST',
      url: `http://latchkey.test${REFRESH_PATH}`,
      nowSeconds: now(),
      skewSeconds: 30,
    };
    assert.throws(() => dpopProofCheck(undefined, expect), /DPoP header/);
    assert.throws(() => dpopProofCheck(['a', 'b'], expect), /exactly one/);
    const p = dpopProofCheck(await dpopProof(key), expect);
    assert.equal(p.jkt, key.thumbprint);
  });
});
