// The device endpoints bind and end sessions: registering a device with a session's app token binds
// that session to the device key (a refresh then needs a DPoP proof signed by it), and deleting the
// device ends the sessions bound to it (their refresh tokens and access tokens stop working).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { appLogin, deviceKey, dpopProof, refresh } from '../helpers/app-session.ts';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

describe('devices and app sessions', () => {
  it('binds the session to its first device, and ends it when the device is deleted', async () => {
    const l = await appLogin(t);
    const key = await deviceKey();
    const made = await t.call('POST', '/v2/app/devices', {
      token: l.access_token,
      body: { publicKey: key.jwk, name: 'phone' },
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.equal(made.body.device.thumbprint, key.thumbprint);

    // Bound: a refresh without a proof is refused, and the refresh token survives it.
    const bare = await refresh(t, l.refresh_token);
    assert.equal(bare.status, 400, JSON.stringify(bare.body));
    assert.match(bare.body.type, /invalid-dpop-proof/);
    const ok = await refresh(t, l.refresh_token, await dpopProof(key));
    assert.equal(ok.status, 200, JSON.stringify(ok.body));

    // A second device does not move the binding: the first key still signs the refreshes.
    const other = await deviceKey();
    const second = await t.call('POST', '/v2/app/devices', {
      token: ok.body.access_token,
      body: { publicKey: other.jwk },
    });
    assert.equal(second.status, 201);
    const withOther = await refresh(t, ok.body.refresh_token, await dpopProof(other));
    assert.equal(withOther.status, 400);

    // Deleting the bound device ends the session: refresh token and access token.
    const del = await t.call('DELETE', `/v2/app/devices/${made.body.device.id}`, {
      token: ok.body.access_token,
    });
    assert.equal(del.status, 204);
    const after = await refresh(t, ok.body.refresh_token, await dpopProof(key));
    assert.equal(after.status, 400);
    assert.match(after.body.type, /invalid-refresh-token/);
    const list = await t.call('GET', '/v2/app/devices', { token: ok.body.access_token });
    assert.equal(list.status, 401);
  });

  it('binds only the session that registered the device: another login of the same phone refreshes without a proof', async () => {
    const l = await appLogin(t);
    const key = await deviceKey();
    const made = await t.call('POST', '/v2/app/devices', {
      token: l.access_token,
      body: { publicKey: key.jwk },
    });
    assert.equal(made.status, 201);
    const other = await appLogin(t, l.phone);
    // The second login's session has no device: it refreshes without a proof.
    const r = await refresh(t, other.refresh_token);
    assert.equal(r.status, 200, JSON.stringify(r.body));
  });
});
