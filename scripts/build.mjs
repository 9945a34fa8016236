// Bundles the server (src/start.ts → dist/main.mjs) and the CLI (src/cli.ts → dist/cli.mjs) with
// esbuild, dependencies left external. `npm start` (its prestart) and bin/latchkey.js run these
// bundles, not TypeScript through tsx: tsx keeps an ESM loader thread with its own V8 heap plus the
// transpiled sources, ~88 MB of the server's RSS (idle, PostgreSQL: 249 MB through tsx, 161 MB
// from the bundle). It takes ~50 ms, so every start builds and a bundle is never stale. Each file
// is replaced by a rename, so a process starting while another one builds never reads half a file.
// Tests run the sources through tsx; test/process.test.ts runs the bundles.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = join(ROOT, 'dist');

/** Writes dist/main.mjs and dist/cli.mjs (unchanged files are left alone); returns their paths. */
export function buildBundles(outdir = DIST) {
  const r = buildSync({
    entryPoints: { main: join(ROOT, 'src/start.ts'), cli: join(ROOT, 'src/cli.ts') },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir,
    outExtension: { '.js': '.mjs' },
    banner: { js: '// Built by scripts/build.mjs from src/: edit the TypeScript, not this file.' },
    write: false,
    logLevel: 'error',
  });
  mkdirSync(outdir, { recursive: true });
  for (const f of r.outputFiles) {
    let same = false;
    try {
      same = readFileSync(f.path).equals(f.contents);
    } catch {
      // not built yet
    }
    if (same) continue;
    const tmp = `${f.path}.${process.pid}.tmp`;
    writeFileSync(tmp, f.contents);
    renameSync(tmp, f.path);
  }
  return { main: join(outdir, 'main.mjs'), cli: join(outdir, 'cli.mjs') };
}

/**
 * V8 flags for processes that live seconds: PGlite's WebAssembly on V8's baseline compiler
 * (Liftoff) alone. Left to itself V8 also recompiles the functions that are hot while PostgreSQL
 * starts with its optimising compiler (TurboFan), which such a process never gets back. Measured
 * 2026-11-29: `latchkey admin list-organizations` on an embedded store 6.9 -> 3.2 CPU-seconds and
 * 672 -> 209 MB; 30 typical test files 229-254 -> 149-153 CPU-seconds; five files that start
 * servers 139 -> 92. Used by the CLI's one-shot commands (bin/latchkey.js), the test processes
 * (scripts/test.mjs) and the servers tests start; behaviour is the same. `npm start` and the
 * worker keep TurboFan: over a server's life its code pays (SQL is 33% slower without it,
 * docs/performance.md).
 */
export const SHORT_LIVED_FLAGS = Object.freeze(['--liftoff-only']);

/** The V8 flags of `npm start` (package.json's start script), without building anything. */
export function startFlags() {
  const { start } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts;
  // `exec` makes node npm's own child (see watchNpmParent in src/main.ts).
  const [node, ...args] = start.replace(/^exec\s+/, '').split(/\s+/);
  if (node !== 'node' || args.at(-1) !== 'dist/main.mjs')
    throw new Error(`unexpected start script: ${start}`);
  return args.slice(0, -1);
}

/**
 * Restarts this process with `flags` added to its node arguments, where one is missing: V8's flags
 * are frozen once it runs (v8.setFlagsFromString changed nothing). execve keeps the process id, so
 * a signal sent to it, or its exit status, is the restarted one's. Returns (the flags still
 * missing) only when all are there (none) or this Node has no process.execve (before 22.15 and
 * 23.11; Windows): the caller says whether it runs without them.
 */
export function relaunchWithFlags(flags) {
  const missing = flags.filter((f) => !process.execArgv.includes(f));
  if (missing.length > 0 && process.execve)
    process.execve(
      process.execPath,
      [process.execPath, ...process.execArgv, ...missing, ...process.argv.slice(1)],
      process.env,
    );
  return missing;
}

/**
 * The node arguments of `npm start` (its V8 flags) with the bundle built as its prestart does: how
 * tests, benchmarks and scripts start the server as it ships.
 */
export function startArgs() {
  return [...startFlags(), buildBundles().main];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) buildBundles();
