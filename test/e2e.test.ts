// Issue 4's end-to-end flow against a real server process, through the public HTTP API only:
// admin → client → token → project, lock, managed user, key → webhook to a real local HTTPS receiver
// with Basic credentials (trusted through NODE_EXTRA_CA_CERTS) → the app logs in with an OTP read from
// the server log and uploads an event → the receiver gets exactly the Access Event body, Basic auth and a valid
// Standard Webhooks signature → the access log shows the event. Then a key shared from the app: its
// event is in the access log, and no delivery is ever made for it.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { type Received, waitFor } from './helpers/delivery.ts';
import { appLogin, e2eFixture, tenantThroughApi } from './helpers/e2e.ts';

const OWNER = `+4791${String(process.pid % 100_000).padStart(5, '0')}1`;
const GUEST = `+4791${String(process.pid % 100_000).padStart(5, '0')}2`;
const HOOK_USER = 'hook-user';
const HOOK_PASSWORD = 'p%40ss~word.1';

const f = e2eFixture();

const SEED_FIELDS = ['id', 'action', 'created', 'keyId', 'lockId', 'lockName', 'appUserId', 'userName'];

describe('end to end through a real server process', () => {
  let projectId: string;
  let projectToken: string;
  let lockId: string;
  let keyId: string;
  let webhook: { id: string; secret: string };
  let ownerToken: string;
  let firstEvent: { id: string; keyId: string; action: 'unlocked'; created: string };

  const project = (method: string, path: string, body?: unknown) =>
    f.server.call(method, `/v2/projects/${projectId}${path}`, { body, token: projectToken });
  const deliveredFor = (id: string) => f.receiver.requests.filter((r) => r.headers['webhook-id'] === id);

  it('sets up the integrator side: tenant, lock, managed user, key, webhook with Basic credentials', async () => {
    ({ projectId, projectToken } = await tenantThroughApi(f.server));
    const lock = await project('POST', '/locks', { name: 'Front door', timezone: 'Europe/Oslo' });
    assert.equal(lock.status, 201, JSON.stringify(lock.body));
    lockId = lock.body.lock.id;
    const mu = await project('POST', '/managed-users', {
      appUserId: OWNER,
      firstName: 'Kari',
      lastName: 'Nordmann',
    });
    assert.equal(mu.status, 201, JSON.stringify(mu.body));
    const key = await project('POST', '/keys', { keys: [{ lockId, appUserId: OWNER }] });
    assert.equal(key.status, 201, JSON.stringify(key.body));
    keyId = key.body.keys[0].id;
    assert.equal(key.body.keys[0].origin, 'integrator');

    const url = `https://${HOOK_USER}:${HOOK_PASSWORD}@127.0.0.1:${f.receiver.port}/latchkey`;
    const wh = await project('POST', '/webhooks', { trigger: 'accessEvent', url, lockId });
    assert.equal(wh.status, 201, JSON.stringify(wh.body));
    assert.equal(wh.body.webhook.url, `https://${HOOK_USER}:****@127.0.0.1:${f.receiver.port}/latchkey`);
    assert.match(wh.body.webhook.secret, /^whsec_/);
    webhook = { id: wh.body.webhook.id, secret: wh.body.webhook.secret };
  });

  it('the app logs in with an OTP from the log, sees its key and uploads an event', async () => {
    ownerToken = await appLogin(f.server, OWNER);
    const keys = await f.server.call('GET', '/v2/app/keys', { token: ownerToken });
    assert.equal(keys.status, 200, JSON.stringify(keys.body));
    const mine = keys.body.keys.find((k: { id: string }) => k.id === keyId);
    assert.ok(mine, JSON.stringify(keys.body));

    firstEvent = { id: randomUUID(), keyId, action: 'unlocked', created: new Date().toISOString() };
    const up = await f.server.call('POST', '/v2/app/events', {
      token: ownerToken,
      body: { events: [firstEvent] },
    });
    assert.equal(up.status, 200, JSON.stringify(up.body));
    assert.deepEqual(up.body.results, [{ id: firstEvent.id, status: 'accepted' }]);
  });

  it('the receiver gets exactly the Access Event body, Basic auth, a valid signature, JSON and the user agent', async () => {
    const got: Received = await waitFor('the delivery', () => deliveredFor(firstEvent.id)[0], 30_000).catch(
      (e) => {
        throw new Error(`${(e as Error).message}\n${f.server.server.output()}`);
      },
    );
    assert.equal(got.path, '/latchkey');
    const expected = JSON.stringify({
      id: firstEvent.id,
      action: 'unlocked',
      created: firstEvent.created,
      keyId,
      lockId,
      lockName: 'Front door',
      appUserId: OWNER,
      userName: 'Kari Nordmann',
    });
    assert.equal(got.body, expected);
    assert.deepEqual(Object.keys(JSON.parse(got.body)), SEED_FIELDS);
    assert.equal(
      got.headers.authorization,
      `Basic ${Buffer.from(`${HOOK_USER}:${HOOK_PASSWORD}`).toString('base64')}`,
    );
    assert.match(String(got.headers['content-type']), /^application\/json\b/);
    assert.match(String(got.headers['user-agent']), /^Latchkey-Webhooks\/\d+\.\d+\.\d+$/);
    assert.equal(got.headers['webhook-id'], firstEvent.id);
    const verified = new Webhook(webhook.secret).verify(got.body, got.headers as Record<string, string>);
    assert.deepEqual(verified, JSON.parse(expected));
    // A signature made with another secret must not verify: the check above is a real one.
    assert.throws(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(
        got.body,
        got.headers as Record<string, string>,
      ),
    );

    const d = await waitFor('the delivery recorded as succeeded', async () => {
      const r = await project('GET', `/webhooks/${webhook.id}/deliveries`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const x = r.body.deliveries.find((y: { eventId: string }) => y.eventId === firstEvent.id);
      return x?.status === 'succeeded' ? x : undefined;
    });
    assert.equal(d.attemptCount, 1);
    assert.equal(d.attempts[0].responseStatus, 204);
  });

  it('the access log shows the event, project-wide and for the lock, with received and origin', async () => {
    for (const path of ['/logs/access', `/locks/${lockId}/logs/access`]) {
      const r = await project('GET', path);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const e = r.body.accessEvents.find((x: { id: string }) => x.id === firstEvent.id);
      assert.ok(e, `${path}: ${JSON.stringify(r.body)}`);
      assert.deepEqual(
        { ...e, received: undefined },
        {
          id: firstEvent.id,
          action: 'unlocked',
          created: firstEvent.created,
          keyId,
          lockId,
          lockName: 'Front door',
          appUserId: OWNER,
          userName: 'Kari Nordmann',
          received: undefined,
          origin: 'integrator',
        },
      );
      assert.ok(Date.parse(e.received) >= Date.parse(firstEvent.created), e.received);
    }
  });

  it('uploading the same event again is a duplicate: no second delivery', async () => {
    const up = await f.server.call('POST', '/v2/app/events', {
      token: ownerToken,
      body: { events: [firstEvent] },
    });
    assert.equal(up.status, 200);
    assert.deepEqual(up.body.results, [{ id: firstEvent.id, status: 'duplicate' }]);
  });

  it('an event of a key shared from the app is in the access log but is never delivered', async () => {
    const right = await project('POST', '/sharing-rights', { sharingRights: [{ lockId, appUserId: OWNER }] });
    assert.equal(right.status, 201, JSON.stringify(right.body));
    const shared = await f.server.call('POST', `/v2/app/keys/${keyId}/share`, {
      token: ownerToken,
      body: { appUserId: GUEST },
    });
    assert.equal(shared.status, 201, JSON.stringify(shared.body));
    assert.equal(shared.body.key.origin, 'shared');
    assert.equal(shared.body.key.sharedBy, OWNER);

    const guestToken = await appLogin(f.server, GUEST);
    const guestEvent = {
      id: randomUUID(),
      keyId: shared.body.key.id,
      action: 'locked',
      created: new Date().toISOString(),
    };
    const up = await f.server.call('POST', '/v2/app/events', {
      token: guestToken,
      body: { events: [guestEvent] },
    });
    assert.deepEqual(up.body.results, [{ id: guestEvent.id, status: 'accepted' }]);

    // An integrator event uploaded after it is delivered: the worker has run past the shared one.
    const later = { id: randomUUID(), keyId, action: 'locked', created: new Date().toISOString() };
    const up2 = await f.server.call('POST', '/v2/app/events', {
      token: ownerToken,
      body: { events: [later] },
    });
    assert.deepEqual(up2.body.results, [{ id: later.id, status: 'accepted' }]);
    await waitFor('the later integrator delivery', () => deliveredFor(later.id)[0], 30_000);
    const all = await project('GET', `/webhooks/${webhook.id}/deliveries?limit=100`);
    assert.deepEqual(
      all.body.deliveries.map((d: { eventId: string }) => d.eventId).sort(),
      [firstEvent.id, later.id].sort(),
    );
    assert.equal(deliveredFor(guestEvent.id).length, 0);
    assert.equal(deliveredFor(firstEvent.id).length, 1);
    assert.deepEqual(
      f.receiver.requests.map((r) => r.headers['webhook-id']).sort(),
      [firstEvent.id, later.id].sort(),
    );

    const log = await project('GET', `/locks/${lockId}/logs/access`);
    const e = log.body.accessEvents.find((x: { id: string }) => x.id === guestEvent.id);
    assert.ok(e, JSON.stringify(log.body));
    assert.equal(e.origin, 'shared');
    assert.equal(e.appUserId, GUEST);
    assert.equal(e.keyId, shared.body.key.id);
    assert.equal(e.action, 'locked');
    assert.deepEqual(
      log.body.accessEvents.map((x: { id: string }) => x.id).sort(),
      [firstEvent.id, guestEvent.id, later.id].sort(),
    );
  });
});
