// Access log reads at scale (PostgreSQL only): BENCH_EVENTS events (default 10,000,000) in one
// project, a tenth of them (1,000,000) on one lock, `created` spread over the last ~29 days, written
// straight into access_events with INSERT ... SELECT generate_series (the day partitions come from
// the server's own retention run at start-up). Then, through the real HTTP API, p50/p99 of 1,000
// requests for a 100-event page of the big lock: the first page, and deep pages (1,000 successive
// pages followed through the cursor); beside them the SQL execution time from EXPLAIN ANALYZE.
// After loading, VACUUM (ANALYZE) brings the table to the state a month of live traffic leaves it in
// (statistics, visibility map, hint bits set), instead of measuring reads beside autovacuum.
// Target: p99 < 10 ms. The database is created for the run and dropped afterwards, unless
// BENCH_KEEP=1: then it is kept (with its state in the OS temp dir) and the next BENCH_KEEP=1 run
// reuses it and skips the ~2 minute load, so read-path changes can be measured in ~20 s.
//   npm run bench:access-log          BENCH_EVENTS=1000000 npm run bench:access-log
//   BENCH_DATABASE_URL=postgres://... (default postgres://postgres@127.0.0.1:5432/test)
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Agent, request } from 'undici';
import { dayStart, partitionName } from '../src/resources/access-log/retention.ts';
import { DAY_MS } from '../src/time/durations.ts';
import {
  api,
  type ClientCredentials,
  clientToken,
  fmt,
  PG_URL,
  type Server,
  seedTenant,
  startLatchkey,
  table,
} from './lib.ts';

const TOTAL = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const BIG = Math.floor(TOTAL / 10);
const OTHER_LOCKS = 99;
const CHUNK = 500_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const DAYS = 29;

const KEEP = process.env.BENCH_KEEP === '1';
const STATE_FILE = join(tmpdir(), 'latchkey-bench-access-log.json');
interface KeptState {
  dbName: string;
  total: number;
  masterKey: string;
  projectId: string;
  lockId: string;
  creds: ClientCredentials;
}
const kept: KeptState | undefined = (() => {
  if (!KEEP || !existsSync(STATE_FILE)) return undefined;
  const s = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as KeptState;
  return s.total === TOTAL ? s : undefined;
})();
const dbName = kept?.dbName ?? `bench_log_${randomBytes(4).toString('hex')}`;
const masterKey = kept?.masterKey ?? randomBytes(32).toString('base64');
const dbUrl = (() => {
  const u = new URL(PG_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

/**
 * Waits for the server's first retention run to have created the whole window (newest day first,
 * so the window's first day comes last): rows loaded before would land in the default partition
 * and be moved, under a table lock, while the reads are measured.
 */
async function retentionDone(c: pg.Client): Promise<void> {
  const oldest = partitionName(Date.now() - 30 * DAY_MS);
  for (let i = 0; i < 600; i++) {
    const { rows } = await c.query('SELECT to_regclass($1) IS NOT NULL AS ok', [oldest]);
    if (rows[0]?.ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`retention did not create ${oldest} within 60 s`);
}

async function load(c: pg.Client, projectId: string, lockId: string): Promise<number> {
  const started = performance.now();
  // Ordered by `created` (oldest first) so each chunk fills the day partitions mostly in order;
  // every 10th event is the big lock's, the rest are spread over 99 other locks.
  for (let from = 0; from < TOTAL; from += CHUNK) {
    const to = Math.min(TOTAL, from + CHUNK) - 1;
    await c.query(
      `INSERT INTO access_events (id, project_id, lock_id, key_id, app_user_id, action, created, received,
                                  lock_name, user_name, origin)
       SELECT gen_random_uuid(), $1::uuid,
              CASE WHEN i % 10 = 0 THEN $2::uuid ELSE o.ids[1 + (i % ${OTHER_LOCKS})] END,
              o.keys[1 + (i % ${OTHER_LOCKS})], '+47' || (90000000 + i % 5000)::text,
              CASE WHEN i % 2 = 0 THEN 'unlocked' ELSE 'locked' END,
              t.created, t.created + interval '2 seconds',
              'Door', 'Kari Nordmann', 'integrator'
         FROM generate_series($3::bigint, $4::bigint) AS g(i)
        CROSS JOIN (SELECT array_agg(gen_random_uuid()) AS ids, array_agg(gen_random_uuid()) AS keys
                      FROM generate_series(1, ${OTHER_LOCKS})) o
        CROSS JOIN LATERAL (SELECT now() - interval '${DAYS} days'
                                   + (i::float8 / $5) * interval '${DAYS} days'
                                   - random() * interval '1 minute' AS created) t`,
      [projectId, lockId, from, to, TOTAL],
    );
    process.stdout.write(`\rloaded ${fmt(to + 1)} / ${fmt(TOTAL)} events`);
  }
  process.stdout.write('\n');
  await c.query('VACUUM (ANALYZE) access_events');
  return (performance.now() - started) / 1000;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

/**
 * p50/p99 of REQUESTS sequential GETs on one keep-alive connection, after 50 warm-up requests (JIT,
 * connection, caches). `next` gives the path of each request from the previous answer; `check`
 * throws on a wrong answer.
 */
async function timed<T>(
  base: string,
  next: (previous: T | undefined) => string,
  check: (status: number, body: T) => void,
  headers: Record<string, string> = {},
) {
  const agent = new Agent({ connections: 1, keepAliveTimeout: 30_000 });
  let previous: T | undefined;
  const get = async () => {
    const t = performance.now();
    const r = await request(`${base}${next(previous)}`, { dispatcher: agent, headers });
    const body = (await r.body.json()) as T;
    const ms = performance.now() - t;
    check(r.statusCode, body);
    previous = body;
    return ms;
  };
  for (let i = 0; i < 50; i++) await get();
  previous = undefined;
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) times.push(await get());
  await agent.close();
  times.sort((a, b) => a - b);
  return { p50: pct(times, 0.5), p99: pct(times, 0.99) };
}

interface Page {
  accessEvents: unknown[];
  startAfterId?: string;
}

/** 100-event pages of the lock: the first page again and again, or (`follow`) page after page. */
function timedPages(base: string, path: string, token: string, follow: boolean) {
  return timed<Page>(
    base,
    (prev) => `${path}?limit=100${follow && prev?.startAfterId ? `&startAfterId=${prev.startAfterId}` : ''}`,
    (status, body) => {
      if (status !== 200 || body.accessEvents?.length !== 100)
        throw new Error(`page: ${status} ${body.accessEvents?.length}`);
    },
    { authorization: `Bearer ${token}` },
  );
}

/**
 * Baseline in the same run, same server and connection pattern: GET /readyz, an HTTP request that
 * makes one trivial store query. What a page costs beyond it is the access log's own work; what it
 * costs itself shows how noisy the machine is (this VM's loopback round trips have 3-15 ms stalls).
 */
function timedBaseline(base: string) {
  return timed<unknown>(
    base,
    () => '/readyz',
    (status) => {
      if (status !== 200) throw new Error(`readyz: ${status}`);
    },
  );
}

/**
 * The server's first page query for the lock (src/resources/access-log/queries.ts: the UTC day
 * holding the newest possible event, up to the end of tomorrow), under EXPLAIN ANALYZE; with a
 * cursor, the day of the cursor.
 */
async function explain(
  c: pg.Client,
  projectId: string,
  lockId: string,
  cursor?: { created: string; id: string },
) {
  const top = cursor ? Date.parse(cursor.created) : Date.now();
  const params: unknown[] = [
    projectId,
    new Date(dayStart(top)),
    new Date(dayStart(Date.now()) + 2 * DAY_MS),
    lockId,
  ];
  let extra = '';
  if (cursor) {
    params.push(cursor.created, cursor.id);
    extra = 'AND created <= $5::timestamptz AND (created, id) < ($5::timestamptz, $6::uuid)';
  }
  const sql = `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)
    SELECT id, action, to_char(created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_text,
           key_id, lock_id, lock_name, app_user_id, user_name, origin,
           to_char(received AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS received_text
      FROM access_events WHERE project_id = $1 AND created >= $2 AND created < $3 AND lock_id = $4 ${extra}
     ORDER BY created DESC, id DESC LIMIT 101`;
  const planning: number[] = [];
  const execution: number[] = [];
  let plan = '';
  for (let i = 0; i < 20; i++) {
    const { rows } = await c.query(sql, params);
    const p = (rows[0] as any)['QUERY PLAN'][0];
    planning.push(p['Planning Time']);
    execution.push(p['Execution Time']);
    const json = JSON.stringify(p.Plan);
    plan = `${p.Plan['Node Type']}${p.Plan.Plans?.[0] ? ` > ${p.Plan.Plans[0]['Node Type']}` : ''}; ${
      new Set(
        json.match(/"Index Name":"[^"]+"/g)?.map((m) => m.replace(/.*access_events_\d{8}_/, '').slice(0, -1)),
      ).size
    } index(es) like ${json.match(/"Index Name":"access_events_\d{8}_([^"]+)"/)?.[1] ?? '?'}`;
  }
  planning.sort((a, b) => a - b);
  execution.sort((a, b) => a - b);
  return { planning: pct(planning, 0.5), execution: pct(execution, 0.5), plan };
}

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  if (!kept) await admin.query(`CREATE DATABASE ${dbName}`);
  let server: Server | undefined;
  const c = new pg.Client({ connectionString: dbUrl });
  try {
    server = await startLatchkey(
      'pg',
      { LATCHKEY_MASTER_KEY: masterKey, LATCHKEY_LOG_LEVEL: 'warn', LATCHKEY_WORKER: 'off' },
      { databaseUrl: dbUrl },
    );
    await c.connect();
    const load1 = loadavg()[0]!;
    let projectId: string;
    let lockId: string;
    let token: string;
    let loadSeconds = 0;
    if (kept) {
      ({ projectId, lockId } = kept);
      // The kept client's token: its signing keys are in the kept database.
      token = await clientToken(server.base, kept.creds, 'project.admin', { project_id: projectId });
    } else {
      const t = await seedTenant(server.base);
      const lock = await api(
        server.base,
        'POST',
        `/v2/projects/${t.projectId}/locks`,
        { name: 'Main entrance' },
        t.projectToken,
      );
      projectId = t.projectId;
      lockId = lock.lock.id as string;
      token = t.projectToken;
      await c.query('SET synchronous_commit = off');
      await retentionDone(c);
      loadSeconds = await load(c, projectId, lockId);
      if (KEEP) {
        const state: KeptState = { dbName, total: TOTAL, masterKey, projectId, lockId, creds: t.creds };
        writeFileSync(STATE_FILE, JSON.stringify(state));
      }
    }
    const { rows } = await c.query<{ n: string; big: string; parts: string }>(
      `SELECT count(*) AS n, count(*) FILTER (WHERE lock_id = $1) AS big,
              (SELECT count(*) FROM pg_inherits WHERE inhparent = 'access_events'::regclass) AS parts
         FROM access_events`,
      [lockId],
    );
    console.log(
      `${rows[0]!.n} events (${rows[0]!.big} on the lock) in ${rows[0]!.parts} partitions, ` +
        (kept ? `kept from an earlier run (${dbName})` : `loaded in ${loadSeconds.toFixed(0)} s`),
    );

    const path = `/v2/projects/${projectId}/locks/${lockId}/logs/access`;
    const load2 = loadavg()[0]!;
    const baseline = await timedBaseline(server.base);
    const first = await timedPages(server.base, path, token, false);
    const deep = await timedPages(server.base, path, token, true);
    const load3 = loadavg()[0]!;
    // The cursor after 1,000 pages (100,000 events deep), decoded the way the server does.
    const { rows: at } = await c.query<{ created: string; id: string }>(
      `SELECT to_char(created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created, id::text
         FROM access_events WHERE lock_id = $1 ORDER BY created DESC, id DESC OFFSET $2 LIMIT 1`,
      [lockId, REQUESTS * 100 - 1],
    );
    const sqlFirst = await explain(c, projectId, lockId);
    const sqlDeep = await explain(c, projectId, lockId, at[0]);
    table(
      `Access log, one lock with ${fmt(BIG)} events among ${fmt(TOTAL)} (PostgreSQL), ${fmt(REQUESTS)} sequential requests of 100 events`,
      ['page', 'HTTP p50 ms', 'HTTP p99 ms', 'SQL planning / execution ms (median of 20)', 'plan'],
      [
        ['baseline: GET /readyz (one trivial query)', fmt(baseline.p50, 2), fmt(baseline.p99, 2), '', ''],
        [
          'first page',
          fmt(first.p50, 2),
          fmt(first.p99, 2),
          `${fmt(sqlFirst.planning, 2)} / ${fmt(sqlFirst.execution, 2)}`,
          sqlFirst.plan,
        ],
        [
          `pages 1-${fmt(REQUESTS)} via cursor`,
          fmt(deep.p50, 2),
          fmt(deep.p99, 2),
          `${fmt(sqlDeep.planning, 2)} / ${fmt(sqlDeep.execution, 2)} (page ${fmt(REQUESTS)})`,
          sqlDeep.plan,
        ],
      ],
    );
    console.log(
      `\n${kept ? 'kept database' : `load time ${loadSeconds.toFixed(0)} s`} for ${fmt(TOTAL)} events; load average (1 min): ` +
        `${load1.toFixed(2)} before loading, ${load2.toFixed(2)} before reads, ${load3.toFixed(2)} after`,
    );
  } finally {
    await c.end().catch(() => {});
    await server?.stop();
    if (!KEEP) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
