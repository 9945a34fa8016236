// Attacks on app sessions' refresh tokens: a stolen token used by the thief first or by the phone
// first (either way the session ends and the thief's tokens die with it), guessed and forged
// tokens (which end nothing), tokens of one kind offered as another, a copied token without the
// device key once the session is bound (RFC 9449), and a flood of refreshes from one address.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { REFRESH_RATE_PER_IP } from '../src/resources/app/login.ts';
import { bindSessionToDevice } from '../src/resources/app/sessions.ts';
import { startTestApp, type TestApp } from '../test/helpers/app.ts';
import {
  appLogin,
  claimsOf,
  deviceKey,
  dpopProof,
  REFRESH_PATH,
  refresh,
} from '../test/helpers/app-session.ts';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const keys = (token: string) => t.call('GET', '/v2/app/keys', { token });

describe('stolen refresh tokens', () => {
  it('the thief refreshes first: the phone’s next refresh ends the session, and the thief’s tokens die', async () => {
    const phone = await appLogin(t);
    const stolen = phone.refresh_token;
    const thief = await refresh(t, stolen);
    assert.equal(thief.status, 200);
    assert.equal((await keys(thief.body.access_token)).status, 200);

    const legit = await refresh(t, stolen);
    assert.equal(legit.status, 400);
    assert.equal(legit.body.type, 'urn:latchkey:problem:invalid-refresh-token');
    assert.equal((await keys(thief.body.access_token)).status, 401, 'the thief’s access token is refused');
    assert.equal((await refresh(t, thief.body.refresh_token)).status, 400, 'and its refresh token');
  });

  it('the phone refreshes first: the thief’s replay ends the session, so the phone logs in again', async () => {
    const phone = await appLogin(t);
    const stolen = phone.refresh_token;
    const legit = await refresh(t, stolen);
    assert.equal(legit.status, 200);
    assert.equal((await refresh(t, stolen)).status, 400);
    assert.equal((await refresh(t, legit.body.refresh_token)).status, 400);
    assert.equal((await keys(legit.body.access_token)).status, 401);
  });

  it('a copied token is useless without the device key once the session is bound', async () => {
    const phone = await appLogin(t);
    const device = await deviceKey();
    const sid = claimsOf(phone.access_token).sid as string;
    await bindSessionToDevice(t.store.db, {
      sessionId: sid,
      deviceId: randomUUID(),
      thumbprint: device.thumbprint,
    });
    const thiefKey = await deviceKey();
    for (const proof of [
      undefined,
      await dpopProof(thiefKey),
      await dpopProof(thiefKey, { jwk: device.jwk }),
    ]) {
      const r = await refresh(t, phone.refresh_token, proof);
      assert.equal(r.status, 400);
      assert.equal(r.body.type, 'urn:latchkey:problem:invalid-dpop-proof');
    }
    // A stolen access token cannot move the session to the thief's key either.
    assert.equal(
      await bindSessionToDevice(t.store.db, {
        sessionId: sid,
        deviceId: randomUUID(),
        thumbprint: thiefKey.thumbprint,
      }),
      false,
    );
    assert.equal((await refresh(t, phone.refresh_token, await dpopProof(device))).status, 200);
  });
});

describe('forged and misplaced tokens', () => {
  it('guessing secrets or generations of a known session ends nothing', async () => {
    const phone = await appLogin(t);
    const [head, , secret] = phone.refresh_token.split('.') as [string, string, string];
    for (let gen = 0; gen < 20; gen += 1) {
      const guess = `${head}.${gen}.${Buffer.from(`${gen}`.padEnd(32, 'x')).toString('base64url')}`;
      assert.equal((await refresh(t, guess)).status, 400);
    }
    // The real secret with its last character changed. That character carries only 4 bits of a
    // 32-byte secret, so a fixed replacement ('A') was the real one in 1 run of 16.
    const last = secret.at(-1) === 'A' ? 'E' : 'A';
    assert.equal((await refresh(t, `${head}.0.${secret.slice(0, -1)}${last}`)).status, 400);
    assert.equal((await refresh(t, phone.refresh_token)).status, 200, 'the session is intact');
  });

  it('a refresh token is no bearer token, and an access token is no refresh token', async () => {
    const phone = await appLogin(t);
    assert.equal((await keys(phone.refresh_token)).status, 401);
    const asRefresh = await refresh(t, phone.access_token);
    assert.equal(asRefresh.status, 400);
    assert.equal((await refresh(t, phone.refresh_token)).status, 200, 'neither attempt ended the session');
  });

  it('another person’s session id with my secret is refused', async () => {
    const a = await appLogin(t);
    const b = await appLogin(t);
    const [, genA, secretA] = a.refresh_token.split('.') as [string, string, string];
    const [headB] = b.refresh_token.split('.') as [string];
    const r = await refresh(t, `${headB}.${genA}.${secretA}`);
    assert.equal(r.status, 400);
    assert.equal((await refresh(t, b.refresh_token)).status, 200);
    assert.equal((await refresh(t, a.refresh_token)).status, 200);
  });
});

describe('flood', () => {
  it(`answers ${REFRESH_RATE_PER_IP} refreshes per address per 15 minutes, then 429 with Retry-After`, async () => {
    const send = (ip: string) =>
      t.inject({ method: 'POST', url: REFRESH_PATH, payload: { refresh_token: 'junk' }, remoteAddress: ip });
    // A bucket of REFRESH_RATE_PER_IP refilled over 15 minutes (one every 1.5 s while this runs).
    let answered = 0;
    let refused: Awaited<ReturnType<typeof send>> | undefined;
    while (!refused && answered < REFRESH_RATE_PER_IP + 50) {
      const r = await send('198.51.100.7');
      if (r.statusCode === 429) refused = r;
      else {
        assert.equal(r.statusCode, 400);
        answered += 1;
      }
    }
    assert.ok(refused, 'the flood was refused');
    assert.ok(answered >= REFRESH_RATE_PER_IP && answered < REFRESH_RATE_PER_IP + 20, `${answered} answered`);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal((await send('198.51.100.8')).statusCode, 400, 'another address is not affected');
  });
});
