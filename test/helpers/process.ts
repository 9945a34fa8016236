// Real Latchkey processes for tests: the CLI and the server, on a throwaway store (a temp PGlite
// directory, or a fresh PostgreSQL database when TEST_DATABASE_URL is set).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SHORT_LIVED_FLAGS, startArgs } from '../../scripts/build.mjs';
import { migratedPgliteDir, TEST_DATABASE_URL } from './store.ts';

export interface ProcessStore {
  env: Record<string, string>;
  dispose(): Promise<void>;
}

/**
 * `migrated`: the embedded store starts as a copy of a migrated one (helpers/store.ts), for tests
 * whose subject is not a first start; without it the directory is empty, as on a new machine.
 * (PostgreSQL: always a new, empty database; migrating one costs under a second.)
 */
export async function processStore(o: { migrated?: boolean } = {}): Promise<ProcessStore> {
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-proc-'));
  if (!TEST_DATABASE_URL) {
    if (o.migrated) cpSync(await migratedPgliteDir(), join(dataDir, 'pglite'), { recursive: true });
    return {
      env: { LATCHKEY_DATA_DIR: dataDir },
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `t_proc_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    // PostgreSQL needs LATCHKEY_MASTER_KEY (no key is generated into a file for it).
    env: {
      LATCHKEY_DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      LATCHKEY_MASTER_KEY: randomBytes(32).toString('base64'),
    },
    async dispose() {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function cli(args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['bin/latchkey.js', ...args], {
    encoding: 'utf8',
    env: { ...process.env, LATCHKEY_LOG_LEVEL: 'silent', ...env },
    timeout: 240_000, // a fresh embedded store runs initdb: seconds when idle, a minute on a loaded 2-core machine
  });
  return {
    status: r.status,
    signal: r.signal,
    stdout: r.stdout,
    stderr: r.stderr,
    json: () => JSON.parse(r.stdout),
  };
}

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export function startServerProcess(
  env: Record<string, string>,
  o: { maxOpenFiles?: number } = {},
): ServerProcess {
  // As `npm start` runs it: the bundle (dist/main.mjs) with its V8 flags, plus SHORT_LIVED_FLAGS
  // (scripts/build.mjs: a server in a test lives seconds; behaviour is the same). With a lower
  // limit on open files, through a shell that sets it (`ulimit -n`) and then becomes the server (exec).
  const node = [process.execPath, ...SHORT_LIVED_FLAGS, ...startArgs()];
  const [command, args] =
    o.maxOpenFiles === undefined
      ? [node[0]!, node.slice(1)]
      : ['/bin/sh', ['-c', `ulimit -n ${o.maxOpenFiles} && exec "$0" "$@"`, ...node]];
  const child = spawn(command, args, {
    env: { ...process.env, LATCHKEY_LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

export async function waitReady(base: string, server: ServerProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    try {
      const r = await fetch(`${base}/readyz`);
      if (r.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not ready: ${server.output()}`);
}
