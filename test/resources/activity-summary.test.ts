// GET /v2/projects/{projectId}/activity-summary: access events per hour and each hour's busiest
// locks, attempts per hour by outcome, and the busiest webhooks with their latency, over real
// uploads and real deliveries to the local HTTPS receiver (one answering 204, one 500). The counts
// are kept per hour by a fold (fold.ts); every answer here is checked before and after the fold
// runs, and must be the same. Other projects' activity is never counted; bad input is 400.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { activityFoldRun, attemptsFoldBatch, eventsFold } from '../../src/resources/activity-summary/fold.ts';
import { ActivitySummarySchema } from '../../src/resources/activity-summary/schema.ts';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app.ts';
import {
  DELIVERY_ENV,
  insertLock,
  type Receiver,
  registerWebhook,
  startReceiver,
  startWorker,
  waitFor,
} from '../helpers/delivery.ts';
import { appToken, ev, keyInsert, newPhone, upload } from '../helpers/events.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

const HOUR = 3_600_000;
let t: TestApp;
let a: Tenant;
let b: Tenant;
let c: Tenant;
let ok: Receiver;
let failing: Receiver;
let front: string;
let back: string;
let goodHook: string;
let badHook: string;
/** What was uploaded: the expected counts are computed from these, for whatever hours a query covers. */
const uploaded: { projectId: string; lockId: string; created: number; person: string }[] = [];

const hourOf = (ms: number) => new Date(Math.floor(ms / HOUR) * HOUR).toISOString();
const inRange = (from: string, to: string) => (e: { created: number }) =>
  e.created >= Date.parse(from) && e.created < Date.parse(to);

/** Expected per-hour totals and each hour's five busiest locks (ties by lock id) of a project. */
function expected(projectId: string, from: string, to: string) {
  const perLock = new Map<string, Map<string, number>>();
  for (const e of uploaded.filter((e) => e.projectId === projectId).filter(inRange(from, to))) {
    const h = hourOf(e.created);
    const m = perLock.get(h) ?? new Map<string, number>();
    m.set(e.lockId, (m.get(e.lockId) ?? 0) + 1);
    perLock.set(h, m);
  }
  const hours = [...perLock.keys()].sort();
  return {
    events: hours.map((hour) => ({ hour, n: [...perLock.get(hour)!.values()].reduce((x, y) => x + y, 0) })),
    busiest: hours.flatMap((hour) =>
      [...perLock.get(hour)!]
        .sort(([l1, n1], [l2, n2]) => n2 - n1 || (l1 < l2 ? -1 : 1))
        .slice(0, 5)
        .map(([lockId, n]) => ({ hour, lockId, n })),
    ),
  };
}

const summary = (tenant: Tenant, query = '') =>
  t.call('GET', `/v2/projects/${tenant.projectId}/activity-summary${query}`, { token: tenant.projectToken });

/** The answer's access-event part, in the shape of expected(). */
const eventsOf = (body: {
  perHour: { hour: string; accessEvents: number }[];
  busiestLocks: { hour: string; lockId: string; accessEvents: number }[];
}) => ({
  events: body.perHour.filter((h) => h.accessEvents > 0).map((h) => ({ hour: h.hour, n: h.accessEvents })),
  busiest: body.busiestLocks.map((l) => ({ hour: l.hour, lockId: l.lockId, n: l.accessEvents })),
});

// The route writes its answer as JSON text itself, past the response serializer: every answer is
// checked against the documented schema here, no field more or less.
const ajv = new Ajv({ allErrors: true, strict: false });
addFormatsModule.default(ajv);
const closed = (schema: unknown): unknown =>
  Array.isArray(schema)
    ? schema.map(closed)
    : schema && typeof schema === 'object'
      ? Object.fromEntries(
          Object.entries({
            ...schema,
            ...((schema as { type?: string }).type === 'object' ? { additionalProperties: false } : {}),
          }).map(([k, v]) => [k, closed(v)]),
        )
      : schema;
const answerValid = ajv.compile(closed(ActivitySummarySchema) as object);

function assertAnswer(r: { status: number; body: unknown; headers: Record<string, unknown> }) {
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.match(String(r.headers['content-type']), /^application\/json; charset=utf-8$/);
  assert.ok(answerValid(r.body), JSON.stringify(answerValid.errors));
}

/** Asks before and after a fold: the answers must be the same (`from`/`to` aside). */
async function summaryAcrossFold(tenant: Tenant, query = '') {
  const before = await summary(tenant, query);
  assertAnswer(before);
  // In batches of two, so that positions move in many steps and attempts fold in several statements.
  while ((await attemptsFoldBatch(t.store.db, 2)) > 0);
  await eventsFold(t.store.db, 2);
  const folded = await summary(tenant, query);
  assertAnswer(folded);
  if (before.body.to === folded.body.to)
    assert.deepEqual(folded.body, before.body, 'the same before and after a fold');
  return folded;
}

async function uploadFor(tenant: Tenant, lockId: string, person: string, agos: number[]) {
  const key = await keyInsert(t, { projectId: tenant.projectId, lockId, appUserId: person });
  const events = agos.map((agoMs) => ev(key, { agoMs }));
  const r = await upload(t, await appToken(t, person), events);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  for (const e of events)
    uploaded.push({ projectId: tenant.projectId, lockId, created: Date.parse(e.created), person });
}

before(async () => {
  t = await startTestApp({ ...DELIVERY_ENV, LATCHKEY_WEBHOOK_RETRY_SCHEDULE: '3600' });
  a = await createTenant(t, 'Acme');
  b = await createTenant(t, 'Other');
  c = await createTenant(t, 'Many locks');
  front = await insertLock(t, a.projectId, 'Front door');
  back = await insertLock(t, a.projectId, 'Back door');
  const otherLock = await insertLock(t, b.projectId, 'Elsewhere');
  ok = await startReceiver((_r, res) => void res.writeHead(204).end());
  failing = await startReceiver((_r, res) => void res.writeHead(500).end());
  goodHook = (await registerWebhook(t, a, front, ok.url('/ok'))).id;
  badHook = (await registerWebhook(t, a, back, failing.url('/fail'))).id;

  // Three on the front door two hours ago, two now; one on the back door now; one in another project.
  const phone = newPhone();
  await uploadFor(a, front, phone, [2 * HOUR, 2 * HOUR + 1000, 2 * HOUR + 2000, 0, 1000]);
  await uploadFor(a, back, phone, [0]);
  await uploadFor(b, otherLock, phone, [0]);
  const w = await startWorker(t);
  try {
    // 5 deliveries to the good hook succeed; the back door's one fails its first attempt.
    await waitFor('the deliveries', () => ok.requests.length >= 5 && failing.requests.length >= 1);
    await waitFor('their attempts recorded', async () => {
      const n = await t.store.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_attempts');
      return n.rows[0]!.n >= 6;
    });
  } finally {
    await w.stop();
  }
});
after(async () => {
  await ok?.close();
  await failing?.close();
  await t?.close();
});

describe('GET /v2/projects/{projectId}/activity-summary', () => {
  it('counts access events per hour, by when they happened, and each hour’s locks', async () => {
    const r = await summaryAcrossFold(a);
    assert.equal(Date.parse(r.body.to) - Date.parse(r.body.from), 24 * HOUR);
    assert.deepEqual(eventsOf(r.body), expected(a.projectId, r.body.from, r.body.to));
    for (const l of r.body.busiestLocks)
      assert.equal(l.lockName, l.lockId === front ? 'Front door' : 'Back door');
    const total = r.body.perHour.reduce((n: number, h: { accessEvents: number }) => n + h.accessEvents, 0);
    assert.equal(total, 6, 'all six of the project, and not the other project’s');
  });

  it('counts attempts per hour by outcome, and attempts and latency per webhook', async () => {
    const r = await summaryAcrossFold(a);
    const sum = (k: string) =>
      r.body.perHour.reduce((n: number, h: { attempts: Record<string, number> }) => n + h.attempts[k]!, 0);
    assert.deepEqual([sum('succeeded'), sum('failed'), sum('unanswered')], [5, 1, 0]);
    assert.deepEqual(
      r.body.webhooks.map((h: { webhookId: string }) => h.webhookId),
      [goodHook, badHook],
      'busiest first',
    );
    const [good, bad] = r.body.webhooks;
    assert.equal(good.attempts, 5);
    assert.equal(good.failedAttempts, 0);
    assert.equal(bad.attempts, 1);
    assert.equal(bad.failedAttempts, 1);
    // Within 5% of the durations the attempts recorded (nearest rank), and half a millisecond: the
    // answer is in whole milliseconds (34 ms, at the top of its bucket, is answered 32).
    const { rows } = await t.store.db.query<{ ms: number }>(
      `SELECT a.duration_ms AS ms FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
        WHERE d.webhook_id = $1 ORDER BY 1`,
      [goodHook],
    );
    const exact = (p: number) => rows[Math.ceil(p * rows.length) - 1]!.ms;
    for (const [got, want] of [
      [good.p50Ms, exact(0.5)],
      [good.p95Ms, exact(0.95)],
    ])
      assert.ok(Math.abs(got - want) <= want * 0.05 + 0.5, `${got} ms for ${want} ms`);
  });

  it('lists an hour’s five busiest locks, and counts the others in the hour’s total', async () => {
    // Seven locks, 7 events on the first down to 1 on the last, and two with 3 (a tie, by lock id).
    const counts = [7, 6, 5, 3, 3, 2, 1];
    const person = newPhone();
    for (const [i, n] of counts.entries()) {
      const lock = await insertLock(t, c.projectId, `Door ${i}`);
      await uploadFor(
        c,
        lock,
        person,
        Array.from({ length: n }, (_, j) => j * 10),
      );
    }
    const r = await summaryAcrossFold(c);
    assert.deepEqual(eventsOf(r.body), expected(c.projectId, r.body.from, r.body.to));
    assert.ok(r.body.busiestLocks.length <= 5 * r.body.perHour.length);
  });

  it('counts only the asked hours, and nothing of other projects', async () => {
    const r = await summaryAcrossFold(a, '?hours=1');
    assert.equal(Date.parse(r.body.to) - Date.parse(r.body.from), HOUR);
    assert.deepEqual(eventsOf(r.body), expected(a.projectId, r.body.from, r.body.to));
    const total = r.body.perHour.reduce((n: number, h: { accessEvents: number }) => n + h.accessEvents, 0);
    assert.ok(total < 6, 'the events of two hours ago are not in the last hour');
    const other = await summaryAcrossFold(b);
    assert.deepEqual(eventsOf(other.body), expected(b.projectId, other.body.from, other.body.to));
    assert.deepEqual(other.body.webhooks, []);
    // A project with no activity at all: empty lists, not null (the statement writes the lists).
    const quiet = await summaryAcrossFold(await createTenant(t, 'Quiet'), '?hours=720');
    assert.deepEqual([quiet.body.perHour, quiet.body.busiestLocks, quiet.body.webhooks], [[], [], []]);
  });

  it('counts an upload made while a fold cannot pass an older transaction, once', async (ctx) => {
    if (t.store.db.kind === 'pglite')
      return ctx.skip('PGlite has one connection: no transaction runs beside another');
    const person = newPhone();
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let started = () => {};
    const open = new Promise<void>((r) => {
      started = r;
    });
    // A transaction with an id, older than the upload, still running while the fold runs.
    const blocker = t.store.db.transaction(async (tx) => {
      await tx.query('SELECT pg_current_xact_id()');
      started();
      await held;
    });
    await open;
    try {
      await uploadFor(a, front, person, [0, 10]);
      await activityFoldRun(t.store.db);
      const { rows } = await t.store.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM access_event_feed f JOIN activity_event_positions p USING (project_id)
          WHERE f.project_id = $1 AND (f.tx_id, f.seq) > (p.tx_id, p.seq)`,
        [a.projectId],
      );
      // At least the new upload (any older transaction anywhere on the server holds the fold back
      // too, so there may be more).
      assert.ok(rows[0]!.n >= 2, 'the fold stopped before the new upload');
      const r = await summary(a);
      assert.deepEqual(eventsOf(r.body), expected(a.projectId, r.body.from, r.body.to));
    } finally {
      release();
      await blocker;
    }
    const r = await summaryAcrossFold(a);
    assert.deepEqual(eventsOf(r.body), expected(a.projectId, r.body.from, r.body.to));
  });

  it('no longer counts a person’s access events once they are erased', async () => {
    const person = newPhone();
    await uploadFor(a, back, person, [0, 10, 20]);
    await activityFoldRun(t.store.db); // folded before the erasure: taken out of the counts
    await uploadFor(a, back, newPhone(), [30]); // not folded yet: stays
    const later = newPhone();
    await uploadFor(a, front, later, [40]);
    const gone = await t.call('DELETE', `/admin/v1/app-users/${encodeURIComponent(person)}`, {
      token: ADMIN_TOKEN,
    });
    assert.equal(gone.status, 200, JSON.stringify(gone.body));
    await t.call('DELETE', `/admin/v1/app-users/${encodeURIComponent(later)}`, { token: ADMIN_TOKEN });
    for (let i = uploaded.length - 1; i >= 0; i--)
      if (uploaded[i]!.person === person || uploaded[i]!.person === later) uploaded.splice(i, 1);
    const r = await summaryAcrossFold(a);
    assert.deepEqual(eventsOf(r.body), expected(a.projectId, r.body.from, r.body.to));
  });

  it('counts the same when rebuilt from the stored events and attempts (the migration)', async () => {
    await activityFoldRun(t.store.db);
    const folded = await summary(a);
    await t.store.db.query('SELECT activity_counts_rebuild()');
    const rebuilt = await summary(a);
    if (folded.body.to === rebuilt.body.to) assert.deepEqual(rebuilt.body, folded.body);
  });

  it('names a lock as its latest event of the hour does, after a rename', async () => {
    // One event under the lock's first name and one under its new name (which sorts first), both
    // past the fold's position: the read's tail holds the two names.
    await activityFoldRun(t.store.db);
    const side = await insertLock(t, a.projectId, 'Side door');
    await uploadFor(a, side, newPhone(), [1000]);
    // A name that only escaping keeps whole in JSON (the answer's text is written by the statement).
    const renamed = 'Annex "B" \\ \u0001\t ü 🚪';
    await t.store.db.query('UPDATE locks SET name = $2 WHERE id = $1', [side, renamed]);
    await uploadFor(a, side, newPhone(), [0]);
    const hour = hourOf(uploaded.at(-1)!.created);
    const names = (body: { busiestLocks: { hour: string; lockId: string; lockName: string }[] }) =>
      body.busiestLocks.filter((l) => l.lockId === side && l.hour === hour).map((l) => l.lockName);
    const r = await summaryAcrossFold(a, '?hours=1');
    assert.deepEqual(names(r.body), [renamed], 'from the tail, and folded');
    await t.store.db.query('SELECT activity_counts_rebuild()');
    assert.deepEqual(names((await summary(a, '?hours=1')).body), [renamed], 'rebuilt');
  });

  it('refuses bad input with 400 and other projects with 404', async () => {
    for (const q of ['?hours=0', '?hours=721', '?hours=x', '?other=1']) {
      const r = await summary(a, q);
      assert.equal(r.status, 400, `${q}: ${JSON.stringify(r.body)}`);
    }
    const foreign = await t.call('GET', `/v2/projects/${b.projectId}/activity-summary`, {
      token: a.projectToken,
    });
    assert.ok([403, 404].includes(foreign.status), String(foreign.status));
  });
});
