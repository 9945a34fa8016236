#!/usr/bin/env node
// `npx latchkey ...`: runs the TypeScript CLI through tsx (a runtime dependency), no build step.
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
