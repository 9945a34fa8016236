// Chooses the store from configuration: DATABASE_URL → PostgreSQL, else PGlite in LATCHKEY_DATA_DIR.
import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { openPgStore } from './pg-store.ts';
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
