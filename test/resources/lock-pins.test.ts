// The service's side of keys → PINs on a lock: the desired state the bridge applies, and the
// recording of what a reconcile pass reported (the pass itself, against a real lock, is
// test/matter/reconcile.test.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ReconcileReport } from '../../src/matter/reconcile.ts';
import { weekDaySchedules, yearDaySchedule } from '../../src/matter/schedules.ts';
import {
  desiredLockState,
  recordLockDisconnected,
  recordReconcileReport,
} from '../../src/resources/keys/lock-pins.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { setLockTakesPins } from '../helpers/lock-pins.ts';
import { createLock } from '../helpers/resources.ts';

let t: TestApp;
let a: Tenant;
let door: string;
let other: string;
const NOW = new Date('2026-12-02T09:00:00Z');
const WINDOWS = { windows: [{ days: ['fri'], from: '22:00', to: '02:00' }] };

before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'A');
  door = (await createLock(t, a, { name: 'Front door', timezone: 'Europe/Oslo' })).id;
  other = (await createLock(t, a, { name: 'Gate' })).id;
  await setLockTakesPins(t, door);
  await setLockTakesPins(t, other);
});
after(() => t.close());

const post = async (keys: unknown[]) => {
  const r = await t.call('POST', `/v2/projects/${a.projectId}/keys`, {
    token: a.projectToken,
    body: { keys },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.keys as { id: string; pin: { code: string } }[];
};
const pinOf = async (keyId: string) =>
  (await t.call('GET', `/v2/projects/${a.projectId}/keys/${keyId}`, { token: a.projectToken })).body.key.pin;

describe('desired lock state and reconcile reports', () => {
  type Made = { id: string; pin: { code: string } };
  let running: Made;
  let ahead: Made;
  let forever: Made;
  let ended: Made;

  it('one user per live key with a PIN: its PIN, week-day schedules per window, year-day from start to end; ahead-of-start keys included, last', async () => {
    [ahead, running, forever] = (await post([
      {
        lockId: door,
        appUserId: '+4791000011',
        pin: true,
        start: '2026-12-10T12:00:00Z',
        end: '2026-12-12T12:00:00Z',
      },
      {
        lockId: door,
        appUserId: '+4791000012',
        pin: '2468',
        start: '2026-12-01T00:00:00Z',
        end: '2026-12-31T00:00:00Z',
        recurrence: WINDOWS,
      },
      { lockId: door, appUserId: '+4791000013', pin: true, start: '2026-11-01T00:00:00Z' },
    ])) as [Made, Made, Made];
    [, , ended] = (await post([
      { lockId: door, appUserId: '+4791000014' }, // no PIN
      { lockId: other, appUserId: '+4791000015', pin: true }, // another lock
      {
        lockId: door,
        appUserId: '+4791000016',
        pin: true,
        start: '2026-01-01T00:00:00Z',
        end: '2026-02-01T00:00:00Z',
      }, // ended
    ])) as [Made, Made, Made];
    const s = await desiredLockState(t.ctx.db, t.ctx.keyring, door, NOW);
    assert.equal(s.lockId, door);
    assert.equal(s.at, NOW.toISOString());
    assert.equal(s.timeZone, 'Europe/Oslo');
    assert.deepEqual(
      s.users.map((u) => u.keyId),
      [forever.id, running.id, ahead.id],
    );
    const [f, r, h] = s.users;
    assert.deepEqual(f, {
      keyId: forever.id,
      ref: 3,
      pin: forever.pin.code,
      active: true,
      weekDays: [],
      yearDays: [],
    });
    assert.equal(r!.pin, '2468');
    assert.equal(r!.active, true);
    assert.equal(r!.weekDays.length, 2); // past midnight: two
    assert.deepEqual(r!.weekDays, weekDaySchedules(WINDOWS as never));
    assert.deepEqual(r!.yearDays, [
      yearDaySchedule(new Date('2026-12-01T00:00:00Z'), new Date('2026-12-31T00:00:00Z'), 'Europe/Oslo'),
    ]);
    assert.equal(h!.active, false);
    assert.equal(h!.yearDays[0]!.localStartTime, Date.UTC(2026, 11, 10, 13) / 1000); // 12:00Z is 13:00 in Oslo
    assert.deepEqual(JSON.parse(JSON.stringify(s)), s, 'plain JSON');
    assert.deepEqual((await desiredLockState(t.ctx.db, t.ctx.keyring, other, NOW)).users.length, 1);
  });

  it('records set (with the user slot), failed (with the limit), keeps pending; removed once a complete pass follows the revocation', async () => {
    const report = (
      keys: ReconcileReport['keys'],
      desiredAt = NOW.toISOString(),
      complete = true,
    ): ReconcileReport => ({
      lockId: door,
      desiredAt,
      complete,
      keys,
      removed: [],
      written: keys.length,
    });
    const error = {
      title: 'The lock has no room left',
      detail: 'the lock holds 2 users with a PIN code; 3 keys need one on it',
    };
    const changes = await recordReconcileReport(
      t.ctx.db,
      door,
      report([
        { keyId: forever.id, userIndex: 1, status: 'set' },
        { keyId: running.id, userIndex: 2, status: 'set' },
        { keyId: ahead.id, status: 'failed', error },
      ]),
    );
    assert.deepEqual(
      changes.map((c) => [c.keyId, c.status, c.previous]).sort(),
      [
        [forever.id, 'set', 'pending'],
        [running.id, 'set', 'pending'],
        [ahead.id, 'failed', 'pending'],
        [ended.id, 'removed', 'pending'], // ended before the pass: never to be on the lock
      ].sort(),
    );
    assert.deepEqual(await pinOf(running.id), { code: '2468', status: 'set' });
    assert.deepEqual(await pinOf(ahead.id), { code: ahead.pin.code, status: 'failed', error });
    // The same report again changes nothing.
    assert.deepEqual(
      await recordReconcileReport(
        t.ctx.db,
        door,
        report([{ keyId: forever.id, userIndex: 1, status: 'set' }]),
      ),
      [],
    );
    // A report about another lock's key does not touch it.
    const [elsewhere] = await post([{ lockId: other, appUserId: '+4791000017', pin: true }]);
    await recordReconcileReport(
      t.ctx.db,
      door,
      report([{ keyId: elsewhere!.id, userIndex: 3, status: 'set' }]),
    );
    assert.equal((await pinOf(elsewhere!.id)).status, 'pending');

    await t.call('DELETE', `/v2/projects/${a.projectId}/keys/${running.id}`, { token: a.projectToken });
    const later = new Date();
    const desired = await desiredLockState(t.ctx.db, t.ctx.keyring, door, later);
    assert.ok(!desired.users.some((u) => u.keyId === running.id));
    // An incomplete pass (the lock went away) leaves it set: it may still be on the lock.
    await recordReconcileReport(t.ctx.db, door, report([], later.toISOString(), false));
    assert.equal((await pinOf(running.id)).status, 'set');
    const done = await recordReconcileReport(t.ctx.db, door, report([], later.toISOString(), true));
    assert.ok(done.some((c) => c.keyId === running.id && c.status === 'removed' && c.previous === 'set'));
    assert.deepEqual(await pinOf(running.id), { code: '2468', status: 'removed' });
    // Live keys not in this report are untouched.
    assert.equal((await pinOf(forever.id)).status, 'set');
  });

  it('a lock disconnected: the PINs of live keys back to pending, the rest removed', async () => {
    const before = await pinOf(forever.id);
    assert.equal(before.status, 'set');
    const changes = await recordLockDisconnected(t.ctx.db, door, new Date());
    assert.ok(changes.some((c) => c.keyId === forever.id && c.status === 'pending' && c.previous === 'set'));
    assert.deepEqual(await pinOf(forever.id), { code: forever.pin.code, status: 'pending' });
    assert.equal((await pinOf(running.id)).status, 'removed'); // revoked earlier: stays removed
    const { rows } = await t.ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM key_pins WHERE lock_id = $1 AND (user_index IS NOT NULL OR status = 'set')",
      [door],
    );
    assert.equal(rows[0]!.n, 0);
    assert.deepEqual(await recordLockDisconnected(t.ctx.db, door, new Date()), []);
  });

  it('a deleted lock wants nothing', async () => {
    const lock = (await createLock(t, a, { name: 'Shed' })).id;
    await setLockTakesPins(t, lock);
    await post([{ lockId: lock, appUserId: '+4791000018', pin: true }]);
    assert.equal((await desiredLockState(t.ctx.db, t.ctx.keyring, lock, new Date())).users.length, 1);
    assert.equal(
      (await t.call('DELETE', `/v2/projects/${a.projectId}/locks/${lock}`, { token: a.projectToken })).status,
      204,
    );
    assert.deepEqual((await desiredLockState(t.ctx.db, t.ctx.keyring, lock, new Date())).users, []);
  });
});
