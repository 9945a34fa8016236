// Forward-only numbered migrations (migrations/NNNN_name.sql), applied in order in one transaction.
// On PostgreSQL a transaction-scoped advisory lock makes two processes starting at once take turns:
// the second finds everything applied. PGlite is single-process (guarded by the data-dir lock).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../root.ts';
import type { Db } from './db.ts';

export const MIGRATIONS_DIR = join(ROOT, 'migrations');
const ADVISORY_LOCK_KEY = 0x4c4b_4d31; // "LKM1"

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
  // Numbers must increase; gaps are allowed (work developed in parallel reserves numbers).
  let last = 0;
  return files.map((f) => {
    const version = Number(f.slice(0, 4));
    if (version <= last) throw new Error(`migration ${f}: numbers must be unique and increasing`);
    last = version;
    return { version, name: f.slice(5, -4), sql: readFileSync(join(dir, f), 'utf8') };
  });
}

/** The store has migrations this code does not know: a newer version wrote it. */
export class NewerStoreError extends Error {}

/**
 * Applies pending migrations; returns the names applied now. Refuses a store with a migration this
 * code does not know (written by a newer version): migrations are never undone, and code that does
 * not know a column could write rows the newer version reads wrongly.
 */
export async function migrate(db: Db, migrations = readMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    if (db.kind === 'pg') {
      // A migration that rewrites a large table runs as long as it must (minutes at 50,000,000
      // access events): a request's statement timeout would fail it halfway, every time.
      await tx.query('SET LOCAL statement_timeout = 0');
      await tx.query('SELECT pg_advisory_xact_lock($1)', [ADVISORY_LOCK_KEY]);
    }
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await tx.query<{ version: number; name: string }>(
      'SELECT version, name FROM schema_migrations ORDER BY version',
    );
    const known = new Set(migrations.map((m) => m.version));
    const unknown = rows.filter((r) => !known.has(r.version));
    if (unknown.length > 0) {
      const names = unknown.map((r) => `${String(r.version).padStart(4, '0')}_${r.name}`).join(', ');
      throw new NewerStoreError(
        `this store was written by a newer version of Latchkey: it has migration${unknown.length > 1 ? 's' : ''} ${names}, which this version does not know. Run that newer version (or a later one); to go back to this version, restore a backup taken before the upgrade (migrations are never undone)`,
      );
    }
    const applied = new Set(rows.map((r) => r.version));
    const done: string[] = [];
    for (const m of migrations) {
      if (applied.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      done.push(`${String(m.version).padStart(4, '0')}_${m.name}`);
    }
    return done;
  });
}

// The migrations shipped with this process's code: read once, not on every readiness probe.
let shipped: number[] | undefined;
function shippedVersions(): number[] {
  shipped ??= readMigrations().map((m) => m.version);
  return shipped;
}

/**
 * True when every migration this code knows is applied (readiness). Migrations a newer version
 * applied since this process started do not make it unready: during a rolling upgrade the old
 * processes serve beside the new ones (migrations are additive, docs/operations.md).
 */
export async function migrationsCurrent(db: Db, known = shippedVersions()): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM schema_migrations WHERE version = ANY($1::int[])',
    [known],
  );
  return rows[0]?.n === known.length;
}
