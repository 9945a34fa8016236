// test-runner: store-independent
// What the service writes in its data directory (the embedded store's files, the generated master
// key, the lock file) is readable and writable by the service's user only, whatever the umask, and
// a data directory written by an older version with looser modes is tightened when it is opened.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { loadMasterKey } from '../../src/crypto/master-key.ts';
import { openPgliteStore } from '../../src/db/pglite-store.ts';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Every path under `dir` (itself excluded) whose group or other bits are set, with its mode. */
function loose(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const p = join(e.parentPath, e.name);
    const mode = statSync(p).mode & 0o777;
    if (mode & 0o077) out.push(`${mode.toString(8)} ${p.slice(dir.length)}`);
  }
  return out;
}

function count(dir: string): number {
  return readdirSync(dir, { recursive: true }).length;
}

describe('data directory file modes', () => {
  it('are owner-only for the store, the master key and the lock file, even with umask 000', async () => {
    const root = mkdtempSync(join(tmpdir(), 'latchkey-modes-'));
    dirs.push(root);
    const dataDir = join(root, 'data');
    const umask = process.umask(0);
    try {
      loadMasterKey(undefined, dataDir);
      const db = await openPgliteStore({ dataDir: join(dataDir, 'pglite') });
      try {
        await db.exec('CREATE TABLE t (n integer PRIMARY KEY); INSERT INTO t VALUES (1)');
        await db.exec('CREATE INDEX t_n ON t (n)');
        assert.ok(count(dataDir) > 500, 'the store wrote its files');
        assert.deepEqual(loose(dataDir), []);
        assert.equal(statSync(dataDir).mode & 0o777, 0o700);
      } finally {
        await db.close();
      }
      assert.deepEqual(loose(dataDir), []);
      chmodSync(join(dataDir, 'master.key'), 0o644);
      loadMasterKey(undefined, dataDir);
      assert.deepEqual(loose(dataDir), []);
    } finally {
      process.umask(umask);
    }
  });

  it('tightens a data directory left with looser modes', async () => {
    const root = mkdtempSync(join(tmpdir(), 'latchkey-modes-'));
    dirs.push(root);
    const dir = join(root, 'pglite');
    const first = await openPgliteStore({ dataDir: dir });
    await first.close();
    for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
      chmodSync(join(e.parentPath, e.name), e.isDirectory() ? 0o777 : 0o666);
    }
    chmodSync(dir, 0o777);
    assert.ok(loose(dir).length > 500);
    const again = await openPgliteStore({ dataDir: dir });
    try {
      assert.deepEqual(loose(dir), []);
      assert.equal(statSync(dir).mode & 0o777, 0o700);
      assert.deepEqual((await again.query('SELECT 1 AS one')).rows, [{ one: 1 }]);
    } finally {
      await again.close();
    }
  });
});
