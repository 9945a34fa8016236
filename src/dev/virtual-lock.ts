// `latchkey virtual-lock`: a Matter door lock with a keypad on this machine (virtual-lock-device.ts),
// for development and tests, and the client that types on its keypad from another shell.
//
// Run mode keeps the lock's state (its Matter fabrics, users, PINs, schedules, event counter, and
// the options it was started with) in --state-dir, so a restart is the same lock, and listens on a
// control socket there, `<state-dir>/control.sock`. Its protocol is one JSON object per line each
// way, a request and then its answer:
//   {"op":"enter-pin","pin":"1234"}       → {"ok":true,"result":{"outcome":"unlocked","userIndex":1,"lockState":"unlocked"}}
//   {"op":"turn","action":"lock"}          (the thumb turn inside: no PIN)
//   {"op":"jam"}                           (DoorLockAlarm LockJammed, lock state NotFullyLocked)
//   {"op":"program-code","pin":"1234"}     (a code added at the lock itself, by no Matter fabric)
//   {"op":"battery","percent":15}
//   {"op":"clock","at":"2026-12-01T08:00:00Z"} or {"op":"clock","offsetSeconds":-3600}
//   {"op":"status"}
// and a failure is {"ok":false,"error":"…"}. `outcome` is unlocked, wrongCode, outsideSchedule,
// userDisabled or lockedOut. The socket is a file (mode 0600), not a network port: whoever may read
// the state directory may use it.
// Client mode (`--enter-pin`, `--turn`, `--jam`, `--battery`, `--set-clock`, `--status`) sends one
// request to the lock whose --state-dir is given and prints the answer.
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { MatterLogLevel } from '../matter/runtime.ts';
import { FileStateStore } from '../matter/state-store.ts';
import { canonicalTimeZone } from '../time/timezone.ts';
import type { VirtualLock, VirtualLockCapacity } from './virtual-lock-device.ts';

export const VIRTUAL_LOCK_USAGE = `usage: latchkey virtual-lock [options]     run a virtual Matter door lock (IPv6, mDNS)
  --state-dir DIR            where the lock keeps its state (default ./virtual-lock); a restart
                             with the same directory is the same lock
  --port N                   Matter UDP port (default 5540)
  --passcode N               setup passcode (default 20202021)
  --discriminator N          0..4095 (default 3840)
  --time-zone ZONE           IANA zone the lock keeps its schedules in (default: this machine's)
  --users N                  users it can hold (default 10)
  --pin-codes N              PIN credentials it can hold (default 10)
  --week-day-schedules N     week-day schedules per user (default 4)
  --year-day-schedules N     year-day schedules per user (default 1)
  --clock-offset SECONDS     the lock's clock runs this far from this machine's (default 0)
  --json                     print JSON lines (ready, keypad and other events) instead of text
  --log-level LEVEL          matter.js's own log: debug, info, notice, warn (default), error
latchkey virtual-lock --state-dir DIR <action>    act on a running lock:
  --enter-pin CODE           type a PIN on its keypad
  --turn lock|unlock         the thumb turn inside
  --jam                      jam the bolt
  --program-code CODE        add a user with this PIN at the lock itself (no Matter controller)
  --battery PERCENT          set the battery level
  --set-clock ISO|SECONDS    set its clock to an instant, or to an offset from this machine's
  --status                   print its users, lock state, battery and clock
latchkey virtual-lock --offline ...             a lock with no network that checks offline
                                                credentials instead (virtual-lock --offline --help)`;

const LOG_LEVELS: MatterLogLevel[] = ['debug', 'info', 'notice', 'warn', 'error', 'fatal'];
const CONTROL_SOCKET = 'control.sock';
const OPTIONS_FILE = 'lock.json';
const MATTER_STATE_FILE = 'matter-state.json';

class UsageError extends Error {}

interface RunOptions {
  port: number;
  passcode: number;
  discriminator: number;
  timeZone: string;
  capacity: VirtualLockCapacity;
  clockOffsetSeconds: number;
}

const DEFAULTS: RunOptions = {
  port: 5540,
  passcode: 20202021,
  discriminator: 3840,
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  capacity: { users: 10, pinCodes: 10, weekDaySchedulesPerUser: 4, yearDaySchedulesPerUser: 1 },
  clockOffsetSeconds: 0,
};

// Passcodes the Matter specification forbids (trivially guessable).
const INVALID_PASSCODES = new Set([
  0, 11111111, 22222222, 33333333, 44444444, 55555555, 66666666, 77777777, 88888888, 99999999, 12345678,
  87654321,
]);

function integer(value: string | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^-?\d+$/.test(value) || n < min || n > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`);
  return n;
}

export type ControlRequest =
  | { op: 'enter-pin'; pin: string }
  | { op: 'turn'; action: 'lock' | 'unlock' }
  | { op: 'jam' }
  | { op: 'program-code'; pin: string }
  | { op: 'battery'; percent: number }
  | { op: 'clock'; at: string }
  | { op: 'clock'; offsetSeconds: number }
  | { op: 'status' };

export type ControlAnswer = { ok: true; result: unknown } | { ok: false; error: string };

/** One request to a running lock's control socket. */
export function controlRequest(
  stateDir: string,
  request: ControlRequest,
  timeoutMs = 10_000,
): Promise<ControlAnswer> {
  return new Promise((resolveAnswer, reject) => {
    const socket = createConnection(join(stateDir, CONTROL_SOCKET));
    let buffered = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the lock at ${stateDir} did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (d) => {
      buffered += d;
      const nl = buffered.indexOf('\n');
      if (nl < 0) return;
      clearTimeout(timer);
      socket.end();
      try {
        resolveAnswer(JSON.parse(buffered.slice(0, nl)) as ControlAnswer);
      } catch (e) {
        reject(e);
      }
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        e.code === 'ENOENT' || e.code === 'ECONNREFUSED'
          ? new Error(`no virtual lock is running with --state-dir ${stateDir}`)
          : e,
      );
    });
  });
}

async function answer(lock: VirtualLock, raw: string): Promise<ControlAnswer> {
  let r: Partial<ControlRequest> & Record<string, unknown>;
  try {
    r = JSON.parse(raw);
  } catch {
    return { ok: false, error: 'a request is one JSON object on one line' };
  }
  switch (r.op) {
    case 'enter-pin':
      if (typeof r.pin !== 'string' || !/^\d{1,16}$/.test(r.pin))
        return { ok: false, error: 'pin must be digits' };
      return { ok: true, result: await lock.enterPin(r.pin) };
    case 'turn':
      if (r.action !== 'lock' && r.action !== 'unlock')
        return { ok: false, error: 'action must be lock or unlock' };
      return { ok: true, result: { lockState: await lock.turn(r.action) } };
    case 'program-code':
      if (typeof r.pin !== 'string' || !/^\d{4,8}$/.test(r.pin))
        return { ok: false, error: 'pin must be 4 to 8 digits' };
      return { ok: true, result: await lock.programCode(r.pin) };
    case 'jam':
      await lock.jam();
      return { ok: true, result: { lockState: 'notFullyLocked' } };
    case 'battery':
      if (typeof r.percent !== 'number' || !(r.percent >= 0 && r.percent <= 100))
        return { ok: false, error: 'percent must be a number from 0 to 100' };
      await lock.setBattery(r.percent);
      return { ok: true, result: { batteryPercent: r.percent } };
    case 'clock': {
      if (typeof r.at === 'string') {
        const at = new Date(r.at);
        if (Number.isNaN(at.getTime())) return { ok: false, error: 'at must be an ISO 8601 instant' };
        return { ok: true, result: { clock: lock.setClock({ at }).toISOString() } };
      }
      if (typeof r.offsetSeconds === 'number' && Number.isFinite(r.offsetSeconds))
        return {
          ok: true,
          result: { clock: lock.setClock({ offsetMs: r.offsetSeconds * 1000 }).toISOString() },
        };
      return { ok: false, error: 'clock needs at (an ISO instant) or offsetSeconds' };
    }
    case 'status':
      return { ok: true, result: await lock.status() };
    default:
      return { ok: false, error: 'op must be enter-pin, turn, jam, program-code, battery, clock or status' };
  }
}

function listen(lock: VirtualLock, path: string, log: (event: object) => void): Promise<Server> {
  rmSync(path, { force: true }); // left by a lock that was killed
  const server = createServer((socket) => {
    socket.setEncoding('utf8');
    let buffered = '';
    socket.on('data', (d) => {
      buffered += d;
      if (buffered.length > 4096) return socket.destroy();
      let nl = buffered.indexOf('\n');
      while (nl >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        void answer(lock, line)
          .catch((e: Error) => ({ ok: false as const, error: e.message }))
          .then((a) => {
            if (
              a.ok &&
              (line.includes('"enter-pin"') ||
                line.includes('"turn"') ||
                line.includes('"jam"') ||
                line.includes('"program-code"'))
            )
              log({ type: 'control', request: JSON.parse(line).op, result: a.result });
            if (!socket.destroyed) socket.write(`${JSON.stringify(a)}\n`);
          });
        nl = buffered.indexOf('\n');
      }
    });
    socket.on('error', () => {});
  });
  return new Promise((resolveServer, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      chmodSync(path, 0o600);
      resolveServer(server);
    });
  });
}

function runOptions(stateDir: string, v: Record<string, string | boolean | undefined>): RunOptions {
  const file = join(stateDir, OPTIONS_FILE);
  const saved: RunOptions = existsSync(file)
    ? { ...DEFAULTS, ...JSON.parse(readFileSync(file, 'utf8')) }
    : DEFAULTS;
  const s = (name: string) => v[name] as string | undefined;
  const passcode = integer(s('passcode'), 'passcode', 1, 99999998) ?? saved.passcode;
  if (INVALID_PASSCODES.has(passcode))
    throw new UsageError('--passcode is one the Matter specification forbids');
  let timeZone = saved.timeZone;
  if (s('time-zone') !== undefined) {
    const tz = canonicalTimeZone(s('time-zone')!);
    if (!tz) throw new UsageError('--time-zone must be an IANA time zone like Europe/Oslo');
    timeZone = tz;
  }
  const cap = saved.capacity;
  return {
    port: integer(s('port'), 'port', 1, 65535) ?? saved.port,
    passcode,
    discriminator: integer(s('discriminator'), 'discriminator', 0, 4095) ?? saved.discriminator,
    timeZone,
    capacity: {
      users: integer(s('users'), 'users', 1, 1000) ?? cap.users,
      pinCodes: integer(s('pin-codes'), 'pin-codes', 1, 1000) ?? cap.pinCodes,
      weekDaySchedulesPerUser:
        integer(s('week-day-schedules'), 'week-day-schedules', 1, 253) ?? cap.weekDaySchedulesPerUser,
      yearDaySchedulesPerUser:
        integer(s('year-day-schedules'), 'year-day-schedules', 1, 253) ?? cap.yearDaySchedulesPerUser,
    },
    clockOffsetSeconds: integer(s('clock-offset'), 'clock-offset', -1e9, 1e9) ?? saved.clockOffsetSeconds,
  };
}

function clientRequest(v: Record<string, string | boolean | undefined>): ControlRequest | undefined {
  const asked: ControlRequest[] = [];
  if (typeof v['enter-pin'] === 'string') asked.push({ op: 'enter-pin', pin: v['enter-pin'] });
  if (typeof v.turn === 'string') {
    if (v.turn !== 'lock' && v.turn !== 'unlock') throw new UsageError('--turn must be lock or unlock');
    asked.push({ op: 'turn', action: v.turn });
  }
  if (v.jam) asked.push({ op: 'jam' });
  if (typeof v['program-code'] === 'string') asked.push({ op: 'program-code', pin: v['program-code'] });
  if (typeof v.battery === 'string')
    asked.push({ op: 'battery', percent: integer(v.battery, 'battery', 0, 100)! });
  if (typeof v['set-clock'] === 'string') {
    const c = v['set-clock'];
    asked.push(/^[+-]?\d+$/.test(c) ? { op: 'clock', offsetSeconds: Number(c) } : { op: 'clock', at: c });
  }
  if (v.status) asked.push({ op: 'status' });
  if (asked.length > 1) throw new UsageError('give one action at a time');
  return asked[0];
}

export async function virtualLockCli(
  argv: string[],
  out = (s: string) => process.stdout.write(s),
): Promise<void> {
  let v: Record<string, string | boolean | undefined>;
  try {
    ({ values: v } = parseArgs({
      args: argv,
      options: {
        'state-dir': { type: 'string' },
        port: { type: 'string' },
        passcode: { type: 'string' },
        discriminator: { type: 'string' },
        'time-zone': { type: 'string' },
        users: { type: 'string' },
        'pin-codes': { type: 'string' },
        'week-day-schedules': { type: 'string' },
        'year-day-schedules': { type: 'string' },
        'clock-offset': { type: 'string' },
        json: { type: 'boolean' },
        'log-level': { type: 'string' },
        'enter-pin': { type: 'string' },
        turn: { type: 'string' },
        jam: { type: 'boolean' },
        'program-code': { type: 'string' },
        battery: { type: 'string' },
        'set-clock': { type: 'string' },
        status: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    throw new UsageError(`${(e as Error).message}\n${VIRTUAL_LOCK_USAGE}`);
  }
  if (v.help) return void out(`${VIRTUAL_LOCK_USAGE}\n`);
  const stateDir = resolve((v['state-dir'] as string | undefined) ?? 'virtual-lock');
  const request = clientRequest(v);
  if (request) {
    const a = await controlRequest(stateDir, request);
    if (!a.ok) throw new UsageError(a.error);
    out(`${JSON.stringify(a.result, null, 2)}\n`);
    return;
  }
  const logLevel = (v['log-level'] as string | undefined) ?? 'warn';
  if (!LOG_LEVELS.includes(logLevel as MatterLogLevel))
    throw new UsageError(`--log-level must be one of ${LOG_LEVELS.join(', ')}`);
  await runLock(stateDir, runOptions(stateDir, v), Boolean(v.json), logLevel as MatterLogLevel, out);
}

async function runLock(
  stateDir: string,
  o: RunOptions,
  json: boolean,
  logLevel: MatterLogLevel,
  out: (s: string) => void,
): Promise<void> {
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  writeFileSync(join(stateDir, OPTIONS_FILE), `${JSON.stringify(o, null, 2)}\n`);
  const log = (event: object) => {
    if (json) out(`${JSON.stringify(event)}\n`);
    else out(`${new Date().toISOString()} ${JSON.stringify(event)}\n`);
  };
  const { startVirtualLock } = await import('./virtual-lock-device.ts');
  const lock = await startVirtualLock({
    store: new FileStateStore(join(stateDir, MATTER_STATE_FILE)),
    port: o.port,
    passcode: o.passcode,
    discriminator: o.discriminator,
    timeZone: o.timeZone,
    capacity: o.capacity,
    clockOffsetMs: o.clockOffsetSeconds * 1000,
    logLevel,
    onSaveError: (e) =>
      log({ type: 'error', error: `could not save the lock's state: ${(e as Error).message}` }),
  });
  const socketPath = join(stateDir, CONTROL_SOCKET);
  const server = await listen(lock, socketPath, log);
  const status = await lock.status();
  if (json) {
    log({
      type: 'ready',
      manualPairingCode: lock.manualPairingCode,
      qrPairingCode: lock.qrPairingCode,
      port: o.port,
      stateDir,
      controlSocket: socketPath,
      commissioned: status.commissioned,
      timeZone: o.timeZone,
      capacity: o.capacity,
    });
  } else {
    const c = o.capacity;
    out(
      `latchkey virtual-lock: a Matter door lock on UDP port ${o.port} (IPv6, found by mDNS), state in ${stateDir}\n` +
        `  manual pairing code: ${lock.manualPairingCode}\n` +
        `  QR code payload:     ${lock.qrPairingCode}\n` +
        `  ${status.commissioned ? `commissioned (${status.fabrics} fabric${status.fabrics === 1 ? '' : 's'})` : 'waiting to be commissioned'}\n` +
        `  time zone ${o.timeZone}, clock ${lock.now().toISOString()}; holds ${c.users} users, ${c.pinCodes} PIN codes, ` +
        `${c.weekDaySchedulesPerUser} week-day and ${c.yearDaySchedulesPerUser} year-day schedules per user\n` +
        `  type a PIN on its keypad: npx latchkey virtual-lock --state-dir ${stateDir} --enter-pin 1234\n`,
    );
  }
  await new Promise<void>((done) => {
    const stop = () => done();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  server.close();
  rmSync(socketPath, { force: true });
  await lock.close();
}

export { UsageError as VirtualLockUsageError };
