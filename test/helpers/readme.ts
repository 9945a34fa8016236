// The README's shell blocks, for the tests that run them as written (test/readme.test.ts, the
// walk-through; test/matter/readme-door.test.ts, "A real door"), and the directory they run in.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');

/** The ```sh blocks of the README section whose heading starts with `heading` (e.g. "## Walk-through"). */
export function sectionBlocks(readme: string, heading: string): string[] {
  const start = readme.indexOf(`\n${heading}`);
  assert.ok(start >= 0, `the README has a "${heading}" section`);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!.trim());
}

/** The walk-through section's ```sh blocks: the server block first, then what runs in the shell. */
export function walkThrough(readme: string): { server: string; shell: string[] } {
  const [server, ...shell] = sectionBlocks(readme, '## Walk-through');
  assert.ok(server !== undefined && shell.length > 0, 'the walk-through has shell blocks');
  return { server, shell };
}

/** A directory that looks like a fresh clone: the repository's files (linked), no data/, no dist/. */
export function freshClone(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const name of readdirSync(ROOT)) {
    if (['data', 'dist', '.git', 'receiver.log', 'stream.log'].includes(name)) continue;
    symlinkSync(join(ROOT, name), join(dir, name));
  }
  return dir;
}
