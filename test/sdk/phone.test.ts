// The typed client's phone side (sdk/typescript/src/phone.ts) against a real app on a port: it
// registers the device key once, fetches and caches a credential per key (and forgets a revoked
// key's), answers the virtual offline lock's challenge with the credential for that lock (the
// verifier package's answerChallenge, handed in), queues the lock's events and uploads them once.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { LatchkeyClient, LatchkeyPhone, type LockEvent } from '../../sdk/typescript/src/index.ts';
import { startOfflineLock } from '../../src/dev/virtual-lock-offline.ts';
import { exchangeWithLock } from '../../src/dev/virtual-phone.ts';
import { answerChallenge } from '../../verifier/typescript/src/presentation.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { newPhone } from '../helpers/events.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { newDeviceKeys } from '../helpers/phone.ts';
import { appToken, createKeys, createLock } from '../helpers/resources.ts';

let t: TestApp;
let a: Tenant;
let base: string;
const dir = mkdtempSync(join(tmpdir(), 'latchkey-sdk-phone-'));
before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'Acme');
  base = await t.baseUrl();
});
after(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('LatchkeyPhone', () => {
  it('registers, caches credentials, opens the offline lock, and uploads what it recorded', async () => {
    const lock = await createLock(t, a, { timezone: 'Europe/Oslo' });
    const other = await createLock(t, a, { name: 'Gate' });
    const number = newPhone();
    const start = new Date(Date.now() - 3_600_000).toISOString();
    const [key, gateKey] = await createKeys(t, a, [
      { lockId: lock.id, appUserId: number, start },
      { lockId: other.id, appUserId: number, start },
    ]);
    const client = new LatchkeyClient({ baseUrl: base, token: await appToken(t, number) });
    const { keys } = await newDeviceKeys();
    const phone = new LatchkeyPhone({ client, keys, answerChallenge });
    const deviceId = await phone.registerDevice('test phone');
    assert.equal(await phone.registerDevice(), deviceId); // once
    const devices = await t.call('GET', '/v2/app/devices', { token: await appToken(t, number) });
    assert.equal(devices.body.devices.length, 1);

    const cached = await phone.refresh();
    assert.deepEqual(cached.map((c) => c.keyId).sort(), [key!.id, gateKey!.id].sort());
    const first = phone.credentialFor(lock.id)!.credential;
    await phone.refresh(); // still fresh: not fetched again
    assert.equal(phone.credentialFor(lock.id)!.credential, first);

    const bundle = await t.call('GET', `/v2/projects/${a.projectId}/locks/${lock.id}/provisioning`, {
      token: a.projectToken,
    });
    const nbf = JSON.parse(Buffer.from(first.split('.')[1]!, 'base64url').toString()).nbf * 1000;
    const offline = await startOfflineLock({
      dir: join(dir, 'lock'),
      bundle: bundle.body,
      port: 0,
      now: () => Math.max(Date.now(), nbf),
    });
    try {
      const { result } = await exchangeWithLock({ port: offline.port! }, (c) => phone.answer(c));
      const r = result as { accepted: boolean; reason: string; event?: LockEvent };
      assert.deepEqual([r.accepted, r.reason], [true, 'accepted']);
      phone.record(r.event!);
      phone.record(r.event!); // once
      assert.equal(phone.queued.length, 1);
    } finally {
      await offline.stop();
    }

    // Saved and restored (the app restarted), then online again.
    const restored = new LatchkeyPhone({ client, keys, answerChallenge, state: phone.state() });
    const up = await restored.upload();
    assert.equal(up.accepted.length, 1);
    assert.equal(restored.queued.length, 0);
    assert.deepEqual(await restored.upload(), { accepted: [], duplicate: [], rejected: [] });

    // A revoked key's credential is forgotten on the next refresh.
    await t.call('DELETE', `/v2/projects/${a.projectId}/keys/${gateKey!.id}`, { token: a.projectToken });
    const after = await restored.refresh();
    assert.deepEqual(
      after.map((c) => c.keyId),
      [key!.id],
    );
    await assert.rejects(
      restored.answer({ type: 'challenge', lockId: other.id, nonce: 'AAAAAAAAAAAAAAAAAAAAAA' }),
      /no credential for lock/,
    );
  });
});
