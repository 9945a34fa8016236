#!/usr/bin/env -S node --max-semi-space-size=64
// `npx latchkey ...`: builds the bundles (scripts/build.mjs, ~50 ms, so never stale) and runs the
// CLI from dist/cli.mjs. Where dist/ cannot be written (a read-only install) it runs the TypeScript
// through tsx instead, which costs more memory (see scripts/build.mjs).
// The V8 flag is `npm start`'s (docs/performance.md): a young generation of up to 64 MB (default
// 16) is collected less often, which took the access-log page p99 from 12-17 ms to 9-11 ms.
import { pathToFileURL } from 'node:url';

let cli;
try {
  const { buildBundles } = await import('../scripts/build.mjs');
  cli = await import(pathToFileURL(buildBundles().cli).href);
} catch (e) {
  if (!['EACCES', 'EROFS', 'EPERM'].includes(e?.code)) throw e;
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import('../src/cli.ts');
}
const { runCli, ConfigError } = cli;
try {
  await runCli(process.argv.slice(2));
} catch (e) {
  process.stderr.write(`latchkey: ${e instanceof ConfigError ? e.message : (e.detail ?? e.message)}\n`);
  process.exit(2);
}
