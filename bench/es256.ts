// npm run bench:es256 — CPU per ES256 signature and check on this Node.js, through node:crypto's
// options object ({ key, dsaEncoding: 'ieee-p1363' }) and through the bare KeyObject with the DER
// form converted in JS (src/crypto/es256.ts, what Latchkey uses). CPU time, not wall time, so a
// busy machine moves the figures little; run it under each Node.js line to compare them:
//   npx -y -p node@24 npm run bench:es256
// Env: BENCH_ROUNDS (7), BENCH_OPS (2000 per round).
import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { signEs256, verifyEs256 } from '../src/crypto/es256.ts';
import { fmt, loadAverage, table } from './lib.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const OPS = Number(process.env.BENCH_OPS ?? 2000);
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const input = Buffer.from(`eyJhbGciOiJFUzI1NiIsInR5cCI6ImF0K2p3dCJ9.${'eyJzdWIiOiJ4In0'.repeat(12)}`);
const P1363 = { dsaEncoding: 'ieee-p1363' as const };
const jose = sign('sha256', input, { key: privateKey, ...P1363 });

const forms: [string, () => unknown][] = [
  ['sign, options object', () => sign('sha256', input, { key: privateKey, ...P1363 })],
  ['sign, bare key + DER → JOSE', () => signEs256(input, privateKey)],
  ['check, options object', () => verify('sha256', input, { key: publicKey, ...P1363 }, jose)],
  ['check, JOSE → DER + bare key', () => verifyEs256(input, publicKey, jose)],
];

/** CPU microseconds per call of fn over OPS calls (this thread's user + system time). */
function cpuPerOp(fn: () => unknown): number {
  const c0 = process.cpuUsage();
  for (let i = 0; i < OPS; i++) fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / OPS;
}

const samples = forms.map(() => [] as number[]);
for (const [, fn] of forms) cpuPerOp(fn); // warm-up
for (let r = 0; r < ROUNDS; r++) forms.forEach(([, fn], i) => samples[i]!.push(cpuPerOp(fn)));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const m = samples.map(median);
table(
  `ES256 on Node ${process.versions.node} (OpenSSL ${process.versions.openssl}), ${ROUNDS} rounds of ${OPS}; load average ${loadAverage()}`,
  ['form', 'CPU per call, median (µs)', 'min–max', 'options ÷ bare'],
  forms.map(([name], i) => [
    name,
    fmt(m[i]!, 1),
    `${fmt(Math.min(...samples[i]!), 1)}–${fmt(Math.max(...samples[i]!), 1)}`,
    i % 2 ? `${fmt(m[i - 1]! / m[i]!, 2)}×` : '',
  ]),
);
