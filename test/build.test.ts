// test-runner: store-independent
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { buildBundles, startArgs } from '../scripts/build.mjs';

describe('build (npm start runs dist/main.mjs)', () => {
  it('bundles the server and the CLI; a rebuild of unchanged sources writes nothing', (t) => {
    // Its own directory: other test files build dist/ at the same time.
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-build-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const first = buildBundles(dir);
    const mtimes = [first.main, first.cli].map((f) => statSync(f).mtimeMs);
    const again = buildBundles(dir);
    assert.deepEqual(
      [again.main, again.cli].map((f) => statSync(f).mtimeMs),
      mtimes,
    );
    const main = readFileSync(first.main, 'utf8');
    assert.match(main, /^\/\/ Built by scripts\/build\.mjs/);
    // Dependencies stay external: imported from node_modules, not inlined.
    assert.match(main, /from "fastify"/);
    assert.doesNotMatch(main, /function fastify\(/);
    // Loaded on first use (docs/performance.md, "Memory"): each store's driver, esbuild (the console).
    assert.doesNotMatch(main, /^import .* from "(pg|@electric-sql\/pglite[^"]*|esbuild)";$/m);
    assert.match(main, /import\("pg"\)/);
  });

  it('builds again only when a file it was built from, or a bundle, differs from its record', (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-build-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const { main } = buildBundles(dir);
    const recordFile = join(dir, '.build-inputs.json');
    // A build writes a new record (a rename: a new inode); a start that skips esbuild writes nothing.
    const recordInode = () => statSync(recordFile).ino;
    const record = JSON.parse(readFileSync(recordFile, 'utf8')) as { files: Record<string, string> };
    const root = join(import.meta.dirname, '..');
    for (const f of [
      'src/start.ts',
      'src/cli.ts',
      'src/config.ts',
      'src',
      'scripts/build.mjs',
      'package.json',
    ]) {
      assert.ok(join(root, f) in record.files, `${f} is in the record`);
    }
    assert.equal(record.files[main], `${statSync(main).size}:${statSync(main).mtimeMs}`);
    const built = readFileSync(main);
    let inode = recordInode();
    buildBundles(dir);
    assert.equal(recordInode(), inode, 'nothing changed: no build');

    // A bundle edited by hand is built again.
    writeFileSync(main, '// edited\n');
    buildBundles(dir);
    assert.ok(readFileSync(main).equals(built));
    assert.notEqual(recordInode(), inode, 'built again');

    // A source that differs from the record (as an edit would make it) is built again, and the
    // record then holds the files as they are.
    const source = join(root, 'src/config.ts');
    writeFileSync(recordFile, JSON.stringify({ files: { ...record.files, [source]: '1:1' } }));
    inode = recordInode();
    buildBundles(dir);
    assert.notEqual(recordInode(), inode, 'built again');
    const rewritten = JSON.parse(readFileSync(recordFile, 'utf8')) as { files: Record<string, string> };
    assert.equal(rewritten.files[source], `${statSync(source).size}:${statSync(source).mtimeMs}`);
    assert.ok(readFileSync(main).equals(built));
    inode = recordInode();
    buildBundles(dir);
    assert.equal(recordInode(), inode, 'the rewritten record holds: no build');

    // An unreadable record, or a missing bundle, builds.
    writeFileSync(recordFile, '{');
    inode = recordInode();
    buildBundles(dir);
    assert.notEqual(recordInode(), inode, 'built again');
    assert.ok(JSON.parse(readFileSync(recordFile, 'utf8')).files);
    rmSync(main);
    buildBundles(dir);
    assert.ok(readFileSync(main).equals(built), 'a missing bundle is built again');
  });

  it("starts the bundle with npm start's V8 flags", () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    const args = startArgs();
    assert.equal(args.at(-1), buildBundles().main);
    assert.deepEqual(
      args.slice(0, -1),
      pkg.scripts
        .start!.replace(/^exec\s+/, '')
        .split(/\s+/)
        .slice(1, -1),
    );
    assert.equal(pkg.scripts.prestart, 'node scripts/build.mjs');
  });

  it('restarts a process with the flags it lacks, in the same process, its arguments kept', () => {
    // What bin/latchkey.js does for its one-shot commands and bench:scale for the service's flags.
    const script = `import { relaunchWithFlags } from ${JSON.stringify(new URL('../scripts/build.mjs', import.meta.url).href)};
      const missing = relaunchWithFlags(['--liftoff-only', '--max-semi-space-size=16']);
      console.log(JSON.stringify({ pid: process.pid, ppid: process.ppid, execArgv: process.execArgv, argv: process.argv.slice(2), missing }));`;
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-relaunch-'));
    try {
      const file = join(dir, 'relaunch.mjs');
      writeFileSync(file, script);
      const r = spawnSync(process.execPath, ['--liftoff-only', file, 'one', '--two'], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      const lines = r.stdout.trim().split('\n');
      assert.equal(lines.length, 1, 'only the restarted process gets past the call');
      const out = JSON.parse(lines[0]!);
      assert.deepEqual(out.execArgv, ['--liftoff-only', '--max-semi-space-size=16']);
      assert.deepEqual(out.argv, ['one', '--two']);
      assert.deepEqual(out.missing, []);
      assert.equal(out.ppid, process.pid, 'execve: the process spawnSync started, not a child of it');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('npm start, npm run dev and bin/latchkey.js give node the same V8 flags', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    const flags = (command: string) => command.split(/\s+/).filter((a) => a.startsWith('--'));
    const shebang = readFileSync('bin/latchkey.js', 'utf8').split('\n')[0]!;
    assert.match(shebang, /^#!\/usr\/bin\/env -S node /);
    const start = flags(scripts.start!);
    assert.ok(start.length > 0, scripts.start);
    assert.deepEqual(flags(scripts.dev!), start);
    assert.deepEqual(flags(shebang), start);
  });

  it('the CLI bundle run as a file runs its command alone: no server starts beside it', (t) => {
    // The server's module is bundled into the CLI; a start on import ran a whole server (API and
    // delivery worker) beside `node dist/cli.mjs worker`. Here `--help` must print and exit, and
    // leave the data directory as it was (a server would have created a store in it).
    const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-cli-'));
    t.after(() => rmSync(dataDir, { recursive: true, force: true }));
    const { DATABASE_URL: _, ...env } = process.env;
    const r = spawnSync(process.execPath, [buildBundles().cli, '--help'], {
      env: { ...env, LATCHKEY_DATA_DIR: dataDir, PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(r.status, 0, `exit ${r.status} ${r.signal ?? ''}: ${r.stderr}`);
    assert.match(r.stdout, /usage: latchkey <command>/);
    assert.deepEqual(readdirSync(dataDir), []);
  });
});
