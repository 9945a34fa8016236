// Keys become PINs and schedules on a real Matter lock: the service (on this store) computes what
// the lock must hold, the bridge's reconcile pass (in the controller's process, in its own network
// namespace) applies it to a virtual lock (in another), and the report comes back to the service.
// The lock's clock is set through its control socket: nothing waits for a real window to open.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { DesiredLockState, ReconcileReport } from '../../src/matter/reconcile.ts';
import { desiredLockState, recordReconcileReport } from '../../src/resources/keys/lock-pins.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { setLockTakesPins } from '../helpers/lock-pins.ts';
import { type ControllerProcess, type LockProcess, type MatterLab, matterLab } from '../helpers/matter.ts';
import { netnsSkip } from '../helpers/netns.ts';
import { createLock } from '../helpers/resources.ts';

const skip = netnsSkip();
const TZ = 'Europe/Oslo';
// Wednesday 2 December 2026 (Oslo is UTC+1 in winter).
const WED_10_OSLO = '2026-12-02T09:00:00Z';
const WED_18_OSLO = '2026-12-02T17:00:00Z';
const SAT_10_OSLO = '2026-12-05T09:00:00Z';
const WORKDAYS = { windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '09:00', to: '17:00' }] };

describe('keys → PINs on a Matter lock: the reconcile pass', { skip, timeout: 240_000 }, () => {
  let t: TestApp;
  let a: Tenant;
  let lab: MatterLab;
  let lock: LockProcess;
  let ctl: ControllerProcess;
  let lockId: string;
  const figures: string[] = [];

  before(async () => {
    t = await startTestApp();
    a = await createTenant(t, 'A');
    lockId = (await createLock(t, a, { name: 'Front door', timezone: TZ })).id;
    await setLockTakesPins(t, lockId);
    lab = await matterLab(['lock', 'ctl']);
    [lock, ctl] = await Promise.all([
      lab.startLock('lock', {
        timeZone: TZ,
        users: 3,
        pinCodes: 3,
        weekDaySchedules: 2,
        yearDaySchedules: 1,
      }),
      lab.startController('ctl', { livenessSeconds: 2, commandTimeoutMs: 4000, commissionTimeoutMs: 60_000 }),
    ]);
    await ctl.call('commission', lock.ready.manualPairingCode, lockId);
  });
  after(async () => {
    if (figures.length) process.stderr.write(`\nreconcile figures (not asserted): ${figures.join('; ')}\n`);
    await lab?.close();
    await t?.close();
  });

  const createKeys = async (keys: Record<string, unknown>[]) => {
    const r = await t.call('POST', `/v2/projects/${a.projectId}/keys`, {
      token: a.projectToken,
      body: { keys: keys.map((k) => ({ lockId, appUserId: '+4791000021', ...k })) },
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body.keys as { id: string; pin: { code: string } }[];
  };
  const pinOf = async (keyId: string) =>
    (await t.call('GET', `/v2/projects/${a.projectId}/keys/${keyId}`, { token: a.projectToken })).body.key
      .pin;
  /** One pass, as the service and its bridge will run it: desired state → reconcile → record. */
  const pass = async () => {
    const desired: DesiredLockState = await desiredLockState(t.ctx.db, t.ctx.keyring, lockId, new Date());
    const report = await ctl.call<ReconcileReport>('reconcile', lockId, desired);
    await recordReconcileReport(t.ctx.db, lockId, report);
    return report;
  };
  const typePin = async (pin: string, at: string) => {
    await lock.control({ op: 'clock', at });
    return ((await lock.control({ op: 'enter-pin', pin })) as { outcome: string }).outcome;
  };

  let key: { id: string; pin: { code: string } };

  test('a key with a PIN and a weekday window is written: the PIN opens inside the window and is refused outside it', async () => {
    const started = performance.now();
    [key] = (await createKeys([
      { pin: true, start: '2026-11-01T00:00:00Z', end: '2027-01-31T00:00:00Z', recurrence: WORKDAYS },
    ])) as [{ id: string; pin: { code: string } }];
    const created = performance.now();
    const report = await pass();
    figures.push(
      `key created → PIN live ${(performance.now() - started).toFixed(0)} ms (the pass alone ${(performance.now() - created).toFixed(0)} ms)`,
    );
    assert.equal(report.complete, true, JSON.stringify(report));
    assert.deepEqual(report.keys, [{ keyId: key.id, userIndex: 1, status: 'set' }]);
    assert.equal(report.written, 1);
    assert.deepEqual(await pinOf(key.id), { code: key.pin.code, status: 'set' });
    const status = (await lock.control({ op: 'status' })) as {
      users: { userIndex: number; name: string; weekDaySchedules: number; yearDaySchedules: number }[];
    };
    assert.deepEqual(
      status.users.map((u) => [u.userIndex, u.name, u.weekDaySchedules, u.yearDaySchedules]),
      [[1, 'lk-1', 1, 1]],
    );
    assert.equal(await typePin(key.pin.code, WED_10_OSLO), 'unlocked');
    assert.equal(await typePin(key.pin.code, WED_18_OSLO), 'outsideSchedule');
    assert.equal(await typePin(key.pin.code, SAT_10_OSLO), 'outsideSchedule');
    // Before the key's start and after its end: the year-day schedule.
    assert.equal(await typePin(key.pin.code, '2026-10-28T09:00:00Z'), 'outsideSchedule');
    assert.equal(await typePin(key.pin.code, '2027-02-03T09:00:00Z'), 'outsideSchedule');
  });

  test('a second pass changes nothing (idempotent)', async () => {
    const report = await pass();
    assert.equal(report.complete, true);
    assert.equal(report.written, 0);
    assert.deepEqual(report.removed, []);
    assert.deepEqual(report.keys, [{ keyId: key.id, userIndex: 1, status: 'set' }]);
  });

  test('a code someone added at the lock is removed by the next pass; our key stays in its slot', async () => {
    const added = (await lock.control({ op: 'program-code', pin: '73310' })) as { userIndex: number };
    assert.equal(await typePin('73310', SAT_10_OSLO), 'unlocked'); // no schedule: any time
    const report = await pass();
    assert.equal(report.complete, true);
    assert.deepEqual(report.removed, [{ userIndex: added.userIndex, ref: null, ours: false, name: '' }]);
    assert.equal(report.written, 0);
    assert.equal(await typePin('73310', WED_10_OSLO), 'wrongCode');
    assert.equal(await typePin(key.pin.code, WED_10_OSLO), 'unlocked');
  });

  test('a schedule changed behind our back is written again', async () => {
    // The lock's time zone changes in the service: every schedule on the lock moves.
    const r = await t.call('PATCH', `/v2/projects/${a.projectId}/locks/${lockId}`, {
      token: a.projectToken,
      body: { timezone: 'America/New_York' },
    });
    assert.equal(r.status, 200);
    const report = await pass();
    assert.equal(report.written, 1);
    assert.deepEqual(report.keys, [{ keyId: key.id, userIndex: 1, status: 'set' }]);
    await t.call('PATCH', `/v2/projects/${a.projectId}/locks/${lockId}`, {
      token: a.projectToken,
      body: { timezone: TZ },
    });
    assert.equal((await pass()).written, 1);
    assert.equal(await typePin(key.pin.code, WED_10_OSLO), 'unlocked');
  });

  test('revoke the key → the next pass → the PIN stops working, and its status is removed', async () => {
    const started = performance.now();
    const r = await t.call('DELETE', `/v2/projects/${a.projectId}/keys/${key.id}`, { token: a.projectToken });
    assert.equal(r.status, 200);
    const report = await pass();
    figures.push(`revoked → PIN dead ${(performance.now() - started).toFixed(0)} ms`);
    assert.equal(report.complete, true);
    assert.deepEqual(report.keys, []);
    assert.deepEqual(report.removed, [{ userIndex: 1, ref: 1, ours: true, name: 'lk-1' }]);
    assert.equal(await typePin(key.pin.code, WED_10_OSLO), 'wrongCode');
    assert.deepEqual(await pinOf(key.id), { code: key.pin.code, status: 'removed' });
  });

  test('beyond what the lock holds: failed, naming the limit; a key written ahead of its start makes room for one whose time has come', async () => {
    const later = { start: '2026-11-01T00:00:00Z', end: '2027-01-31T00:00:00Z' };
    const [ahead] = (await createKeys([
      { pin: true, start: '2027-06-01T00:00:00Z', end: '2027-06-08T00:00:00Z' },
    ])) as [{ id: string; pin: { code: string } }];
    let report = await pass();
    assert.deepEqual(report.keys, [{ keyId: ahead!.id, userIndex: 1, status: 'set' }]);
    const [threeWindows, b, c, d] = await createKeys([
      {
        pin: true,
        ...later,
        recurrence: {
          windows: [
            { days: ['mon'], from: '08:00', to: '09:00' },
            { days: ['tue'], from: '22:00', to: '06:00' },
          ],
        },
      },
      { pin: true, ...later },
      { pin: true, ...later },
      { pin: true, ...later },
    ]);
    report = await pass();
    assert.equal(report.complete, true, JSON.stringify(report));
    const byKey = new Map(report.keys.map((k) => [k.keyId, k]));
    assert.equal(byKey.get(threeWindows!.id)!.status, 'failed');
    assert.equal(
      byKey.get(threeWindows!.id)!.error!.detail,
      'the key needs 3 week-day schedules; the lock holds 2 per user',
    );
    for (const k of [b, c, d]) assert.equal(byKey.get(k!.id)!.status, 'set', JSON.stringify(report));
    assert.equal(byKey.get(ahead!.id)!.status, 'failed');
    assert.equal(
      byKey.get(ahead!.id)!.error!.detail,
      'the lock holds 3 users with a PIN code; 4 keys need one on it',
    );
    assert.deepEqual(report.removed, [{ userIndex: 1, ref: 2, ours: true, name: 'lk-2' }]);
    const failed = await pinOf(threeWindows!.id);
    assert.equal(failed.status, 'failed');
    assert.match(failed.error.detail, /the lock holds 2 per user/);
    assert.equal((await pinOf(ahead!.id)).status, 'failed');
    for (const k of [b, c, d]) assert.equal(await typePin(k!.pin.code, SAT_10_OSLO), 'unlocked');
    assert.equal(await typePin(ahead!.pin.code, '2027-06-02T09:00:00Z'), 'wrongCode');
    // One key ends: the next pass gives its slot to the key waiting for one.
    await t.call('DELETE', `/v2/projects/${a.projectId}/keys/${b!.id}`, { token: a.projectToken });
    report = await pass();
    assert.equal(new Map(report.keys.map((k) => [k.keyId, k])).get(ahead!.id)!.status, 'set');
    assert.equal((await pinOf(ahead!.id)).status, 'set');
    assert.equal(await typePin(ahead!.pin.code, '2027-06-02T09:00:00Z'), 'unlocked');
    assert.equal(await typePin(ahead!.pin.code, '2027-05-31T09:00:00Z'), 'outsideSchedule');
  });

  test('a lock that cannot be reached: the pass stops, transient, and nothing is recorded as done', async () => {
    await lock.kill();
    const desired = await desiredLockState(t.ctx.db, t.ctx.keyring, lockId, new Date());
    const report = await ctl.call<ReconcileReport>('reconcile', lockId, desired);
    assert.equal(report.complete, false);
    assert.equal(report.error?.transient, true, JSON.stringify(report));
    // Nothing set; keys the lock could never hold are still failed (that needs no lock to say).
    assert.ok(report.keys.some((k) => k.status === 'pending'));
    assert.ok(report.keys.every((k) => k.status === 'pending' || /week-day/.test(k.error?.detail ?? '')));
  });
});
