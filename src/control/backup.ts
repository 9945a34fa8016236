// `latchkey backup <file>` and `latchkey restore <file>` for the embedded store. The backup is the
// store's data directory as PGlite dumps it (a gzipped tar), taken by the process that has the store
// open: the running server (through its control socket, socket.ts), or this process when no server
// runs. It is consistent: taken between transactions after a CHECKPOINT (PgliteDb.dump). A restore
// loads it into an empty data directory only, never over a store.
// PostgreSQL has its own tools (pg_dump / pg_restore, docs/operations.md); both commands say so.
import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fail } from '../admin-cli.ts';
import type { Config } from '../config.ts';
import { openPgliteStore, type PgliteDb } from '../db/pglite-store.ts';
import { controlRequest } from './client.ts';

const say = (line: string) => process.stderr.write(`latchkey: ${line}\n`);

const ON_POSTGRES =
  'DATABASE_URL is set: back up PostgreSQL with pg_dump and restore it with pg_restore (docs/operations.md, "Backing up and restoring"); these commands are for the embedded store';

/** The control socket's GET /backup: the dump, streamed. */
export function backupHandler(db: PgliteDb) {
  return async (res: ServerResponse) => {
    const dump = await db.dump();
    res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': String(dump.size) });
    await pipeline(Readable.fromWeb(dump.stream() as never), res);
  };
}

/** Writes `source` to `file` through a temporary name, so a failed backup leaves no partial file. */
async function writeAtomically(file: string, source: Readable): Promise<void> {
  const tmp = `${file}.${randomUUID()}.partial`;
  try {
    await pipeline(source, createWriteStream(tmp, { mode: 0o600, flags: 'wx' }));
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

export async function backupCli(config: Readonly<Config>, file: string | undefined): Promise<object> {
  if (!file) fail('usage: latchkey backup <file>');
  if (config.databaseUrl) fail(ON_POSTGRES);
  const target = resolve(file);
  const started = Date.now();
  const res = await controlRequest(config.dataDir, 'GET', '/backup');
  if (res) {
    say(`backup of the embedded store in ${resolve(config.dataDir)}, by the server that has it open`);
    if (res.statusCode !== 200) fail(`the server could not take the backup (${res.statusCode})`);
    await writeAtomically(target, res);
  } else {
    if (!existsSync(join(config.dataDir, 'pglite')))
      fail(`there is no embedded store in ${resolve(config.dataDir)}`);
    say(`backup of the embedded store in ${resolve(config.dataDir)} (no server has it open)`);
    const db = await openPgliteStore({ dataDir: join(config.dataDir, 'pglite') });
    try {
      const dump = await db.dump();
      await writeAtomically(target, Readable.fromWeb(dump.stream() as never));
    } finally {
      await db.close();
    }
  }
  say(
    "the secrets in it open only with this store's master key (LATCHKEY_MASTER_KEY, or LATCHKEY_DATA_DIR/master.key in development): keep that key, apart from the backup",
  );
  return { backup: target, ms: Date.now() - started };
}

export async function restoreCli(config: Readonly<Config>, file: string | undefined): Promise<object> {
  if (!file) fail('usage: latchkey restore <file>');
  if (config.databaseUrl) fail(ON_POSTGRES);
  const source = resolve(file);
  if (!existsSync(source)) fail(`${source} does not exist`);
  const dir = join(config.dataDir, 'pglite');
  if (existsSync(dir) && readdirSync(dir).length > 0)
    fail(
      `${resolve(dir)} already holds a store: a restore loads into an empty data directory only. Set LATCHKEY_DATA_DIR to a new directory (or move this one away), then restore`,
    );
  const started = Date.now();
  say(`restore of ${source} into the embedded store in ${resolve(config.dataDir)}`);
  let db: PgliteDb;
  try {
    db = await openPgliteStore({ dataDir: dir, loadDataDir: new Blob([readFileSync(source)]) });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    return fail(`${source} is not a backup this version can load (${(e as Error).message})`);
  }
  try {
    const count = async (table: string) =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
    return {
      restored: resolve(config.dataDir),
      ms: Date.now() - started,
      organizations: await count('organizations'),
      keys: await count('keys'),
      accessEvents: await count('access_events'),
      signingKeys: await count('signing_keys'),
    };
  } finally {
    await db.close();
  }
}
