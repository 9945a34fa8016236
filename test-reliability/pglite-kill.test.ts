// The embedded store (PGlite) under SIGKILL: a writer creates locks, keys and uploads events through
// the API and records every 2xx; the server is killed with SIGKILL mid-stream three times and
// restarted on the same data directory. Every acknowledged write must be there at the end.
import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import {
  accessLogIds,
  baseEnv,
  cleanup,
  createTenant,
  events,
  freePort,
  http,
  keyCreate,
  lockCreate,
  type Proc,
  report,
  sleep,
  spawnLatchkey,
  tempDir,
  waitReady,
} from './kit.ts';

after(cleanup);

const KILLS = 3;

it('kill -9 during writes on the embedded store: nothing acknowledged is lost', {
  timeout: 240_000,
}, async () => {
  const env = baseEnv({ LATCHKEY_DATA_DIR: tempDir('latchkey-rel-pglite-') });
  const port = await freePort();
  let proc: Proc = spawnLatchkey('api', env, port);
  await waitReady(proc);
  const base = proc.base;
  const t = await createTenant(base, [undefined]);
  const firstKey = t.locks[0]!.keyId;

  const ackLocks = new Set<string>();
  const ackKeys = new Set<string>();
  const ackEvents = new Set<string>();
  const keysOf: string[] = [firstKey];
  let failures = 0;
  let writing = true;
  let restarting: Promise<void> | undefined;

  const writer = async (n: number) => {
    for (let i = 0; writing; i++) {
      try {
        if ((i + n) % 3 === 0) {
          ackLocks.add(await lockCreate(base, t, `Door ${n}-${i}`, 10_000));
        } else if ((i + n) % 3 === 1) {
          const lock = [...ackLocks].at(-1) ?? t.locks[0]!.lockId;
          const key = await keyCreate(base, t, lock, 10_000);
          ackKeys.add(key);
          keysOf.push(key);
        } else {
          const batch = events(keysOf[i % keysOf.length]!, 20);
          const r = await http(base, 'POST', '/v2/app/events', {
            token: t.appToken,
            body: { events: batch },
            timeoutMs: 10_000,
          });
          if (r.status !== 200) throw new Error(`events ${r.status}`);
          for (const x of r.body.results as { id: string; status: string }[]) {
            assert.notEqual(x.status, 'rejected', JSON.stringify(x));
            if (x.status === 'accepted') ackEvents.add(x.id);
          }
        }
      } catch (e) {
        if (e instanceof assert.AssertionError) throw e;
        failures++;
        await (restarting ?? sleep(100));
      }
    }
  };
  const writing$ = Promise.all([writer(0), writer(1), writer(2)]);
  const acked = () => ackLocks.size + ackKeys.size + ackEvents.size;
  let kills = 0;
  const restartMs: number[] = [];
  try {
    for (; kills < KILLS; kills++) {
      const target = acked() + 150 + Math.floor(Math.random() * 150);
      const deadline = Date.now() + 60_000;
      while (acked() < target && Date.now() < deadline) await sleep(10);
      restarting = (async () => {
        await proc.kill('SIGKILL');
        const t0 = Date.now();
        proc = spawnLatchkey('api', env, port);
        await waitReady(proc);
        restartMs.push(Date.now() - t0);
      })();
      await restarting;
      restarting = undefined;
    }
    await sleep(500);
  } finally {
    writing = false;
    await writing$;
  }

  // Everything acknowledged is there after the last restart.
  const missingLocks: string[] = [];
  for (const id of ackLocks) {
    const r = await http(base, 'GET', `/v2/projects/${t.projectId}/locks/${id}`, { token: t.projectToken });
    if (r.status !== 200) missingLocks.push(id);
  }
  const missingKeys: string[] = [];
  for (const id of ackKeys) {
    const r = await http(base, 'GET', `/v2/projects/${t.projectId}/keys/${id}`, { token: t.projectToken });
    if (r.status !== 200) missingKeys.push(id);
  }
  const inLog = await accessLogIds(base, t);
  const missingEvents = [...ackEvents].filter((id) => !inLog.has(id));
  report('pglite-kill-9', {
    kills,
    acknowledgedLocks: ackLocks.size,
    acknowledgedKeys: ackKeys.size,
    acknowledgedEvents: ackEvents.size,
    unacknowledgedWrites: failures,
    restartSeconds: restartMs.map((ms) => +(ms / 1000).toFixed(1)),
    missingLocks: missingLocks.length,
    missingKeys: missingKeys.length,
    missingEvents: missingEvents.length,
  });
  assert.equal(kills, KILLS);
  assert.deepEqual(missingLocks, []);
  assert.deepEqual(missingKeys, []);
  assert.equal(missingEvents.length, 0, 'acknowledged events missing from the access log');
});
