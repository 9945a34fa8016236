// Device keys of app users: registration of a public P-256 JWK (anything else is 400 naming
// publicKey), its RFC 7638 thumbprint, at most five per app user (even when six arrive at once),
// listing, deletion, tenancy (another user's device is 404) and erasure.
import assert from 'node:assert/strict';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app.ts';
import { appToken, newPhone } from '../helpers/events.ts';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

function publicJwk() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { pub: publicKey.export({ format: 'jwk' }), priv: privateKey.export({ format: 'jwk' }) };
}

/** RFC 7638 §3, written out here rather than taken from the code under test. */
const thumbprint = (j: { x?: string; y?: string }) =>
  createHash('sha256').update(`{"crv":"P-256","kty":"EC","x":"${j.x}","y":"${j.y}"}`).digest('base64url');

describe('POST/GET/DELETE /v2/app/devices', () => {
  it('registers a public P-256 key with its RFC 7638 thumbprint, lists and deletes it', async () => {
    const token = await appToken(t, newPhone());
    const { pub } = publicJwk();
    const r = await t.call('POST', '/v2/app/devices', { token, body: { publicKey: pub, name: ' Pixel 9 ' } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.deepEqual(Object.keys(r.body.device).sort(), ['created', 'id', 'name', 'thumbprint']);
    assert.equal(r.body.device.name, 'Pixel 9');
    assert.equal(r.body.device.thumbprint, thumbprint(pub));
    const unnamed = await t.call('POST', '/v2/app/devices', {
      token,
      body: { publicKey: { ...publicJwk().pub, kid: 'k', alg: 'ES256', use: 'sig' } },
    });
    assert.equal(unnamed.status, 201, JSON.stringify(unnamed.body));
    assert.equal(unnamed.body.device.name, null);

    const list = await t.call('GET', '/v2/app/devices', { token });
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.devices.map((d: { id: string }) => d.id),
      [r.body.device.id, unnamed.body.device.id],
    );
    const again = await t.call('POST', '/v2/app/devices', { token, body: { publicKey: pub } });
    assert.equal(again.status, 409, JSON.stringify(again.body));
    assert.match(again.body.detail, new RegExp(r.body.device.id));

    const del = await t.call('DELETE', `/v2/app/devices/${r.body.device.id}`, { token });
    assert.equal(del.status, 204);
    const del2 = await t.call('DELETE', `/v2/app/devices/${r.body.device.id}`, { token });
    assert.equal(del2.status, 404);
    const after1 = await t.call('GET', '/v2/app/devices', { token });
    assert.deepEqual(
      after1.body.devices.map((d: { id: string }) => d.id),
      [unnamed.body.device.id],
    );
  });

  it('refuses anything but a public EC P-256 JWK with 400 naming publicKey, and stores nothing', async () => {
    const token = await appToken(t, newPhone());
    const { pub, priv } = publicJwk();
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'jwk' });
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey.export({ format: 'jwk' });
    const cases: [string, unknown][] = [
      ['private key', priv],
      ['RSA', rsa],
      ['P-384', p384],
      ['short x', { ...pub, x: pub.x!.slice(0, 20) }],
      ['off the curve', { ...pub, y: pub.x }],
      ['HS256 secret', { kty: 'oct', k: 'c2VjcmV0' }],
      ['a string', 'not a key'],
      ['an array', [pub]],
      ['null', null],
      ['wrong alg', { ...pub, alg: 'ES384' }],
      ['unknown member', { ...pub, extra: 1 }],
    ];
    for (const [what, publicKey] of cases) {
      const r = await t.call('POST', '/v2/app/devices', { token, body: { publicKey } });
      assert.equal(r.status, 400, `${what}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.invalidParams?.[0]?.name, 'publicKey', `${what}: ${JSON.stringify(r.body)}`);
    }
    const missing = await t.call('POST', '/v2/app/devices', { token, body: { name: 'x' } });
    assert.equal(missing.status, 400);
    assert.match(JSON.stringify(missing.body), /publicKey/);
    assert.deepEqual((await t.call('GET', '/v2/app/devices', { token })).body.devices, []);
  });

  it('allows five devices per app user: a sixth is 409, also when six arrive at once', async () => {
    const token = await appToken(t, newPhone());
    for (let i = 0; i < 5; i++) {
      const r = await t.call('POST', '/v2/app/devices', { token, body: { publicKey: publicJwk().pub } });
      assert.equal(r.status, 201, JSON.stringify(r.body));
    }
    const sixth = await t.call('POST', '/v2/app/devices', { token, body: { publicKey: publicJwk().pub } });
    assert.equal(sixth.status, 409, JSON.stringify(sixth.body));
    assert.match(sixth.body.detail, /5 devices/);

    const racer = await appToken(t, newPhone());
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.call('POST', '/v2/app/devices', { token: racer, body: { publicKey: publicJwk().pub } }),
      ),
    );
    assert.deepEqual(results.map((r) => r.status).sort(), [201, 201, 201, 201, 201, 409]);
    assert.equal((await t.call('GET', '/v2/app/devices', { token: racer })).body.devices.length, 5);
  });

  it("another user's device is not found, and their list is their own", async () => {
    const mine = await appToken(t, newPhone());
    const theirs = await appToken(t, newPhone());
    const r = await t.call('POST', '/v2/app/devices', { token: mine, body: { publicKey: publicJwk().pub } });
    assert.equal(
      (await t.call('DELETE', `/v2/app/devices/${r.body.device.id}`, { token: theirs })).status,
      404,
    );
    assert.deepEqual((await t.call('GET', '/v2/app/devices', { token: theirs })).body.devices, []);
    assert.equal((await t.call('GET', '/v2/app/devices', { token: mine })).body.devices.length, 1);
    // The same public key may be registered by two people (it is public); each is their own device.
    const pub = publicJwk().pub;
    const a = await t.call('POST', '/v2/app/devices', { token: mine, body: { publicKey: pub } });
    const b = await t.call('POST', '/v2/app/devices', { token: theirs, body: { publicKey: pub } });
    assert.equal(a.status, 201);
    assert.equal(b.status, 201);
    assert.notEqual(a.body.device.id, b.body.device.id);
    const noToken = await t.call('GET', '/v2/app/devices');
    assert.equal(noToken.status, 401);
  });

  it('erasing an app user deletes their devices', async () => {
    const phone = newPhone();
    const token = await appToken(t, phone);
    await t.call('POST', '/v2/app/devices', { token, body: { publicKey: publicJwk().pub } });
    const e = await t.call('DELETE', `/admin/v1/app-users/${encodeURIComponent(phone)}`, {
      token: ADMIN_TOKEN,
    });
    assert.equal(e.status, 200, JSON.stringify(e.body));
    const { rows } = await t.store.db.query('SELECT 1 FROM app_devices WHERE app_user_id = $1', [phone]);
    assert.equal(rows.length, 0);
  });
});
