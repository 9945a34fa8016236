// The embedded store's control socket: `<LATCHKEY_DATA_DIR>/control.sock`, a Unix socket the
// running server listens on, through which `latchkey backup` and `latchkey master-key rotate` reach
// the store while it serves. Why a socket, and why here: PGlite is a library inside the server's
// process and one process owns a data directory (latchkey.lock), so no other process can read the
// store while the server runs; the work has to happen in the server. A socket in the data
// directory (mode 0600, in a directory of mode 0700) is reachable only by the user who can already
// read the store's files, needs no token, and is never on the network; no API operation is added.
//
// Requests (HTTP/1.1 over the socket):
//   POST /master-key/rotate?batchSize=N  → NDJSON lines: {"progress":…} after each batch, then
//                                          {"done":…} or {"error":"…"}
//   GET  /backup                         → the store as a gzipped tar of its data directory
//                                          (PGlite's dumpDataDir), consistent (taken between
//                                          transactions; see backup.ts)
import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { AppContext } from '../context.ts';
import { RotationError, rotateMasterKey } from '../crypto/master-key-rotation.ts';

/** Unix socket paths are limited to 107 bytes (sun_path). */
const MAX_SOCKET_PATH = 100;

export const controlSocketPath = (dataDir: string) => join(dataDir, 'control.sock');

export interface ControlHandlers {
  /** Streams a backup of the store into `res` (set by backup.ts). */
  backup?(res: ServerResponse): Promise<void>;
}

export interface ControlSocket {
  path: string;
  close(): Promise<void>;
}

/** Kills this process once `batches` batches are committed (LATCHKEY_MASTER_KEY_ROTATION_KILL_AFTER). */
export function killAfter(killAt: number) {
  return (_p: unknown, batches: number) => {
    if (killAt > 0 && batches >= killAt) process.kill(process.pid, 'SIGKILL');
  };
}

async function rotate(ctx: AppContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://control');
  const batchSize = Number(url.searchParams.get('batchSize') ?? '500');
  res.writeHead(200, { 'content-type': 'application/x-ndjson' });
  res.flushHeaders();
  if (ctx.keyring.keyIds.length < 2) {
    res.end(
      `${JSON.stringify({ error: 'this server was started without LATCHKEY_MASTER_KEY_PREVIOUS: restart it with the new key in LATCHKEY_MASTER_KEY and the old one in LATCHKEY_MASTER_KEY_PREVIOUS, then run the rotation' })}\n`,
    );
    return;
  }
  const kill = killAfter(ctx.config.masterKeyRotationKillAfter);
  try {
    const done = await rotateMasterKey(ctx.db, ctx.keyring, {
      batchSize: Number.isInteger(batchSize) && batchSize > 0 ? batchSize : 500,
      // The kill (a test's crash point) waits until the batch's line has reached the socket.
      afterBatch: (p, batches) =>
        new Promise<void>((resolve) =>
          res.write(`${JSON.stringify({ progress: p })}\n`, () => {
            kill(p, batches);
            resolve();
          }),
        ),
    });
    res.end(`${JSON.stringify({ done })}\n`);
  } catch (e) {
    const message = e instanceof RotationError ? e.message : `rotation failed: ${(e as Error).message}`;
    res.end(`${JSON.stringify({ error: message })}\n`);
  }
}

/** Listens on the data directory's control socket; undefined when its path is too long for one. */
export async function controlSocketStart(
  ctx: AppContext,
  handlers: ControlHandlers,
  log: { warn(m: string): void },
): Promise<ControlSocket | undefined> {
  const path = controlSocketPath(ctx.config.dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    log.warn(
      `no control socket: ${path} is longer than a Unix socket path may be; \`latchkey backup\` and \`latchkey master-key rotate\` cannot reach this server (use a shorter LATCHKEY_DATA_DIR)`,
    );
    return undefined;
  }
  // A socket file left by a killed server: this process holds the data directory's lock, so no
  // other server is listening on it.
  if (existsSync(path)) unlinkSync(path);
  const server: Server = createServer((req, res) => {
    const route = `${req.method} ${(req.url ?? '').split('?')[0]}`;
    const failed = (e: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`${(e as Error).message}\n`);
    };
    if (route === 'POST /master-key/rotate') rotate(ctx, req, res).catch(failed);
    else if (route === 'GET /backup' && handlers.backup) handlers.backup(res).catch(failed);
    else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('unknown control request\n');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  return {
    path,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
