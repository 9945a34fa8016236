// The README's "A real door" runs as written: after the walk-through blocks it needs (up to the
// one that creates $LOCK), against `npm run dev` started as the walk-through says, that server is
// stopped, and the section's block runs in the same bash: two network namespaces joined by a veth
// pair, the virtual lock in one and `npm run dev` (its local Matter bridge) in the other, all of
// Matter's traffic inside them. NS (the README's `NS=${NS:-lk}`) names them per run, lkt-<pid>-…,
// so that the netns helper removes those a killed run left behind. The block must end with the
// lock online, the key's PIN typed on the keypad in the lock's activity, both processes gone and
// both namespaces deleted; the test removes whatever is left when it fails.
// On PostgreSQL the service in its namespace reaches the database by its Unix socket, as the
// README tells a reader to.
import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { freePort } from '../helpers/net.ts';
import { netnsSkip, removeStaleNamespaces } from '../helpers/netns.ts';
import { type ProcessStore, processStore } from '../helpers/process.ts';
import { freshClone, ROOT, sectionBlocks, walkThrough } from '../helpers/readme.ts';

const skip = netnsSkip();
const NS = `lkt-${process.pid}-readme`;
const NAMESPACES = [`${NS}-door`, `${NS}-service`];

function exited(child: ChildProcess, ms: number, what: string, output: () => string): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve, reject) => {
    const t = setTimeout(
      () => reject(new Error(`${what} did not end within ${ms / 1000} s:\n${output()}`)),
      ms,
    );
    child.once('exit', (code) => {
      clearTimeout(t);
      resolve(code);
    });
  });
}

/** The processes of a process group, for a failure message (every process, filtered by group id). */
function groupListing(pgid: number | undefined): string {
  const rows = execFileSync('ps', ['-e', '-o', 'pgid=,pid=,args='], { encoding: 'utf8' }).split('\n');
  return rows.filter((row) => row.trim().split(/\s+/)[0] === String(pgid)).join('\n') || '(none left)';
}

function groupAlive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function namespacesLeft(): string[] {
  const list = execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' });
  return NAMESPACES.filter((ns) => list.split('\n').some((l) => l.split(' ')[0] === ns));
}

let store: ProcessStore;
let dir: string;
let npm: ChildProcess | undefined;
let bash: ChildProcess | undefined;

before(async () => {
  if (skip) return;
  removeStaleNamespaces();
  store = await processStore();
  dir = freshClone('latchkey-readme-door-');
});

after(async () => {
  if (skip) return;
  // What the block left when it failed: its processes (all in bash's process group, and the
  // walk-through's server in npm's), then the namespaces and the lock's files.
  for (const group of [npm?.pid, bash?.pid]) {
    try {
      if (group) process.kill(-group, 'SIGKILL');
    } catch {
      // the group is gone
    }
  }
  for (const ns of namespacesLeft()) execFileSync('ip', ['netns', 'del', ns]);
  rmSync(`/tmp/${NS}-door`, { recursive: true, force: true });
  rmSync(`/tmp/${NS}-service.log`, { force: true });
  rmSync(dir, { recursive: true, force: true });
  await store.dispose();
});

// Limits for a loaded 2-core CI machine (quiet, the block takes under a minute): the server's start
// 240 s, the walk-through 240 s, the block 480 s (its waits are up to four minutes each).
test("the README's real door runs as written", { skip, timeout: 1_080_000 }, async () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const { server, shell } = walkThrough(readme);
  assert.equal(server, 'npm ci && npm run dev');
  const upToLock = shell.findIndex((b) => /^LOCK=\$\(/m.test(b));
  assert.ok(upToLock >= 0, 'a walk-through block creates $LOCK');
  const door = sectionBlocks(readme, '## A real door');
  assert.equal(door.length, 1, 'the real door is one block');
  assert.match(door[0]!, /^NS=\$\{NS:-lk\}$/m, 'the block names its namespaces by $NS');
  const port = await freePort();
  const ports = (s: string) => s.replaceAll('localhost:8080', `localhost:${port}`);

  // The walk-through's server, as readme.test.ts starts it.
  let output = '';
  npm = spawn('npm', ['run', 'dev'], {
    cwd: dir,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      LATCHKEY_LOG_LEVEL: 'warn',
      LATCHKEY_DATA_DIR: '',
      ...(store.env.DATABASE_URL ? { DATABASE_URL: store.env.DATABASE_URL } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  npm.stdout!.on('data', (d) => {
    output += d;
  });
  npm.stderr!.on('data', (d) => {
    output += d;
  });
  const deadline = Date.now() + 240_000;
  while (!output.includes('Next, in another terminal')) {
    assert.equal(npm.exitCode, null, `npm run dev exited:\n${output}`);
    assert.ok(Date.now() < deadline, `npm run dev did not start within 240 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  // One bash: the walk-through up to $LOCK; then it waits (a line on its stdin) while the test
  // stops that server, as the README asks; then the real door.
  let dbUrl = '';
  if (store.env.DATABASE_URL) {
    const u = new URL(store.env.DATABASE_URL);
    u.searchParams.set('host', process.env.TEST_PG_SOCKET_DIR ?? '/var/run/postgresql');
    dbUrl = `export DATABASE_URL='${u}'\n`;
  }
  const script = [
    'set -euo pipefail',
    `trap 'echo "block failed: $BASH_COMMAND (exit $?)" >&2' ERR`,
    ...shell.slice(0, upToLock + 1).map(ports),
    'echo "--- walk-through done"; read -r _',
    `${dbUrl}${ports(door[0]!)}`,
  ].join('\n\n');
  bash = spawn('bash', ['-c', `${script}\n`], {
    cwd: dir,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      LATCHKEY_DATA_DIR: '',
      LATCHKEY_ADMIN_TOKEN: '',
      LATCHKEY_LOG_LEVEL: 'warn',
      NS,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  bash.stdout!.on('data', (d) => {
    stdout += d;
  });
  bash.stderr!.on('data', (d) => {
    stderr += d;
  });
  const serviceLog = () => {
    const f = `/tmp/${NS}-service.log`;
    return existsSync(f) ? readFileSync(f, 'utf8').slice(-4000) : '(no service log)';
  };
  const all = () => `${stdout}\n--- stderr\n${stderr}\n--- the service in ${NS}-service\n${serviceLog()}`;

  const walked = Date.now() + 240_000;
  while (!stdout.includes('--- walk-through done')) {
    assert.equal(bash.exitCode, null, `the walk-through blocks failed:\n${all()}`);
    assert.ok(Date.now() < walked, `the walk-through blocks did not end within 240 s:\n${all()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  npm.kill('SIGTERM');
  await exited(npm, 30_000, 'the walk-through server', () => output);
  bash.stdin!.end('\n');
  const started = performance.now();
  const code = await exited(bash, 480_000, 'the real door block', all);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stderr.write(`\nthe real door block: ${seconds} s\n`);
  assert.equal(code, 0, `the real door block failed:\n${all()}`);

  // The lock connected.
  const json = (prefix: string) =>
    stdout
      .split('\n')
      .filter((l) => l.startsWith(prefix))
      .map((l) => JSON.parse(l));
  const lock = json('{"lock":').at(-1)?.lock;
  assert.equal(lock?.connection?.status, 'online', `the lock is not online:\n${all()}`);
  assert.match(stdout, /"outcome": "unlocked"/, `the PIN typed on the keypad did not open:\n${all()}`);
  // The key's PIN opened (the last key the block created, after the walk-through's): the lock's
  // activity has the keypad unlock by that key.
  const keyId = json('{"keys":').at(-1)?.keys?.[0]?.id as string | undefined;
  assert.ok(keyId, `no key with a PIN was created:\n${all()}`);
  const activity = (json('{"activity":').at(-1)?.activity ?? []) as {
    kind: string;
    source: string;
    keyId?: string;
  }[];
  assert.ok(
    activity.some((a) => a.kind === 'operated' && a.source === 'keypad' && a.keyId === keyId),
    `no keypad unlock by key ${keyId} in the lock's activity:\n${all()}`,
  );
  // Everything is cleaned up: the namespaces, the lock's state, every process the block started.
  assert.deepEqual(namespacesLeft(), [], 'the block left its namespaces');
  assert.equal(existsSync(`/tmp/${NS}-door`), false, "the block left the lock's state directory");
  const gone = Date.now() + 15_000;
  while (groupAlive(bash.pid)) {
    // The listing is taken only once the wait has run out: taken on every turn, a group that ends
    // between the check and the listing made `ps` exit 1 and failed a passing run.
    if (Date.now() >= gone)
      assert.fail(`processes the block started outlived it:\n${groupListing(bash.pid)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
});
