#!/usr/bin/env -S node --max-semi-space-size=32
// `npx latchkey ...`: builds the bundles (scripts/build.mjs, ~50 ms, so never stale) and runs the
// CLI from dist/cli.mjs. Where dist/ cannot be written (a read-only install) it runs the TypeScript
// through tsx instead, which costs more memory (see scripts/build.mjs).
// The V8 flag is `npm start`'s (docs/performance.md): semi-spaces of up to 32 MB (default 16)
// scavenge half as often, for the access-log page p99, at ~40 MB less peak RSS than 64 MB.
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
