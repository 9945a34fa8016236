// A Matter lab for tests and benchmarks: virtual locks and a controller, each a real process in its
// own network namespace (netns.ts), joined by a private IPv6 LAN on which mDNS works and from which
// nothing leaves. The test process stays on the host namespace: it drives the controller over its
// stdin/stdout (matter-controller-child.ts) and the locks over their control sockets (files in a
// temp directory), never over a network.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { buildSync } from 'esbuild';
import { type ControlAnswer, type ControlRequest, controlRequest } from '../../src/dev/virtual-lock.ts';
import { createNetns, type Netns } from './netns.ts';

const ROOT = join(import.meta.dirname, '..', '..');
/** matter.js's log in the children (their stderr, shown when something fails); `debug` to dig. */
const LOG_LEVEL = process.env.MATTER_TEST_LOG_LEVEL ?? 'error';

export interface LockProcess {
  name: string;
  stateDir: string;
  child: ChildProcess;
  ready: { manualPairingCode: string; qrPairingCode: string; commissioned: boolean };
  output: () => string;
  control(request: ControlRequest): Promise<unknown>;
  /** SIGKILL, as a lock losing power. */
  kill(): Promise<void>;
}

export interface ControllerProcess {
  child: ChildProcess;
  call<T = unknown>(op: string, ...args: unknown[]): Promise<T>;
  /** Unsolicited lines so far (events, status, reachability). */
  notes: Note[];
  /** Resolves with the first note (seen or to come) that matches; rejects after timeoutMs. */
  waitFor(match: (n: Note) => boolean, timeoutMs?: number, what?: string): Promise<Note>;
  output: () => string;
  stop(): Promise<void>;
}

export type Note =
  | { type: 'event'; event: Record<string, unknown> & { kind: string; lockId: string; eventNumber: string } }
  | { type: 'status'; lockId: string; status: Record<string, unknown> }
  | { type: 'reachability'; lockId: string; reachable: boolean; at: number };

export class RpcError extends Error {
  constructor(
    readonly code: string,
    readonly transient: boolean,
    message: string,
  ) {
    super(message);
  }
}

export interface LockOptions {
  port?: number;
  passcode?: number;
  discriminator?: number;
  timeZone?: string;
  users?: number;
  pinCodes?: number;
  weekDaySchedules?: number;
  yearDaySchedules?: number;
  /** Keep the state directory of an earlier lock (a restart). */
  stateDir?: string;
}

export interface MatterLab {
  net: Netns;
  startLock(host: string, o?: LockOptions): Promise<LockProcess>;
  startController(host: string, start?: Record<string, unknown>): Promise<ControllerProcess>;
  close(): Promise<void>;
}

// Children run bundles, as `npx latchkey` does, not TypeScript through tsx: tsx's loader hooks
// every one of matter.js's ~1,500 modules, which doubles its load time and adds ~80 MB per process.
let controllerBundle: string | undefined;
function controllerChild(): string {
  if (!controllerBundle) {
    controllerBundle = join(ROOT, 'dist', 'test', 'matter-controller-child.mjs');
    buildSync({
      entryPoints: [join(ROOT, 'test/helpers/matter-controller-child.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      outfile: controllerBundle,
      logLevel: 'error',
    });
  }
  return controllerBundle;
}

/** Hosts: names of the namespaces to make (a lock and a controller each want one). */
export async function matterLab(hosts: string[]): Promise<MatterLab> {
  const net = await createNetns(hosts);
  const dirs: string[] = [];
  const stops: (() => Promise<void>)[] = [];

  async function startLock(host: string, o: LockOptions = {}): Promise<LockProcess> {
    const stateDir = o.stateDir ?? mkdtempSync(join(tmpdir(), 'latchkey-vlock-'));
    if (!o.stateDir) dirs.push(stateDir);
    const flags: [string, unknown][] = [
      ['--port', o.port],
      ['--passcode', o.passcode],
      ['--discriminator', o.discriminator],
      ['--time-zone', o.timeZone],
      ['--users', o.users],
      ['--pin-codes', o.pinCodes],
      ['--week-day-schedules', o.weekDaySchedules],
      ['--year-day-schedules', o.yearDaySchedules],
    ];
    const args = [
      join(ROOT, 'bin/latchkey.js'),
      'virtual-lock',
      '--state-dir',
      stateDir,
      '--json',
      '--log-level',
      LOG_LEVEL,
    ];
    for (const [k, v] of flags) if (v !== undefined) args.push(k, String(v));
    const child = net.spawn(host, process.execPath, args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stderr!.on('data', (d) => {
      out += d;
    });
    const ready = await new Promise<LockProcess['ready']>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout! });
      lines.on('line', (line) => {
        out += `${line}\n`;
        try {
          const o = JSON.parse(line);
          if (o.type === 'ready') resolve(o);
        } catch {
          // not JSON: kept in the output
        }
      });
      child.once('exit', (code) =>
        reject(new Error(`the virtual lock exited (${code}) before it was ready:\n${out}`)),
      );
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const kill = async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    };
    stops.push(kill);
    return {
      name: host,
      stateDir,
      child,
      ready,
      output: () => out,
      async control(request) {
        const a: ControlAnswer = await controlRequest(stateDir, request);
        if (!a.ok) throw new Error(a.error);
        return a.result;
      },
      kill,
    };
  }

  async function startController(
    host: string,
    start: Record<string, unknown> = {},
  ): Promise<ControllerProcess> {
    const child = net.spawn(host, process.execPath, [controllerChild()], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stderr!.on('data', (d) => {
      out += d;
    });
    const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
    const notes: Note[] = [];
    const waiters = new Set<{ match: (n: Note) => boolean; resolve: (n: Note) => void }>();
    createInterface({ input: child.stdout! }).on('line', (line) => {
      let o: {
        id?: number;
        ok?: boolean;
        result?: unknown;
        error?: { code: string; transient: boolean; message: string };
      } & Note;
      try {
        o = JSON.parse(line);
      } catch {
        out += `${line}\n`;
        return;
      }
      if (o.id !== undefined) {
        const p = pending.get(o.id);
        pending.delete(o.id);
        if (o.ok) p?.resolve(o.result);
        else p?.reject(new RpcError(o.error!.code, o.error!.transient, o.error!.message));
        return;
      }
      notes.push(o);
      for (const w of waiters)
        if (w.match(o)) {
          waiters.delete(w);
          w.resolve(o);
        }
    });
    const exited = new Promise<void>((resolve) =>
      child.once('exit', () => {
        for (const p of pending.values()) p.reject(new Error(`the controller exited:\n${out}`));
        pending.clear();
        resolve();
      }),
    );
    let ids = 0;
    const call = <T>(op: string, ...args: unknown[]) =>
      new Promise<T>((resolve, reject) => {
        const id = ++ids;
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        child.stdin!.write(`${JSON.stringify({ id, op, args })}\n`);
      });
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.stdin!.end();
        const t = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(t);
      }
    };
    stops.push(stop);
    await call('start', { logLevel: LOG_LEVEL, ...start });
    return {
      child,
      call,
      notes,
      waitFor(match, timeoutMs = 10_000, what = 'a note') {
        const seen = notes.find(match);
        if (seen) return Promise.resolve(seen);
        return new Promise((resolve, reject) => {
          const w = { match, resolve };
          waiters.add(w);
          setTimeout(() => {
            if (!waiters.delete(w)) return;
            reject(
              new Error(
                `no ${what} within ${timeoutMs} ms; notes: ${JSON.stringify(notes.slice(-10))}\n${out}`,
              ),
            );
          }, timeoutMs);
        });
      },
      output: () => out,
      stop,
    };
  }

  return {
    net,
    startLock,
    startController,
    async close() {
      await Promise.all(stops.map((s) => s().catch(() => {})));
      await net.close();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    },
  };
}
