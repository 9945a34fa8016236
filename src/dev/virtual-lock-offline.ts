// `latchkey virtual-lock --offline`: a battery lock with no network, for development and tests. It
// provisions itself once from a provisioning bundle (a file, or the service's provisioning URL with
// a token), then checks presentations over a local socket the way a BLE link would carry them,
// deciding with the TypeScript verifier and ONLY what it stored: the bundle, and the newest
// revocation list any credential has shown it. It keeps a journal a phone can upload as events.
//
// The link (docs/credentials.md, "The virtual offline lock"): newline-delimited JSON, one message
// a line, at most 16 KiB; one exchange per connection.
//   lock → phone  {"type":"challenge","lockId":"<uuid>","nonce":"<base64url, 32 random bytes>"}
//   phone → lock  {"type":"presentation","credential":"<JWS>","devicePublicKey":"<base64url, 65 bytes>",
//                  "signature":"<base64url, 64 bytes>"}
//   lock → phone  {"type":"result","accepted":true,"reason":"accepted","event":{"id","keyId","action","created"}}
//                 or {"type":"result","accepted":false,"reason":"<code>"}; then the lock hangs up.
//   A line that is not such a message, or no answer within the timeout: {"type":"error","error":"..."}.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { base64urlDecode, base64urlEncode } from '../../verifier/typescript/src/base64url.ts';
import { type LockState, lockStateProblem } from '../../verifier/typescript/src/lock-state.ts';
import { verifyPresentation } from '../../verifier/typescript/src/verify.ts';
import { uuidv7 } from '../ids.ts';
import { type AppEvent, type JournalEntry, journalAppend } from './lock-journal.ts';

export const MAX_LINE = 16 * 1024;
const MAX_CONNECTIONS = 16;

export interface OfflineLockOptions {
  /** Directory of state.json (the stored bundle) and journal.jsonl. */
  dir: string;
  /** A bundle to provision with now (replaces what was stored); absent: use the stored state. */
  bundle?: unknown;
  /** TCP port on 127.0.0.1 (0: any free one); ignored when `socketPath` is given. */
  port?: number;
  socketPath?: string;
  /** The lock's clock, ms since the epoch (default: this machine's). */
  now?: () => number;
  /** How long the phone has to answer a challenge. */
  answerTimeoutMs?: number;
  onEntry?: (entry: JournalEntry) => void;
}

export interface OfflineLock {
  /** "127.0.0.1:PORT" or the socket path. */
  address: string;
  port?: number;
  journalFile: string;
  state(): LockState;
  stop(): Promise<void>;
}

function writeAtomic(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text, { mode: 0o600 });
  renameSync(tmp, file);
}

/** The stored state, or the bundle given (checked, then stored). */
function provision(dir: string, bundle: unknown): LockState {
  const file = join(dir, 'state.json');
  if (bundle === undefined) {
    if (!existsSync(file)) throw new Error(`not provisioned: no ${file}; give --provisioning FILE|URL`);
    bundle = JSON.parse(readFileSync(file, 'utf8'));
  }
  const problem = lockStateProblem(bundle);
  if (problem) throw new Error(`the provisioning bundle is not usable: ${problem}`);
  const b = bundle as LockState & { issuer?: string };
  const state: LockState & { issuer?: string } = {
    lockId: b.lockId,
    timezone: b.timezone,
    issuer: b.issuer,
    keys: b.keys,
    revocation: b.revocation,
    utcOffsets: b.utcOffsets,
  };
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeAtomic(file, `${JSON.stringify(state, null, 2)}\n`);
  return state;
}

function send(socket: Socket, message: object): void {
  socket.end(`${JSON.stringify(message)}\n`);
}

export async function startOfflineLock(o: OfflineLockOptions): Promise<OfflineLock> {
  let state = provision(o.dir, o.bundle);
  const stateFile = join(o.dir, 'state.json');
  const journalFile = join(o.dir, 'journal.jsonl');
  const now = o.now ?? Date.now;
  const timeout = o.answerTimeoutMs ?? 10_000;

  async function decide(socket: Socket, nonce: Uint8Array, line: string): Promise<void> {
    let m: Record<string, unknown>;
    try {
      m = JSON.parse(line);
    } catch {
      return send(socket, { type: 'error', error: 'the answer is not JSON' });
    }
    if (m?.type !== 'presentation' || typeof m.credential !== 'string')
      return send(socket, { type: 'error', error: 'expected {"type":"presentation","credential",...}' });
    const bytes = (v: unknown) =>
      (typeof v === 'string' ? base64urlDecode(v) : undefined) ?? new Uint8Array(0);
    const at = now();
    const d = await verifyPresentation(state, {
      now: Math.floor(at / 1000),
      nonce,
      credential: m.credential,
      devicePublicKey: bytes(m.devicePublicKey),
      signature: bytes(m.signature),
    });
    // Keep the newest list (another presentation may have stored a newer one meanwhile).
    if (d.revocation && d.revocation.v > state.revocation.v) {
      state = { ...state, revocation: d.revocation };
      writeAtomic(stateFile, `${JSON.stringify(state, null, 2)}\n`);
    }
    const entry: JournalEntry = {
      id: uuidv7(at),
      lockId: state.lockId,
      created: new Date(at).toISOString(),
      accepted: d.accepted,
      reason: d.reason,
      ...(d.claims ? { keyId: d.claims.jti } : {}),
      ...(d.claims?.sub ? { appUserId: d.claims.sub } : {}),
      ...(d.accepted ? { action: 'unlocked' as const } : {}),
      revocationV: state.revocation.v,
    };
    journalAppend(journalFile, entry);
    o.onEntry?.(entry);
    const event: AppEvent | undefined = d.accepted
      ? { id: entry.id, keyId: entry.keyId!, action: 'unlocked', created: entry.created }
      : undefined;
    send(socket, { type: 'result', accepted: d.accepted, reason: d.reason, ...(event ? { event } : {}) });
  }

  const server: Server = createServer({ allowHalfOpen: false }, (socket) => {
    const nonce = new Uint8Array(randomBytes(32));
    let buffered = '';
    let done = false;
    const timer = setTimeout(() => {
      done = true;
      send(socket, { type: 'error', error: `no answer within ${timeout} ms` });
    }, timeout);
    socket.setEncoding('utf8');
    socket.on('error', () => clearTimeout(timer));
    socket.on('close', () => clearTimeout(timer));
    socket.on('data', (chunk: string) => {
      if (done) return;
      buffered += chunk;
      const end = buffered.indexOf('\n');
      if (end < 0 && buffered.length <= MAX_LINE) return;
      done = true;
      clearTimeout(timer);
      if (end < 0 || end > MAX_LINE)
        return send(socket, { type: 'error', error: `a line has at most ${MAX_LINE} bytes` });
      decide(socket, nonce, buffered.slice(0, end)).catch(() =>
        send(socket, { type: 'error', error: 'the lock failed to decide' }),
      );
    });
    socket.write(
      `${JSON.stringify({ type: 'challenge', lockId: state.lockId, nonce: base64urlEncode(nonce) })}\n`,
    );
  });
  server.maxConnections = MAX_CONNECTIONS; // beyond it, connections are closed at once

  if (o.socketPath) rmSync(o.socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    if (o.socketPath) server.listen(o.socketPath, resolve);
    else server.listen(o.port ?? 0, '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : undefined;
  return {
    address: o.socketPath ?? `127.0.0.1:${port}`,
    port,
    journalFile,
    state: () => state,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.unref();
      }),
  };
}

/** Reads a bundle: a file path, or an http(s) URL fetched with a bearer token. */
export async function readBundle(source: string, token: string | undefined): Promise<unknown> {
  if (!/^https?:\/\//.test(source)) return JSON.parse(readFileSync(source, 'utf8'));
  if (!token) throw new Error('fetching the provisioning bundle needs a token: --token or LATCHKEY_TOKEN');
  const r = await fetch(source, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(10_000),
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${source} answered ${r.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

export const OFFLINE_USAGE = `latchkey virtual-lock --offline [--provisioning FILE|URL [--token T]] [--dir DIR]
                          [--port N | --socket PATH] [--clock ISO-TIME]
  A lock with no network, checking offline credentials presented over a local socket.
  --provisioning  the provisioning bundle: a JSON file, or the service's
                  /v2/projects/{projectId}/locks/{lockId}/provisioning URL (with --token or
                  LATCHKEY_TOKEN, a project.admin or project.installer token); without it the lock
                  uses what it stored in DIR
  --dir           where the lock keeps state.json and journal.jsonl (default ./data/virtual-lock)
  --port          TCP port on 127.0.0.1 (default: any free port, printed); --socket: a Unix socket
  --clock         start the lock's clock at this instant (it runs on from there): try a window`;

/** The CLI: provisions, listens, prints each journal entry as a JSON line until stopped. */
export async function virtualLockOffline(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      offline: { type: 'boolean' },
      provisioning: { type: 'string' },
      token: { type: 'string' },
      dir: { type: 'string' },
      port: { type: 'string' },
      socket: { type: 'string' },
      clock: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${OFFLINE_USAGE}\n`);
    return;
  }
  const port = Number(values.port ?? '0');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port must be a port number');
  const skew = values.clock === undefined ? 0 : Date.parse(values.clock) - Date.now();
  if (Number.isNaN(skew)) throw new Error('--clock must be an ISO 8601 time, like 2026-12-02T08:00:00+01:00');
  const dir = values.dir ?? join(process.env.LATCHKEY_DATA_DIR || './data', 'virtual-lock');
  const bundle = values.provisioning
    ? await readBundle(values.provisioning, values.token ?? process.env.LATCHKEY_TOKEN)
    : undefined;
  const lock = await startOfflineLock({
    dir,
    bundle,
    port,
    socketPath: values.socket,
    now: () => Date.now() + skew,
    onEntry: (e) => process.stdout.write(`${JSON.stringify(e)}\n`),
  });
  const s = lock.state();
  process.stderr.write(
    `latchkey virtual-lock --offline: lock ${s.lockId} (${s.timezone}), ${s.keys.length} issuer key(s), ` +
      `revocation list v${s.revocation.v}; listening on ${lock.address}; journal ${lock.journalFile}` +
      `${skew ? `; its clock reads ${new Date(Date.now() + skew).toISOString()}` : ''}\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => void lock.stop().then(resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
