// The shared credential vectors as the tests read them, and the C verifier built for a test run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecurrenceWindow } from '../../src/time/recurrence.ts';
import type { ProvisioningBundle, RevocationList } from '../../verifier/typescript/src/lock-state.ts';
import type { Reason } from '../../verifier/typescript/src/reasons.ts';

export const ROOT = join(import.meta.dirname, '..', '..');
export const VECTORS_JSON = join(ROOT, 'vectors', 'credentials.json');
export const VECTORS_TEXT = join(ROOT, 'vectors', 'credentials.txt');
export const C_DIR = join(ROOT, 'verifier', 'c');

export interface VectorStep {
  now: number;
  nonce: string;
  credential: string;
  devicePublicKey: string;
  signature: string;
  expect: { reason: Reason; revocation?: RevocationList };
}
export interface VectorDoc {
  presentationExample: Record<string, string>;
  locks: Record<string, ProvisioningBundle>;
  vectors: { name: string; description: string; lock: string; steps: VectorStep[] }[];
  windowCases: { lock: string; now: number; win: RecurrenceWindow[]; inside: boolean }[];
}

export function readVectors(): VectorDoc {
  return JSON.parse(readFileSync(VECTORS_JSON, 'utf8'));
}

export const fromHex = (s: string) => new Uint8Array(Buffer.from(s, 'hex'));

/**
 * The C verifier built with `make` into a directory of its own (the two suites of CI may run at
 * once), removed by dispose(). Fails with what to install when the compiler or mbedTLS is missing.
 */
export function buildC(targets: string[] = ['all']): { dir: string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-c-'));
  const r = spawnSync('make', ['-s', '-C', C_DIR, `BUILD=${dir}`, ...targets], { encoding: 'utf8' });
  if (r.error || r.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `building the C verifier failed (needs make, a C compiler and libmbedtls-dev: apt-get install -y build-essential libmbedtls-dev):\n${r.error?.message ?? ''}${r.stdout}${r.stderr}`,
    );
  }
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
