// test-runner: store-independent
// scripts/test.mjs runs a file once more, alone, when V8 aborted its process on its own check of
// WebAssembly code pages (a V8 bug, see there), and only when nothing else failed. Two scratch test
// files under node_modules/.cache stand in: one writes V8's abort message and aborts, the first time
// only, after its test passed; the other passes, or fails when asked to.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, before, it } from 'node:test';

const ROOT = join(import.meta.dirname, '..');
const DIR = join(ROOT, 'node_modules', '.cache', 'latchkey', `runner-test-${process.pid}`);
const MARKER = join(DIR, 'aborted-once');

before(() => {
  mkdirSync(DIR, { recursive: true });
  writeFileSync(
    join(DIR, 'aborts-once.test.ts'),
    `import { existsSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
test('passes, then the process aborts the first time', () => {
  if (existsSync(${JSON.stringify(MARKER)})) return;
  writeFileSync(${JSON.stringify(MARKER)}, '');
  setTimeout(() => {
    process.stderr.write('\\n#\\n# Fatal error in , line 0\\n# Check failed: jit_page_->allocations_.erase(addr) == 1.\\n#\\n');
    process.abort();
  }, 50);
});
`,
  );
  writeFileSync(
    join(DIR, 'other.test.ts'),
    `import assert from 'node:assert/strict';
import { test } from 'node:test';
test('passes unless asked to fail', () => assert.equal(process.env.RUNNER_TEST_FAIL ?? '', ''));
`,
  );
});
after(() => rmSync(DIR, { recursive: true, force: true }));

function runner(env: Record<string, string> = {}) {
  rmSync(MARKER, { force: true });
  // Not as a child of this test run (NODE_TEST_CONTEXT would make it report to us, running nothing).
  const { NODE_TEST_CONTEXT: _, ...outer } = process.env;
  return spawnSync(process.execPath, ['scripts/test.mjs', '--dir', relative(ROOT, DIR)], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...outer, TEST_RUNTIME_CRASH_RERUN: '', ...env },
    timeout: 120_000,
  });
}

it('a file V8 aborted runs again, alone, and its second run decides', () => {
  const r = runner();
  assert.match(r.stdout, /V8 aborted the process of .*aborts-once\.test\.ts.*running again, alone/);
  assert.match(r.stdout, /running 1 test files/);
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

it('beside another failure, nothing runs again and the run fails', () => {
  const r = runner({ RUNNER_TEST_FAIL: '1' });
  assert.doesNotMatch(r.stdout, /running again/);
  assert.equal(r.status, 1, r.stdout + r.stderr);
});
