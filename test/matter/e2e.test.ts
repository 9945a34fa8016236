// The whole path with a real Matter lock: the service, a `latchkey bridge` and a virtual lock, each
// a real process in its own network namespace on a private IPv6 LAN (test/helpers/netns.ts), the
// bridge connecting out to the service over that LAN (set up by test/helpers/matter-service.ts, which
// bench:matter shares). The test process stays on the host and reaches the service through a Unix
// socket forwarded into the service's namespace; the webhook receiver runs beside the service.
//   commission with the pairing code → a key with a PIN and a window: the reconciler writes it, the
//   PIN opens inside the window (an access event, delivered signed) and is refused outside it;
//   revoked, the PIN stops working → an app user's remote unlock answers 200 with its event →
//   the integrator's HTTPS receiver gets it, signed → the service stops, a PIN is typed at the door,
//   the service starts again: the event arrives once → the bridge is killed: 503 with
//   Retry-After.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  matterTenancy,
  appToken as newAppToken,
  type ServiceLab,
  serviceLab,
} from '../helpers/matter-service.ts';
import { netnsSkip } from '../helpers/netns.ts';

const skip = netnsSkip();
const PORT = 18000 + (process.pid % 1000);
const RECEIVER_PORT = 19443;

let s: ServiceLab;

before(async () => {
  if (skip) return;
  s = await serviceLab(PORT, ['bridge', 'lock']);
});

after(async () => {
  if (skip) return;
  await s?.close();
});

test('a real Matter lock through a bridge, end to end', { skip, timeout: 600_000 }, async () => {
  // Tenancy, a lock, a key for an app user, a webhook to the receiver, a bridge.
  const { api, until, outputs, lab } = s;
  const { organizationId, orgToken, projectId, token } = await matterTenancy(s);
  // In UTC like the virtual lock, so the window below is plain to compute.
  const lock = await api('POST', `/v2/projects/${projectId}/locks`, {
    token,
    body: { name: 'Front door', timezone: 'UTC' },
  });
  const lockId = lock.body.lock.id;
  const appUserId = '+4790000001';
  const keys = await api('POST', `/v2/projects/${projectId}/keys`, {
    token,
    body: { keys: [{ lockId, appUserId, start: new Date(Date.now() - 3_600_000).toISOString() }] },
  });
  assert.equal(keys.status, 201, JSON.stringify(keys.body));
  const keyId = keys.body.keys[0].id;
  const appToken = await newAppToken(s, appUserId);
  const hook = await api('POST', `/v2/projects/${projectId}/webhooks`, {
    token,
    body: { lockId, url: `https://127.0.0.1:${RECEIVER_PORT}/hook` /* no DNS inside the namespace */ },
  });
  assert.equal(hook.status, 201, JSON.stringify(hook.body));
  const received = await s.startReceiver(RECEIVER_PORT, hook.body.webhook.secret);
  const deliveries = received.lines;
  const bridge = await api('POST', `/v2/organization/${organizationId}/bridges`, {
    token: orgToken,
    body: { name: 'Hall' },
  });
  const bridgeId = bridge.body.bridge.id;

  // The bridge and the lock, each in its own namespace.
  const bridgeProcess = s.startBridge('bridge', bridge.body.token);
  const theLock = await lab.startLock('lock', { timeZone: 'UTC' });
  await until('the bridge online', async () => {
    const b = await api('GET', `/v2/organization/${organizationId}/bridges/${bridgeId}`, { token: orgToken });
    return b.body.bridge.status === 'online';
  });

  // 1. Commission with the pairing code the lock printed.
  const put = await api('PUT', `/v2/projects/${projectId}/locks/${lockId}/connection`, {
    token,
    body: { type: 'matter', pairingCode: theLock.ready.manualPairingCode },
  });
  assert.equal(put.status, 202, JSON.stringify(put.body));
  assert.equal(put.body.lock.connection.status, 'commissioning');
  const connected = await until('the lock online', async () => {
    const l = (await api('GET', `/v2/projects/${projectId}/locks/${lockId}`, { token })).body.lock;
    return l.connection?.status === 'online'
      ? l
      : l.connection?.status === 'failed'
        ? Promise.reject(new Error(JSON.stringify(l.connection)))
        : undefined;
  });
  assert.equal(connected.connection.keypad, true);
  assert.equal(connected.connection.capacity.users, 10);

  // 2. A key with a PIN and a window around the hour now: the reconciler writes it into the lock.
  //    Typed inside the window it opens, and is the key's access event, delivered signed; typed
  //    outside it (the lock's clock 3 h ahead) it is refused.
  const hour = new Date().getUTCHours();
  const hh = (h: number) => String(h).padStart(2, '0');
  const window = {
    days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
    from: `${hh(Math.max(0, hour - 1))}:00`,
    to: `${hh(Math.min(23, hour + 1))}:59`,
  };
  const pinAsked = performance.now();
  const pinKeys = await api('POST', `/v2/projects/${projectId}/keys`, {
    token,
    body: {
      keys: [
        {
          lockId,
          appUserId,
          pin: true,
          start: new Date(Date.now() - 3_600_000).toISOString(),
          recurrence: { windows: [window] },
        },
      ],
    },
  });
  assert.equal(pinKeys.status, 201, JSON.stringify(pinKeys.body));
  const pinKey = pinKeys.body.keys[0] as { id: string; pin: { code: string } };
  const pinStatus = async () =>
    (await api('GET', `/v2/projects/${projectId}/keys/${pinKey.id}`, { token })).body.key.pin
      .status as string;
  await until('the PIN set on the lock', async () => (await pinStatus()) === 'set', 30_000);
  const pinLiveMs = performance.now() - pinAsked;
  const typePin = async (pin: string) =>
    ((await theLock.control({ op: 'enter-pin', pin })) as { outcome: string }).outcome;
  assert.equal(await typePin(pinKey.pin.code), 'unlocked');
  const keypadEvent = await until('the keypad access event', async () => {
    const l = await api('GET', `/v2/projects/${projectId}/logs/access?keyId=${pinKey.id}`, { token });
    return l.body.accessEvents[0] as { id: string } | undefined;
  });
  await until(
    'the keypad event delivered',
    async () => deliveries.some(({ line }) => line.includes(keypadEvent.id)),
    30_000,
  );
  await theLock.control({ op: 'clock', offsetSeconds: 3 * 3600 });
  assert.equal(await typePin(pinKey.pin.code), 'outsideSchedule');
  await theLock.control({ op: 'clock', offsetSeconds: 0 });

  // Revoking the key: the PIN stops working.
  const revokeAsked = performance.now();
  assert.equal((await api('DELETE', `/v2/projects/${projectId}/keys/${pinKey.id}`, { token })).status, 200);
  await until('the PIN removed from the lock', async () => (await pinStatus()) === 'removed', 30_000);
  const pinDeadMs = performance.now() - revokeAsked;
  assert.equal(await typePin(pinKey.pin.code), 'wrongCode');
  process.stderr.write(
    `\ne2e figures (not asserted): key created → PIN set ${pinLiveMs.toFixed(0)} ms; revoked → PIN removed ${pinDeadMs.toFixed(0)} ms\n`,
  );

  // 3. An app user's remote unlock answers 200 with its event.
  const op = await api('POST', `/v2/app/keys/${keyId}/operate`, {
    token: appToken,
    body: { action: 'unlocked' },
  });
  assert.equal(op.status, 200, JSON.stringify(op.body));
  assert.equal(op.body.event.action, 'unlocked');
  assert.equal(op.body.event.keyId, keyId);
  assert.equal(((await theLock.control({ op: 'status' })) as { lockState: string }).lockState, 'unlocked');

  // 4. The integrator's HTTPS receiver gets the signed access event.
  await until(
    'the signed delivery',
    async () => {
      const seen =
        deliveries.some(({ line }) => line.includes('signature verified')) &&
        deliveries.some(({ line }) => line.includes(op.body.event.id));
      if (!seen) {
        const d = await api('GET', `/v2/projects/${projectId}/webhooks/${hook.body.webhook.id}/deliveries`, {
          token,
        });
        outputs.deliveries = () => JSON.stringify(d.body);
      }
      return seen;
    },
    30_000,
  );

  // 5. The service stops; the PIN of a live key is typed at the door; the service starts: the
  //    event arrives once, as lock activity and as the key's access event.
  const doorKeys = await api('POST', `/v2/projects/${projectId}/keys`, {
    token,
    body: { keys: [{ lockId, appUserId, pin: true, start: new Date(Date.now() - 3_600_000).toISOString() }] },
  });
  assert.equal(doorKeys.status, 201, JSON.stringify(doorKeys.body));
  const doorKey = doorKeys.body.keys[0] as { id: string; pin: { code: string } };
  await until(
    'the second PIN set on the lock',
    async () =>
      (await api('GET', `/v2/projects/${projectId}/keys/${doorKey.id}`, { token })).body.key.pin.status ===
      'set',
    30_000,
  );
  await s.stopService();
  assert.equal(await typePin(doorKey.pin.code), 'unlocked');
  await until(
    'the bridge to hold the event',
    async () => outputs.bridge!().includes('report-failed'),
    30_000,
  );
  await s.startService();
  const keypadOf = async () =>
    (
      (await api('GET', `/v2/projects/${projectId}/locks/${lockId}/activity`, { token })).body.activity as {
        kind: string;
        source: string;
        keyId?: string;
      }[]
    ).filter((x) => x.kind === 'operated' && x.source === 'keypad' && x.keyId === doorKey.id);
  await until('the keypad unlock in the lock activity', async () => (await keypadOf()).length > 0);
  await new Promise((r) => setTimeout(r, 1500)); // a second report (a replay) would show by now
  assert.equal((await keypadOf()).length, 1);
  const doorLog = await api('GET', `/v2/projects/${projectId}/logs/access?keyId=${doorKey.id}`, { token });
  assert.equal(doorLog.body.accessEvents.length, 1, JSON.stringify(doorLog.body));

  // 6. The bridge is killed: 503 with Retry-After.
  bridgeProcess.kill('SIGKILL');
  await until('the bridge offline', async () => {
    const b = await api('GET', `/v2/organization/${organizationId}/bridges/${bridgeId}`, { token: orgToken });
    return b.body.bridge.status === 'offline';
  });
  const down = await api('POST', `/v2/app/keys/${keyId}/operate`, {
    token: appToken,
    body: { action: 'locked' },
  });
  assert.equal(down.status, 503, JSON.stringify(down.body));
  assert.ok(Number(down.headers['retry-after']) > 0);
  assert.equal(down.body.status, 503);
});
