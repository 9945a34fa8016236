#!/usr/bin/env -S node --max-semi-space-size=64
// `npx latchkey ...`: runs the TypeScript CLI through tsx (a runtime dependency), no build step.
// The V8 flag is `npm start`'s (docs/performance.md): a young generation of up to 64 MB (default
// 16) is collected less often, which took the access-log page p99 from 12-17 ms to 9-11 ms.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli.ts');
const { ConfigError } = await import('../src/config.ts');
try {
  await runCli(process.argv.slice(2));
} catch (e) {
  process.stderr.write(`latchkey: ${e instanceof ConfigError ? e.message : (e.detail ?? e.message)}\n`);
  process.exit(2);
}
