// PostgreSQL's cost per delivery for the worker's own statements, with no HTTP: BENCH_N deliveries
// (default 20,000) queued over BENCH_WEBHOOKS webhooks (default 100) of one lock, then claimed in
// claims of BENCH_CLAIM rows and written back as succeeded in batches of BENCH_FLUSH (what the
// worker forms: ~100 and ~100 at 100 webhooks, ~20 and ~20 at one), one after another on one
// connection, until the queue is empty. The table gives the server process's CPU per delivery
// (from /proc; the claim's and the outcome write's shares summed statement by statement) and the
// WAL it wrote per delivery, medians and ranges of BENCH_ROUNDS (default 3) fresh databases; and
// apart, the same for the enqueue that queued them (one statement per 20,000 at 100 webhooks,
// per 1,000 at one), and the activity summary's fold of the attempts recorded (it runs every few
// seconds, off the delivery path).
// BENCH_EXPLAIN=1 instead runs 15 claims and their writes under EXPLAIN (ANALYZE, BUFFERS, WAL) on
// 2,000 queued deliveries and prints each statement's median planning and execution time, its
// foreign-key trigger time and the WAL records and bytes it wrote.
//   npm run bench:delivery-statements
//   BENCH_CLAIM=20 BENCH_FLUSH=20 npm run bench:delivery-statements
//   BENCH_EXPLAIN=1 npm run bench:delivery-statements
import { loadavg } from 'node:os';
import type { Db, Queryable, QueryResult } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPgStore } from '../src/db/pg-store.ts';
import { deliveriesEnqueueForEvents } from '../src/delivery/enqueue.ts';
import { type AttemptOutcome, deliveryClaimDue, deliveryOutcomesRecord } from '../src/delivery/queries.ts';
import { uuidv7 } from '../src/ids.ts';
import { attemptsFoldBatch } from '../src/resources/activity-summary/fold.ts';
import { sampleEvents } from '../test/helpers/delivery.ts';
import { cpuSeconds, fmt, freshDatabase, table } from './lib.ts';

const N = Number(process.env.BENCH_N ?? 20_000);
const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 100);
const CLAIM = Number(process.env.BENCH_CLAIM ?? 100);
const FLUSH = Number(process.env.BENCH_FLUSH ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';

/** A project, a lock and WEBHOOKS webhooks on it, ready for `enqueue`. */
async function tenant(db: Db): Promise<{ projectId: string; lockId: string }> {
  const org = uuidv7();
  const projectId = uuidv7();
  const lockId = uuidv7();
  await db.query("INSERT INTO organizations (id, name) VALUES ($1, 'o')", [org]);
  await db.query("INSERT INTO projects (id, organization_id, name) VALUES ($1, $2, 'p')", [projectId, org]);
  await db.query("INSERT INTO locks (id, project_id, name, timezone) VALUES ($1, $2, 'l', 'UTC')", [
    lockId,
    projectId,
  ]);
  await db.query(
    `INSERT INTO webhooks (id, project_id, lock_id, url, url_display, secret_enc)
     SELECT gen_random_uuid(), $1, $2, 'https://x.example/' || g, 'https://x.example/' || g, 'x'
       FROM generate_series(1, $3) AS g`,
    [projectId, lockId, WEBHOOKS],
  );
  return { projectId, lockId };
}

/** `n` deliveries queued as uploads queue them: events of 1,000 at a time, each for every webhook. */
async function enqueue(db: Db, { projectId, lockId }: { projectId: string; lockId: string }, n: number) {
  const perEvent = WEBHOOKS;
  for (let queued = 0; queued < n; queued += 1000 * perEvent)
    await db.transaction((tx) =>
      deliveriesEnqueueForEvents(
        tx,
        sampleEvents(projectId, lockId, Math.min(1000, Math.ceil((n - queued) / perEvent))),
      ),
    );
}

interface Round {
  cpuUs: number;
  claimUs: number;
  writeUs: number;
  walBytes: number;
  enqueueUs: number;
  enqueueWalBytes: number;
  /** The activity summary's fold of the attempts the run recorded, apart (it runs every few seconds). */
  foldUs: number;
  foldWalBytes: number;
  delivered: number;
  claims: number;
}

async function round(): Promise<Round> {
  const database = await freshDatabase('stmts');
  const db = await openPgStore({ url: database.url, poolSize: 1 });
  try {
    await migrate(db);
    const pid = (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const lsn = async () =>
      BigInt((await db.query<{ l: string }>("SELECT pg_current_wal_lsn() - '0/0' AS l")).rows[0]!.l);
    // The enqueue is measured apart, and without the tenant's own rows.
    const owner = await tenant(db);
    const enqueueWal0 = await lsn();
    const enqueueCpu0 = cpuSeconds(pid);
    await enqueue(db, owner, N);
    const enqueueCpu = cpuSeconds(pid) - enqueueCpu0;
    const enqueueWal = Number((await lsn()) - enqueueWal0);
    const wal0 = await lsn();
    const cpu0 = cpuSeconds(pid);
    let claimCpu = 0;
    let writeCpu = 0;
    let delivered = 0;
    let claims = 0;
    for (;;) {
      let c = cpuSeconds(pid);
      const claimed = await deliveryClaimDue(db, {
        limit: CLAIM,
        leaseMs: 60_000,
        perWebhook: CLAIM,
        room: new Map(),
      });
      claimCpu += cpuSeconds(pid) - c;
      claims++;
      if (claimed.length === 0) break;
      const outcomes = succeeded(claimed);
      for (let i = 0; i < outcomes.length; i += FLUSH) {
        c = cpuSeconds(pid);
        await deliveryOutcomesRecord(db, outcomes.slice(i, i + FLUSH), 86_400_000);
        writeCpu += cpuSeconds(pid) - c;
      }
      delivered += claimed.length;
    }
    const cpu = cpuSeconds(pid) - cpu0;
    const wal = Number((await lsn()) - wal0);
    const foldWal0 = await lsn();
    const foldCpu0 = cpuSeconds(pid);
    while ((await attemptsFoldBatch(db)) > 0);
    const foldCpu = cpuSeconds(pid) - foldCpu0;
    const foldWal = Number((await lsn()) - foldWal0);
    return {
      foldUs: (foldCpu * 1e6) / delivered,
      foldWalBytes: foldWal / delivered,
      cpuUs: (cpu * 1e6) / delivered,
      claimUs: (claimCpu * 1e6) / delivered,
      writeUs: (writeCpu * 1e6) / delivered,
      walBytes: wal / delivered,
      enqueueUs: (enqueueCpu * 1e6) / delivered,
      enqueueWalBytes: enqueueWal / delivered,
      delivered,
      claims,
    };
  } finally {
    await db.close();
    await database.drop();
  }
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
const cell = (v: number[]) => `${fmt(median(v))} (${fmt(Math.min(...v))}-${fmt(Math.max(...v))})`;

const ms = (v: number[]) => `${fmt(median(v), 2)} (${fmt(Math.min(...v), 2)}-${fmt(Math.max(...v), 2)})`;

/** Claimed deliveries written back as answered 200 (their attempt: one more than they had). */
function succeeded(
  rows: readonly { id: string; webhook_id: string; leased_until: Date; attempt_count?: number }[],
): AttemptOutcome[] {
  const at = new Date();
  return rows.map((d) => ({
    deliveryId: d.id,
    webhookId: d.webhook_id,
    lease: d.leased_until,
    attempt: (d.attempt_count ?? 0) + 1,
    at,
    responseStatus: 200,
    durationMs: 3,
    error: null,
    status: 'succeeded',
    nextAttemptAt: null,
    gone: false,
  }));
}

interface Explained {
  'Planning Time': number;
  'Execution Time': number;
  Plan: { 'WAL Records': number; 'WAL Bytes': number };
  Triggers?: { Time: number }[];
}

/** Each statement of the claim and of the outcome write under EXPLAIN, medians of 15 of each. */
async function explainRun(): Promise<void> {
  const database = await freshDatabase('stmts');
  const db = await openPgStore({ url: database.url, poolSize: 1 });
  try {
    await migrate(db);
    await enqueue(db, await tenant(db), 2_000);
    const seen = new Map<string, Explained[]>();
    const explaining = (label: string): Db => {
      const q: Queryable = {
        async query<R>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
          const r = await db.query<{ 'QUERY PLAN': [Explained] }>(
            `EXPLAIN (ANALYZE, BUFFERS, WAL, FORMAT JSON) ${sql}`,
            params,
          );
          seen.set(label, [...(seen.get(label) ?? []), r.rows[0]!['QUERY PLAN'][0]]);
          return { rows: [], rowCount: 0 };
        },
      };
      return { ...db, ...q, transaction: (f) => f(q as never) } as Db;
    };
    for (let i = 0; i < 15; i++) {
      await deliveryClaimDue(explaining('claim'), {
        limit: CLAIM,
        leaseMs: 60_000,
        perWebhook: CLAIM,
        room: new Map(),
      });
      // The claim ran for real under EXPLAIN: what it leased is written back as succeeded.
      const { rows } = await db.query<{ id: string; webhook_id: string; leased_until: Date }>(
        "SELECT id, webhook_id, leased_until FROM webhook_deliveries WHERE status = 'pending' AND leased_until > now()",
      );
      await deliveryOutcomesRecord(explaining('outcome write'), succeeded(rows), 86_400_000);
    }
    table(
      `PostgreSQL per statement (EXPLAIN ANALYZE, medians of 15), claims of ${CLAIM}, all written at once`,
      ['statement', 'planning ms', 'execution ms', 'foreign-key trigger ms', 'WAL records', 'WAL bytes'],
      [...seen].map(([label, p]) => [
        label,
        fmt(median(p.map((x) => x['Planning Time'])), 2),
        ms(p.map((x) => x['Execution Time'])),
        fmt(median(p.map((x) => (x.Triggers ?? []).reduce((a, t) => a + t.Time, 0))), 2),
        fmt(median(p.map((x) => x.Plan['WAL Records']))),
        fmt(median(p.map((x) => x.Plan['WAL Bytes']))),
      ]),
    );
    console.log(`1-minute load average ${loadavg()[0]!.toFixed(1)} (2 cores)`);
  } finally {
    await db.close();
    await database.drop();
  }
}

if (EXPLAIN) {
  await explainRun();
  process.exit(0);
}

const rounds: Round[] = [];
const loads: number[] = [];
for (let i = 1; i <= ROUNDS; i++) {
  loads.push(loadavg()[0]!);
  const r = await round();
  rounds.push(r);
  console.log(
    `round ${i}: ${fmt(r.cpuUs)} µs/delivery (claim ${fmt(r.claimUs)}, write ${fmt(r.writeUs)}), ${fmt(r.walBytes)} WAL bytes/delivery, ${r.delivered} in ${r.claims} claims; enqueue ${fmt(r.enqueueUs)} µs, ${fmt(r.enqueueWalBytes)} WAL bytes; activity fold ${fmt(r.foldUs)} µs, ${fmt(r.foldWalBytes)} WAL bytes`,
  );
}
table(
  `PostgreSQL per delivery: ${N} deliveries, ${WEBHOOKS} webhooks, claims of ${CLAIM}, writes of ${FLUSH}`,
  [
    'server CPU µs',
    'claim µs',
    'outcome write µs',
    'WAL bytes',
    'enqueue µs',
    'enqueue WAL bytes',
    'activity fold µs',
    'fold WAL bytes',
  ],
  [
    [
      cell(rounds.map((r) => r.cpuUs)),
      cell(rounds.map((r) => r.claimUs)),
      cell(rounds.map((r) => r.writeUs)),
      cell(rounds.map((r) => r.walBytes)),
      cell(rounds.map((r) => r.enqueueUs)),
      cell(rounds.map((r) => r.enqueueWalBytes)),
      cell(rounds.map((r) => r.foldUs)),
      cell(rounds.map((r) => r.foldWalBytes)),
    ],
  ],
);
console.log(
  `${ROUNDS} rounds; 1-minute load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} (2 cores)`,
);
