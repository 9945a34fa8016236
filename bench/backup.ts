// Backup and restore times for a store of BENCH_EVENTS access events (default 1,000,000), on both
// stores. The events are written straight into access_events with batched INSERT ... SELECT
// generate_series (100,000 rows a statement). Then, as an operator runs them:
//   embedded: `latchkey backup <file>` and `latchkey restore <file>` (processes; no server runs, so
//             the command opens the store itself), and apart from them the dump alone in process
//             (what requests wait for when a running server takes the backup);
//   PostgreSQL: `pg_dump --format=custom` and `pg_restore` into a new database.
//   npm run bench:backup     BENCH_EVENTS=100000 BENCH_STORE=pglite|pg npm run bench:backup
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPgStore } from '../src/db/pg-store.ts';
import { openPgliteStore } from '../src/db/pglite-store.ts';
import { PG_URL, table } from './lib.ts';

const TOTAL = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const CHUNK = 100_000;
const STORES = (process.env.BENCH_STORE ?? 'pglite,pg').split(',');
const load = () => loadavg()[0]!.toFixed(1);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function seed(db: Db): Promise<number> {
  const t0 = performance.now();
  const [project, lock] = [randomUUID(), randomUUID()];
  for (let done = 0; done < TOTAL; done += CHUNK) {
    await db.query(
      `INSERT INTO access_events (id, project_id, lock_id, key_id, app_user_id, action, created, received,
                                  lock_name, user_name, origin)
       SELECT gen_random_uuid(), $1, $2, gen_random_uuid(), '+47' || (90000000 + i % 5000)::text,
              CASE WHEN i % 2 = 0 THEN 'unlocked' ELSE 'locked' END,
              now() - (i::float8 / $3) * interval '29 days', now(), 'Front door', 'Kari Nordmann', 'integrator'
         FROM generate_series($4::int, $5::int) AS i`,
      [project, lock, TOTAL, done + 1, Math.min(TOTAL, done + CHUNK)],
    );
  }
  return performance.now() - t0;
}

function timed(cmd: string, args: string[], env: Record<string, string> = {}): number {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr}`);
  return performance.now() - t0;
}

const du = (dir: string) => Number(spawnSync('du', ['-sb', dir], { encoding: 'utf8' }).stdout.split('\t')[0]);

const rows: string[][] = [];
const work = mkdtempSync(join(tmpdir(), 'latchkey-bench-backup-'));
try {
  if (STORES.includes('pglite')) {
    const dataDir = join(work, 'data');
    const db = await openPgliteStore({ dataDir: join(dataDir, 'pglite') });
    await migrate(db);
    const seedMs = await seed(db);
    await db.exec('CHECKPOINT');
    const t0 = performance.now();
    const dump = await db.dump();
    const dumpMs = performance.now() - t0;
    await db.close();
    const file = join(work, 'store.backup');
    const env = { LATCHKEY_DATA_DIR: dataDir, LATCHKEY_LOG_LEVEL: 'silent', DATABASE_URL: '' };
    const loadBefore = load();
    const backupMs = timed(process.execPath, ['bin/latchkey.js', 'backup', file], env);
    const restoreMs = timed(process.execPath, ['bin/latchkey.js', 'restore', file], {
      ...env,
      LATCHKEY_DATA_DIR: join(work, 'restored'),
    });
    rows.push(
      ['embedded: seed (batched inserts)', secs(seedMs), `store ${mb(du(dataDir))}`, loadBefore],
      [
        'embedded: dump in process (requests wait this long)',
        secs(dumpMs),
        `${mb(dump.size)} gzipped`,
        load(),
      ],
      [
        'embedded: `latchkey backup` (process, opens the store)',
        secs(backupMs),
        mb(statSync(file).size),
        load(),
      ],
      [
        'embedded: `latchkey restore` into an empty directory',
        secs(restoreMs),
        `store ${mb(du(join(work, 'restored')))}`,
        load(),
      ],
    );
  }
  if (STORES.includes('pg')) {
    const names = [
      `bench_backup_${randomBytes(4).toString('hex')}`,
      `bench_restored_${randomBytes(4).toString('hex')}`,
    ];
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    const url = (name: string) => {
      const u = new URL(PG_URL);
      u.pathname = `/${name}`;
      return u.toString();
    };
    try {
      for (const n of names) await admin.query(`CREATE DATABASE ${n}`);
      const db = await openPgStore({ url: url(names[0]!), poolSize: 2 });
      await migrate(db);
      const seedMs = await seed(db);
      await db.close();
      const file = join(work, 'pg.dump');
      const loadBefore = load();
      const dumpMs = timed('pg_dump', ['--format=custom', '--no-owner', '--file', file, url(names[0]!)]);
      const restoreMs = timed('pg_restore', [
        '--no-owner',
        '--exit-on-error',
        '--dbname',
        url(names[1]!),
        file,
      ]);
      rows.push(
        ['PostgreSQL: seed (batched inserts)', secs(seedMs), '', loadBefore],
        ['PostgreSQL: `pg_dump --format=custom`', secs(dumpMs), mb(statSync(file).size), load()],
        ['PostgreSQL: `pg_restore` into an empty database', secs(restoreMs), '', load()],
      );
    } finally {
      for (const n of names) await admin.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
      await admin.end();
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
table(
  `${TOTAL.toLocaleString('en')} access events; Node ${process.version}`,
  ['step', 'time', 'size', 'load (1 min)'],
  rows,
);
