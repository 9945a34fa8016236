#!/usr/bin/env -S node --max-semi-space-size=16 --heap-growing-percent=100 --wasm-num-compilation-tasks=1
// `npx latchkey ...`: builds the bundles (scripts/build.mjs, ~50 ms, so never stale) and runs the
// CLI from dist/cli.mjs. Where dist/ cannot be written (a read-only install) it runs the TypeScript
// through tsx instead, which costs more memory (see scripts/build.mjs).
// The V8 flags are `npm start`'s and `npm run dev`'s (test/build.test.ts keeps the three equal),
// chosen for memory (docs/performance.md, "Memory", peak RSS under `npm run bench:events`):
// --max-semi-space-size=16: a young generation of 2 x 16 MB (V8's default) instead of 2 x 32,
//   32 MB less, and 16 MB less old-generation headroom (V8 adds one semi-space to it); the
//   access-log p99 was no worse in alternating runs.
// --heap-growing-percent=100: a full GC once the old generation is twice what the last one kept;
//   left to itself V8 let it grow to 3-4x during the upload burst (old space 115-146 MB with
//   40-60 MB live, now 57-58 MB), for no more CPU.
// --wasm-num-compilation-tasks=1: PGlite's hot WebAssembly functions are recompiled by TurboFan
//   one at a time. One compilation takes up to 23 MB of scratch memory, which glibc keeps once
//   freed; two at a time left 20-40 MB more resident, for the same query speed.
import { pathToFileURL } from 'node:url';

// Commands that do one thing and exit run with SHORT_LIVED_FLAGS (scripts/build.mjs says why): the
// process restarts itself with them (relaunchWithFlags). Where it cannot (no process.execve:
// Windows), it runs as it is.
const ONE_SHOT = new Set(['migrate', 'keys', 'backup', 'restore', 'master-key', 'admin']);
const command = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (ONE_SHOT.has(command)) {
  const { relaunchWithFlags, SHORT_LIVED_FLAGS } = await import('../scripts/build.mjs');
  relaunchWithFlags(SHORT_LIVED_FLAGS);
}

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
