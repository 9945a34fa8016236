// npm run bench:crypto-forms — CPU per call of node:crypto on this Node.js, in the forms that cost
// differently on Node 24: an ES256 signature and check through the options object
// ({ key, dsaEncoding: 'ieee-p1363' }) and through the bare KeyObject with the DER form converted in
// JS (src/crypto/es256.ts, what Latchkey uses); an HMAC-SHA-256 under a Buffer key and under the same
// key as a KeyObject (src/crypto/hmac.ts). CPU time, not wall time, so a busy machine moves the
// figures little; run it under each Node.js line to compare them:
//   npx -y -p node@24 npm run bench:crypto-forms
// Env: BENCH_ROUNDS (7), BENCH_OPS (2000 per round).
import { createHmac, createSecretKey, generateKeyPairSync, randomBytes, sign, verify } from 'node:crypto';
import { signEs256, verifyEs256 } from '../src/crypto/es256.ts';
import { fmt, loadAverage, table } from './lib.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const OPS = Number(process.env.BENCH_OPS ?? 2000);
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const input = Buffer.from(`eyJhbGciOiJFUzI1NiIsInR5cCI6ImF0K2p3dCJ9.${'eyJzdWIiOiJ4In0'.repeat(12)}`);
const P1363 = { dsaEncoding: 'ieee-p1363' as const };
const jose = sign('sha256', input, { key: privateKey, ...P1363 });
const hmacBytes = randomBytes(32);
const hmacKeyObject = createSecretKey(hmacBytes);
const secret = randomBytes(32).toString('base64url');

const forms: [string, () => unknown][] = [
  ['sign, options object', () => sign('sha256', input, { key: privateKey, ...P1363 })],
  ['sign, bare key + DER → JOSE', () => signEs256(input, privateKey)],
  ['check, options object', () => verify('sha256', input, { key: publicKey, ...P1363 }, jose)],
  ['check, JOSE → DER + bare key', () => verifyEs256(input, publicKey, jose)],
  ['HMAC-SHA-256, Buffer key', () => createHmac('sha256', hmacBytes).update(secret).digest()],
  ['HMAC-SHA-256, KeyObject', () => createHmac('sha256', hmacKeyObject).update(secret).digest()],
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
for (let r = 0; r < ROUNDS; r++) {
  for (const [i, [, fn]] of forms.entries()) samples[i]!.push(cpuPerOp(fn));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const m = samples.map(median);
table(
  `node:crypto on Node ${process.versions.node} (OpenSSL ${process.versions.openssl}), ${ROUNDS} rounds of ${OPS}; load average ${loadAverage()}`,
  ['form', 'CPU per call, median (µs)', 'min–max', 'first form ÷ second'],
  forms.map(([name], i) => [
    name,
    fmt(m[i]!, 1),
    `${fmt(Math.min(...samples[i]!), 1)}–${fmt(Math.max(...samples[i]!), 1)}`,
    i % 2 ? `${fmt(m[i - 1]! / m[i]!, 2)}×` : '',
  ]),
);
