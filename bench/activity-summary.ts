// The activity summary's read alone (activitySummaryRead: the statement the route runs), on one
// pooled connection, without HTTP or other traffic: p50/p99 per period for the project with the most
// webhooks of a database `npm run bench:scale -- --keep` seeded. `bench:scale` measures it through
// the service beside uploads; this one isolates the SQL, to compare two versions of the read
// (run it from each checkout, alternating, on the same database).
//
//   npm run bench:activity-summary -- --db bench_scale_… [--reads 60] [--rounds 3] [--hours 24,168,720]
//                                     [--explain]
//   --explain: after the rounds, EXPLAIN (ANALYZE, BUFFERS) of the statement for each period, run
//   twice: the first run's buffers read from outside shared_buffers are what a cold read waits for.
//   BENCH_DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/test).
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { openPgStore } from '../src/db/pg-store.ts';
import {
  activitySummaryPeriod,
  activitySummaryRead,
  activitySummaryStatement,
} from '../src/resources/activity-summary/queries.ts';
import { fmt, PG_URL, percentileRow, table } from './lib.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string' },
    reads: { type: 'string', default: '60' },
    rounds: { type: 'string', default: '3' },
    hours: { type: 'string', default: '24,168,720' },
    explain: { type: 'boolean', default: false },
  },
});
if (!args.db) throw new Error('--db: a database seeded by npm run bench:scale -- --keep');
const READS = Number(args.reads);
const url = new URL(PG_URL);
url.pathname = `/${args.db}`;

const db = await openPgStore({ url: url.toString(), poolSize: 1 });
try {
  const { rows } = await db.query<{ project_id: string; n: number }>(
    'SELECT project_id, count(*)::int AS n FROM webhooks GROUP BY 1 ORDER BY 2 DESC LIMIT 1',
  );
  const project = rows[0];
  if (!project) throw new Error(`${args.db} has no webhooks: seed it with npm run bench:scale -- --keep`);
  const load0 = loadavg()[0]!;
  const out: (string | number)[][] = [];
  for (let round = 1; round <= Number(args.rounds); round++)
    for (const hours of args.hours.split(',').map(Number)) {
      const { from, to } = activitySummaryPeriod(hours);
      const times: number[] = [];
      let listed = 0;
      // Five unmeasured reads first: the connection plans the tail's function once.
      for (let i = 0; i < READS + 5; i++) {
        const t0 = performance.now();
        const s = await activitySummaryRead(db, project.project_id, from, to);
        if (i >= 5) times.push(performance.now() - t0);
        listed = s.webhooks.length;
      }
      out.push([round, ...percentileRow(`${hours} h (${listed} webhooks listed)`, times)]);
    }
  table(
    `activitySummaryRead alone: the project with ${fmt(project.n)} webhooks, ${READS} reads per row; load ${load0.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}`,
    ['round', 'period', 'reads', 'p50 ms', 'p99 ms', 'max ms'],
    out,
  );
  if (args.explain)
    for (const hours of args.hours.split(',').map(Number)) {
      const { from, to } = activitySummaryPeriod(hours);
      const { text, values } = activitySummaryStatement(project.project_id, from, to);
      for (const run of [1, 2]) {
        const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
        console.log(`\n== ${hours} h, run ${run}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    }
} finally {
  await db.close();
}
