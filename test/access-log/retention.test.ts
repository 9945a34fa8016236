import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { uuidv7 } from '../../src/ids.ts';
import { partitionName, retentionJobStart, retentionRun } from '../../src/resources/access-log/retention.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { appToken, count, ev, keyInsert, lockInsert, newPhone, upload } from '../helpers/events.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const WINDOW = 3; // a shrunk retention window (LATCHKEY_ACCESS_LOG_RETENTION_DAYS)
// How far inside the window the edge event lies: the file reads the log minutes later on a loaded
// machine (its setup alone took 140 s once), and an event 60 s inside had aged out by then.
const EDGE_MARGIN = 15 * 60_000;
let t: TestApp;
let a: Tenant;
let lockId: string;
let keyId: string;
let phone: string;

async function eventInsert(created: Date): Promise<string> {
  const id = uuidv7();
  await t.store.db.query(
    `INSERT INTO access_events (id, project_id, lock_id, key_id, app_user_id, action, created, lock_name, user_name, origin)
     VALUES ($1, $2, $3, $4, $5, 'locked', $6, 'Door', '', 'integrator')`,
    [id, a.projectId, lockId, keyId, phone, created],
  );
  await t.store.db.query('INSERT INTO access_event_ids (id, project_id, created) VALUES ($1, $2, $3)', [
    id,
    a.projectId,
    created,
  ]);
  return id;
}

async function partitions(): Promise<string[]> {
  const { rows } = await t.store.db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'access_events'::regclass ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

async function whereIs(id: string): Promise<string> {
  const { rows } = await t.store.db.query<{ part: string }>(
    'SELECT tableoid::regclass::text AS part FROM access_events WHERE id = $1',
    [id],
  );
  return rows[0]?.part ?? 'gone';
}

before(async () => {
  t = await startTestApp({ LATCHKEY_ACCESS_LOG_RETENTION_DAYS: String(WINDOW) });
  a = await createTenant(t);
  phone = newPhone();
  lockId = await lockInsert(t, a.projectId);
  keyId = await keyInsert(t, { projectId: a.projectId, lockId, appUserId: phone });
});
after(() => t.close());

describe('access log retention', () => {
  const now = new Date();
  const today = Math.floor(now.getTime() / DAY) * DAY;
  let old: string;
  let edge: string;
  let recent: string;
  let fresh: string;

  it('first run: creates the window and days ahead, moving rows out of the default partition', async () => {
    assert.deepEqual(await partitions(), ['access_events_default']);
    old = await eventInsert(new Date(now.getTime() - (WINDOW + 1) * DAY));
    edge = await eventInsert(new Date(now.getTime() - WINDOW * DAY + EDGE_MARGIN)); // just inside
    recent = await eventInsert(new Date(now.getTime() - DAY));
    fresh = await eventInsert(new Date(now.getTime() - 1000));

    const r = await retentionRun(t.store.db, { retentionDays: WINDOW, now });
    const expectedDays = [];
    for (let d = Math.floor((now.getTime() - WINDOW * DAY) / DAY) * DAY; d <= today + 3 * DAY; d += DAY)
      expectedDays.push(partitionName(d));
    assert.deepEqual(r.created, expectedDays.reverse()); // newest first
    assert.equal(r.movedFromDefault, 3);
    assert.deepEqual(r.dropped, []);
    assert.equal(r.deletedIds, 1);
    assert.deepEqual(await partitions(), ['access_events_default', ...expectedDays].sort());

    assert.equal(await whereIs(old), 'gone');
    assert.equal(await whereIs(edge), partitionName(now.getTime() - WINDOW * DAY + EDGE_MARGIN));
    assert.equal(await whereIs(recent), partitionName(now.getTime() - DAY));
    assert.equal(await whereIs(fresh), partitionName(now.getTime() - 1000));
    assert.equal(await count(t, 'SELECT count(*) AS n FROM access_event_ids WHERE id = $1', [old]), 0);
    assert.equal(await count(t, 'SELECT count(*) AS n FROM access_events_default'), 0);
  });

  it("an upload id past the window goes only in its own project, not another project's recent one", async () => {
    const id = uuidv7();
    const otherProject = uuidv7();
    await t.store.db.query(
      `INSERT INTO access_event_ids (id, project_id, created) VALUES ($1, $2, $3), ($1, $4, $5)`,
      [
        id,
        a.projectId,
        new Date(now.getTime() - (WINDOW + 1) * DAY),
        otherProject,
        new Date(now.getTime() - DAY),
      ],
    );
    await retentionRun(t.store.db, { retentionDays: WINDOW, now });
    const { rows } = await t.store.db.query<{ project_id: string }>(
      'SELECT project_id FROM access_event_ids WHERE id = $1',
      [id],
    );
    assert.deepEqual(
      rows.map((r) => r.project_id),
      [otherProject],
    );
  });

  it('moved partitions keep the primary key and indexes', async () => {
    const { rows } = await t.store.db.query<{ indexdef: string }>(
      // This test's own schema only: another schema of the database may hold a same-named day.
      'SELECT indexdef FROM pg_indexes WHERE tablename = $1 AND schemaname = current_schema()',
      [partitionName(now.getTime() - DAY)],
    );
    // The primary key and the indexes by project, lock, person and key.
    assert.equal(rows.length, 5, JSON.stringify(rows));
    await assert.rejects(
      t.store.db.query(
        `INSERT INTO access_events (id, project_id, lock_id, key_id, app_user_id, action, created, lock_name, user_name, origin)
         SELECT id, project_id, lock_id, key_id, app_user_id, action, created, lock_name, user_name, origin
           FROM access_events WHERE id = $1`,
        [recent],
      ),
    );
  });

  it('new uploads land in their day partition and stay readable', async () => {
    const e = ev(keyId, { agoMs: 2 * DAY });
    const r = await upload(t, await appToken(t, phone), [e]);
    assert.equal(r.body.results[0].status, 'accepted');
    assert.equal(await whereIs(e.id), partitionName(Date.parse(e.created)));
    const log = await t.call('GET', `/v2/projects/${a.projectId}/logs/access`, { token: a.projectToken });
    assert.deepEqual(
      log.body.accessEvents.map((x: { id: string }) => x.id),
      [fresh, recent, e.id, edge],
    );
  });

  it('a second run at the same time changes nothing', async () => {
    const r = await retentionRun(t.store.db, { retentionDays: WINDOW, now });
    assert.deepEqual(r, {
      created: [],
      dropped: [],
      movedFromDefault: 0,
      deletedIds: 0,
      deletedFeed: 0,
      deletedCounts: 0,
      cutLockRows: 0,
    });
  });

  it('later: drops whole days past the window, adds days ahead, forgets old ids', async () => {
    const later = new Date(now.getTime() + 2 * DAY);
    // The activity summary's counts: an hour that ended before the window, and the one the cutoff
    // falls in (still partly inside).
    const hourStart = (ms: number) => new Date(Math.floor(ms / HOUR) * HOUR);
    const edgeHour = hourStart(later.getTime() - WINDOW * DAY);
    const oldHour = new Date(edgeHour.getTime() - HOUR);
    for (const hour of [oldHour, edgeHour])
      await t.store.db.query(
        `INSERT INTO activity_hours (project_id, hour, events) VALUES ('00000000-0000-7000-8000-000000000001', $1, 1)`,
        [hour],
      );
    const r = await retentionRun(t.store.db, { retentionDays: WINDOW, now: later });
    const hours = await t.store.db.query<{ hour: Date }>('SELECT hour FROM activity_hours ORDER BY hour');
    assert.deepEqual(
      hours.rows.map((h) => new Date(h.hour).toISOString()),
      [edgeHour.toISOString()],
      'the hour before the window is gone, the one holding the cutoff is kept',
    );
    assert.equal(r.deletedCounts, 1);
    const cutoffDay = Math.floor((later.getTime() - WINDOW * DAY) / DAY) * DAY;
    const stillThere = await partitions();
    for (const name of r.dropped) assert.ok(!stillThere.includes(name));
    assert.ok(r.dropped.includes(partitionName(now.getTime() - WINDOW * DAY)));
    assert.ok(!r.dropped.includes(partitionName(cutoffDay)), 'the day holding the cutoff is kept');
    assert.deepEqual(r.created, [partitionName(today + 5 * DAY), partitionName(today + 4 * DAY)]);
    assert.equal(await whereIs(edge), 'gone');
    assert.equal(await count(t, 'SELECT count(*) AS n FROM access_event_ids WHERE id = $1', [edge]), 0);
    assert.notEqual(await whereIs(fresh), 'gone');
  });

  it('runs as a background job that stops cleanly', async () => {
    const ahead = partitionName(today + 3 * DAY);
    await t.store.db.query(`DROP TABLE ${ahead}`);
    const lines: string[] = [];
    const log = {
      info: (o: unknown) => lines.push(JSON.stringify(o)),
      error: (o: unknown) => lines.push(`error ${JSON.stringify(o)}`),
    } as unknown as Parameters<typeof retentionJobStart>[1];
    const stop = retentionJobStart(t.ctx, log, 60_000);
    await stop();
    assert.ok(!lines.some((l) => l.startsWith('error')), lines.join('\n'));
    assert.ok((await partitions()).includes(ahead), 'the first run happens at start');
  });
});
