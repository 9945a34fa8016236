// PGlite has no server to arbitrate access: two processes opening one data directory would corrupt
// it. We hold `<dir>/latchkey.lock` (our pid) and refuse to open a directory a live process holds.
// A lock left by a killed process (kill -9) names a dead pid and is taken over.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirInUseError extends Error {}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dir: string): () => void {
  const path = join(dir, 'latchkey.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(path, 'utf8') === String(process.pid)) unlinkSync(path);
        } catch {
          // already gone
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && processAlive(pid)) {
        throw new DataDirInUseError(
          `data directory ${dir} is in use by process ${pid}; stop it, or set LATCHKEY_DATA_DIR to another directory`,
        );
      }
      if (pid === process.pid) {
        throw new DataDirInUseError(`data directory ${dir} is already open in this process`);
      }
      try {
        unlinkSync(path); // stale: its owner is dead
      } catch {
        // someone else removed it first; retry
      }
    }
  }
  throw new DataDirInUseError(`could not lock data directory ${dir}`);
}
