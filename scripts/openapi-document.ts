// Builds the OpenAPI document exactly as the service serves it (admin API included), on a
// throwaway in-memory store. Used by `npm run openapi` and by the test that keeps openapi.json fresh.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createContext } from '../src/context.ts';
import type { Db } from '../src/db/db.ts';

/**
 * `dataDir`: the data directory whose master key sealed what `db` holds (a test's store); by default
 * a throwaway one (a fresh store).
 */
export async function openApiDocument(db: Db, existingDataDir?: string): Promise<unknown> {
  const dataDir = existingDataDir ?? mkdtempSync(join(tmpdir(), 'latchkey-openapi-'));
  try {
    const config = loadConfig({
      LATCHKEY_DATA_DIR: dataDir,
      LATCHKEY_ADMIN_TOKEN: 'x'.repeat(32),
      LATCHKEY_LOG_LEVEL: 'silent',
      LATCHKEY_WORKER: 'off',
    });
    const ctx = await createContext(config, db);
    const app = await buildApp(ctx);
    await app.ready();
    const doc = app.swagger();
    await app.close();
    await ctx.close();
    return doc;
  } finally {
    if (!existingDataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

export function serialize(doc: unknown): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}
