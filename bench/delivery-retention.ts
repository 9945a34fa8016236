// Delivery retention by batched deletes, measured: how fast it deletes, and what it does to the
// worker's claim while it runs. A fresh PostgreSQL database with BENCH_FINISHED finished deliveries
// (default 500,000; one attempt each) past the window and BENCH_PENDING (default 20,000) due ones;
// the claim's candidate scan (delivery_claim_order, 400 rows, rolled back) is timed by the
// server before and while deliveryRetentionRun deletes the finished ones.
//   npm run bench:delivery-retention
import { loadavg } from 'node:os';
import pg from 'pg';
import { migrate } from '../src/db/migrate.ts';
import { openPgStore } from '../src/db/pg-store.ts';
import { deliveryRetentionRun } from '../src/delivery/retention.ts';
import { uuidv7 } from '../src/ids.ts';
import { DAY_MS } from '../src/time/durations.ts';
import { percentile } from '../test-reliability/kit.ts';
import { fmt, freshDatabase, table } from './lib.ts';

const FINISHED = Number(process.env.BENCH_FINISHED ?? 500_000);
const PENDING = Number(process.env.BENCH_PENDING ?? 20_000);

const database = await freshDatabase('bench');
const db = await openPgStore({ url: database.url, poolSize: 4 });
try {
  await migrate(db);
  const projectId = uuidv7();
  const lockId = uuidv7();
  const webhookId = uuidv7();
  await db.query("INSERT INTO organizations (id, name) VALUES ($1, 'o')", [projectId]);
  await db.query("INSERT INTO projects (id, organization_id, name) VALUES ($1, $1, 'p')", [projectId]);
  await db.query("INSERT INTO locks (id, project_id, name, timezone) VALUES ($1, $2, 'l', 'UTC')", [
    lockId,
    projectId,
  ]);
  await db.query(
    `INSERT INTO webhooks (id, project_id, lock_id, url, url_display, secret_enc)
     VALUES ($1, $2, $3, 'https://x.example/', 'https://x.example/', 'x')`,
    [webhookId, projectId, lockId],
  );
  // Finished 40 days ago, with UUIDv7 ids of that time (as the service writes them).
  const old = Date.now() - 40 * DAY_MS;
  const body = JSON.stringify({
    id: 'x'.repeat(36),
    action: 'unlocked',
    lockName: 'Front door',
    userName: 'Kari Nordmann',
  });
  const insert = async (n: number, at: number, status: string) => {
    for (let done = 0; done < n; done += 10_000) {
      const m = Math.min(10_000, n - done);
      const ids = Array.from({ length: m }, (_, i) => uuidv7(at + done + i));
      await db.query(
        `WITH d AS (
           INSERT INTO webhook_deliveries (id, webhook_id, project_id, event_id, body, event_received, status,
                                           attempt_count, created, next_attempt_at, completed_at)
           SELECT id, $2, $3, gen_random_uuid(), $4, $5, $6, 1, $5, CASE WHEN $6 = 'pending' THEN now() ELSE $5 END,
                  CASE WHEN $6 = 'pending' THEN NULL ELSE $5 END
             FROM unnest($1::uuid[]) AS id RETURNING id, created)
         INSERT INTO webhook_attempts (delivery_id, attempt, at, response_status, duration_ms)
         SELECT id, 1, created, 200, 12 FROM d WHERE $6 <> 'pending'`,
        [ids, webhookId, projectId, body, new Date(at), status],
      );
    }
  };
  await insert(FINISHED, old, 'succeeded');
  await insert(PENDING, Date.now(), 'pending');
  await db.query('VACUUM ANALYZE webhook_deliveries');
  await db.query('VACUUM ANALYZE webhook_attempts');

  const probe = new pg.Client({ connectionString: database.url });
  await probe.connect();
  const claimMs = async () => {
    await probe.query('BEGIN');
    const r = await probe.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(
      "EXPLAIN (ANALYZE, FORMAT JSON) SELECT count(*) FROM delivery_claim_order('{}'::uuid[], 400)",
    );
    await probe.query('ROLLBACK');
    return r.rows[0]!['QUERY PLAN'][0]['Execution Time'];
  };
  const before: number[] = [];
  for (let i = 0; i < 100; i++) before.push(await claimMs());

  const during: number[] = [];
  let running = true;
  const t0 = performance.now();
  const deleting = deliveryRetentionRun(db, { cutoff: new Date(Date.now() - 30 * DAY_MS) }).finally(() => {
    running = false;
  });
  while (running) during.push(await claimMs());
  const report = await deleting;
  const seconds = (performance.now() - t0) / 1000;
  const left = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_deliveries');
  await probe.end();
  console.log(
    `\nDelivery retention: ${fmt(FINISHED)} finished deliveries past the window (+ 1 attempt each), ${fmt(PENDING)} pending; load ${fmt(loadavg()[0]!, 1)}`,
  );
  table(
    'Batched deletes',
    ['deleted', 'seconds', 'deliveries/s (with their attempts)', 'batches', 'rows left'],
    [
      [
        fmt(report.deliveries),
        fmt(seconds, 1),
        fmt(report.deliveries / seconds),
        report.batches,
        fmt(left.rows[0]!.n),
      ],
    ],
  );
  table(
    'Claim candidate scan (server time, ms)',
    ['when', 'samples', 'p50', 'p99', 'max'],
    [
      [
        'before',
        before.length,
        fmt(percentile(before, 50), 2),
        fmt(percentile(before, 99), 2),
        fmt(Math.max(...before), 2),
      ],
      [
        'while deleting',
        during.length,
        fmt(percentile(during, 50), 2),
        fmt(percentile(during, 99), 2),
        fmt(Math.max(...during), 2),
      ],
    ],
  );
} finally {
  await db.close();
  await database.drop();
}
process.exit(0);
