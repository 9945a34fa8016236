// Generates the client's typed view of the API from the repository's openapi.json:
//   src/openapi.ts     the `paths` and `components` types, by openapi-typescript;
//   src/operations.ts  every operationId with its method and path (client.call).
// `npm run openapi` at the repository root runs this after regenerating openapi.json; a root test
// fails when either file differs from what openapi.json generates.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

export const OPENAPI_JSON = fileURLToPath(new URL('../../../openapi.json', import.meta.url));
export const TYPES_FILE = fileURLToPath(new URL('../src/openapi.ts', import.meta.url));
export const OPERATIONS_FILE = fileURLToPath(new URL('../src/operations.ts', import.meta.url));

const HEADER = (what) =>
  `// Generated from openapi.json ${what}: npm run openapi at the repository root.\n` +
  '// Do not edit: a test fails when this file differs from what openapi.json generates.\n\n';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** The generated files (absolute path → contents) for an OpenAPI document's text. */
export async function generateFiles(openapiJson = readFileSync(OPENAPI_JSON, 'utf8')) {
  const doc = JSON.parse(openapiJson);
  const ast = await openapiTS(doc, { silent: true });
  const operations = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const id = item[method]?.operationId;
      if (id)
        operations.push(`  ${JSON.stringify(id)}: { method: '${method}', path: ${JSON.stringify(path)} },`);
    }
  }
  const operationsTs =
    HEADER('(each operationId with its method and path)') +
    '/** Every operation that has an operationId: its method and path. */\n' +
    `export const OPERATIONS = {\n${operations.sort().join('\n')}${operations.length ? '\n' : ''}} as const;\n`;
  return {
    [TYPES_FILE]: HEADER('by openapi-typescript') + astToString(ast),
    [OPERATIONS_FILE]: operationsTs,
  };
}

/** Writes the generated files that changed; returns the paths written. */
export async function writeFiles() {
  const written = [];
  for (const [file, source] of Object.entries(await generateFiles())) {
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {}
    if (source !== current) {
      writeFileSync(file, source);
      written.push(file);
    }
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const written = await writeFiles();
  console.log(written.length ? `wrote ${written.join(', ')}` : 'sdk/typescript types are up to date');
}
