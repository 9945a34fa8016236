// The offline-credential proof, end to end, with the service as a real process spoken to only
// through its public HTTP API: an integrator gives a phone a key with a weekly window; the phone
// logs in with a one-time code, registers its device key and fetches its credential; the lock is
// provisioned from the service. Then the SERVICE IS STOPPED (its process killed, its port refusing
// connections): the phone opens the virtual offline lock inside the window and is refused outside
// it (the lock's clock driven through its options). The service starts again on the same store and
// port; the phone uploads the lock's journal and the integrator's HTTPS webhook receiver gets the
// signed access event with the lock's time as `created`. The integrator revokes the key; another
// user's new credential for the same lock carries the revocation to the lock, which then refuses
// the revoked phone although its credential has not expired.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { journalEvents, journalRead } from '../src/dev/lock-journal.ts';
import { type OfflineLock, startOfflineLock } from '../src/dev/virtual-lock-offline.ts';
import { presentToLock } from '../src/dev/virtual-phone.ts';
import { localClock, WEEKDAYS } from '../src/time/recurrence.ts';
import { type Receiver, startReceiver, waitFor } from './helpers/delivery.ts';
import { appLogin, type E2eServer, startE2eServer, tenantThroughApi } from './helpers/e2e.ts';
import { newDeviceKeys } from './helpers/phone.ts';
import { type ProcessStore, processStore } from './helpers/process.ts';

const TZ = 'Europe/Oslo';
const pid = String(process.pid % 100_000).padStart(5, '0');
const HOLDER = `+4792${pid}1`;
const NEIGHBOUR = `+4792${pid}2`;
const MINUTE = 60_000;

let store: ProcessStore;
let receiver: Receiver;
let server: E2eServer;
let lock: OfflineLock | undefined;
/** The lock's clock (ms); the test moves it. */
let lockClock = Date.now();
const lockDir = mkdtempSync(join(tmpdir(), 'latchkey-offline-e2e-'));

before(async () => {
  store = await processStore({ migrated: true });
  receiver = await startReceiver((_r, res) => {
    res.writeHead(204).end();
  });
  server = await startE2eServer(store);
});
after(async () => {
  await lock?.stop();
  await server?.stop();
  await receiver?.close();
  await store?.dispose();
  rmSync(lockDir, { recursive: true, force: true });
});

interface Phone {
  token: string;
  device: CryptoKeyPair;
  credential: string;
  nbf: number;
  exp: number;
}

async function phoneWithCredential(phone: string, keyId: string): Promise<Phone> {
  const token = await appLogin(server, phone);
  const { keys, jwk } = await newDeviceKeys();
  const d = await server.call('POST', '/v2/app/devices', { token, body: { publicKey: jwk, name: 'phone' } });
  assert.equal(d.status, 201, JSON.stringify(d.body));
  const c = await server.call('GET', `/v2/app/keys/${keyId}/credential?deviceId=${d.body.device.id}`, {
    token,
  });
  assert.equal(c.status, 200, JSON.stringify(c.body));
  const claims = JSON.parse(Buffer.from(c.body.credential.split('.')[1], 'base64url').toString());
  return {
    token,
    device: keys,
    credential: c.body.credential,
    nbf: claims.nbf * 1000,
    exp: claims.exp * 1000,
  };
}

async function present(p: Phone, at: number) {
  lockClock = at;
  const { result } = await presentToLock({ port: lock!.port! }, p.credential, p.device);
  assert.equal(result.type, 'result', JSON.stringify(result));
  return result as { accepted: boolean; reason: string; event?: { id: string; created: string } };
}

describe('offline credentials, end to end, with the service stopped in between', () => {
  let projectId: string;
  let projectToken: string;
  let lockId: string;
  let holderKey: string;
  let neighbourKey: string;
  let webhook: { id: string; secret: string };
  let holder: Phone;
  let opened: { id: string; created: string };

  const project = (method: string, path: string, body?: unknown) =>
    server.call(method, `/v2/projects/${projectId}${path}`, { body, token: projectToken });

  it('the integrator gives a key with a weekly window, the phone fetches its credential, the lock is provisioned', async () => {
    ({ projectId, projectToken } = await tenantThroughApi(server));
    const l = await project('POST', '/locks', { name: 'Storage room', timezone: TZ });
    assert.equal(l.status, 201, JSON.stringify(l.body));
    lockId = l.body.lock.id;
    // The window: today (on the lock's wall clock), all day. So "now" is inside, and a minute
    // after the coming midnight, a day the key has no window, is outside, both before exp.
    const today = WEEKDAYS[localClock(new Date(), TZ).weekday]!;
    const start = new Date(Date.now() - 60 * MINUTE).toISOString();
    const keys = await project('POST', '/keys', {
      keys: [
        {
          lockId,
          appUserId: HOLDER,
          start,
          recurrence: { windows: [{ days: [today], from: '00:00', to: '24:00' }] },
        },
        { lockId, appUserId: NEIGHBOUR, start },
      ],
    });
    assert.equal(keys.status, 201, JSON.stringify(keys.body));
    [holderKey, neighbourKey] = keys.body.keys.map((k: { id: string }) => k.id);
    const wh = await project('POST', '/webhooks', {
      trigger: 'accessEvent',
      url: `https://127.0.0.1:${receiver.port}/hooks/latchkey`,
      lockId,
    });
    assert.equal(wh.status, 201, JSON.stringify(wh.body));
    webhook = { id: wh.body.webhook.id, secret: wh.body.webhook.secret };

    holder = await phoneWithCredential(HOLDER, holderKey);
    const bundle = await project('GET', `/locks/${lockId}/provisioning`);
    assert.equal(bundle.status, 200, JSON.stringify(bundle.body));
    lock = await startOfflineLock({ dir: lockDir, bundle: bundle.body, port: 0, now: () => lockClock });
  });

  it('the service is stopped: the lock opens inside the window and refuses outside it', async () => {
    await server.stop();
    await assert.rejects(fetch(`${server.base}/readyz`), 'the service still answers');

    const inside = Math.max(Date.now(), holder.nbf);
    const r1 = await present(holder, inside);
    assert.equal(r1.reason, 'accepted');
    assert.equal(r1.event!.created, new Date(inside).toISOString());
    opened = r1.event!;

    const local = localClock(new Date(inside), TZ);
    const nextMidnight = inside - (local.minutes * MINUTE + (inside % MINUTE)) + 24 * 60 * MINUTE;
    const outside = nextMidnight + MINUTE;
    assert.ok(outside < holder.exp, 'the test needs the next day to begin before the credential expires');
    const r2 = await present(holder, outside);
    assert.deepEqual([r2.accepted, r2.reason], [false, 'outside_window']);
    const journal = journalRead(lock!.journalFile);
    assert.deepEqual(
      journal.map((e) => e.reason),
      ['accepted', 'outside_window'],
    );
  });

  it("the service starts again; the journal uploaded reaches the webhook, signed, with the lock's time", async () => {
    server = await startE2eServer(store, {}, { port: Number(new URL(server.base).port) });
    lockClock = Date.now();
    const events = journalEvents(journalRead(lock!.journalFile));
    assert.deepEqual(events, [
      { id: opened.id, keyId: holderKey, action: 'unlocked', created: opened.created },
    ]);
    const up = await server.call('POST', '/v2/app/events', { token: holder.token, body: { events } });
    assert.equal(up.status, 200, JSON.stringify(up.body));
    assert.deepEqual(up.body.results, [{ id: opened.id, status: 'accepted' }]);

    const got = await waitFor(
      'the signed access event',
      () => receiver.requests.find((r) => r.headers['webhook-id'] === opened.id),
      30_000,
    );
    const body = new Webhook(webhook.secret).verify(
      got.body,
      got.headers as Record<string, string>,
    ) as Record<string, unknown>;
    assert.equal(body.id, opened.id);
    assert.equal(body.keyId, holderKey);
    assert.equal(body.lockId, lockId);
    assert.equal(body.action, 'unlocked');
    assert.equal(body.created, opened.created);
    assert.equal(body.appUserId, HOLDER);
  });

  it("after the integrator revokes the key, another user's credential tells the lock, which refuses the revoked phone", async () => {
    const revoked = await project('DELETE', `/keys/${holderKey}`);
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
    const again = await server.call(
      'GET',
      `/v2/app/keys/${holderKey}/credential?deviceId=00000000-0000-7000-8000-000000000000`,
      {
        token: holder.token,
      },
    );
    assert.equal(again.status, 409);

    // Before the news: the lock still opens for the revoked phone (it cannot know).
    const stillOpen = await present(holder, Math.max(Date.now(), holder.nbf));
    assert.equal(stillOpen.reason, 'accepted');

    const neighbour = await phoneWithCredential(NEIGHBOUR, neighbourKey);
    const rev = JSON.parse(Buffer.from(neighbour.credential.split('.')[1]!, 'base64url').toString()).rev;
    assert.ok(rev.keys.includes(holderKey), JSON.stringify(rev));
    const now = Math.max(Date.now(), neighbour.nbf, holder.nbf);
    assert.equal((await present(neighbour, now)).reason, 'accepted');
    assert.equal(lock!.state().revocation.v, rev.v);

    assert.ok(now < holder.exp, "the revoked phone's credential has not expired");
    const refused = await present(holder, now);
    assert.deepEqual([refused.accepted, refused.reason], [false, 'revoked']);
  });
});
