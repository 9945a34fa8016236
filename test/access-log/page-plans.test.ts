// The access log's reads by lock, person and key are functions that keep one generic plan per
// server connection, made at their first call, possibly on a new store whose day partitions are
// empty and were never analysed (PGlite never analyses). This plans each function's statement
// exactly as the function does (its text and settings read back from the store, a generic plan)
// and checks the scans: never a whole partition, never the project's index, the filter's own index
// once a partition has statistics, and only the day partitions of the range at run time.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { partitionName, retentionRun } from '../../src/resources/access-log/retention.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const DAY = 86_400_000;
const today = Math.floor(Date.now() / DAY) * DAY;
let t: TestApp;
before(async () => {
  t = await startTestApp();
  // The day partitions of the window and a few ahead, as the retention job keeps them.
  await retentionRun(t.store.db, { retentionDays: t.config.accessLogRetentionDays });
});
after(() => t.close());

const FUNCTIONS = [
  ['access_log_page_lock', 'lock_id'],
  ['access_log_page_app_user', 'app_user_id'],
  ['access_log_page_key', 'key_id'],
] as const;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function scans(n: PlanNode, out: PlanNode[] = []): PlanNode[] {
  if (n['Relation Name'] || n['Index Name']) out.push(n);
  for (const c of n.Plans ?? []) scans(c, out);
  return out;
}

const show = (found: PlanNode[]) =>
  found.map((s) => `${s['Relation Name']}: ${s['Node Type']} ${s['Index Name'] ?? ''}`).join('; ');

/**
 * The generic plan of the function's RETURN QUERY, planned with the function's own settings, for
 * created in [lo, hi) (epoch ms); with `analyze`, as it ran (partitions pruned at run time gone).
 */
async function genericPlan(fn: string, lo: number, hi: number, analyze = false): Promise<PlanNode[]> {
  const { rows } = await t.ctx.db.query<{ prosrc: string; proconfig: string[] }>(
    // Through the search path: on PostgreSQL every test file has its own schema.
    'SELECT prosrc, proconfig FROM pg_proc WHERE oid = $1::regproc',
    [fn],
  );
  assert.equal(rows.length, 1, fn);
  const { prosrc, proconfig } = rows[0]!;
  const query = /RETURN QUERY([\s\S]*);\s*END/.exec(prosrc)?.[1];
  assert.ok(query, `${fn}: a RETURN QUERY statement`);
  assert.ok(proconfig.includes('plan_cache_mode=force_generic_plan'), `${fn}: keeps a generic plan`);
  return t.ctx.db.transaction(async (tx) => {
    for (const setting of proconfig) {
      const [name, value] = setting.split('=');
      await tx.query('SELECT set_config($1, $2, true)', [name, value]);
    }
    await tx.query(
      `PREPARE plan_check (uuid, timestamptz, timestamptz, uuid, integer, uuid, text, uuid) AS ${query}`,
    );
    // EXPLAIN takes no bind parameters: the values go in as literals (made here, not from input).
    const at = (ms: number) => `'${new Date(ms).toISOString()}'`;
    const { rows: plan } = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
      `EXPLAIN (FORMAT JSON${analyze ? ', ANALYZE' : ''}) EXECUTE plan_check (
         '00000000-0000-4000-8000-000000000001', ${at(lo)}, ${at(hi)}, '00000000-0000-0000-0000-000000000000',
         101, '00000000-0000-4000-9000-000000000002', '+4790000002', '00000000-0000-4000-a000-000000000003')`,
    );
    await tx.query('DEALLOCATE plan_check');
    const json = plan[0]!['QUERY PLAN'];
    return scans((typeof json === 'string' ? JSON.parse(json) : json)[0].Plan);
  });
}

describe('access log read functions: the plans they keep', () => {
  it('never read a whole partition nor the project index, even planned without statistics', async () => {
    const { rows } = await t.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = 'access_events'::regclass`,
    );
    for (const [fn] of FUNCTIONS) {
      // From before the oldest partition: none is pruned at run time, so every one shows.
      const found = await genericPlan(fn, today - 40 * DAY, today + DAY);
      assert.equal(found.length, rows[0]!.n, `${fn}: one scan per partition: ${show(found)}`);
      const wrong = found.filter(
        (s) => s['Node Type'] !== 'Index Scan' || /_project_id_/.test(s['Index Name'] ?? ''),
      );
      assert.equal(show(wrong), '', fn);
    }
  });

  it("read the filter's own index in a partition with statistics", async () => {
    // Today's partition with a few tenants' traffic, analysed (PostgreSQL's autovacuum does that as
    // a partition fills, and every ANALYZE makes the connections plan again): one lock, person or
    // key among hundreds is far narrower than the primary key's range, and the plan takes it.
    await t.store.db.query(
      `INSERT INTO access_events (id, project_id, lock_id, key_id, app_user_id, action, created, lock_name, user_name, origin)
       SELECT gen_random_uuid(), ('00000000-0000-4000-8000-' || lpad((i % 20)::text, 12, '0'))::uuid,
              ('00000000-0000-4000-9000-' || lpad((i % 400)::text, 12, '0'))::uuid,
              ('00000000-0000-4000-a000-' || lpad((i % 2000)::text, 12, '0'))::uuid,
              '+47900' || lpad((i % 1000)::text, 5, '0'), 'locked',
              $1::timestamptz + i * interval '1 second', 'Front', '', 'integrator'
         FROM generate_series(1, 20000) AS i`,
      [new Date(today).toISOString()],
    );
    await t.store.db.query('ANALYZE access_events');
    for (const [fn, column] of FUNCTIONS) {
      const found = await genericPlan(fn, today, today + DAY, true);
      const todays = found.filter((s) => s['Relation Name'] === partitionName(today));
      assert.equal(todays.length, 1, `${fn}: ${show(found)}`);
      assert.match(todays[0]!['Index Name'] ?? '', new RegExp(`_${column}_created_id_idx$`), show(found));
    }
  });

  it('read no day partition older than the range at run time', async () => {
    const { rows } = await t.ctx.db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'access_events'::regclass`,
    );
    // Yesterday's partition and every newer one (one index probe each beyond the range), the
    // default one too; nothing older.
    const newer = rows
      .map((r) => r.name)
      .filter((n) => n === 'access_events_default' || n >= partitionName(today - DAY));
    for (const [fn] of FUNCTIONS) {
      const ran = (await genericPlan(fn, today - DAY / 2, today + DAY / 2, true)).map(
        (s) => s['Relation Name'],
      );
      assert.deepEqual([...ran].sort(), [...newer].sort(), fn);
    }
  });
});
