// A fresh, migrated database per test file, on the store selected by the environment:
// TEST_DATABASE_URL set → a new schema in that PostgreSQL database (dropped on close);
// unset → an in-memory PGlite loaded from a migrated template (initdb costs 2–5 s, loading the
// template 0.3 s), cached under node_modules/.cache keyed by the migrations' content.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Db } from '../../src/db/db.ts';
import { migrate, readMigrations } from '../../src/db/migrate.ts';
import { openPgStore } from '../../src/db/pg-store.ts';
import { openPgliteStore } from '../../src/db/pglite-store.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const storeKind = TEST_DATABASE_URL ? 'pg' : 'pglite';

const CACHE_DIR = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'latchkey');

/** A short hash of the migrations' text: a cached store is rebuilt when any migration changes. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const m of readMigrations()) hash.update(m.sql);
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated embedded store as a directory on disk (what a server process opens), built once per
 * set of migrations under node_modules/.cache. A server that starts on a copy of it skips initdb
 * and the migrations: ~5 CPU-seconds at each fresh start, ~1 s when already migrated. For tests
 * whose subject is not the first start (that one keeps a fresh directory).
 */
export async function migratedPgliteDir(): Promise<string> {
  const path = join(CACHE_DIR, `pglite-dir-${migrationsHash()}`);
  if (!existsSync(path)) {
    mkdirSync(CACHE_DIR, { recursive: true });
    const tmp = mkdtempSync(join(CACHE_DIR, 'pglite-dir-building-'));
    const db = await openPgliteStore({ dataDir: join(tmp, 'pglite') });
    await migrate(db);
    await db.close();
    try {
      renameSync(join(tmp, 'pglite'), path); // atomic: parallel test files never copy half a store
    } catch (e) {
      if (!existsSync(path)) throw e; // else another test file built it first
    }
    rmSync(tmp, { recursive: true, force: true });
  }
  return path;
}

async function pgliteTemplate(): Promise<Blob> {
  const path = join(CACHE_DIR, `pglite-template-${migrationsHash()}.tar.gz`);
  if (!existsSync(path)) {
    const db = await openPgliteStore({});
    await migrate(db);
    const dump = await db.pglite.dumpDataDir('gzip');
    await db.close();
    mkdirSync(CACHE_DIR, { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, path); // atomic: parallel test files never read half a file
  }
  return new Blob([readFileSync(path)]);
}

export interface TestStore {
  db: Db;
  /** PostgreSQL only: the schema this test file owns. */
  schema?: string;
  close(): Promise<void>;
}

export async function openTestStore(): Promise<TestStore> {
  if (!TEST_DATABASE_URL) {
    const db = await openPgliteStore({ loadDataDir: await pgliteTemplate() });
    return { db, close: () => db.close() };
  }
  const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = await openPgStore({ url: TEST_DATABASE_URL, poolSize: 10, schema });
  await migrate(db);
  return {
    db,
    schema,
    async close() {
      await db.close();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}
