// npm run openapi: regenerates the committed openapi.json from the route schemas.
import { writeFileSync } from 'node:fs';
import { migrate } from '../src/db/migrate.ts';
import { openPgliteStore } from '../src/db/pglite-store.ts';
import { openApiDocument, serialize } from './openapi-document.ts';

const db = await openPgliteStore({});
await migrate(db);
writeFileSync('openapi.json', serialize(await openApiDocument(db)));
await db.close();
console.log('wrote openapi.json');
