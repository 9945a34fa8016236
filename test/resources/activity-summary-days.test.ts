// The activity summary's counts over days, and their upkeep (migrations 0105 to 0107): attempts per
// webhook kept as running totals per UTC day, and their duration buckets per day, read for any
// window of whole hours across midnight, the same before and after a fold; the previous version's hourly rows carried into them during a rolling
// upgrade; the hours the access log's retention drops; and older hours cut to their busiest locks,
// to which late uploads then add only in the hour's total and the kept locks' own counts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  activityCountsExpire,
  activityFoldRun,
  activityLockHoursCompact,
  attemptsFoldBatch,
} from '../../src/resources/activity-summary/fold.ts';
import { BUSIEST_LOCKS, bucketPercentile } from '../../src/resources/activity-summary/queries.ts';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app.ts';
import {
  DELIVERY_ENV,
  insertLock,
  type Receiver,
  registerWebhook,
  startReceiver,
} from '../helpers/delivery.ts';
import { appToken, ev, keyInsert, newPhone, upload } from '../helpers/events.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

const HOUR = 3_600_000;
const hourStart = (ms: number) => Math.floor(ms / HOUR) * HOUR;
let t: TestApp;
let a: Tenant;
let c: Tenant;
let receiver: Receiver;
let hooks: string[];
/**
 * Every attempt written, as the delivery path writes it: the expected counts come from these. `ms`:
 * its duration (none for the previous version's hourly rows, which held no durations).
 */
const attempts: { webhookId: string; at: number; status: number | null; ms?: number }[] = [];

const summary = async (tenant: Tenant, hours: number) => {
  const r = await t.call('GET', `/v2/projects/${tenant.projectId}/activity-summary?hours=${hours}`, {
    token: tenant.projectToken,
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body;
};

/** Duration -> bucket, as the database buckets them (activity_duration_bucket), for each duration written. */
const bucketOf = new Map<number, number>();

/**
 * Each webhook's attempts, failed attempts and duration percentiles (from the buckets of the
 * attempts with a duration) in [from, to), by hook id.
 */
function expectedWebhooks(from: string, to: string) {
  const m = new Map<string, { attempts: number; failed: number; buckets: Map<number, number> }>();
  for (const x of attempts) {
    const h = hourStart(x.at);
    if (h < Date.parse(from) || h >= Date.parse(to)) continue;
    const w = m.get(x.webhookId) ?? { attempts: 0, failed: 0, buckets: new Map() };
    w.attempts++;
    if (x.status === null || x.status < 200 || x.status > 299) w.failed++;
    if (x.ms !== undefined) {
      const b = bucketOf.get(x.ms)!;
      w.buckets.set(b, (w.buckets.get(b) ?? 0) + 1);
    }
    m.set(x.webhookId, w);
  }
  return Object.fromEntries(
    [...m]
      .sort(([p], [q]) => (p < q ? -1 : 1))
      .map(([id, w]) => {
        const buckets = [...w.buckets].sort(([p], [q]) => p - q);
        return [
          id,
          {
            attempts: w.attempts,
            failed: w.failed,
            p50: bucketPercentile(buckets, 0.5) ?? 0,
            p95: bucketPercentile(buckets, 0.95) ?? 0,
          },
        ];
      }),
  );
}

const webhooksOf = (body: {
  webhooks: { webhookId: string; attempts: number; failedAttempts: number; p50Ms: number; p95Ms: number }[];
}) =>
  Object.fromEntries(
    body.webhooks
      .map(
        (w) =>
          [
            w.webhookId,
            { attempts: w.attempts, failed: w.failedAttempts, p50: w.p50Ms, p95: w.p95Ms },
          ] as const,
      )
      .sort(([p], [q]) => (p < q ? -1 : 1)),
  );

async function pendingAdd(webhookId: string, at: number, status: number | null) {
  // Seven durations 30 ms apart, each its own bucket: the percentiles move with every attempt added.
  const ms = 40 + (attempts.length % 7) * 30;
  if (!bucketOf.has(ms)) {
    const { rows } = await t.store.db.query<{ b: number }>('SELECT activity_duration_bucket($1) AS b', [ms]);
    bucketOf.set(ms, rows[0]!.b);
  }
  await t.store.db.query(
    'INSERT INTO activity_attempts_pending (webhook_id, at, response_status, duration_ms) VALUES ($1, $2, $3, $4)',
    [webhookId, new Date(at), status, ms],
  );
  attempts.push({ webhookId, at, status, ms });
}

// Periods of three days or more are ranked from the running totals across days (migration 0106);
// the buckets of a period's whole days come from the rows per day (0107).
const WINDOWS = [1, 2, 3, 12, 23, 24, 25, 36, 47, 48, 49, 72, 73, 97, 168, 300, 720];

/** The rows `select` reads are the same after the rebuild function `rebuild` counts them again. */
async function keptAsRebuilt(select: string, rebuild: string, label: string) {
  const kept = (await t.store.db.query(select)).rows;
  await t.store.db.query(`SELECT ${rebuild}()`);
  assert.deepEqual(kept, (await t.store.db.query(select)).rows, label);
}

/**
 * Folds every pending attempt. The app's own fold runs beside the test every few seconds, and while
 * it holds the attempts a run of ours folds none (on PostgreSQL; PGlite has one connection): the
 * retention test then expired hours whose attempts were folded after it, and failed.
 */
async function foldAll() {
  for (;;) {
    await activityFoldRun(t.store.db);
    const { rows } = await t.store.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM activity_attempts_pending',
    );
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function webhooksMatch(label: string) {
  for (const hours of WINDOWS) {
    const body = await summary(a, hours);
    assert.deepEqual(webhooksOf(body), expectedWebhooks(body.from, body.to), `${label}, ${hours} h`);
  }
  // The rows the triggers kept are what counting them afresh gives (the migrations' way): the
  // running totals across days (0106), and the buckets per day (0107).
  await keptAsRebuilt(
    'SELECT webhook_id, last_day, ends::text FROM activity_webhook_totals ORDER BY webhook_id',
    'activity_webhook_totals_rebuild',
    `${label}: totals across days`,
  );
  await keptAsRebuilt(
    'SELECT webhook_id, day, bucket, attempts::int FROM activity_webhook_day_durations ORDER BY 1, 2, 3',
    'activity_webhook_day_durations_rebuild',
    `${label}: buckets per day`,
  );
}

before(async () => {
  t = await startTestApp(DELIVERY_ENV);
  a = await createTenant(t, 'Days');
  c = await createTenant(t, 'Cut');
  const lock = await insertLock(t, a.projectId);
  receiver = await startReceiver();
  hooks = [];
  for (const path of ['/one', '/two']) hooks.push((await registerWebhook(t, a, lock, receiver.url(path))).id);
  // Attempts over the last three days, one to three an hour, a few hours apart, across two
  // midnights whatever the time of day; a third of them failed or unanswered.
  const now = Date.now();
  const statuses = [204, 500, null, 200];
  for (const [i, ago] of [0, 1, 2, 5, 11, 13, 23, 24, 25, 26, 35, 47, 48, 50, 61, 70].entries())
    for (let j = 0; j <= i % 3; j++)
      await pendingAdd(hooks[(i + j) % 2]!, now - ago * HOUR - j * 1000, statuses[(i + j) % 4]!);
  // Older ones, days apart: a webhook with no attempts on a period's first or last day, or on
  // several days in a row, still counts what it made in between.
  for (const [i, ago] of [100, 101, 130, 200, 260, 400, 500, 690, 719].entries())
    await pendingAdd(hooks[i % 2]!, now - ago * HOUR, statuses[i % 4]!);
});
after(async () => {
  await receiver?.close();
  await t?.close();
});

describe('activity summary: counts over days', () => {
  it('counts each webhook’s attempts over any window of whole hours, before and after a fold', async () => {
    await webhooksMatch('pending');
    // Three at a time: a statement then often adds two hours of the same webhook and day.
    while ((await attemptsFoldBatch(t.store.db, 3)) > 0);
    await webhooksMatch('folded');
    // More on top of folded days, folded all at once.
    for (const ago of [0, 3, 30]) await pendingAdd(hooks[0]!, Date.now() - ago * HOUR, 201);
    await webhooksMatch('pending on folded');
    await foldAll();
    await webhooksMatch('folded again');
  });

  it('carries the previous version’s hourly rows into the days (a rolling upgrade)', async () => {
    // What the previous version's fold writes: an hour's row, then more on it.
    const hour = hourStart(Date.now() - 30 * HOUR);
    for (const [n, failed] of [
      [4, 1],
      [3, 2],
    ])
      await t.store.db.query(
        `INSERT INTO activity_webhook_hours AS t (webhook_id, hour, project_id, attempts, failed)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (webhook_id, hour)
         DO UPDATE SET attempts = t.attempts + excluded.attempts, failed = t.failed + excluded.failed`,
        [hooks[1], new Date(hour), a.projectId, n, failed],
      );
    for (let i = 0; i < 7; i++) attempts.push({ webhookId: hooks[1]!, at: hour, status: i < 3 ? 500 : 204 });
    await webhooksMatch('carried over');
  });

  it('cuts hours older than two days to their busiest locks; late events add to the total and the kept locks', async () => {
    // An hour 60 hours ago, as the fold wrote it while it was new: seven locks, two of them past
    // the five the summary lists.
    const hour = hourStart(Date.now() - 60 * HOUR);
    // The cut has not reached this hour yet (it holds every lock until it does).
    await t.store.db.query('UPDATE activity_lock_hours_compacted SET through = $1', [new Date(hour)]);
    const counts = [7, 6, 5, 3, 3, 2, 1];
    const locks: string[] = [];
    for (const [i, n] of counts.entries()) {
      locks.push(await insertLock(t, c.projectId, `Door ${i}`));
      await t.store.db.query(
        'INSERT INTO activity_lock_hours (project_id, hour, lock_id, lock_name, events) VALUES ($1, $2, $3, $4, $5)',
        [c.projectId, new Date(hour), locks[i], `Door ${i}`, n],
      );
    }
    await t.store.db.query('INSERT INTO activity_hours (project_id, hour, events) VALUES ($1, $2, $3)', [
      c.projectId,
      new Date(hour),
      27,
    ]);
    const kept = [...counts.entries()]
      .sort(([i, n], [j, m]) => m - n || (locks[i]! < locks[j]! ? -1 : 1))
      .slice(0, BUSIEST_LOCKS)
      .map(([i, n]) => ({ lockId: locks[i]!, accessEvents: n }));
    const listed = async () =>
      (await summary(c, 72)).busiestLocks
        .filter((l: { hour: string }) => l.hour === new Date(hour).toISOString())
        .map((l: { lockId: string; accessEvents: number }) => ({
          lockId: l.lockId,
          accessEvents: l.accessEvents,
        }));
    const rows = async () =>
      (
        await t.store.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM activity_lock_hours WHERE project_id = $1 AND hour = $2',
          [c.projectId, new Date(hour)],
        )
      ).rows[0]!.n;
    assert.deepEqual(await listed(), kept);

    // The cut reaches it now, and stops where hours are still new.
    assert.equal(await activityLockHoursCompact(t.store.db), counts.length - BUSIEST_LOCKS);
    assert.equal(await rows(), BUSIEST_LOCKS);
    // (Two hours back if an hour began since the cut.)
    const through = await t.store.db.query<{ ok: boolean }>(
      `SELECT through BETWEEN activity_lock_detail_from() - interval '2 hours'
                          AND activity_lock_detail_from() - interval '1 hour' AS ok
         FROM activity_lock_hours_compacted`,
    );
    assert.equal(through.rows[0]!.ok, true);
    assert.equal(await activityLockHoursCompact(t.store.db), 0, 'nothing left to cut');
    assert.deepEqual(await listed(), kept, 'the list is the same');
    const cutKeeps = (await t.store.db.query<{ n: number }>('SELECT activity_lock_hours_kept() AS n'))
      .rows[0]!.n;
    assert.equal(cutKeeps, BUSIEST_LOCKS, 'the cut keeps as many as the summary lists');

    // Late uploads into that hour: nine for the lock with the fewest events (not kept), four for
    // the busiest (kept). All count in the hour's total; only the kept lock's count grows, before
    // the fold (from the read's tail) and after it.
    const lateUpload = async (lockId: string, n: number) => {
      const person = newPhone();
      const key = await keyInsert(t, { projectId: c.projectId, lockId, appUserId: person });
      const events = Array.from({ length: n }, (_, i) =>
        ev(key, { agoMs: Date.now() - hour - 60_000 - i * 1000 }),
      );
      assert.equal((await upload(t, await appToken(t, person), events)).status, 200);
      return person;
    };
    const notKept = await lateUpload(locks[6]!, 9);
    const onKept = await lateUpload(locks[0]!, 4);
    const total = async () =>
      (await summary(c, 72)).perHour.find((h: { hour: string }) => h.hour === new Date(hour).toISOString())
        ?.accessEvents;
    const keptPlus = (n: number) =>
      kept.map((k) => (k.lockId === locks[0] ? { ...k, accessEvents: k.accessEvents + n } : k));
    assert.equal(await total(), 27 + 13);
    assert.deepEqual(await listed(), keptPlus(4));
    await foldAll();
    assert.equal(await total(), 27 + 13);
    assert.deepEqual(await listed(), keptPlus(4));
    assert.equal(await rows(), BUSIEST_LOCKS, 'the fold adds no lock row to a cut hour');

    // Erasing those people takes out exactly what was counted.
    for (const [person, left] of [
      [onKept, 27 + 9],
      [notKept, 27],
    ] as const) {
      const r = await t.call('DELETE', `/admin/v1/app-users/${encodeURIComponent(person)}`, {
        token: ADMIN_TOKEN,
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(await total(), left);
      assert.deepEqual(await listed(), kept);
    }
  });

  it('keeps running totals across days that match a plain sum, whatever the order and the gaps', async () => {
    // activity_ring_add / activity_ring_at (migration 0106) against a map of day -> total: late
    // days, days removed (negative), gaps longer than the days kept, and every day a read may ask.
    const q = async <T>(sql: string, params: unknown[]) =>
      (await t.store.db.query<{ v: T }>(sql, params)).rows[0]!.v;
    const size = await q<number>('SELECT activity_ring_days() AS v', []);
    let state = 7;
    const random = (n: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state % n;
    };
    const days = new Map<number, number>();
    let ends: string[] = Array.from({ length: size }, () => '0');
    let lastDay = 20_000;
    let d = lastDay;
    for (let step = 0; step < 120; step++) {
      // Mostly forward a day or two, sometimes back (a late attempt), sometimes far ahead (an idle webhook).
      const move = random(10);
      d = move < 6 ? d + random(3) : move < 9 ? d - random(size + 5) : d + size + random(30);
      const have = days.get(d) ?? 0;
      const n = have > 0 && random(4) === 0 ? -have : 1 + random(50);
      days.set(d, have + n);
      ends = await q<string[]>('SELECT activity_ring_add($1::bigint[], $2, $3, $4) AS v', [
        ends,
        lastDay,
        d,
        n,
      ]);
      lastDay = Math.max(lastDay, d);
      const read = await q<string[]>(
        'SELECT array_agg(activity_ring_at($1::bigint[], $2, x)::text ORDER BY x) AS v FROM generate_series($3::int, $4::int) x',
        [ends, lastDay, lastDay - size + 1, lastDay + 3],
      );
      const want = read.map((_, i) => {
        const x = lastDay - size + 1 + i;
        return String([...days].reduce((sum, [day, total]) => (day <= x ? sum + total : sum), 0));
      });
      assert.deepEqual(read, want, `step ${step}: day ${d}, ${n}`);
    }
  });

  it('no longer counts the hours the access log’s retention drops, within a day', async () => {
    // Yesterday (UTC): attempts in its 3rd, 6th and 21st hours, and a cutoff 20 minutes into its
    // 6th. Its first five hours go from the day's running totals; the 6th (holding the cutoff) stays.
    const day = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 86_400_000;
    for (const h of [2, 5, 20]) await pendingAdd(hooks[1]!, day + h * HOUR + 60_000, 204);
    await foldAll();
    const cutoff = new Date(day + 5 * HOUR + 20 * 60_000);
    assert.ok((await activityCountsExpire(t.store.db, cutoff)) > 0);
    for (let i = attempts.length - 1; i >= 0; i--)
      if (hourStart(attempts[i]!.at) + HOUR <= cutoff.getTime()) attempts.splice(i, 1);
    await webhooksMatch('expired');
    assert.equal(await activityCountsExpire(t.store.db, cutoff), 0, 'a second run changes nothing');
  });

  it('deletes a webhook with its counts, running totals across days included', async () => {
    // The trigger on its day rows runs while the same statement deletes its row of totals.
    const r = await t.call('DELETE', `/v2/projects/${a.projectId}/webhooks/${hooks[0]}`, {
      token: a.projectToken,
    });
    assert.equal(r.status, 204, JSON.stringify(r.body));
    for (const table of [
      'activity_webhook_days',
      'activity_webhook_totals',
      'activity_webhook_day_durations',
    ]) {
      const left = await t.store.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE webhook_id = $1`,
        [hooks[0]],
      );
      assert.equal(left.rows[0]!.n, 0, table);
    }
    for (let i = attempts.length - 1; i >= 0; i--)
      if (attempts[i]!.webhookId === hooks[0]) attempts.splice(i, 1);
    await webhooksMatch('webhook deleted');
  });
});
