import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { retentionRun } from '../../src/resources/access-log/retention.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  appToken,
  ev,
  keyInsert,
  lockInsert,
  managedUserInsert,
  newPhone,
  upload,
} from '../helpers/events.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

const DAY = 86_400_000;
let t: TestApp;
let a: Tenant;
let b: Tenant;
let lock1: string;
let lock2: string;
let kari: string;
let ola: string;
let key1: string;
let key2: string;
let sharedKey: string;
/** Every event id uploaded to project a, newest created first (created, id desc). */
let expected: { id: string; created: string }[] = [];

const byNewest = (x: { id: string; created: string }, y: { id: string; created: string }) =>
  y.created.localeCompare(x.created) || y.id.localeCompare(x.id);

async function log(query: string, token = a.projectToken, path = `/v2/projects/${a.projectId}/logs/access`) {
  return t.call('GET', `${path}${query}`, { token });
}

before(async () => {
  t = await startTestApp();
  // The day partitions of the window, as the retention job keeps them: reads span them.
  await retentionRun(t.store.db, { retentionDays: t.config.accessLogRetentionDays });
  a = await createTenant(t, 'Acme');
  b = await createTenant(t, 'Globex');
  lock1 = await lockInsert(t, a.projectId, { name: 'Front' });
  lock2 = await lockInsert(t, a.projectId, { name: 'Back' });
  kari = newPhone();
  ola = newPhone();
  await managedUserInsert(t, a.projectId, kari, 'Kari', null);
  key1 = await keyInsert(t, { projectId: a.projectId, lockId: lock1, appUserId: kari });
  key2 = await keyInsert(t, { projectId: a.projectId, lockId: lock2, appUserId: kari });
  sharedKey = await keyInsert(t, {
    projectId: a.projectId,
    lockId: lock1,
    appUserId: ola,
    origin: 'shared',
    sharedBy: kari,
  });
  // 1,000 events in 10 runs of 100 sharing one `created`, with random (not time-ordered) ids:
  // paging must order and split on (created, id), not on either alone.
  const base = Date.now() - 2 * DAY;
  const events = Array.from({ length: 1000 }, (_, i) => ({
    ...ev(i % 2 ? key1 : key2),
    id: randomUUID(),
    created: new Date(base + Math.floor(i / 100) * 60_000).toISOString(),
  }));
  const r = await upload(t, await appToken(t, kari), events);
  assert.ok(r.body.results.every((x: { status: string }) => x.status === 'accepted'));
  const shared = ev(sharedKey, { agoMs: DAY });
  await upload(t, await appToken(t, ola), [shared]);
  expected = [...events, shared].map((e) => ({ id: e.id, created: e.created })).sort(byNewest);
});
after(() => t.close());

describe('GET /v2/projects/{projectId}/logs/access', () => {
  it('lists events newest first with the Access Event fields plus received and origin', async () => {
    const r = await log('?limit=2');
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const [first, second] = r.body.accessEvents;
    assert.deepEqual(Object.keys(first), [
      'id',
      'action',
      'created',
      'keyId',
      'lockId',
      'lockName',
      'appUserId',
      'userName',
      'received',
      'origin',
    ]);
    assert.equal(first.id, expected[0]!.id);
    assert.equal(first.origin, 'shared');
    assert.equal(first.userName, '');
    assert.equal(first.lockName, 'Front');
    assert.match(first.created, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    assert.ok(Date.parse(first.received) >= Date.parse(first.created));
    assert.equal(second.id, expected[1]!.id);
    assert.equal(second.userName, 'Kari');
    assert.equal(second.origin, 'integrator');
    assert.equal(typeof r.body.startAfterId, 'string');
  });

  it('pages through 1,001 events exactly once, in order', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const r = await log(`?limit=37${cursor ? `&startAfterId=${cursor}` : ''}`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      seen.push(...r.body.accessEvents.map((e: { id: string }) => e.id));
      cursor = r.body.startAfterId;
      pages++;
    } while (cursor);
    assert.equal(pages, Math.ceil(1001 / 37));
    assert.deepEqual(
      seen,
      expected.map((e) => e.id),
    );
  });

  it('filters by lock, app user, key and time range', async () => {
    const ids = async (q: string) => {
      const r = await log(`?limit=1000${q}`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.accessEvents as {
        id: string;
        lockId: string;
        appUserId: string;
        keyId: string;
        created: string;
      }[];
    };
    const l1 = await ids(`&lockId=${lock1}`);
    assert.equal(l1.length, 501);
    assert.ok(l1.every((e) => e.lockId === lock1));
    const o = await ids(`&appUserId=${encodeURIComponent(ola)}`);
    assert.deepEqual(
      o.map((e) => e.keyId),
      [sharedKey],
    );
    const k2 = await ids(`&keyId=${key2}`);
    assert.equal(k2.length, 500);
    const from = expected.find((e) => e.id !== expected[0]!.id)!.created; // newest of the 1,000
    const fromR = await ids(`&from=${encodeURIComponent(from)}`);
    assert.equal(fromR.length, 101); // the last run of 100 plus the shared event
    const to = await ids(`&to=${encodeURIComponent(from)}`);
    assert.equal(to.length, 900); // `to` is exclusive
    const both = await ids(
      `&lockId=${lock2}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(new Date().toISOString())}`,
    );
    assert.equal(both.length, 50);
    // Several filters together: the narrowest leads the read, the others are checked on each row.
    const kariOnLock1 = await ids(`&lockId=${lock1}&appUserId=${encodeURIComponent(kari)}`);
    assert.equal(kariOnLock1.length, 500);
    assert.ok(kariOnLock1.every((e) => e.keyId === key1));
    assert.deepEqual(
      (await ids(`&lockId=${lock1}&appUserId=${encodeURIComponent(ola)}`)).map((e) => e.keyId),
      [sharedKey],
    );
    assert.equal((await ids(`&lockId=${lock1}&keyId=${key2}`)).length, 0);
    assert.equal((await ids(`&appUserId=${encodeURIComponent(ola)}&keyId=${key1}`)).length, 0);
    assert.equal((await ids(`&appUserId=${encodeURIComponent(kari)}&keyId=${key1}`)).length, 500);
    assert.equal(
      (await ids(`&lockId=${lock2}&appUserId=${encodeURIComponent(kari)}&keyId=${key2}`)).length,
      500,
    );
  });

  it('pages a filtered read exactly once, in order', async () => {
    for (const [q, want] of [
      [`&keyId=${key2}`, 500],
      [`&appUserId=${encodeURIComponent(kari)}`, 1000],
      [`&lockId=${lock1}`, 501],
    ] as const) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const r = await log(`?limit=77${q}${cursor ? `&startAfterId=${cursor}` : ''}`);
        assert.equal(r.status, 200, JSON.stringify(r.body));
        seen.push(...r.body.accessEvents.map((e: { id: string }) => e.id));
        cursor = r.body.startAfterId;
      } while (cursor);
      assert.equal(seen.length, want, q);
      assert.equal(new Set(seen).size, want, q);
      const order = expected.map((e) => e.id).filter((id) => seen.includes(id));
      assert.deepEqual(seen, order, q);
    }
  });

  it('returns only the retention window', async () => {
    const old = ev(key1);
    const recent = ev(key1);
    for (const [e, ago] of [
      [old, 31 * DAY],
      [recent, 29 * DAY],
    ] as const) {
      await t.store.db.query(
        `INSERT INTO access_events (id, project_id, lock_id, key_id, app_user_id, action, created, lock_name, user_name, origin)
         VALUES ($1, $2, $3, $4, $5, 'locked', $6, 'Front', '', 'integrator')`,
        [e.id, a.projectId, lock1, key1, kari, new Date(Date.now() - ago)],
      );
    }
    const r = await log(
      `?limit=3&keyId=${key1}&to=${encodeURIComponent(new Date(Date.now() - 20 * DAY).toISOString())}`,
    );
    assert.deepEqual(
      r.body.accessEvents.map((e: { id: string }) => e.id),
      [recent.id],
    );
  });

  it('refuses malformed cursors and parameters with 400', async () => {
    for (const q of [
      '?startAfterId=abc',
      `?startAfterId=${randomUUID()}`,
      `?startAfterId=${Buffer.from('12.x').toString('base64url')}`,
      `?startAfterId=${Buffer.from(`2026-13-45T00:00:00.000000Z|${randomUUID()}`).toString('base64url')}`,
      `?startAfterId=${Buffer.from(`2026-11-01T00:00:00.000000Z|${randomUUID()}|x`).toString('base64url')}`,
      '?limit=0',
      '?limit=1001',
      '?from=yesterday',
      '?lockId=nope',
      '?unknown=1',
      `?from=${encodeURIComponent(new Date().toISOString())}&to=${encodeURIComponent(new Date(0).toISOString())}`,
    ]) {
      const r = await log(q);
      assert.equal(r.status, 400, `${q}: ${JSON.stringify(r.body)}`);
      assert.match(String(r.headers['content-type']), /problem\+json/);
    }
  });

  it('keeps tenants apart', async () => {
    assert.equal((await log('', b.projectToken)).status, 403);
    assert.equal((await t.call('GET', `/v2/projects/${a.projectId}/logs/access`)).status, 401);
    const other = await log('', b.projectToken, `/v2/projects/${b.projectId}/logs/access`);
    assert.equal(other.status, 200);
    assert.deepEqual(other.body.accessEvents, []);
    // Another project's lock, person or key, as filters of one's own project's log: nothing.
    for (const q of [`?lockId=${lock1}`, `?appUserId=${encodeURIComponent(kari)}`, `?keyId=${key1}`]) {
      const r = await log(q, b.projectToken, `/v2/projects/${b.projectId}/logs/access`);
      assert.deepEqual([r.status, r.body.accessEvents], [200, []], q);
    }
    const foreignLock = await log(
      '',
      b.projectToken,
      `/v2/projects/${b.projectId}/locks/${lock1}/logs/access`,
    );
    assert.equal(foreignLock.status, 404);
    const appTok = await appToken(t, kari);
    assert.equal((await log('', appTok)).status, 403);
  });
});

describe('GET /v2/projects/{projectId}/locks/{lockId}/logs/access', () => {
  it("lists one lock's events, shared keys included, and pages", async () => {
    const path = `/v2/projects/${a.projectId}/locks/${lock1}/logs/access`;
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const r = await log(`?limit=100${cursor ? `&startAfterId=${cursor}` : ''}`, a.projectToken, path);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      for (const e of r.body.accessEvents) {
        assert.equal(e.lockId, lock1);
        seen.push(e.id);
      }
      cursor = r.body.startAfterId;
    } while (cursor);
    const window = Date.now() - 30 * DAY;
    const { rows } = await t.store.db.query<{ id: string }>(
      'SELECT id FROM access_events WHERE lock_id = $1 AND created >= $2 ORDER BY created DESC, id DESC',
      [lock1, new Date(window)],
    );
    assert.deepEqual(
      seen,
      rows.map((r) => r.id),
    );
    assert.ok(seen.length >= 501);
  });

  it('pages exactly through events apart by microseconds (written by other tools than the API)', async () => {
    const lock = await lockInsert(t, a.projectId);
    const base = new Date(Date.now() - DAY).toISOString().slice(0, 23);
    const ids: string[] = [];
    for (const us of ['100', '101', '101', '102', '999']) {
      const id = randomUUID();
      ids.push(id);
      await t.store.db.query(
        `INSERT INTO access_events (id, project_id, lock_id, key_id, app_user_id, action, created, lock_name, user_name, origin)
         VALUES ($1, $2, $3, $4, $5, 'locked', $6::timestamptz, 'Front', '', 'integrator')`,
        [id, a.projectId, lock, key1, kari, `${base}${us}Z`],
      );
    }
    const path = `/v2/projects/${a.projectId}/locks/${lock}/logs/access`;
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const r = await log(`?limit=1${cursor ? `&startAfterId=${cursor}` : ''}`, a.projectToken, path);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      seen.push(...r.body.accessEvents.map((e: { id: string }) => e.id));
      // Shown with milliseconds, truncated like Date#toISOString (…999 µs does not round up).
      for (const e of r.body.accessEvents) assert.equal(e.created, `${base}Z`);
      cursor = r.body.startAfterId;
    } while (cursor);
    const tie = [ids[1]!, ids[2]!].sort().reverse();
    assert.deepEqual(seen, [ids[4], ids[3], ...tie, ids[0]]);
  });

  it('pages across day partitions: boundaries at midnight UTC, today, days back, and a few minutes ahead', async () => {
    // Pages are read newest day first and then the rest of the window (queries.ts); a page that
    // straddles days, events on either side of midnight and one uploaded with a clock minutes
    // ahead must all come out once, in order, with every filter combination of the route.
    const lock = await lockInsert(t, a.projectId);
    const midnight = Math.floor(Date.now() / DAY) * DAY;
    const at = [
      Date.now() + 4 * 60_000, // an app clock ahead (uploads allow 5 minutes)
      Date.now() - 1000,
      midnight, // the first instant of today's partition
      midnight - 1, // the last millisecond of yesterday's
      midnight - DAY / 2,
      midnight - 3 * DAY,
      midnight - 3 * DAY,
      midnight - 20 * DAY,
    ];
    const rows = at.map((ms) => ({ id: randomUUID(), created: new Date(ms).toISOString() }));
    for (const r of rows)
      await t.store.db.query(
        `INSERT INTO access_events (id, project_id, lock_id, key_id, app_user_id, action, created, lock_name, user_name, origin)
         VALUES ($1, $2, $3, $4, $5, 'locked', $6::timestamptz, 'Front', '', 'integrator')`,
        [r.id, a.projectId, lock, key1, kari, r.created],
      );
    const want = [...rows].sort(byNewest).map((r) => r.id);
    const path = `/v2/projects/${a.projectId}/locks/${lock}/logs/access`;
    for (const limit of [1, 2, 3, 5, 8, 100]) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const r = await log(
          `?limit=${limit}${cursor ? `&startAfterId=${cursor}` : ''}`,
          a.projectToken,
          path,
        );
        assert.equal(r.status, 200, JSON.stringify(r.body));
        seen.push(...r.body.accessEvents.map((e: { id: string }) => e.id));
        cursor = r.body.startAfterId;
      } while (cursor);
      assert.deepEqual(seen, want, `limit ${limit}`);
    }
    const between = await log(
      `?limit=100&from=${new Date(midnight - 3 * DAY).toISOString()}&to=${new Date(midnight).toISOString()}`,
      a.projectToken,
      path,
    );
    assert.deepEqual(
      between.body.accessEvents.map((e: { id: string }) => e.id),
      want.slice(3, 7),
    );
    const empty = await log(`?to=${new Date(midnight - 30 * DAY).toISOString()}`, a.projectToken, path);
    assert.deepEqual([empty.status, empty.body.accessEvents], [200, []]);
  });

  it("answers 404 for another project's lock, whether or not it has events", async () => {
    const other = await lockInsert(t, b.projectId);
    const r = await log('', a.projectToken, `/v2/projects/${a.projectId}/locks/${other}/logs/access`);
    assert.equal(r.status, 404);
    const mine = await log('', a.projectToken, `/v2/projects/${a.projectId}/locks/${lock1}/logs/access`);
    assert.ok(mine.body.accessEvents.length > 0);
    const theirs = await log('', b.projectToken, `/v2/projects/${b.projectId}/locks/${lock1}/logs/access`);
    assert.equal(theirs.status, 404);
  });

  it('answers 404 for an unknown lock', async () => {
    const r = await log('', a.projectToken, `/v2/projects/${a.projectId}/locks/${randomUUID()}/logs/access`);
    assert.equal(r.status, 404);
  });
});
