#!/usr/bin/env node
// Runs every test/**/*.test.ts with node's test runner, each file in its own process (--import tsx).
// Usage: npm test [-- <substring filter>...]
//        node scripts/test.mjs --dir test-security [-- <filter>...]   (npm run test:security)
//
// Why this and not `node --test <files>`:
// - Longest first. `node --test` sorts its files by name, so the slowest ones (those that start
//   server processes) could start last and leave one core idle while they finish. Here files start
//   in order of their last known duration, longest first (recorded in node_modules/.cache; on a
//   fresh clone, a short list of known slow files goes first).
// - A test that hangs fails instead of holding CI: every test has TEST_TIMEOUT_MS (10 min by
//   default; the slowest, Matter's end-to-end test, takes a few minutes on a busy machine), and when
//   no test has started or ended for a minute longer than that (a file whose tests are over but that
//   does not exit, holding a handle open), the run stops and fails, naming what was running.
//   (Not node's forceExit: a file's process then exits before its last results have reached this
//   one, and those tests vanish from the report without failing.)
// - Files that do not depend on the store run once. A file holding the line
//   `// test-runner: store-independent` (it opens no store, or only an embedded one of its own) gives
//   the same result in both runs, so the PostgreSQL run (TEST_DATABASE_URL) leaves it out; it runs
//   in the embedded-store run. Such a file must not use the test-store helpers or
//   TEST_DATABASE_URL (checked here), so a file that starts using the run's store loses the mark.
// - A file whose process V8 itself aborted (a known V8 bug around WebAssembly code, below) runs once
//   more, alone, when nothing else failed; any other failure fails the run as it is.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { SHORT_LIVED_FLAGS } from './build.mjs';

const ROOT = resolve(import.meta.dirname, '..');

// Each test file's process inherits this one's flags, so this runs itself again with them when it
// was started without (`node scripts/test.mjs`): tsx (the test files are TypeScript), and
// SHORT_LIVED_FLAGS (scripts/build.mjs: a test file's embedded store is a process that lives seconds).
if (!process.execArgv.includes('tsx')) {
  const r = spawnSync(
    process.execPath,
    [
      ...process.execArgv,
      ...SHORT_LIVED_FLAGS,
      '--import',
      'tsx',
      import.meta.filename,
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit' },
  );
  process.exit(r.status ?? 1);
}

function find(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'helpers' ? [] : find(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}

const NO_STORE_MARK = /^\/\/ test-runner: store-independent\b/m;
const STORE_HELPERS = /helpers\/(app|store|process|e2e|second-app|tenant)\.ts|TEST_DATABASE_URL/;

const args = process.argv.slice(2);
const dirAt = args.indexOf('--dir');
const dir = dirAt >= 0 ? args.splice(dirAt, 2)[1] : 'test';
const filters = args;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let files = find(dir).filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)));

const skipped = [];
for (const f of files) {
  const head = readFileSync(f, 'utf8');
  if (!NO_STORE_MARK.test(head)) continue;
  if (STORE_HELPERS.test(head)) {
    console.error(`${f} is marked store-independent but uses the test store: remove the mark`);
    process.exit(1);
  }
  if (onPostgres) skipped.push(f);
}
files = files.filter((f) => !skipped.includes(f));
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}

// Longest first: durations of earlier runs (either store), else the files known to be slow.
const CACHE = join(ROOT, 'node_modules', '.cache', 'latchkey', 'test-durations.json');
const KNOWN_SLOW = [
  'test/cli.test.ts',
  'test/process.test.ts',
  'test/matter/e2e.test.ts',
  'test/matter/lock.test.ts',
  'test/offline-credentials.e2e.test.ts',
  'test/crypto/master-key-rotation.test.ts',
  'test/monitoring-metrics.test.ts',
  'test/readme.test.ts',
  'test/matter/readme-door.test.ts',
  'test/running/backup-restore.test.ts',
  'test/running/upgrades.test.ts',
];
let known = {};
try {
  known = JSON.parse(readFileSync(CACHE, 'utf8'));
} catch {
  // first run here: the list above
}
const weight = (f) => known[f] ?? (KNOWN_SLOW.includes(f) ? 1e9 - KNOWN_SLOW.indexOf(f) : 10_000);
files.sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));

const store = onPostgres ? 'PostgreSQL (TEST_DATABASE_URL)' : 'embedded PGlite';
console.log(
  `running ${files.length} test files on ${store}` +
    (skipped.length ? ` (${skipped.length} store-independent files run in the embedded-store run)` : ''),
);

process.env.LATCHKEY_LOG_LEVEL ??= 'silent';
const TEST_TIMEOUT_MS = Number(process.env.TEST_TIMEOUT_MS ?? 600_000);
const startedAt = Date.now();
const durations = {};
let failed = false;
/** Files with a failing test, and files whose process V8 itself aborted (see RUNTIME_CRASH). */
const failedFiles = new Set();
const crashedFiles = new Set();
const stream = run({
  files: files.map((f) => resolve(f)),
  concurrency: Number(process.env.TEST_CONCURRENCY ?? '3'),
  timeout: TEST_TIMEOUT_MS,
});
const timed = (ev) => {
  if (ev.nesting === 0 && ev.file) {
    const f = relative(ROOT, ev.file);
    durations[f] = (durations[f] ?? 0) + (ev.details?.duration_ms ?? 0);
  }
};
stream.on('test:fail', (ev) => {
  failed = true;
  failedFiles.add(ev.file ?? '');
  timed(ev);
});
// A V8 bug, not ours: Node 24's V8 sometimes aborts a process that creates and frees WebAssembly
// code (each embedded store is a PGlite WebAssembly instance) on its own consistency check of
// executable pages ("Check failed: jit_page_->allocations_.erase(addr) == 1"; reported upstream as
// nodejs/node#64500, open, no fix or flag known to prevent it). Seen once in CI, after every test of
// the file had passed. Such a file runs once more, alone, and that run's result is the file's.
const RUNTIME_CRASH = /# Fatal error in .*\n# Check failed: jit_page/;
const stderrOf = new Map();
stream.on('test:stderr', (ev) => {
  if (!ev.file) return;
  const text = (stderrOf.get(ev.file) ?? '') + ev.message;
  stderrOf.set(ev.file, text.slice(-4000));
  if (RUNTIME_CRASH.test(text)) crashedFiles.add(ev.file);
});
stream.on('test:pass', timed);

// The watchdog: the files with a test started and not ended, and when anything last moved.
const running = new Map();
let moved = Date.now();
stream.on('test:start', (ev) => {
  moved = Date.now();
  if (ev.nesting === 0 && ev.file) running.set(ev.file, (running.get(ev.file) ?? 0) + 1);
});
const ended = (ev) => {
  moved = Date.now();
  if (ev.nesting === 0 && ev.file) {
    const n = (running.get(ev.file) ?? 1) - 1;
    if (n > 0) running.set(ev.file, n);
    else running.delete(ev.file);
  }
};
stream.on('test:pass', ended);
stream.on('test:fail', ended);
setInterval(() => {
  if (Date.now() - moved < TEST_TIMEOUT_MS + 60_000) return;
  const where = [...running.keys()].map((f) => relative(ROOT, f)).join(', ') || 'a file whose tests are over';
  console.error(
    `\nno test started or ended for ${Math.round((Date.now() - moved) / 60_000)} min: stopping (${where})`,
  );
  process.exit(1);
}, 10_000).unref();
stream.compose(spec).pipe(process.stdout);
/** CPU seconds of this process's ended children (and theirs), from /proc (Linux; 100 ticks a second). */
function childrenCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100; // cutime, cstime (fields 16 and 17)
  } catch {
    return Number.NaN;
  }
}
// On exit: the stream's own 'end' can come before its last events reach listeners.
process.on('exit', () => {
  // Where the time went: the slowest files, and how busy the machine's cores were kept. A run that
  // keeps them busy is bounded by its CPU; one that does not is waiting (timers, other processes).
  const wall = (Date.now() - startedAt) / 1000;
  const cpu = childrenCpuSeconds();
  const slowest = Object.entries(durations)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([f, ms]) => `${f} ${Math.round(ms / 1000)} s`)
    .join(', ');
  console.log(
    `\nwall ${Math.round(wall)} s; the test processes used ${Math.round(cpu)} CPU-seconds (${(cpu / wall).toFixed(2)} cores on average)${slowest ? `; slowest files: ${slowest}` : ''}`,
  );
  if (Object.keys(durations).length > 0) {
    mkdirSync(join(CACHE, '..'), { recursive: true });
    let all = {};
    if (existsSync(CACHE)) {
      try {
        all = JSON.parse(readFileSync(CACHE, 'utf8'));
      } catch {
        // a broken cache is rebuilt
      }
    }
    writeFileSync(CACHE, JSON.stringify({ ...all, ...durations }));
  }
  process.exitCode = failed ? 1 : 0;
  // Only when every failing file is one V8 aborted, and not in a run that is itself such a rerun.
  const crashed = [...crashedFiles];
  if (!failed || crashed.length === 0 || process.env.TEST_RUNTIME_CRASH_RERUN) return;
  if ([...failedFiles].some((f) => !crashedFiles.has(f))) return;
  const names = crashed.map((f) => relative(ROOT, f));
  console.log(
    `\nV8 aborted the process of ${names.join(', ')} (its own bug, see scripts/test.mjs): running again, alone`,
  );
  const again = spawnSync(
    process.execPath,
    [...process.execArgv, import.meta.filename, '--dir', dir, ...names],
    {
      stdio: 'inherit',
      env: { ...process.env, TEST_RUNTIME_CRASH_RERUN: '1' },
    },
  );
  process.exitCode = again.status ?? 1;
});
