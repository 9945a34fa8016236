// GET /v2/projects/{projectId}/locks/{lockId}/provisioning: a bundle a lock can be provisioned with
// (the verifier's own check accepts it), with the project's key set and the lock's revocation list;
// the virtual offline lock provisioned from it opens for a credential the service issued. Admin and
// installer may read it; another tenant's or an offboarded lock is 404.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startOfflineLock } from '../../src/dev/virtual-lock-offline.ts';
import { presentToLock } from '../../src/dev/virtual-phone.ts';
import { lockStateProblem } from '../../verifier/typescript/src/lock-state.ts';
import { utcOffsetAt } from '../../verifier/typescript/src/utc-offsets.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { newPhone } from '../helpers/events.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { decodePart, fetchCredential, registerDevice } from '../helpers/phone.ts';
import { appToken, createKeys, createLock, installerToken } from '../helpers/resources.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;
const dir = mkdtempSync(join(tmpdir(), 'latchkey-provisioning-'));
before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'Acme');
  b = await createTenant(t, 'Globex');
});
after(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const url = (p: string, l: string) => `/v2/projects/${p}/locks/${l}/provisioning`;

describe('GET /v2/projects/{projectId}/locks/{lockId}/provisioning', () => {
  it("answers a bundle with the project's keys and the lock's revocation list, to admin and installer", async () => {
    const lock = await createLock(t, a, { timezone: 'America/New_York' });
    const phone = newPhone();
    const start = new Date(Date.now() - 3_600_000).toISOString();
    const [k1, k2] = await createKeys(t, a, [
      { lockId: lock.id, appUserId: phone, start },
      { lockId: lock.id, appUserId: newPhone(), start },
    ]);
    await t.call('DELETE', `/v2/projects/${a.projectId}/keys/${k2!.id}`, { token: a.projectToken });

    const r = await t.call('GET', url(a.projectId, lock.id), { token: await installerToken(t, a) });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const bundle = r.body;
    assert.deepEqual(Object.keys(bundle).sort(), [
      'issuer',
      'keys',
      'lockId',
      'revocation',
      'timezone',
      'utcOffsets',
    ]);
    assert.equal(bundle.lockId, lock.id);
    assert.equal(bundle.timezone, 'America/New_York');
    assert.equal(bundle.issuer, 'http://latchkey.test');
    assert.equal(lockStateProblem(bundle), undefined);
    const keys = await t.call('GET', `/v2/projects/${a.projectId}/credential-keys`, {
      token: a.projectToken,
    });
    assert.deepEqual(bundle.keys, keys.body.keys);
    assert.deepEqual(bundle.revocation, { v: 1, keys: [k2!.id] });
    const now = Math.floor(Date.now() / 1000);
    const offset = utcOffsetAt(bundle.utcOffsets, now);
    assert.ok(offset === -300 || offset === -240, String(offset));
    // 20 years of New York's rules: two changes a year.
    assert.ok(bundle.utcOffsets.periods.length >= 39, String(bundle.utcOffsets.periods.length));

    // A lock provisioned with it opens for the service's credential, and learns nothing older.
    const token = await appToken(t, phone);
    const device = await registerDevice(t, token);
    const credential = (await fetchCredential(t, token, k1!.id, device.id)).body.credential;
    assert.deepEqual(decodePart(credential, 1).rev, bundle.revocation);
    // nbf is the issue time rounded up to a second: the lock's clock is at least there.
    const nbf = decodePart(credential, 1).nbf * 1000;
    const offline = await startOfflineLock({
      dir: join(dir, 'lock'),
      bundle,
      port: 0,
      now: () => Math.max(Date.now(), nbf),
    });
    try {
      const { result } = await presentToLock({ port: offline.port! }, credential, device.keys);
      assert.equal(result.type, 'result');
      assert.equal((result as { reason: string }).reason, 'accepted');
    } finally {
      await offline.stop();
    }
  });

  it("another tenant's lock, an unknown and an offboarded lock are 404", async () => {
    const theirs = await createLock(t, b);
    const r = await t.call('GET', url(a.projectId, theirs.id), { token: a.projectToken });
    assert.equal(r.status, 404);
    const gone = await createLock(t, a);
    await t.call('DELETE', `/v2/projects/${a.projectId}/locks/${gone.id}`, { token: a.projectToken });
    assert.equal((await t.call('GET', url(a.projectId, gone.id), { token: a.projectToken })).status, 404);
    assert.equal(
      (
        await t.call('GET', url(a.projectId, '0193a1b2-0000-7000-8000-000000000000'), {
          token: a.projectToken,
        })
      ).status,
      404,
    );
    assert.equal((await t.call('GET', url(a.projectId, theirs.id))).status, 401);
  });
});
