#!/usr/bin/env node
// Runs every test/**/*.test.ts with node's test runner. The file list is expanded here because on
// Node 20 `node --test test/` silently finds nothing and quoted globs fail.
// Usage: npm test [-- <substring filter>...]
//        node scripts/test.mjs --dir test-security [-- <filter>...]   (npm run test:security)
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

function find(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'helpers' ? [] : find(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}

const args = process.argv.slice(2);
const dirAt = args.indexOf('--dir');
const dir = dirAt >= 0 ? args.splice(dirAt, 2)[1] : 'test';
const filters = args;
const files = find(dir)
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const store = process.env.TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : 'embedded PGlite';
console.log(`running ${files.length} test files on ${store}`);
const concurrency = process.env.TEST_CONCURRENCY ?? '3';
const r = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...files],
  {
    stdio: 'inherit',
    env: { ...process.env, LATCHKEY_LOG_LEVEL: process.env.LATCHKEY_LOG_LEVEL ?? 'silent' },
  },
);
process.exit(r.status ?? 1);
