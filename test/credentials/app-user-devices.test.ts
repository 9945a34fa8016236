// GET /v2/projects/{projectId}/app-users/{appUserId}/devices: a person's devices as the project's
// integrator sees them (name, thumbprint, created, when each last fetched a credential for a key of
// this project), only for people of the project: a managed user (creating a key makes one), or a
// holder of a live key or sharing right. Anyone else, and a person of another tenant's project, is 404, as is a phone number
// that is not E.164; another tenant's token is 403.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { newPhone } from '../helpers/events.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { fetchCredential, registerDevice } from '../helpers/phone.ts';
import { appToken, createKeys, createLock } from '../helpers/resources.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;
before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'Acme');
  b = await createTenant(t, 'Globex');
});
after(() => t.close());

const devicesUrl = (projectId: string, appUserId: string) =>
  `/v2/projects/${projectId}/app-users/${encodeURIComponent(appUserId)}/devices`;

describe("an app user's devices, for the project's integrator", () => {
  it('lists both devices of a key holder apart, and which fetched a credential for this project', async () => {
    const lockA = await createLock(t, a);
    const lockB = await createLock(t, b);
    const phone = newPhone();
    const [keyA] = await createKeys(t, a, [{ lockId: lockA.id, appUserId: phone }]);
    const [keyB] = await createKeys(t, b, [{ lockId: lockB.id, appUserId: phone }]);
    const token = await appToken(t, phone);
    const pixel = await registerDevice(t, token, 'Pixel');
    const ipad = await registerDevice(t, token); // no name: told apart by its thumbprint

    const none = await t.call('GET', devicesUrl(a.projectId, phone), { token: a.projectToken });
    assert.equal(none.status, 200, JSON.stringify(none.body));
    assert.deepEqual(none.body.devices, [
      {
        id: pixel.id,
        name: 'Pixel',
        thumbprint: pixel.thumbprint,
        created: none.body.devices[0].created,
        lastCredentialAt: null,
      },
      {
        id: ipad.id,
        name: null,
        thumbprint: ipad.thumbprint,
        created: none.body.devices[1].created,
        lastCredentialAt: null,
      },
    ]);
    assert.notEqual(pixel.thumbprint, ipad.thumbprint);

    const before = Date.now();
    assert.equal((await fetchCredential(t, token, keyA!.id, pixel.id)).status, 200);
    // A fetch for the other project's key is that project's business only.
    assert.equal((await fetchCredential(t, token, keyB!.id, ipad.id)).status, 200);
    const seenByA = (await t.call('GET', devicesUrl(a.projectId, phone), { token: a.projectToken })).body
      .devices;
    const at = Date.parse(seenByA[0].lastCredentialAt);
    assert.ok(at >= before - 1000 && at <= Date.now() + 1000, seenByA[0].lastCredentialAt);
    assert.equal(seenByA[1].lastCredentialAt, null);
    const seenByB = (await t.call('GET', devicesUrl(b.projectId, phone), { token: b.projectToken })).body
      .devices;
    assert.equal(seenByB[0].lastCredentialAt, null);
    assert.ok(seenByB[1].lastCredentialAt);

    // A second fetch within the minute writes nothing new.
    assert.equal((await fetchCredential(t, token, keyA!.id, pixel.id)).status, 200);
    const again = (await t.call('GET', devicesUrl(a.projectId, phone), { token: a.projectToken })).body
      .devices;
    assert.equal(again[0].lastCredentialAt, seenByA[0].lastCredentialAt);

    // A deleted device is gone from the list.
    assert.equal((await t.call('DELETE', `/v2/app/devices/${ipad.id}`, { token })).status, 204);
    const left = (await t.call('GET', devicesUrl(a.projectId, phone), { token: a.projectToken })).body
      .devices;
    assert.deepEqual(
      left.map((d: { id: string }) => d.id),
      [pixel.id],
    );
  });

  it('a managed user without keys is of the project: an empty list until they register a device', async () => {
    const phone = newPhone();
    const r = await t.call('POST', `/v2/projects/${a.projectId}/managed-users`, {
      token: a.projectToken,
      body: { appUserId: phone },
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const empty = await t.call('GET', devicesUrl(a.projectId, phone), { token: a.projectToken });
    assert.equal(empty.status, 200);
    assert.deepEqual(empty.body, { devices: [] });
  });

  it("is 404 for a phone that is not the project's (another tenant's person, or one whose managed user was deleted), 404 for a number that is not E.164, 403 for another tenant's token", async () => {
    const lockB = await createLock(t, b);
    const theirs = newPhone();
    await createKeys(t, b, [{ lockId: lockB.id, appUserId: theirs }]);
    await registerDevice(t, await appToken(t, theirs), 'Their phone');
    const other = await t.call('GET', devicesUrl(a.projectId, theirs), { token: a.projectToken });
    assert.equal(other.status, 404, JSON.stringify(other.body));
    assert.match(other.headers['content-type'] as string, /^application\/problem\+json/);
    assert.equal(other.body.detail, 'app user not found');

    // Someone the project has let go (their managed user deleted, which revokes their keys) is no
    // longer the project's to look at.
    const lockA = await createLock(t, a);
    const former = newPhone();
    await createKeys(t, a, [{ lockId: lockA.id, appUserId: former }]);
    await registerDevice(t, await appToken(t, former), 'Old phone');
    assert.equal(
      (await t.call('GET', devicesUrl(a.projectId, former), { token: a.projectToken })).status,
      200,
    );
    const gone = await t.call(
      'DELETE',
      `/v2/projects/${a.projectId}/managed-users/${encodeURIComponent(former)}`,
      { token: a.projectToken },
    );
    assert.equal(gone.status, 204, JSON.stringify(gone.body));
    assert.equal(
      (await t.call('GET', devicesUrl(a.projectId, former), { token: a.projectToken })).status,
      404,
    );

    // A path whose phone number is not E.164 names no resource (as everywhere in the API): a 404 problem.
    const bad = await t.call('GET', devicesUrl(a.projectId, '4799887766'), { token: a.projectToken });
    assert.equal(bad.status, 404, JSON.stringify(bad.body));
    assert.match(bad.headers['content-type'] as string, /^application\/problem\+json/);

    const forbidden = await t.call('GET', devicesUrl(b.projectId, theirs), { token: a.projectToken });
    assert.equal(forbidden.status, 403);
  });
});
