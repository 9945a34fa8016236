// test-runner: store-independent
// A new embedded store is created by a child process (initdb grows PGlite's WebAssembly memory,
// which never shrinks): the opening process stays small, the store works, and a child that fails
// says why.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { initdbInChild, isInitialized } from '../../src/db/pglite-initdb.ts';

const root = mkdtempSync(join(tmpdir(), 'latchkey-initdb-'));
after(() => rmSync(root, { recursive: true, force: true }));

// Opens a store on `dir` in a fresh process (this one holds test stores of its own) and prints
// that process's WebAssembly + buffer memory (`external`) and resident size, in MiB.
const OPEN = `
import { openPgliteStore } from './src/db/pglite-store.ts';
const db = await openPgliteStore({ dataDir: process.env.DIR });
const { rows } = await db.query("SELECT current_setting('shared_buffers') AS sb");
const m = process.memoryUsage();
console.log(JSON.stringify({ sb: rows[0].sb, external: m.external >> 20, rss: m.rss >> 20 }));
await db.close();
`;

function openInFreshProcess(dir: string): { sb: string; external: number; rss: number } {
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', OPEN], {
    env: { ...process.env, DIR: dir },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '');
}

describe('creating the embedded store', () => {
  it('runs initdb in a child: the opening process holds the small store, not initdb’s memory', () => {
    const dir = join(root, 'fresh');
    const first = openInFreshProcess(dir);
    assert.ok(isInitialized(dir));
    const again = openInFreshProcess(dir);
    assert.equal(first.sb, '16MB');
    // In-process initdb left ~630 MiB of WebAssembly memory in the opening process; an existing
    // store opens with the 128 MiB PGlite reserves up front (+ a few MiB of buffers).
    assert.ok(first.external < 256, `first open: external ${first.external} MiB`);
    assert.ok(
      Math.abs(first.external - again.external) < 64,
      `first ${first.external}, then ${again.external} MiB`,
    );
  });

  it('a child that cannot create the store rejects with its own words', async () => {
    // Below a file: no user (root included) can create a directory there.
    writeFileSync(join(root, 'a-file'), '');
    const target = join(root, 'a-file', 'store');
    await assert.rejects(initdbInChild(target), /could not create the embedded store in .+: \S/);
    assert.equal(isInitialized(target), false);
  });
});
