// npm run openapi: regenerates the committed openapi.json from the route schemas, then the
// TypeScript client's types from it (sdk/typescript/src/openapi.ts, with openapi-typescript).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { migrate } from '../src/db/migrate.ts';
import { openPgliteStore } from '../src/db/pglite-store.ts';
import { openApiDocument, serialize } from './openapi-document.ts';

const db = await openPgliteStore({});
await migrate(db);
writeFileSync('openapi.json', serialize(await openApiDocument(db)));
await db.close();
console.log('wrote openapi.json');

if (!existsSync('sdk/typescript/node_modules/openapi-typescript')) {
  console.error('sdk/typescript has no node_modules: run `npm ci` (its postinstall installs sdk/typescript)');
  process.exit(1);
}
const types = await import('../sdk/typescript/scripts/types.mjs');
const source: string = await types.generateTypes();
if (!existsSync(types.TYPES_FILE) || readFileSync(types.TYPES_FILE, 'utf8') !== source) {
  writeFileSync(types.TYPES_FILE, source);
  console.log('wrote sdk/typescript/src/openapi.ts');
}
