// The README's walk-through is a test, so that it cannot drift from what the service does: its
// shell blocks run as written, in order, in one bash, against `npm run dev` started as the README
// says, in a directory that looks like a fresh clone (the repository's files, no data/). Only the
// ports change (8080 and 9443 may be taken on a shared machine), and `npm ci` is not re-run. The
// walk-through must end with a webhook delivery whose signature the local receiver verified, and the
// same event on the live stream. Then the npm that runs `npm run dev` is stopped, and the server
// with it.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePort } from './helpers/net.ts';
import { type ProcessStore, processStore } from './helpers/process.ts';
import { freshClone, ROOT, walkThrough } from './helpers/readme.ts';

function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((r) => child.once('exit', (code) => r(code)));
}

async function answers(url: string): Promise<boolean> {
  try {
    await (await fetch(url, { signal: AbortSignal.timeout(1000) })).body?.cancel();
    return true;
  } catch {
    return false;
  }
}

let store: ProcessStore;
let dir: string;
let npm: ChildProcess | undefined;
let bash: ChildProcess | undefined;
let output = '';

before(async () => {
  store = await processStore();
  // A fresh clone: the repository's files (linked), no data directory, no built bundle.
  dir = freshClone('latchkey-readme-');
});

after(async () => {
  // Whatever is left of `npm run dev`'s process group (nothing, when the test passed),
  // and of the walk-through's shell (a receiver or stream it left running when it failed).
  for (const group of [npm?.pid, bash?.pid]) {
    try {
      if (group) process.kill(-group, 'SIGKILL');
    } catch {
      // the group is gone
    }
  }
  rmSync(dir, { recursive: true, force: true });
  await store.dispose();
});

describe('README walk-through', () => {
  it('runs as written and ends with a verified webhook', { timeout: 600_000 }, async () => {
    const { server, shell } = walkThrough(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    assert.equal(server, 'npm ci && npm run dev');
    const port = await freePort();
    const receiverPort = await freePort();
    const ports = (s: string) =>
      s.replaceAll('localhost:8080', `localhost:${port}`).replaceAll('9443', String(receiverPort));

    // `npm run dev` as a reader starts it (its own process group, so that the test can clean up).
    const { DATABASE_URL } = store.env;
    npm = spawn('npm', ['run', 'dev'], {
      cwd: dir,
      detached: true,
      env: {
        ...process.env,
        PORT: String(port),
        LATCHKEY_LOG_LEVEL: 'warn',
        LATCHKEY_DATA_DIR: '',
        ...(DATABASE_URL ? { DATABASE_URL } : {}),
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
      assert.ok(Date.now() < deadline, `npm run dev did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.match(output, /demo client [0-9a-f-]{36}, secret lk_secret_\S+ \(shown this once\)/);

    // The walk-through, in one bash, in the "clone", with nothing but the defaults (PORT stands in
    // for the 8080 the README assumes).
    const script = `set -euo pipefail\ntrap 'echo "walk-through failed: $BASH_COMMAND (exit $?)" >&2' ERR\n${shell.map(ports).join('\n\n')}\n`;
    bash = spawn('bash', ['-c', script], {
      cwd: dir,
      detached: true,
      env: { ...process.env, PORT: String(port), LATCHKEY_DATA_DIR: '', LATCHKEY_ADMIN_TOKEN: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let shellOut = '';
    bash.stdout!.on('data', (d) => {
      shellOut += d;
    });
    bash.stderr!.on('data', (d) => {
      shellOut += d;
    });
    const code = await exited(bash);
    assert.equal(code, 0, `the walk-through failed:\n${shellOut}\n--- npm run dev:\n${output}`);

    // The receiver verified two deliveries: the test delivery and the simulated event's, whose
    // webhook-id is the event id the simulate call answered.
    const received = readFileSync(join(dir, 'receiver.log'), 'utf8');
    const verified = received.split('\n').filter((l) => l.endsWith('; signature verified'));
    assert.equal(verified.length, 2, received);
    const eventId = shellOut.match(/"result":\{"id":"([0-9a-f-]{36})","status":"accepted"\}/)?.[1];
    assert.ok(eventId, shellOut);
    assert.ok(
      verified.some((l) => l.includes(`webhook-id ${eventId}`) && l.includes('basic-auth user "hooks"')),
      received,
    );
    assert.match(shellOut, /"responseStatus":204/);
    // Every answer the walk-through prints ends its line (curl -w '\n'): none runs into what follows.
    assert.match(shellOut, /^\{"result":\{"id":"[0-9a-f-]{36}","status":"accepted"\}\}$/m);
    assert.match(shellOut, /^\{"attempt":\{.*\}\}$/m);
    assert.doesNotMatch(shellOut, /\}(\{|latchkey: )/);
    // The live stream carried the same event.
    const stream = readFileSync(join(dir, 'stream.log'), 'utf8');
    assert.match(stream, new RegExp(`^id: ${eventId}\nevent: accessEvent\ndata: \\{"id":"${eventId}"`, 'm'));

    // Stopping the npm that runs `npm run dev` stops the server too.
    npm.kill('SIGTERM');
    await exited(npm);
    const gone = Date.now() + 30_000;
    while (await answers(`http://127.0.0.1:${port}/healthz`)) {
      assert.ok(Date.now() < gone, 'the server outlived npm');
      await new Promise((r) => setTimeout(r, 200));
    }
  });
});
