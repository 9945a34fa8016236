// test-runner: store-independent
// The C verifier (verifier/c, mbedTLS from Debian) on every vector and window case, also built with
// AddressSanitizer and UndefinedBehaviorSanitizer; its reason codes and limits are TypeScript's.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { LIMITS } from '../../verifier/typescript/src/limits.ts';
import { REASONS } from '../../verifier/typescript/src/reasons.ts';
import { buildC, C_DIR, readVectors, VECTORS_TEXT } from '../helpers/credentials.ts';

describe('the C verifier', () => {
  let build: ReturnType<typeof buildC>;
  before(() => {
    build = buildC();
  });
  after(() => build?.dispose());
  const run = (binary: string, ...args: string[]) =>
    spawnSync(join(build.dir, binary), args, { encoding: 'utf8', timeout: 120_000 });

  it('decides every vector and window case as expected', () => {
    const r = run('lk_vectors', VECTORS_TEXT);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const doc = readVectors();
    const steps = doc.vectors.reduce((n, v) => n + v.steps.length, 0);
    assert.equal(
      r.stdout.trim(),
      `${doc.vectors.length} vectors (${steps} steps), ${doc.windowCases.length} window cases, 0 failed`,
    );
  });

  it('does so with no memory or undefined-behaviour fault (ASan, UBSan)', () => {
    const built = spawnSync('make', ['-s', '-C', C_DIR, `BUILD=${build.dir}`, 'test-sanitize'], {
      encoding: 'utf8',
      timeout: 180_000,
    });
    assert.equal(built.status, 0, built.stdout + built.stderr);
    assert.match(built.stdout, /, 0 failed/);
  });

  it('has the reason codes of the TypeScript verifier, in the same order', () => {
    assert.deepEqual(run('lk_vectors', '--reasons').stdout.trim().split('\n'), [...REASONS]);
  });

  it('has the limits of the TypeScript verifier', () => {
    const limits = Object.fromEntries(
      run('lk_vectors', '--limits')
        .stdout.trim()
        .split('\n')
        .map((l) => [l.split(' ')[0], Number(l.split(' ')[1])]),
    );
    assert.deepEqual(limits, { ...LIMITS });
  });
});
