// The directory holding package.json and migrations/, found by walking up from this module: it
// runs from src/ (through tsx) and from dist/*.mjs (bundled by scripts/build.mjs), so a path
// relative to import.meta.url would only be right in one of them.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'migrations'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json with a migrations directory above ${from}`);
  }
}

export const ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));
