// test-runner: store-independent
// The shared vectors: the committed files are what the generator makes (from the service's own
// minting code and rules), and the TypeScript verifier decides every vector and window case as
// they say, steps in order, keeping each newer revocation list it returns.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { generateVectorFiles } from '../../scripts/credential-vectors.ts';
import { inRecurrence } from '../../src/time/recurrence.ts';
import { REASONS, verifyPresentation } from '../../verifier/typescript/src/index.ts';
import { jsonParse } from '../../verifier/typescript/src/json.ts';
import { utcOffsetAt } from '../../verifier/typescript/src/utc-offsets.ts';
import { insideWindows, windowsRead } from '../../verifier/typescript/src/windows.ts';
import { fromHex, readVectors, VECTORS_JSON, VECTORS_TEXT } from '../helpers/credentials.ts';

const doc = readVectors();

describe('credential vectors', () => {
  it('the committed files are what `npm run vectors` makes (deterministic)', async () => {
    const { json, text } = await generateVectorFiles();
    assert.ok(
      json === readFileSync(VECTORS_JSON, 'utf8'),
      'vectors/credentials.json is stale: run `npm run vectors`',
    );
    assert.ok(
      text === readFileSync(VECTORS_TEXT, 'utf8'),
      'vectors/credentials.txt is stale: run `npm run vectors`',
    );
  });

  it('cover every reason code, and both outcomes around each DST change', () => {
    const seen = new Set(doc.vectors.flatMap((v) => v.steps.map((s) => s.expect.reason)));
    assert.deepEqual(
      REASONS.filter((r) => !seen.has(r)),
      [],
    );
    for (const zone of [
      'oslo-spring',
      'oslo-fall',
      'sydney-autumn',
      'sydney-spring',
      'santiago-autumn',
      'santiago-spring',
    ]) {
      const reasons = new Set(
        doc.vectors.filter((v) => v.name.startsWith(`dst-${zone}`)).map((v) => v.steps[0]!.expect.reason),
      );
      assert.deepEqual([...reasons].sort(), ['accepted', 'outside_window'], zone);
    }
  });

  it('the window cases are judged by the service (inRecurrence on ICU) and half of them are inside', () => {
    for (const w of doc.windowCases)
      assert.equal(
        inRecurrence({ windows: w.win }, new Date(w.now * 1000), doc.locks[w.lock]!.timezone),
        w.inside,
      );
    const inside = doc.windowCases.filter((w) => w.inside).length;
    assert.ok(
      inside > doc.windowCases.length / 5 && inside < (doc.windowCases.length * 4) / 5,
      `${inside} inside`,
    );
  });

  it('the TypeScript verifier decides every vector as expected', async () => {
    const failures: string[] = [];
    for (const v of doc.vectors) {
      let lock = doc.locks[v.lock]!;
      for (const [i, s] of v.steps.entries()) {
        const d = await verifyPresentation(lock, {
          now: s.now,
          nonce: fromHex(s.nonce),
          credential: s.credential,
          devicePublicKey: fromHex(s.devicePublicKey),
          signature: fromHex(s.signature),
        });
        if (d.reason !== s.expect.reason || d.accepted !== (s.expect.reason === 'accepted'))
          failures.push(`${v.name} step ${i + 1}: ${d.reason}, expected ${s.expect.reason}`);
        if (JSON.stringify(d.revocation) !== JSON.stringify(s.expect.revocation))
          failures.push(`${v.name} step ${i + 1}: revocation ${JSON.stringify(d.revocation)}`);
        if (d.revocation) lock = { ...lock, revocation: d.revocation };
      }
    }
    assert.deepEqual(failures, []);
    assert.ok(doc.vectors.length >= 150);
  });

  it("the TypeScript verifier's window rules and offset table agree with every window case", () => {
    for (const w of doc.windowCases) {
      const windows = windowsRead(jsonParse(new TextEncoder().encode(JSON.stringify(w.win))));
      assert.ok(Array.isArray(windows));
      const offset = utcOffsetAt(doc.locks[w.lock]!.utcOffsets, w.now);
      assert.ok(offset !== undefined);
      assert.equal(insideWindows(windows, w.now + offset * 60), w.inside, JSON.stringify(w));
    }
  });
});

describe('docs/credentials.md', () => {
  const spec = readFileSync(new URL('../../docs/credentials.md', import.meta.url), 'utf8');

  it("shows the vectors' presentation bytes, byte for byte", () => {
    const block = /```text\n(6c617463[\s\S]*?)```/.exec(spec)?.[1];
    assert.ok(block, 'the hex example is in the spec');
    const hex = block
      .split('\n')
      .map((l) => l.split(/\s+/)[0])
      .join('');
    assert.equal(hex, doc.presentationExample.bytes);
  });

  it('lists the reason codes with their numbers, in the order of the check', () => {
    const numbered = [...spec.matchAll(/\| (\d+) \| `([a-z_]+)` (?=\|)/g)].map((m) => [Number(m[1]), m[2]]);
    const table = Object.fromEntries(numbered);
    assert.deepEqual(
      REASONS.map((_, i) => table[i]),
      [...REASONS],
    );
  });
});
