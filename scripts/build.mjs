// Bundles the server (src/start.ts → dist/main.mjs) and the CLI (src/cli.ts → dist/cli.mjs) with
// esbuild, dependencies left external. `npm start` (its prestart) and bin/latchkey.js run these
// bundles, not TypeScript through tsx: tsx keeps an ESM loader thread with its own V8 heap plus the
// transpiled sources, ~88 MB of the server's RSS (idle, PostgreSQL: 249 MB through tsx, 161 MB
// from the bundle). Every start calls buildBundles, so a bundle is never stale; it builds only when
// a file the bundles were built from changed (below). Each file is replaced by a rename, so a
// process starting while another one builds never reads half a file.
// Tests run the sources through tsx; test/process.test.ts runs the bundles.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = join(ROOT, 'dist');

/**
 * What a build was made from, written beside the bundles: the size and modification time of every
 * file esbuild read (its metafile's inputs), of this script and of the package's manifests, and of
 * the bundles written. A start whose files all still match skips esbuild: a build takes 160-270 ms
 * of wall time and both cores (esbuild's own process), the check ~5 ms. Every CLI command and every
 * server a test starts used to pay the build (measured 2026-11-30). Any difference rebuilds: a file
 * edited, replaced by an older copy, deleted or added beside an input, a bundle edited by hand or
 * missing.
 */
const RECORD = '.build-inputs.json';

function stamp(file) {
  try {
    const s = statSync(file);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return 'missing';
  }
}

/** Whether the record in `outdir` exists and every file it names is as it was at that build. */
function recordHolds(outdir) {
  let files;
  try {
    ({ files } = JSON.parse(readFileSync(join(outdir, RECORD), 'utf8')));
  } catch {
    return false; // none yet, or unreadable
  }
  const entries = files && typeof files === 'object' ? Object.entries(files) : [];
  return entries.length > 0 && entries.every(([f, st]) => stamp(f) === st);
}

/** Writes dist/main.mjs and dist/cli.mjs (unchanged files are left alone); returns their paths. */
export function buildBundles(outdir = DIST) {
  const paths = { main: join(outdir, 'main.mjs'), cli: join(outdir, 'cli.mjs') };
  if (recordHolds(outdir)) return paths;
  const r = buildSync({
    entryPoints: { main: join(ROOT, 'src/start.ts'), cli: join(ROOT, 'src/cli.ts') },
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir,
    outExtension: { '.js': '.mjs' },
    banner: { js: '// Built by scripts/build.mjs from src/: edit the TypeScript, not this file.' },
    write: false,
    metafile: true,
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
  // Written after the bundles: a process that finds this record finds the bundles it describes.
  const inputs = Object.keys(r.metafile.inputs).map((f) => join(ROOT, f));
  const files = [
    ...inputs,
    // Their directories too: a file added beside an input (a directory's time changes) may be
    // what an import now resolves to.
    ...new Set(inputs.map((f) => dirname(f))),
    fileURLToPath(import.meta.url),
    join(ROOT, 'package.json'),
    join(ROOT, 'tsconfig.json'),
    ...r.outputFiles.map((f) => f.path),
  ];
  const record = { files: Object.fromEntries(files.map((f) => [f, stamp(f)])) };
  const tmp = join(outdir, `${RECORD}.${process.pid}.tmp`);
  writeFileSync(tmp, JSON.stringify(record));
  renameSync(tmp, join(outdir, RECORD));
  return paths;
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
