// What the worker's claim and the upload's enqueue cost at scale, and whether the claim is fair
// across projects. A fresh PostgreSQL database with BENCH_FINISHED finished deliveries (default
// 2,000,000) spread over BENCH_WEBHOOKS webhooks (default 10,000, ten per project), a flood of
// BENCH_FLOOD first attempts (default 100,000) from one project with 20 webhooks on one lock,
// queued as uploads of 1,000 events are, 1,000 retries due later, and then one delivery of another
// project. Each statement runs under EXPLAIN (ANALYZE, BUFFERS): the server's execution time and
// the buffers it touched (shared hits + reads, the functions it calls included), medians of
// BENCH_RUNS (default 30). Claims are committed one after another, each taking the next rows of
// the queue as the worker's do (leases of a minute; nothing is sent); enqueues are rolled back.
//   npm run bench:delivery-claim
//   BENCH_FINISHED=200000 BENCH_FLOOD=20000 npm run bench:delivery-claim
import { loadavg } from 'node:os';
import pg from 'pg';
import type { Queryable, QueryResult } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPgStore } from '../src/db/pg-store.ts';
import { deliveriesEnqueueForEvents } from '../src/delivery/enqueue.ts';
import { deliveryClaimDue } from '../src/delivery/queries.ts';
import { uuidv7 } from '../src/ids.ts';
import { sampleEvents } from '../test/helpers/delivery.ts';
import { fmt, freshDatabase, table } from './lib.ts';

const FINISHED = Number(process.env.BENCH_FINISHED ?? 2_000_000);
const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 10_000);
const FLOOD = Number(process.env.BENCH_FLOOD ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const FLOOD_WEBHOOKS = 20;

interface Plan {
  'Execution Time': number;
  Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number; 'Actual Rows': number };
}

/**
 * A Queryable that runs each statement writing the delivery queue under EXPLAIN (ANALYZE, BUFFERS)
 * and keeps the plan; others (the enqueue's webhook lookup) run as they are.
 */
function explaining(c: pg.Client, plans: Plan[]): Queryable {
  return {
    async query<R>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
      if (!/(INSERT INTO|UPDATE) webhook_deliveries/.test(sql)) {
        const r = await c.query(sql, params as unknown[]);
        return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 };
      }
      const r = await c.query<{ 'QUERY PLAN': [Plan] }>(
        `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`,
        params as unknown[],
      );
      plans.push(r.rows[0]!['QUERY PLAN'][0]);
      return { rows: [], rowCount: 0 };
    },
  };
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

const database = await freshDatabase('bench');
const db = await openPgStore({ url: database.url, poolSize: 4 });
try {
  await migrate(db);
  const t0 = performance.now();
  // Projects of ten webhooks each, a lock per webhook; then the flood's project: 20 webhooks on
  // one lock; then the quiet project: one.
  await db.query(
    `WITH p AS (
       INSERT INTO organizations (id, name) SELECT gen_random_uuid(), 'o' FROM generate_series(1, 1) RETURNING id
     ) INSERT INTO projects (id, organization_id, name)
       SELECT gen_random_uuid(), p.id, 'p' || g FROM p, generate_series(1, $1) AS g`,
    [Math.ceil(WEBHOOKS / 10)],
  );
  await db.query(
    `WITH l AS (
       INSERT INTO locks (id, project_id, name, timezone)
       SELECT gen_random_uuid(), p.id, 'l' || g, 'UTC'
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS k FROM projects) p
         JOIN generate_series(0, $1 - 1) AS g ON g / 10 + 1 = p.k
       RETURNING id, project_id
     ) INSERT INTO webhooks (id, project_id, lock_id, url, url_display, secret_enc)
       SELECT gen_random_uuid(), project_id, id, 'https://x.example/', 'https://x.example/', 'x' FROM l`,
    [WEBHOOKS],
  );
  const project = async (hooks: number) => {
    const { rows } = await db.query<{ org: string }>('SELECT id AS org FROM organizations LIMIT 1');
    const projectId = uuidv7();
    const lockId = uuidv7();
    await db.query("INSERT INTO projects (id, organization_id, name) VALUES ($1, $2, 'x')", [
      projectId,
      rows[0]!.org,
    ]);
    await db.query("INSERT INTO locks (id, project_id, name, timezone) VALUES ($1, $2, 'x', 'UTC')", [
      lockId,
      projectId,
    ]);
    for (let i = 0; i < hooks; i++)
      await db.query(
        `INSERT INTO webhooks (id, project_id, lock_id, url, url_display, secret_enc)
         VALUES ($1, $2, $3, $4, $4, 'x')`,
        [uuidv7(), projectId, lockId, `https://x.example/${i}`],
      );
    return { projectId, lockId };
  };
  const flood = await project(FLOOD_WEBHOOKS);
  const quiet = await project(1);
  // Finished deliveries (short bodies: the claim never reads them), spread over the webhooks.
  for (let done = 0; done < FINISHED; done += 200_000) {
    await db.query(
      `WITH w AS (SELECT id, project_id, row_number() OVER (ORDER BY id) - 1 AS k FROM webhooks)
       INSERT INTO webhook_deliveries (id, webhook_id, project_id, event_id, body, event_received, status,
                                       attempt_count, completed_at)
       SELECT gen_random_uuid(), w.id, w.project_id, gen_random_uuid(), '{}', now(), 'succeeded', 1, now()
         FROM generate_series(0, $1 - 1) AS g JOIN w ON w.k = g % $2`,
      [Math.min(200_000, FINISHED - done), WEBHOOKS + FLOOD_WEBHOOKS + 1],
    );
  }
  // Retries due in an hour, spread over the first thousand webhooks.
  await db.query(
    `INSERT INTO webhook_deliveries (id, webhook_id, project_id, event_id, body, event_received,
                                     attempt_count, next_attempt_at)
     SELECT gen_random_uuid(), w.id, w.project_id, gen_random_uuid(), '{}', now(), 1, now() + interval '1 hour'
       FROM (SELECT id, project_id FROM webhooks ORDER BY id LIMIT 1000) w`,
  );
  const events = (n: number, lockId: string, projectId: string) => sampleEvents(projectId, lockId, n);
  // The flood, as uploads of 1,000 events; then the quiet project's one delivery.
  for (let done = 0; done < FLOOD; done += 1000 * FLOOD_WEBHOOKS)
    await db.transaction((tx) =>
      deliveriesEnqueueForEvents(
        tx,
        events(Math.min(1000, (FLOOD - done) / FLOOD_WEBHOOKS), flood.lockId, flood.projectId),
      ),
    );
  await db.transaction((tx) => deliveriesEnqueueForEvents(tx, events(1, quiet.lockId, quiet.projectId)));
  await db.query('VACUUM ANALYZE webhook_deliveries');
  await db.query('VACUUM ANALYZE webhooks');
  const seeded = (performance.now() - t0) / 1000;

  const c = new pg.Client({ connectionString: database.url });
  await c.connect();
  /**
   * Runs `fn` RUNS times, each in a transaction, committed (claims: each takes the next rows, as
   * the worker's do) or rolled back (enqueues); the medians of its statements.
   */
  const measure = async (fn: (q: Queryable) => Promise<unknown>, commit = false) => {
    const ms: number[] = [];
    const buffers: number[] = [];
    const rows: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const plans: Plan[] = [];
      await c.query('BEGIN');
      await fn(explaining(c, plans));
      await c.query(commit ? 'COMMIT' : 'ROLLBACK');
      ms.push(plans.reduce((s, p) => s + p['Execution Time'], 0));
      buffers.push(plans.reduce((s, p) => s + p.Plan['Shared Hit Blocks'] + p.Plan['Shared Read Blocks'], 0));
      rows.push(plans.reduce((s, p) => s + p.Plan['Actual Rows'], 0));
    }
    return [fmt(median(ms), 2), fmt(median(buffers)), fmt(median(rows))];
  };
  const claim =
    (limit: number, room = new Map<string, number>()) =>
    (q: Queryable) =>
      deliveryClaimDue(q, { limit, leaseMs: 60_000, perWebhook: 16, room });
  const floodHooks = await db.query<{ id: string }>('SELECT id FROM webhooks WHERE project_id = $1', [
    flood.projectId,
  ]);
  /** The worker holding all it may of each of the flood's webhooks: the claim skips their rows. */
  const capped = new Map(floodHooks.rows.map((w) => [w.id, 0]));
  // Is the quiet project's delivery in the first claim? (A real claim, rolled back.)
  await c.query('BEGIN');
  const first = await deliveryClaimDue(c as unknown as Queryable, {
    limit: 100,
    leaseMs: 60_000,
    perWebhook: 16,
    room: new Map(),
  });
  await c.query('ROLLBACK');
  const quietHook = await db.query<{ id: string }>('SELECT id FROM webhooks WHERE project_id = $1', [
    quiet.projectId,
  ]);
  const quietFirst = first.some((r) => r.webhook_id === quietHook.rows[0]!.id);
  // BENCH_PLAN=1: the claim's plan, node by node (its candidate scan is a function: its own
  // statements' plans are not shown, their buffers are counted in the function scan's).
  if (process.env.BENCH_PLAN) {
    await c.query('BEGIN');
    const plans: string[] = [];
    await deliveryClaimDue(
      {
        async query<R>(sql: string, params?: readonly unknown[]) {
          const r = await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params as unknown[]);
          plans.push(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
          return { rows: [] as R[], rowCount: 0 };
        },
      },
      { limit: 100, leaseMs: 60_000, perWebhook: 16, room: new Map() },
    );
    await c.query('ROLLBACK');
    console.log(plans.join('\n'));
  }
  const rows = [
    ['claim of 100', ...(await measure(claim(100), true))],
    ['claim of 200', ...(await measure(claim(200), true))],
    ["claim of 100, the flood's webhooks at their cap", ...(await measure(claim(100, capped)))],
    [
      'enqueue: 1 event, 20 webhooks',
      ...(await measure((q) =>
        deliveriesEnqueueForEvents(q as never, events(1, flood.lockId, flood.projectId)),
      )),
    ],
    [
      'enqueue: 1 event, 1 webhook',
      ...(await measure((q) =>
        deliveriesEnqueueForEvents(q as never, events(1, quiet.lockId, quiet.projectId)),
      )),
    ],
    [
      'enqueue: 100 events, 20 webhooks',
      ...(await measure((q) =>
        deliveriesEnqueueForEvents(q as never, events(100, flood.lockId, flood.projectId)),
      )),
    ],
  ];
  await c.end();
  const size = await db.query<{ mb: number }>(
    "SELECT pg_total_relation_size('webhook_deliveries') / 1048576.0 AS mb",
  );
  console.log(
    `\nClaim and enqueue on PostgreSQL: ${fmt(FINISHED)} finished deliveries, ${fmt(WEBHOOKS)} webhooks, ` +
      `${fmt(FLOOD)} first attempts queued by one project (${FLOOD_WEBHOOKS} webhooks), 1,000 retries due later, ` +
      `then 1 delivery of another project; table with indexes ${fmt(Number(size.rows[0]!.mb))} MB; ` +
      `seeded in ${fmt(seeded)} s; load ${fmt(loadavg()[0]!, 1)}`,
  );
  table(
    `Server time and buffers per statement (medians of ${RUNS})`,
    ['statement', 'ms', 'buffers', 'rows'],
    rows,
  );
  console.log(
    `\nThe other project's delivery in the first claim of 100: ${quietFirst ? 'yes' : 'no'} (${first.length} rows claimed)`,
  );
} finally {
  await db.close();
  await database.drop();
}
process.exit(0);
