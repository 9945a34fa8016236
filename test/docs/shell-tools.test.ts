// test-runner: store-independent
// The README promises that its commands need bash, curl and Node.js only. The shell blocks of the
// README and of docs/*.md keep that promise: none runs jq or uuidgen (`j` in the walk-through and
// `node -p` do their work).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TOOLS = /(^|[\s|;&(`$])(jq|uuidgen)(\s|$)/m;

function shellBlocks(text: string): string[] {
  return [...text.matchAll(/^```(?:sh|bash|shell)\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

describe('shell blocks of the README and docs/', () => {
  it('need bash, curl and Node.js only: no jq, no uuidgen', () => {
    const files = [
      'README.md',
      ...readdirSync(join(ROOT, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ];
    const found: string[] = [];
    for (const f of files) {
      for (const block of shellBlocks(readFileSync(join(ROOT, f), 'utf8'))) {
        for (const line of block.split('\n'))
          if (TOOLS.test(line.replace(/#.*$/, ''))) found.push(`${f}: ${line}`);
      }
    }
    assert.deepEqual(found, []);
  });
});
