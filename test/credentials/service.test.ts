// GET /v2/app/keys/{keyId}/credential: the credential of the contract (header, claims, the nbf/exp
// rule, cnf.jkt, the lock's revocation list), verified by jose, by the TypeScript verifier and by
// the C verifier; its refusals (409 in plain words, another user's key 404); and the lock's
// revocation list, kept by the store in the transaction of every kind of revocation.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { vectorsText } from '../../scripts/credential-vectors/text-form.ts';
import type { Vector } from '../../scripts/credential-vectors/vector.ts';
import { provisioningBundle } from '../../src/credentials/provisioning.ts';
import { base64urlDecode } from '../../verifier/typescript/src/base64url.ts';
import { verifyPresentation } from '../../verifier/typescript/src/index.ts';
import type { IssuerKey } from '../../verifier/typescript/src/lock-state.ts';
import { answerChallenge } from '../../verifier/typescript/src/presentation.ts';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app.ts';
import { buildC } from '../helpers/credentials.ts';
import { newPhone } from '../helpers/events.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { decodePart, fetchCredential, registerDevice } from '../helpers/phone.ts';
import { appToken, createKeys, createLock, createSharingRights } from '../helpers/resources.ts';

const HOUR = 3_600_000;
const ISS = 'http://latchkey.test';
// Every day, so that any 24 hours of a test run hold a moment inside and one outside.
const DAYTIME = {
  windows: [{ days: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'], from: '07:00', to: '18:00' }],
};
let t: TestApp;
let a: Tenant;
before(async () => {
  t = await startTestApp({ LATCHKEY_CREDENTIAL_TTL_HOURS: '24' });
  a = await createTenant(t, 'Acme');
});
after(() => t.close());

const issuerKeys = async (): Promise<IssuerKey[]> =>
  (await t.call('GET', `/v2/projects/${a.projectId}/credential-keys`, { token: a.projectToken })).body.keys;

describe('GET /v2/app/keys/{keyId}/credential', () => {
  it('answers a credential of the contract that jose, the TypeScript verifier and the C verifier accept', async () => {
    const lock = await createLock(t, a, { timezone: 'Europe/Oslo' });
    const phone = newPhone();
    const token = await appToken(t, phone);
    const start = new Date(Date.now() - 24 * HOUR);
    const [key] = await createKeys(t, a, [
      { lockId: lock.id, appUserId: phone, start: start.toISOString(), recurrence: DAYTIME },
    ]);
    const device = await registerDevice(t, token, 'Pixel');
    const before = Math.floor(Date.now() / 1000);
    const r = await fetchCredential(t, token, key!.id, device.id);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(Object.keys(r.body).sort(), ['credential', 'expiresAt', 'lockId']);
    assert.equal(r.body.lockId, lock.id);
    const { credential } = r.body;
    const keys = await issuerKeys();

    const header = decodePart(credential, 0);
    assert.deepEqual(header, { alg: 'ES256', typ: 'latchkey-credential+jwt', kid: keys.at(-1)!.kid });
    const claims = decodePart(credential, 1);
    assert.deepEqual(Object.keys(claims), [
      'iss',
      'sub',
      'jti',
      'lock',
      'iat',
      'nbf',
      'exp',
      'tz',
      'win',
      'cnf',
      'rev',
    ]);
    assert.equal(claims.iss, ISS);
    assert.equal(claims.sub, phone);
    assert.equal(claims.jti, key!.id);
    assert.equal(claims.lock, lock.id);
    assert.equal(claims.tz, 'Europe/Oslo');
    assert.deepEqual(claims.win, DAYTIME.windows);
    assert.deepEqual(claims.cnf, { jkt: device.thumbprint });
    assert.deepEqual(claims.rev, { v: 0, keys: [] });
    assert.ok(claims.iat >= before && claims.iat <= before + 5);
    assert.ok(claims.nbf - claims.iat <= 1 && claims.nbf >= claims.iat); // now, rounded up
    assert.ok(claims.exp - claims.iat >= 86399 && claims.exp - claims.iat <= 86400);
    assert.equal(r.body.expiresAt, new Date(claims.exp * 1000).toISOString());

    // jose, an outside library, with the project's key set.
    const verified = await jwtVerify(credential, createLocalJWKSet({ keys: keys as never }), {
      algorithms: ['ES256'],
      typ: 'latchkey-credential+jwt',
      issuer: ISS,
      subject: phone,
      currentDate: new Date(claims.nbf * 1000),
    });
    assert.equal(verified.payload.jti, key!.id);

    // The TypeScript verifier, as a lock provisioned with the project's keys would run it, at a
    // moment inside the window and one outside it, both within nbf..exp.
    const bundle = provisioningBundle({
      lockId: lock.id,
      timezone: 'Europe/Oslo',
      issuer: ISS,
      keys,
      revocation: { v: 0, keys: [] },
      now: new Date(),
    });
    const nonce = crypto.getRandomValues(new Uint8Array(32));
    const answer = await answerChallenge(
      { type: 'challenge', lockId: lock.id, nonce: Buffer.from(nonce).toString('base64url') },
      credential,
      device.keys,
    );
    const presentation = {
      credential,
      devicePublicKey: base64urlDecode(answer.devicePublicKey)!,
      signature: base64urlDecode(answer.signature)!,
      nonce,
    };
    const inside = insideWindow(claims.nbf, claims.exp);
    const outside = outsideWindow(claims.nbf, claims.exp);
    assert.equal((await verifyPresentation(bundle, { ...presentation, now: inside })).reason, 'accepted');
    assert.equal(
      (await verifyPresentation(bundle, { ...presentation, now: outside })).reason,
      'outside_window',
    );
    assert.equal((await verifyPresentation(bundle, { ...presentation, now: claims.exp })).reason, 'expired');

    // The C verifier (mbedTLS), on the same presentation.
    const build = buildC();
    try {
      const steps = (now: number) => [{ ...presentation, now, expect: { reason: 'accepted' as const } }];
      const vectors: Vector[] = [
        { name: 'inside', description: '', lock: 'service', steps: steps(inside) },
        { name: 'outside', description: '', lock: 'service', steps: steps(outside) },
      ];
      const file = join(build.dir, 'service.txt');
      writeFileSync(file, vectorsText({ service: bundle }, vectors, []));
      const c = spawnSync(join(build.dir, 'lk_vectors'), ['--decide', file], { encoding: 'utf8' });
      assert.equal(c.status, 0, c.stderr);
      assert.deepEqual(c.stdout.trim().split('\n'), ['inside 1 accepted -', 'outside 1 outside_window -']);
    } finally {
      build.dispose();
    }
  });

  it('ends at the key end when that comes first, and starts at a future start', async () => {
    const lock = await createLock(t, a);
    const phone = newPhone();
    const token = await appToken(t, phone);
    const device = await registerDevice(t, token);
    const now = Date.now();
    const end = new Date(Math.floor((now + 2 * HOUR) / 1000) * 1000 + 500);
    const start = new Date(Math.floor((now + 3 * HOUR) / 1000) * 1000 + 500);
    const [ending, starting] = await createKeys(t, a, [
      {
        lockId: lock.id,
        appUserId: phone,
        start: new Date(now - HOUR).toISOString(),
        end: end.toISOString(),
      },
      { lockId: lock.id, appUserId: phone, start: start.toISOString() },
    ]);
    const c1 = decodePart((await fetchCredential(t, token, ending!.id, device.id)).body.credential, 1);
    assert.equal(c1.exp, Math.floor(end.getTime() / 1000)); // rounded inward
    assert.equal(c1.win, undefined);
    const c2 = decodePart((await fetchCredential(t, token, starting!.id, device.id)).body.credential, 1);
    assert.equal(c2.nbf, Math.ceil(start.getTime() / 1000));
    assert.ok(c2.exp - c2.iat <= 86400);
  });

  it('refuses in plain words: revoked, ended, too early, unknown or deleted device, another user', async () => {
    const lock = await createLock(t, a);
    const phone = newPhone();
    const other = newPhone();
    const token = await appToken(t, phone);
    const otherToken = await appToken(t, other);
    const device = await registerDevice(t, token);
    const otherDevice = await registerDevice(t, otherToken);
    const now = Date.now();
    const [live, revoked, ended, later, othersKey] = await createKeys(t, a, [
      { lockId: lock.id, appUserId: phone, start: new Date(now - HOUR).toISOString() },
      { lockId: lock.id, appUserId: phone, start: new Date(now - HOUR).toISOString() },
      {
        lockId: lock.id,
        appUserId: phone,
        start: new Date(now - 3 * HOUR).toISOString(),
        end: new Date(now + 2000).toISOString(),
      },
      { lockId: lock.id, appUserId: phone, start: new Date(now + 48 * HOUR).toISOString() },
      { lockId: lock.id, appUserId: other, start: new Date(now - HOUR).toISOString() },
    ]);
    await t.call('DELETE', `/v2/projects/${a.projectId}/keys/${revoked!.id}`, { token: a.projectToken });
    const expect409 = async (keyId: string, deviceId: string, words: RegExp) => {
      const r = await fetchCredential(t, token, keyId, deviceId);
      assert.equal(r.status, 409, JSON.stringify(r.body));
      assert.match(r.body.detail, words);
    };
    await expect409(revoked!.id, device.id, /revoked/);
    await expect409(later!.id, device.id, /starts .* after a credential made now would expire/);
    await expect409(live!.id, otherDevice.id, /no such device of yours/);
    await expect409(live!.id, '0193a1b2-0000-7000-8000-000000000000', /no such device/);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, now + 2100 - Date.now())));
    await expect409(ended!.id, device.id, /ended/);
    const theirs = await fetchCredential(t, token, othersKey!.id, device.id);
    assert.equal(theirs.status, 404, JSON.stringify(theirs.body));
    assert.equal((await fetchCredential(t, token, live!.id, 'not-a-uuid')).status, 400);
    assert.equal((await t.call('GET', `/v2/app/keys/${live!.id}/credential`, { token })).status, 400);
    assert.equal(
      (await t.call('GET', `/v2/app/keys/${live!.id}/credential?deviceId=${device.id}`)).status,
      401,
    );

    assert.equal((await fetchCredential(t, token, live!.id, device.id)).status, 200);
    await t.call('DELETE', `/v2/app/devices/${device.id}`, { token });
    await expect409(live!.id, device.id, /deleted device gets no credential/);
  });
});

describe("a lock's revocation list", () => {
  it('grows with every revocation of a key of the lock, whatever revokes it, and lists keys revoked within the lifetime', async () => {
    const lock = await createLock(t, a);
    const otherLock = await createLock(t, a, { name: 'Back door' });
    const holder = newPhone();
    const token = await appToken(t, holder);
    const device = await registerDevice(t, token);
    const people = [newPhone(), newPhone(), newPhone(), newPhone()];
    const start = new Date(Date.now() - HOUR).toISOString();
    const [mine, k1, k2, k3, onOther] = await createKeys(t, a, [
      { lockId: lock.id, appUserId: holder, start },
      { lockId: lock.id, appUserId: people[0], start },
      { lockId: lock.id, appUserId: people[1], start },
      { lockId: lock.id, appUserId: people[2], start },
      { lockId: otherLock.id, appUserId: people[3], start },
    ]);
    const rev = async () =>
      decodePart((await fetchCredential(t, token, mine!.id, device.id)).body.credential, 1).rev as {
        v: number;
        keys: string[];
      };
    assert.deepEqual(await rev(), { v: 0, keys: [] });

    // One key, by id; again (idempotent: the list does not grow).
    for (let i = 0; i < 2; i++)
      await t.call('DELETE', `/v2/projects/${a.projectId}/keys/${k1!.id}`, { token: a.projectToken });
    assert.deepEqual(await rev(), { v: 1, keys: [k1!.id] });
    // Another lock's revocations are not this lock's.
    await t.call('DELETE', `/v2/projects/${a.projectId}/keys/${onOther!.id}`, { token: a.projectToken });
    assert.deepEqual(await rev(), { v: 1, keys: [k1!.id] });
    // By filter.
    const byFilter = await t.call(
      'DELETE',
      `/v2/projects/${a.projectId}/keys?appUserId=${encodeURIComponent(people[1]!)}`,
      {
        token: a.projectToken,
      },
    );
    assert.equal(byFilter.body.revoked, 1);
    const after2 = await rev();
    assert.equal(after2.v, 2);
    assert.deepEqual([...after2.keys].sort(), [k1!.id, k2!.id].sort());
    // A key shared from the app, ended with its sharing right.
    await createSharingRights(t, a, [{ lockId: lock.id, appUserId: people[2]! }]);
    const shared = await t.call('POST', `/v2/app/keys/${k3!.id}/share`, {
      token: await appToken(t, people[2]!),
      body: { appUserId: newPhone() },
    });
    assert.equal(shared.status, 201, JSON.stringify(shared.body));
    await t.call(
      'DELETE',
      `/v2/projects/${a.projectId}/sharing-rights?appUserId=${encodeURIComponent(people[2]!)}`,
      {
        token: a.projectToken,
      },
    );
    const after3 = await rev();
    assert.equal(after3.v, 3);
    assert.ok(after3.keys.includes(shared.body.key.id));
    // Erasure deletes a live key: it is listed too.
    const erased = await t.call('DELETE', `/admin/v1/app-users/${encodeURIComponent(people[2]!)}`, {
      token: ADMIN_TOKEN,
    });
    assert.equal(erased.status, 200, JSON.stringify(erased.body));
    const after4 = await rev();
    assert.equal(after4.v, 4);
    assert.ok(after4.keys.includes(k3!.id));

    // A key revoked longer than one credential lifetime ago leaves the list; v stays.
    await t.store.db.query(
      "UPDATE lock_revoked_keys SET revoked_at = now() - interval '25 hours' WHERE key_id = $1",
      [k1!.id],
    );
    const after5 = await rev();
    assert.equal(after5.v, 4);
    assert.ok(!after5.keys.includes(k1!.id));
    assert.equal(after5.keys.length, 3);
  });
});

/** The first moment within nbf..exp whose hour in Oslo is one `hour` accepts (every 10 minutes). */
function osloMoment(nbf: number, exp: number, hour: (h: number) => boolean): number {
  const f = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Oslo', hour: 'numeric', hourCycle: 'h23' });
  for (let s = nbf; s < exp; s += 600) if (hour(Number(f.format(new Date(s * 1000))))) return s;
  throw new Error('no such hour within the credential');
}
const insideWindow = (nbf: number, exp: number) => osloMoment(nbf, exp, (h) => h >= 8 && h < 17);
const outsideWindow = (nbf: number, exp: number) => osloMoment(nbf, exp, (h) => h < 6 || h >= 19);
