// What a read replica can serve, measured: a PostgreSQL primary and a hot standby streaming from it
// (our own throwaway clusters, loopback only, as test-reliability does), a 30-day access log on the
// primary, and while a writer uploads BENCH_RATE events/s (default 200) into the primary:
//   - the access-log page read (the service's own accessEventsPage, newest 100 of a project and of
//     one lock) on the primary and on the standby: p50/p99 of BENCH_READS reads each (default 300);
//   - how long a committed event takes to become visible on the standby (50 samples).
//   npm run bench:replica
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../src/db/migrate.ts';
import { openPgStore } from '../src/db/pg-store.ts';
import { uuidv7 } from '../src/ids.ts';
import { accessEventsPage } from '../src/resources/access-log/queries.ts';
import { retentionRun } from '../src/resources/access-log/retention.ts';
import { DAY_MS } from '../src/time/durations.ts';
import {
  chownToPostgres,
  cleanup,
  freePort,
  percentile,
  pgRun,
  startPgCluster,
} from '../test-reliability/kit.ts';
import { fmt, table } from './lib.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 300_000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const READS = Number(process.env.BENCH_READS ?? 300);

try {
  const primary = await startPgCluster();
  primary.createDb('latchkey');
  // The standby: a base backup of the primary (-R writes the standby settings), on its own port.
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-bench-standby-'));
  chownToPostgres(dir);
  const run = (cmd: string, args: string[]) => pgRun(cmd, args, dir, 120_000);
  const data = join(dir, 'data');
  const standbyPort = await freePort();
  run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    data,
    '-R',
    '-X',
    'stream',
    '--checkpoint=fast',
  ]);
  const opts = `-p ${standbyPort} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c hot_standby=on`;
  run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', opts, '-w', '-t', '60', 'start']);
  const stopStandby = () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    const db = await openPgStore({ url: primary.url('latchkey'), poolSize: 10 });
    await migrate(db);
    await retentionRun(db, { retentionDays: 30 });
    const projectId = uuidv7();
    const locks = Array.from({ length: 20 }, () => uuidv7());
    // 30 days of events over 20 locks, written directly (the read is what is measured).
    await db.query(
      `INSERT INTO access_events (id, project_id, lock_id, key_id, app_user_id, action, created, lock_name, user_name, origin)
       SELECT gen_random_uuid(), $1, ($2::uuid[])[1 + i % 20], gen_random_uuid(), '+4799887766', 'unlocked',
              now() - (i::float8 / $3) * interval '30 days', 'Door', 'Kari Nordmann', 'integrator'
         FROM generate_series(1, $3) AS i`,
      [projectId, locks, EVENTS],
    );
    await db.query('ANALYZE access_events');
    const standby = await openPgStore({
      url: `postgres://postgres@127.0.0.1:${standbyPort}/latchkey`,
      poolSize: 10,
    });
    // Wait for the standby to have replayed the load.
    for (;;) {
      const r = await standby.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM access_events WHERE project_id = $1',
        [projectId],
      );
      if (r.rows[0]!.n === EVENTS) break;
      await new Promise((r) => setTimeout(r, 200));
    }

    // The writer: RATE events/s into the primary, in batches of 20, as uploads would.
    let writing = true;
    const writer = (async () => {
      const t0 = performance.now();
      for (let tick = 0; writing; tick++) {
        await db.query(
          `INSERT INTO access_events (id, project_id, lock_id, key_id, app_user_id, action, created, lock_name, user_name, origin)
           SELECT gen_random_uuid(), $1, ($2::uuid[])[1 + i % 20], gen_random_uuid(), '+4799887766', 'locked', now(),
                  'Door', 'Kari Nordmann', 'integrator' FROM generate_series(1, 20) AS i`,
          [projectId, locks],
        );
        await new Promise((r) =>
          setTimeout(r, Math.max(0, t0 + ((tick + 1) * 20 * 1000) / RATE - performance.now())),
        );
      }
    })();

    const reads = async (store: typeof db, lockId?: string) => {
      const ms: number[] = [];
      for (let i = 0; i < READS; i++) {
        const t0 = performance.now();
        const rows = await accessEventsPage(store, {
          projectId,
          lockId,
          windowStart: new Date(Date.now() - 30 * DAY_MS),
          limit: 100,
        });
        ms.push(performance.now() - t0);
        if (rows.length !== 101) throw new Error(`a page of ${rows.length} rows`);
      }
      return ms;
    };
    const rows: (string | number)[][] = [];
    for (const [what, lockId] of [
      ['project', undefined],
      ['one lock', locks[3]],
    ] as const) {
      for (const [name, store] of [
        ['primary', db],
        ['standby', standby],
      ] as const) {
        const ms = await reads(store, lockId);
        rows.push([`${what}, ${name}`, fmt(percentile(ms, 50), 2), fmt(percentile(ms, 99), 2)]);
      }
    }
    // Visibility lag: a marker committed on the primary, polled for on the standby.
    const lag: number[] = [];
    for (let i = 0; i < 50; i++) {
      const id = randomUUID();
      await db.query(
        `INSERT INTO access_events (id, project_id, lock_id, key_id, app_user_id, action, created, lock_name, user_name, origin)
         VALUES ($1, $2, $3, gen_random_uuid(), '+4799887766', 'locked', now(), 'Door', 'Kari Nordmann', 'integrator')`,
        [id, projectId, locks[0]],
      );
      const t0 = performance.now();
      for (;;) {
        const r = await standby.query(
          "SELECT 1 FROM access_events WHERE id = $1 AND created > now() - interval '1 hour'",
          [id],
        );
        if (r.rowCount > 0) break;
      }
      lag.push(performance.now() - t0);
    }
    writing = false;
    await writer;
    console.log(
      `\nRead replica: ${fmt(EVENTS)} events over 30 days, 20 locks; a writer adding ${RATE} events/s to the primary; load ${fmt(loadavg()[0]!, 1)}`,
    );
    table('Access-log page (newest 100), ms', ['read', 'p50', 'p99'], rows);
    table(
      'A committed event visible on the standby after, ms',
      ['p50', 'p99', 'max'],
      [[fmt(percentile(lag, 50), 2), fmt(percentile(lag, 99), 2), fmt(Math.max(...lag), 2)]],
    );
    await standby.close();
    await db.close();
  } finally {
    stopStandby();
  }
} finally {
  await cleanup();
}
process.exit(0);
