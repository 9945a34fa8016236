// The service part of bench:matter (`npm run bench:matter -- --service`): N virtual locks (BENCH_LOCKS,
// default 20) connected to the service through one `latchkey bridge`, the service, the bridge and
// every lock each a real process in its own network namespace on a private IPv6 LAN, set up as
// test/matter/e2e.test.ts sets them up (test/helpers/matter-service.ts). The store is PGlite, or a
// fresh PostgreSQL database when TEST_DATABASE_URL is set. Measured end to end, from this process on
// the host (it reaches the service through a Unix socket forwarded into the service's namespace, and
// the locks through their control sockets):
//   - commissioning: PUT .../connection → GET shows `connection.status: online`;
//   - remote unlock (and lock): an app user's POST /v2/app/keys/{keyId}/operate answered 200 with its
//     event (BENCH_ROUNDS per lock, alternating unlock and lock);
//   - key change → PIN live: a key created with `pin` (POST) → the lock's own user table holds a new
//     user with a credential; then (once the service shows the PIN `set`) the PIN typed at its
//     keypad opens it;
//   - revocation → PIN dead: DELETE → that user gone from the lock, then the PIN typed is refused;
//   - keypad → webhook: the PIN typed → the signed delivery of its access event at the HTTPS
//     receiver (`latchkey receive` beside the service, which checks the signature);
//   - the bridge's memory (RSS now and peak, from /proc).
// Polls run every POLL_MS (25 ms), which bounds their resolution.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { LockProcess } from '../test/helpers/matter.ts';
import { appToken, matterTenancy, serviceLab } from '../test/helpers/matter-service.ts';
import { fmt, loadAverage, peakRssMb, percentileRow as row, table } from './lib.ts';

const N = Number(process.env.BENCH_LOCKS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
/** PIN keys created and revoked per lock. */
const PIN_ROUNDS = Number(process.env.BENCH_PIN_ROUNDS ?? 2);
const PORT = 18000 + (process.pid % 1000);
const RECEIVER_PORT = 19443;
const POLL_MS = 25;

const rssMb = (pid: number | undefined) => {
  const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Calls fn every POLL_MS until it returns something truthy (or throws); ms elapsed and the value. */
async function poll<T>(what: string, fn: () => Promise<T | undefined | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(POLL_MS);
  }
}

type LockStatus = { users: { userIndex: number; credentials: number }[] };
const pinUsers = async (lock: LockProcess) =>
  ((await lock.control({ op: 'status' })) as LockStatus).users.filter((u) => u.credentials > 0);
const typePin = async (lock: LockProcess, pin: string) =>
  ((await lock.control({ op: 'enter-pin', pin })) as { outcome: string }).outcome;

const names = Array.from({ length: N }, (_, i) => `lock${i + 1}`);
const s = await serviceLab(PORT, ['bridge', ...names]);
try {
  const { api, until } = s;
  const loadStart = loadAverage();
  console.log(`bench:matter --service: ${N} virtual locks through the service, load average ${loadStart}`);
  const { organizationId, orgToken, projectId, token } = await matterTenancy(s, 'UTC');
  const appUserId = '+4790000001';
  const app = await appToken(s, appUserId);
  const start = new Date(Date.now() - 3_600_000).toISOString();
  const lockIds: string[] = [];
  const appKeys: string[] = [];
  for (const name of names) {
    const l = await api('POST', `/v2/projects/${projectId}/locks`, {
      token,
      body: { name, timezone: 'UTC' },
    });
    if (l.status !== 201) throw new Error(`lock: ${l.status} ${JSON.stringify(l.body)}`);
    lockIds.push(l.body.lock.id);
    const k = await api('POST', `/v2/projects/${projectId}/keys`, {
      token,
      body: { keys: [{ lockId: l.body.lock.id, appUserId, start }] },
    });
    if (k.status !== 201) throw new Error(`key: ${k.status} ${JSON.stringify(k.body)}`);
    appKeys.push(k.body.keys[0].id);
  }
  const hook = await api('POST', `/v2/projects/${projectId}/webhooks`, {
    token,
    body: { trigger: 'accessEvent', allLocks: true, url: `https://127.0.0.1:${RECEIVER_PORT}/hook` },
  });
  if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${JSON.stringify(hook.body)}`);
  const received = await s.startReceiver(RECEIVER_PORT, hook.body.webhook.secret);
  const bridge = await api('POST', `/v2/organization/${organizationId}/bridges`, {
    token: orgToken,
    body: { name: 'Hall' },
  });
  const bridgeId = bridge.body.bridge.id;
  const bridgeProcess = s.startBridge('bridge', bridge.body.token);
  await until('the bridge online', async () => {
    const b = await api('GET', `/v2/organization/${organizationId}/bridges/${bridgeId}`, { token: orgToken });
    return b.body.bridge.status === 'online';
  });

  const t0 = performance.now();
  const locks: LockProcess[] = [];
  // Five at a time: each start loads matter.js (CPU-bound, 2 cores).
  for (let i = 0; i < N; i += 5)
    locks.push(
      ...(await Promise.all(
        names.slice(i, i + 5).map((host, j) =>
          s.lab.startLock(host, {
            discriminator: (((i + j) % 16) << 8) | (i + j),
            passcode: 20202100 + i + j,
            timeZone: 'UTC',
            users: 20,
            pinCodes: 20,
          }),
        ),
      )),
    );
  console.log(`locks started in ${fmt((performance.now() - t0) / 1000, 1)} s`);

  // Commissioning, one lock after another: PUT → online.
  const commission: number[] = [];
  for (const [i, lock] of locks.entries()) {
    const path = `/v2/projects/${projectId}/locks/${lockIds[i]}`;
    const t = performance.now();
    const put = await api('PUT', `${path}/connection`, {
      token,
      body: { type: 'matter', pairingCode: lock.ready.manualPairingCode },
    });
    if (put.status !== 202) throw new Error(`connect ${names[i]}: ${put.status} ${JSON.stringify(put.body)}`);
    await poll(
      `${names[i]} online`,
      async () => {
        const c = (await api('GET', path, { token })).body.lock.connection;
        if (c?.status === 'failed') throw new Error(`${names[i]} failed: ${JSON.stringify(c)}`);
        return c?.status === 'online';
      },
      120_000,
    );
    commission.push(performance.now() - t);
  }
  console.log(`commissioned ${N} locks`);

  // Remote operation by the app user.
  const operate: number[] = [];
  for (let r = 0; r < ROUNDS; r++)
    for (const [i, keyId] of appKeys.entries()) {
      const action = r % 2 ? 'locked' : 'unlocked';
      const t = performance.now();
      const op = await api('POST', `/v2/app/keys/${keyId}/operate`, { token: app, body: { action } });
      const ms = performance.now() - t;
      if (op.status !== 200 || op.body.event?.action !== action || op.body.event?.keyId !== keyId)
        throw new Error(`operate ${names[i]}: ${op.status} ${JSON.stringify(op.body)}`);
      operate.push(ms);
    }
  console.log(`${operate.length} remote operations`);

  // Key change → PIN live; keypad → webhook; revocation → PIN dead.
  const live: number[] = [];
  const recorded: number[] = [];
  const webhook: number[] = [];
  const dead: number[] = [];
  for (let r = 0; r < PIN_ROUNDS; r++)
    for (const [i, lock] of locks.entries()) {
      const before = new Set((await pinUsers(lock)).map((u) => u.userIndex));
      const t = performance.now();
      const created = await api('POST', `/v2/projects/${projectId}/keys`, {
        token,
        body: { keys: [{ lockId: lockIds[i], appUserId, pin: true, start }] },
      });
      if (created.status !== 201)
        throw new Error(`PIN key: ${created.status} ${JSON.stringify(created.body)}`);
      const key = created.body.keys[0] as { id: string; pin: { code: string } };
      const slot = await poll(
        `the PIN on ${names[i]}`,
        async () => (await pinUsers(lock)).find((u) => !before.has(u.userIndex)),
        60_000,
      );
      live.push(performance.now() - t);
      // The service maps the keypad's user slot to the key once the pass's report is recorded
      // (the PIN `set`); typed before that, the event would be lock activity, not an access event.
      await poll(
        `the PIN set (${names[i]})`,
        async () =>
          (await api('GET', `/v2/projects/${projectId}/keys/${key.id}`, { token })).body.key.pin.status ===
          'set',
        60_000,
      );
      recorded.push(performance.now() - t);

      const seen = received.lines.length;
      const typedAt = Date.now();
      const outcome = await typePin(lock, key.pin.code);
      if (outcome !== 'unlocked') throw new Error(`PIN not live on ${names[i]}: ${outcome}`);
      const delivered = await poll(
        `the keypad event's delivery (${names[i]})`,
        async () => {
          for (let j = Math.max(seen, 1); j < received.lines.length; j++)
            if (
              received.lines[j]!.line.includes(key.id) &&
              received.lines[j - 1]!.line.includes('webhook-id')
            )
              return received.lines[j - 1]!;
          return undefined;
        },
        60_000,
      );
      if (!delivered.line.includes('signature verified'))
        throw new Error(`delivery not verified: ${delivered.line}`);
      webhook.push(delivered.at - typedAt);

      const tr = performance.now();
      const del = await api('DELETE', `/v2/projects/${projectId}/keys/${key.id}`, { token });
      if (del.status !== 200) throw new Error(`revoke: ${del.status} ${JSON.stringify(del.body)}`);
      await poll(
        `the PIN gone from ${names[i]}`,
        async () => !(await pinUsers(lock)).some((u) => u.userIndex === slot.userIndex),
        60_000,
      );
      dead.push(performance.now() - tr);
      const refused = await typePin(lock, key.pin.code);
      if (refused !== 'wrongCode') throw new Error(`PIN still live on ${names[i]}: ${refused}`);
    }

  const bridgeRss = rssMb(bridgeProcess.pid);
  const bridgePeak = peakRssMb(bridgeProcess.pid) ?? Number.NaN;
  const loadEnd = loadAverage();
  table(
    `Matter through the service: ${N} virtual locks, one bridge (ms; load average ${loadStart} at the start, ${loadEnd} at the end)`,
    ['what', 'n', 'p50', 'p99', 'max'],
    [
      row('commissioning: PUT .../connection → status online', commission),
      row('remote unlock/lock: app POST .../operate → 200 with its event', operate),
      row('key with a PIN created → PIN on the lock (then opens it)', live),
      row('key with a PIN created → its PIN `set` in the service', recorded),
      row('key revoked → PIN gone from the lock (then refused)', dead),
      row('PIN typed at the keypad → signed webhook received', webhook),
    ],
  );
  table(
    `Bridge memory with ${N} locks (MB)`,
    ['process', 'RSS now', 'peak RSS'],
    [['latchkey bridge', fmt(bridgeRss), fmt(bridgePeak)]],
  );
} finally {
  await s.close();
}
