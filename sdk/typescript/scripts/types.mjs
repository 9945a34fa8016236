// Generates src/openapi.ts (the `paths` and `components` types the client is typed by) from the
// repository's openapi.json with openapi-typescript. `npm run openapi` at the repository root runs
// this after regenerating openapi.json; a root test fails when src/openapi.ts is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

export const OPENAPI_JSON = fileURLToPath(new URL('../../../openapi.json', import.meta.url));
export const TYPES_FILE = fileURLToPath(new URL('../src/openapi.ts', import.meta.url));

const HEADER =
  '// Generated from openapi.json by openapi-typescript (npm run openapi at the repository root).\n' +
  '// Do not edit: a test fails when this file differs from what openapi.json generates.\n\n';

/** The TypeScript source generated from an OpenAPI document's text. */
export async function generateTypes(openapiJson = readFileSync(OPENAPI_JSON, 'utf8')) {
  const ast = await openapiTS(JSON.parse(openapiJson), { silent: true });
  return HEADER + astToString(ast);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const source = await generateTypes();
  let current = '';
  try {
    current = readFileSync(TYPES_FILE, 'utf8');
  } catch {}
  if (source === current) console.log('sdk/typescript/src/openapi.ts is up to date');
  else {
    writeFileSync(TYPES_FILE, source);
    console.log('wrote sdk/typescript/src/openapi.ts');
  }
}
