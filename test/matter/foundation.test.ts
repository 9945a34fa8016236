// test-runner: store-independent
// The parts of src/matter that need no network: matter.js stays out of the start path, the
// snapshot storage saves and restores a node's data, and errors are classified in one place.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildBundles } from '../../scripts/build.mjs';
import { classify, MatterLockError } from '../../src/matter/errors.ts';
import { loadMatter } from '../../src/matter/runtime.ts';
import { FileStateStore, installSnapshotStorage, MemoryStateStore } from '../../src/matter/state-store.ts';

const ROOT = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

test('nothing on the start path loads matter.js: the bundles import it only dynamically, src/ only in runtime.ts', () => {
  const { main, cli } = buildBundles();
  for (const file of [main, cli]) {
    const text = readFileSync(file, 'utf8');
    assert.doesNotMatch(text, /^\s*import\s[^;]*?["']@matter\//m, `${file} imports matter.js statically`);
    assert.doesNotMatch(text, /require\(["']@matter\//, file);
  }
  // The CLI bundle reaches matter.js only through the loader's dynamic import().
  assert.match(readFileSync(cli, 'utf8'), /import\(["']@matter\/main["']\)/);
  for (const file of sources(join(ROOT, 'src'))) {
    if (file.endsWith(join('src', 'matter', 'runtime.ts'))) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(
      /^import\s+(type\s+)?[^;]*?from\s+'(@matter\/[^']+)'/gm,
    ))
      assert.ok(m[1], `${file} imports ${m[2]} as a value: only src/matter/runtime.ts may`);
  }
});

test('snapshot storage: a node’s data saved after changes, coalesced, and restored by a new environment', async () => {
  const m = await loadMatter();
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-matter-store-'));
  try {
    const file = new FileStateStore(join(dir, 'state', 'matter.json'));
    let saves = 0;
    const counting = {
      load: () => file.load(),
      save: async (s: string) => {
        saves++;
        await file.save(s);
      },
    };
    const env = new m.main.Environment('store-test', m.main.Environment.default);
    const storage = await installSnapshotStorage(m, env, counting, (e) => assert.fail(String(e)));
    const manager = await env.get(m.main.StorageService).open('node');
    const ctx = manager.createContext('fabrics');
    for (let i = 0; i < 50; i++)
      await ctx.set(`k${i}`, { n: BigInt(i) * 10n ** 20n, bytes: new Uint8Array([i, 255]) });
    await storage.flush();
    assert.ok(saves >= 1 && saves < 50, `${saves} saves for 50 changes`);
    assert.equal(statSync(file.path).mode & 0o777, 0o600);
    assert.deepEqual(readdirSync(join(dir, 'state')), ['matter.json']); // no temp file left

    const env2 = new m.main.Environment('store-test-2', m.main.Environment.default);
    await installSnapshotStorage(m, env2, new MemoryStateStore(await file.load()), () => {});
    const ctx2 = (await env2.get(m.main.StorageService).open('node')).createContext('fabrics');
    assert.deepEqual(await ctx2.get('k49'), { n: 49n * 10n ** 20n, bytes: new Uint8Array([49, 255]) });
    assert.equal((await ctx2.keys()).length, 50);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('errors: transport failures are transient, refusals terminal, each in plain words', async () => {
  const { StatusResponseError, Status } = await import('@matter/main/types');
  const { DoorLock } = await import('@matter/main/clusters/door-lock');
  const cases: [unknown, string, boolean][] = [
    [new DoorLock.DuplicateError('dup'), 'duplicate', false],
    [new DoorLock.OccupiedError('occ'), 'occupied', false],
    [new StatusResponseError('busy', Status.Busy), 'busy', true],
    [new StatusResponseError('full', Status.ResourceExhausted), 'noSpace', false],
    [new StatusResponseError('bad', Status.ConstraintError), 'constraint', false],
    [new StatusResponseError('no', Status.UnsupportedCommand), 'unsupported', false],
    [new StatusResponseError('no', Status.Failure), 'rejected', false],
    [new MatterLockError('timeout', 'slow (writing user 1)'), 'timeout', true],
  ];
  const { PeerUnreachableError } = (await import('@matter/main/protocol')) as unknown as {
    PeerUnreachableError: new (m: string) => Error;
  };
  cases.push([new PeerUnreachableError('gone'), 'unreachable', true]);
  for (const [e, code, transient] of cases) {
    const c = classify(e, 'writing user 1');
    assert.equal(c.code, code, String(e));
    assert.equal(c.transient, transient, String(e));
    assert.match(c.message, /\(writing user 1\)$/);
    assert.ok(c.problem.title && c.problem.detail);
  }
});

test('latchkey virtual-lock: --help, and a keypad request to no running lock says so', () => {
  const run = (args: string[]) =>
    spawnSync(process.execPath, [join(ROOT, 'bin/latchkey.js'), 'virtual-lock', ...args], {
      encoding: 'utf8',
    });
  const help = run(['--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /--enter-pin CODE/);
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-vlock-cli-'));
  try {
    const r = run(['--state-dir', dir, '--enter-pin', '1234']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /no virtual lock is running with --state-dir/);
    const bad = run(['--state-dir', dir, '--time-zone', 'Mars/Olympus']);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--time-zone must be an IANA time zone/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a Matter node refuses to go on the network from the host namespace under a test runner', async () => {
  const { refuseHostNamespaceUnderTest } = await import('../../src/matter/runtime.ts');
  // This test process runs on the host's namespace, under node:test (NODE_TEST_CONTEXT is set).
  assert.ok(process.env.NODE_TEST_CONTEXT);
  assert.throws(() => refuseHostNamespaceUnderTest(), /host network namespace/);
});
