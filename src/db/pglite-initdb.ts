// A new embedded store is created (initdb) in a short-lived child process, never in the server.
// initdb grows PGlite's WebAssembly memory by hundreds of megabytes, and a WebAssembly memory never
// shrinks: a server that ran initdb itself kept that memory for its whole life (docs/performance.md,
// "Memory"). The child's memory goes back to the system when it exits.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

// Run with `node --input-type=module -e`. The umask keeps what initdb writes owner-only from the
// start; the parent's tightenTree() checks every mode again before it opens the store.
const CHILD = `
process.umask(0o077);
const { PGlite } = await import(process.env.LATCHKEY_PGLITE_MODULE);
const db = await PGlite.create({ dataDir: process.env.LATCHKEY_PGLITE_DIR });
await db.close();
`;

/** True when `dir` holds a PostgreSQL data directory (initdb has run there). */
export function isInitialized(dir: string): boolean {
  return existsSync(join(dir, 'PG_VERSION'));
}

/** Runs initdb for `dir` in a child process; rejects with the child's own words when it fails. */
export function initdbInChild(dir: string): Promise<void> {
  const env = {
    ...process.env,
    LATCHKEY_PGLITE_MODULE: import.meta.resolve('@electric-sql/pglite'),
    LATCHKEY_PGLITE_DIR: dir,
  };
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', CHILD], { env }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      reject(new Error(`could not create the embedded store in ${dir}: ${stderr.trim() || error.message}`));
    });
  });
}
