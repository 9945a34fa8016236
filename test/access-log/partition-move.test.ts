// A read that runs while retention moves a day's rows out of the default partition (rows land
// there while the day's partition is missing, e.g. uploads during a new database's first retention
// run) must still see them. The move holds the whole table; before that was so, a read that had
// already expanded the partition list waited on the default partition alone, then scanned it
// emptied, without the new partition in its plan: the page came back empty (seen once in CI).
// PostgreSQL only: on PGlite every statement runs in turn on one connection, so there is no race.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { dayStart, partitionCreate } from '../../src/resources/access-log/retention.ts';
import { DAY_MS } from '../../src/time/durations.ts';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app.ts';
import { keyInsert, lockInsert, newPhone } from '../helpers/events.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { signal } from '../helpers/signal.ts';
import { TEST_DATABASE_URL } from '../helpers/store.ts';

let t: TestApp;
let a: Tenant;

before(async () => {
  t = await startTestApp();
  a = await createTenant(t);
});
after(() => t.close());

/** An access event written straight to the table, a second ago: with no day partition made in this
 * schema (no retention has run), it lands in the default partition. */
async function eventInsert(id: string, lockId: string, keyId: string, phone: string) {
  await t.store.db.query(
    `INSERT INTO access_events (id, project_id, lock_id, key_id, app_user_id, action, created, lock_name, user_name, origin)
     VALUES ($1, $2, $3, $4, $5, 'locked', now() - interval '1 second', 'Front', '', 'integrator')`,
    [id, a.projectId, lockId, keyId, phone],
  );
}

it('a page read during a move out of the default partition sees the moved events', {
  skip: !TEST_DATABASE_URL,
}, async () => {
  const phone = newPhone();
  const lockId = await lockInsert(t, a.projectId);
  const keyId = await keyInsert(t, { projectId: a.projectId, lockId, appUserId: phone });
  // No retention has run in this schema: only the default partition exists, so the event lands there.
  const id = crypto.randomUUID();
  await eventInsert(id, lockId, keyId, phone);
  const moved = signal();
  const mayCommit = signal();
  const move = t.store.db.transaction(async (tx) => {
    const n = await partitionCreate(tx, dayStart(Date.now()));
    moved.fire();
    await mayCommit.fired;
    return n;
  });
  await moved.fired;
  const read = t.call('GET', `/v2/projects/${a.projectId}/locks/${lockId}/logs/access`, {
    token: a.projectToken,
  });
  // Let the read reach PostgreSQL and wait on the move's lock, then commit the move.
  await new Promise((r) => setTimeout(r, 300));
  mayCommit.fire();
  assert.equal(await move, 1);
  const r = await read;
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(
    r.body.accessEvents.map((e: { id: string }) => e.id),
    [id],
  );
});

it('an erasure beside the creation of a day partition: both finish, no deadlock', {
  skip: !TEST_DATABASE_URL,
}, async () => {
  const phone = newPhone();
  const lockId = await lockInsert(t, a.projectId);
  const keyId = await keyInsert(t, { projectId: a.projectId, lockId, appUserId: phone });
  await eventInsert(crypto.randomUUID(), lockId, keyId, phone);
  await t.store.db.query(
    `INSERT INTO activity_event_positions (project_id, tx_id, seq) VALUES ($1, '0', -1) ON CONFLICT DO NOTHING`,
    [a.projectId],
  );
  // Who waits for whom, read from PostgreSQL: the sessions `pid` blocks.
  const blockedBy = async (pid: number) => {
    for (let i = 0; i < 200; i++) {
      const { rows } = await t.store.db.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
        [pid],
      );
      if (rows[0]) return rows[0].pid;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`nothing waited for session ${pid}`);
  };
  // The erasure stops at the project's fold position, which another transaction holds, after its
  // first statement on access_events. Then retention asks for a day's partition; then the position
  // is let go, and the erasure goes on to delete.
  const held = signal();
  const release = signal();
  let holderPid = 0;
  const holder = t.store.db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM activity_event_positions WHERE project_id = $1 FOR UPDATE', [a.projectId]);
    holderPid = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    held.fire();
    await release.fired;
  });
  await held.fired;
  const erase = t.call('DELETE', `/admin/v1/app-users/${encodeURIComponent(phone)}`, { token: ADMIN_TOKEN });
  const erasePid = await blockedBy(holderPid);
  const create = t.store.db.transaction((tx) => partitionCreate(tx, dayStart(Date.now()) + 5 * DAY_MS));
  await blockedBy(erasePid);
  release.fire();
  await holder;
  const r = await erase;
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.erased.accessEvents, 1);
  assert.equal(await create, 0);
});
