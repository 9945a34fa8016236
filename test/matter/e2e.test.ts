// The whole path with a real Matter lock: the service, a `latchkey bridge` and a virtual lock, each
// a real process in its own network namespace on a private IPv6 LAN (test/helpers/netns.ts), the
// bridge connecting out to the service over that LAN. The test process stays on the host and
// reaches the service through a Unix socket forwarded into the service's namespace; the webhook
// receiver runs beside the service. On PostgreSQL the service reaches the database by its Unix
// socket (the namespace has no route to the host's loopback).
//   commission with the pairing code → a key with a PIN and a window: the reconciler writes it, the
//   PIN opens inside the window (an access event, delivered signed) and is refused outside it;
//   revoked, the PIN stops working → an app user's remote unlock answers 200 with its event →
//   the integrator's HTTPS receiver gets it, signed → the service stops, a PIN is typed at the door,
//   the service starts again: the event arrives once → the bridge is killed: 503 with
//   Retry-After.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, test } from 'node:test';
import { devCa } from '../../src/dev/certificates.ts';
import { ADMIN_TOKEN } from '../helpers/app.ts';
import { type MatterLab, matterLab } from '../helpers/matter.ts';
import { netnsSkip } from '../helpers/netns.ts';
import { type ProcessStore, processStore } from '../helpers/process.ts';

const skip = netnsSkip();
const ROOT = join(import.meta.dirname, '..', '..');
const LATCHKEY = join(ROOT, 'bin', 'latchkey.js');
const PORT = 18000 + (process.pid % 1000);
const RECEIVER_PORT = 19443;
const LOG_LEVEL = process.env.MATTER_TEST_LOG_LEVEL ?? 'error';

let lab: MatterLab;
let store: ProcessStore;
let work: string;
let socket: string;
const outputs: Record<string, () => string> = {};

function collect(name: string, child: ChildProcess, onLine?: (line: string) => void) {
  let out = '';
  child.stderr?.on('data', (d) => {
    out += d;
  });
  if (child.stdout)
    createInterface({ input: child.stdout }).on('line', (l) => {
      out += `${l}\n`;
      onLine?.(l);
    });
  outputs[name] = () => out;
}

/** An HTTP request to the service, through the Unix socket forwarded into its namespace. */
function api(method: string, path: string, o: { token?: string; body?: unknown } = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: any }>((resolve, reject) => {
    const body = o.body === undefined ? undefined : JSON.stringify(o.body);
    const req = request(
      {
        socketPath: socket,
        path,
        method,
        headers: {
          host: 'latchkey.test',
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode!, headers: res.headers, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function until<T>(what: string, fn: () => Promise<T | undefined | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  let lastError = '';
  for (;;) {
    const v = await fn().catch((e: Error) => {
      lastError = e.message;
      return undefined;
    });
    if (v) return v;
    if (Date.now() > end)
      throw new Error(
        `timed out waiting for ${what} (${lastError})\n${Object.entries(outputs)
          .map(([k, f]) => `--- ${k}\n${f().slice(-3000)}`)
          .join('\n')}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

let service: ChildProcess | undefined;

function startService() {
  const svcAddress = lab.net.hosts.svc!.address;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    ...store.env,
    HOST: '::',
    PORT: String(PORT),
    LATCHKEY_PUBLIC_URL: `http://[${svcAddress}]:${PORT}`,
    LATCHKEY_ADMIN_TOKEN: ADMIN_TOKEN,
    LATCHKEY_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8,::1/128',
    LATCHKEY_LOG_LEVEL: 'info',
    LATCHKEY_BRIDGE: 'off',
    NODE_EXTRA_CA_CERTS: devCa(work).certFile,
  };
  if (env.DATABASE_URL) {
    // Inside the namespace the database is reached by its Unix socket.
    const u = new URL(env.DATABASE_URL);
    u.searchParams.set('host', process.env.TEST_PG_SOCKET_DIR ?? '/var/run/postgresql');
    env.DATABASE_URL = u.toString();
  }
  service = lab.net.spawn('svc', process.execPath, [LATCHKEY, 'serve'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  collect('service', service);
  return until(
    'the service to answer /readyz',
    async () => (await api('GET', '/readyz')).status === 200,
    240_000,
  );
}

async function stopService() {
  const s = service!;
  const exited = new Promise((r) => s.once('exit', r));
  s.kill('SIGTERM');
  await exited;
}

before(async () => {
  if (skip) return;
  lab = await matterLab(['svc', 'bridge', 'lock']);
  store = await processStore();
  work = store.env.LATCHKEY_DATA_DIR!;
  const sockDir = mkdtempSync(join(tmpdir(), 'latchkey-e2e-'));
  socket = join(sockDir, 'api.sock');
  // The test's way in: a Unix socket in the service's namespace, forwarded to the service's port.
  const forward = lab.net.spawn(
    'svc',
    process.execPath,
    [
      '-e',
      `const net = require('node:net');
       net.createServer((c) => { const u = net.connect(${PORT}, '::1'); c.pipe(u).pipe(c);
         u.on('error', () => c.destroy()); c.on('error', () => u.destroy()); })
         .listen(process.argv[1], () => console.log('ready'));`,
      socket,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  collect('forwarder', forward);
  await until('the forwarder', async () => outputs.forwarder!().includes('ready'), 30_000);
  await startService();
});

after(async () => {
  if (skip) return;
  await lab?.close();
  await store?.dispose();
});

test('a real Matter lock through a bridge, end to end', { skip, timeout: 600_000 }, async () => {
  // Tenancy, a lock, a key for an app user, a webhook to the receiver, a bridge.
  const org = await api('POST', '/admin/v1/organizations', { token: ADMIN_TOKEN, body: { name: 'Door Co' } });
  const organizationId = org.body.organization.id;
  const client = await api('POST', `/admin/v1/organizations/${organizationId}/clients`, {
    token: ADMIN_TOKEN,
    body: { name: 'c' },
  });
  const creds = {
    grant_type: 'client_credentials',
    client_id: client.body.client.id,
    client_secret: client.body.clientSecret,
  };
  const orgToken = (
    await api('POST', '/v2/auth/token', {
      body: { ...creds, scope: 'organization.admin', organization_id: organizationId },
    })
  ).body.access_token;
  const project = await api('POST', `/v2/organization/${organizationId}/projects`, {
    token: orgToken,
    body: { name: 'Site', timezone: 'Europe/Oslo' },
  });
  const projectId = project.body.project.id;
  const token = (
    await api('POST', '/v2/auth/token', { body: { ...creds, scope: 'project.admin', project_id: projectId } })
  ).body.access_token;
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
  const appToken = (await api('POST', '/admin/v1/app-tokens', { token: ADMIN_TOKEN, body: { appUserId } }))
    .body.access_token;
  const hook = await api('POST', `/v2/projects/${projectId}/webhooks`, {
    token,
    body: { lockId, url: `https://127.0.0.1:${RECEIVER_PORT}/hook` /* no DNS inside the namespace */ },
  });
  assert.equal(hook.status, 201, JSON.stringify(hook.body));
  const deliveries: string[] = [];
  const receiver = lab.net.spawn(
    'svc',
    process.execPath,
    [LATCHKEY, 'receive', '--port', String(RECEIVER_PORT), '--secret', hook.body.webhook.secret],
    {
      cwd: ROOT,
      env: { ...process.env, LATCHKEY_DATA_DIR: work },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  collect('receiver', receiver, (l) => deliveries.push(l));
  await until('the receiver', async () => outputs.receiver!().includes('listening'), 60_000);
  const bridge = await api('POST', `/v2/organization/${organizationId}/bridges`, {
    token: orgToken,
    body: { name: 'Hall' },
  });
  const bridgeId = bridge.body.bridge.id;

  // The bridge and the lock, each in its own namespace.
  const startBridge = () => {
    const child = lab.net.spawn(
      'bridge',
      process.execPath,
      [
        LATCHKEY,
        'bridge',
        '--url',
        `http://[${lab.net.hosts.svc!.address}]:${PORT}`,
        '--state-dir',
        join(work, 'bridge'),
        '--log-level',
        LOG_LEVEL,
      ],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          LATCHKEY_BRIDGE_TOKEN: bridge.body.token,
          LATCHKEY_MATTER_LIVENESS_SECONDS: '10',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    collect('bridge', child);
    return child;
  };
  const bridgeProcess = startBridge();
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
    async () => deliveries.some((l) => l.includes(keypadEvent.id)),
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
        deliveries.some((l) => l.includes('signature verified')) &&
        deliveries.some((l) => l.includes(op.body.event.id));
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
  await stopService();
  assert.equal(await typePin(doorKey.pin.code), 'unlocked');
  await until(
    'the bridge to hold the event',
    async () => outputs.bridge!().includes('report-failed'),
    30_000,
  );
  await startService();
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
