// Chooses the store from configuration: DATABASE_URL → PostgreSQL, else PGlite in LATCHKEY_DATA_DIR.
import { join, resolve } from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { openPgStore } from './pg-store.ts';
import { pgTarget } from './pg-target.ts';
import { openPgliteStore } from './pglite-store.ts';

export async function openStore(
  config: Pick<Config, 'databaseUrl' | 'listenDatabaseUrl' | 'dataDir' | 'pgPoolSize'>,
): Promise<Db> {
  if (config.databaseUrl)
    return openPgStore({
      url: config.databaseUrl,
      listenUrl: config.listenDatabaseUrl,
      poolSize: config.pgPoolSize,
    });
  return openPgliteStore({ dataDir: join(config.dataDir, 'pglite') });
}

/**
 * Where the store is, in words for messages: the embedded store's directory, or PostgreSQL's user,
 * host and database. Never the password, nor the URL's options.
 */
export function storeDescription(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `the embedded store in ${resolve(config.dataDir)}`;
  return `PostgreSQL ${pgTarget(config.databaseUrl)} (DATABASE_URL)`;
}
