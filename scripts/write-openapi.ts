// npm run openapi: regenerates the committed openapi.json from the route schemas, then the
// TypeScript client's types from it (sdk/typescript/src/openapi.ts, with openapi-typescript).
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { migrate } from '../src/db/migrate.ts';
import { openPgliteStore } from '../src/db/pglite-store.ts';
import { openApiDocument, serialize } from './openapi-document.ts';

const db = await openPgliteStore({});
await migrate(db);
writeFileSync('openapi.json', serialize(await openApiDocument(db)));
await db.close();
console.log('wrote openapi.json');

if (!existsSync('sdk/typescript/node_modules/openapi-typescript')) {
  // A worktree installed before the client existed: install its tools (what postinstall does).
  console.log('installing sdk/typescript (npm ci --prefix sdk/typescript)');
  const r = spawnSync('npm', ['ci', '--prefix', 'sdk/typescript', '--no-audit', '--no-fund'], {
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const { writeFiles } = await import('../sdk/typescript/scripts/types.mjs');
for (const file of await writeFiles()) console.log(`wrote ${relative('.', file)}`);
