// Matter figures with N virtual locks (BENCH_LOCKS, default 20) and one controller, each in its own
// network namespace on a private IPv6 LAN (the test lab, test/helpers/matter.ts; needs root and
// iproute2). Measures: commissioning time, PIN written (key change → PIN live, confirmed at the
// keypad), PIN cleared (revocation → PIN dead, confirmed), remote unlock round trip, keypad →
// event at the controller, and the memory of the controller and of a lock.
// There is no peer to compare with in the same run here: these are the controller's own numbers
// over matter.js. `--service` measures through the service instead (bench/matter-service.ts): the
// service, a `latchkey bridge` and the locks, each in its own namespace, as the e2e test runs them.
// Usage: npm run bench:matter [-- --service]   (BENCH_LOCKS=5 for a quick run)
import { performance } from 'node:perf_hooks';
import type { DesiredLockState, DesiredLockUser, ReconcileReport } from '../src/matter/reconcile.ts';
import { weekDaySchedules, yearDaySchedule } from '../src/matter/schedules.ts';
import { matterLab } from '../test/helpers/matter.ts';
import { netnsUnavailable } from '../test/helpers/netns.ts';
import { fmt, loadAverage, peakRssMb, percentileRow as row, table } from './lib.ts';

const N = Number(process.env.BENCH_LOCKS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
/** Keys with a PIN per lock in the reconcile passes. */
const KEYS = Number(process.env.BENCH_RECONCILE_KEYS ?? 5);

const why = netnsUnavailable();
if (why) {
  console.error(`bench:matter needs network namespaces: ${why}`);
  process.exit(2);
}
if (process.argv.includes('--service')) {
  await import('./matter-service.ts');
  process.exit(process.exitCode ?? 0);
}

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const r = await fn();
  return [performance.now() - t, r];
}

const names = Array.from({ length: N }, (_, i) => `lock${i + 1}`);
const lab = await matterLab(['ctl', ...names]);
try {
  console.log(`bench:matter: ${N} virtual locks, load average ${loadAverage()}`);
  const t0 = performance.now();
  const locks = [];
  // Five at a time: each start loads matter.js (CPU-bound, 2 cores).
  for (let i = 0; i < N; i += 5)
    locks.push(
      ...(await Promise.all(
        names.slice(i, i + 5).map((host, j) =>
          lab.startLock(host, {
            discriminator: (((i + j) % 16) << 8) | (i + j),
            passcode: 20202100 + i + j,
            timeZone: 'UTC',
            users: 20,
            pinCodes: 20,
          }),
        ),
      )),
    );
  const ctl = await lab.startController('ctl', { livenessSeconds: 60, commandTimeoutMs: 15_000 });
  console.log(`started in ${fmt((performance.now() - t0) / 1000, 1)} s`);

  const commission: number[] = [];
  for (const [i, lock] of locks.entries())
    commission.push((await timed(() => ctl.call('commission', lock.ready.manualPairingCode, names[i]!)))[0]);
  for (const name of names)
    await ctl.waitFor(
      (n) => n.type === 'reachability' && n.lockId === name && n.reachable,
      60_000,
      `${name} online`,
    );

  const write: number[] = [];
  const clear: number[] = [];
  const unlock: number[] = [];
  const event: number[] = [];
  for (const [i, lock] of locks.entries()) {
    const lockId = names[i]!;
    for (let r = 0; r < ROUNDS; r++) {
      const pin = String(100000 + r * 97 + i);
      const user = {
        userIndex: 1 + (r % 20),
        name: 'bench',
        pin,
        credentialIndex: 1 + (r % 20),
        weekDays: [],
        yearDays: [],
      };
      write.push((await timed(() => ctl.call('writeUser', lockId, user)))[0]);
      // Key change → PIN live: the write resolved when the lock had it; the keypad confirms.
      const seen = ctl.notes.length;
      const [ms, opened] = await timed(async () => {
        const result = (await lock.control({ op: 'enter-pin', pin })) as { outcome: string };
        await ctl.waitFor(
          (n) =>
            ctl.notes.indexOf(n) >= seen &&
            n.type === 'event' &&
            n.event.lockId === lockId &&
            n.event.kind === 'lockOperation',
          10_000,
          'the keypad event',
        );
        return result.outcome;
      });
      if (opened !== 'unlocked') throw new Error(`PIN not live on ${lockId}: ${opened}`);
      event.push(ms);
      clear.push((await timed(() => ctl.call('clearUser', lockId, user.userIndex)))[0]);
      const dead = (await lock.control({ op: 'enter-pin', pin })) as { outcome: string };
      if (dead.outcome !== 'wrongCode') throw new Error(`PIN still live on ${lockId}: ${dead.outcome}`);
      unlock.push((await timed(() => ctl.call('operate', lockId, r % 2 ? 'lock' : 'unlock')))[0]);
    }
  }

  // The reconcile pass (src/matter/reconcile.ts), as the bridge runs it for the service: KEYS keys
  // with a PIN, a weekday window and a start/end each → pass (PIN live); the same again (nothing to
  // do: the cost of a periodic drift check); one key revoked → pass (PIN dead). Each confirmed at
  // the keypad. The desired state is built here as desiredLockState() builds it (no store).
  const live: number[] = [];
  const idle: number[] = [];
  const dead: number[] = [];
  const starts = new Date(Date.now() - 3_600_000);
  const ends = new Date(Date.now() + 30 * 86_400_000);
  const always = weekDaySchedules({
    windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], from: '00:00', to: '24:00' }],
  });
  for (const [i, lock] of locks.entries()) {
    const lockId = names[i]!;
    const users: DesiredLockUser[] = Array.from({ length: KEYS }, (_, k) => ({
      keyId: `key-${i}-${k}`,
      ref: 1000 + k,
      pin: String(300000 + i * 100 + k),
      active: true,
      weekDays: always,
      yearDays: [yearDaySchedule(starts, ends, 'UTC')],
    }));
    const pass = async (u: DesiredLockUser[]) => {
      const desired: DesiredLockState = { lockId, at: new Date().toISOString(), timeZone: 'UTC', users: u };
      const [ms, report] = await timed(() => ctl.call<ReconcileReport>('reconcile', lockId, desired));
      if (!report.complete)
        throw new Error(`reconcile of ${lockId} stopped: ${JSON.stringify(report.error)}`);
      return ms;
    };
    live.push(await pass(users));
    const opened = (await lock.control({ op: 'enter-pin', pin: users[0]!.pin })) as { outcome: string };
    if (opened.outcome !== 'unlocked') throw new Error(`PIN not live on ${lockId}: ${opened.outcome}`);
    idle.push(await pass(users));
    dead.push(await pass(users.slice(1)));
    const refused = (await lock.control({ op: 'enter-pin', pin: users[0]!.pin })) as { outcome: string };
    if (refused.outcome !== 'wrongCode') throw new Error(`PIN still live on ${lockId}: ${refused.outcome}`);
  }
  table(
    `Reconcile passes over ${N} virtual locks (ms; ${KEYS} keys per lock)`,
    ['what', 'n', 'p50', 'p99', 'max'],
    [
      row(`${KEYS} keys added → their PINs live (one pass)`, live),
      row('nothing changed (drift check: read users and schedules)', idle),
      row('one key revoked → its PIN dead (one pass)', dead),
    ],
  );

  const mem = (await ctl.call('memory')) as { rss: number; heapUsed: number };
  const lockPeaks = locks.map((l) => peakRssMb(l.child.pid) ?? Number.NaN);
  table(
    `Matter over ${N} virtual locks (ms; ${ROUNDS} rounds per lock)`,
    ['what', 'n', 'p50', 'p99', 'max'],
    [
      row('commission (pairing code → users readable)', commission),
      row('write user + PIN (key change → PIN live)', write),
      row('clear user (revocation → PIN dead)', clear),
      row('remote lock/unlock round trip', unlock),
      row('keypad → LockOperation at the controller', event),
    ],
  );
  table(
    'Memory (MB)',
    ['process', 'RSS now', 'peak RSS', 'heap used'],
    [
      [
        'controller',
        fmt(mem.rss / 2 ** 20),
        fmt(peakRssMb(ctl.child.pid) ?? Number.NaN),
        fmt(mem.heapUsed / 2 ** 20),
      ],
      ['one lock (max of all)', '', fmt(Math.max(...lockPeaks)), ''],
    ],
  );
  console.log(`\nload average after: ${loadAverage()}`);
} finally {
  await lab.close();
}
