// npm run bench:credential-verify: what checking a presentation costs, in the same run, for
//   - the C verifier (verifier/c on Debian's mbedTLS, -Os as firmware builds it; built here),
//   - the TypeScript verifier (verifier/typescript, WebCrypto),
//   - jose (the outside library people would pick): jwtVerify of the credential alone, and
//     jwtVerify plus what else a full check does (cnf.jkt against the device key's RFC 7638
//     thumbprint, jose's calculateJwkThumbprint; the device key's proof with WebCrypto).
// Each figure is CPU time per check (this process's, WebCrypto's thread pool included), the best of
// 5 rounds: what a check costs whatever else the shared machine runs. Also the C verifier's memory.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calculateJwkThumbprint, createLocalJWKSet, jwtVerify } from 'jose';
import { C_DIR, fromHex, readVectors, VECTORS_TEXT } from '../test/helpers/credentials.ts';
import { presentationBytes, verifyPresentation } from '../verifier/typescript/src/index.ts';
import { fmt, table } from './lib.ts';

const doc = readVectors();
const step = (name: string) => doc.vectors.find((v) => v.name === name)!.steps[0]!;
const lock = doc.locks.oslo!;
const CASES = [
  ['accepted (2 ECDSA verifications, windows)', 'valid-weekday-window', 'acceptedUs'],
  ['refused: bad_signature (1 ECDSA)', 'tampered-signature-bit', 'badSignatureUs'],
  ['refused: alg_not_allowed (no crypto)', 'alg-none-empty-signature', 'algNotAllowedUs'],
] as const;

/** CPU microseconds (user + system, all threads) of this process. */
const cpu = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** CPU microseconds per call: the best of 5 rounds of ~0.3 s of CPU. */
async function perCall(fn: () => Promise<unknown>): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    let n = 0;
    const start = cpu();
    let t = start;
    while (t - start < 300_000) {
      await fn();
      n++;
      t = cpu();
    }
    best = Math.min(best, (t - start) / n);
  }
  return best;
}

function cBench(): Record<string, number | string> {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-c-bench-'));
  try {
    const built = spawnSync('make', ['-s', '-C', C_DIR, `BUILD=${dir}`, `${dir}/lk_bench`], {
      encoding: 'utf8',
    });
    if (built.status !== 0) throw new Error(`building the C bench failed:\n${built.stdout}${built.stderr}`);
    const run = spawnSync(join(dir, 'lk_bench'), [VECTORS_TEXT, '--json'], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
    return JSON.parse(run.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const c = cBench();
const ts: number[] = [];
for (const [, name] of CASES) {
  const s = step(name);
  const input = {
    now: s.now,
    nonce: fromHex(s.nonce),
    credential: s.credential,
    devicePublicKey: fromHex(s.devicePublicKey),
    signature: fromHex(s.signature),
  };
  const expected = s.expect.reason;
  const d = await verifyPresentation(lock, input);
  if (d.reason !== expected) throw new Error(`${name}: ${d.reason}`);
  ts.push(await perCall(() => verifyPresentation(lock, input)));
}

// jose on the accepted credential: the credential alone, then with the device proof.
const s = step('valid-weekday-window');
const keys = createLocalJWKSet({ keys: [...lock.keys] });
const options = {
  algorithms: ['ES256'],
  typ: 'latchkey-credential+jwt',
  currentDate: new Date(s.now * 1000),
};
const es256 = { name: 'ECDSA', hash: 'SHA-256' } as const;
const nonce = fromHex(s.nonce);
const signature = fromHex(s.signature);
const device = fromHex(s.devicePublicKey);
await jwtVerify(s.credential, keys, options);
const joseOnly = await perCall(() => jwtVerify(s.credential, keys, options));
const deviceJwk = {
  kty: 'EC',
  crv: 'P-256',
  x: Buffer.from(device.subarray(1, 33)).toString('base64url'),
  y: Buffer.from(device.subarray(33)).toString('base64url'),
};
const joseFull = await perCall(async () => {
  const { payload } = await jwtVerify(s.credential, keys, options);
  if ((payload.cnf as { jkt: string }).jkt !== (await calculateJwkThumbprint(deviceJwk)))
    throw new Error('cnf.jkt');
  const key = await crypto.subtle.importKey('raw', device, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'verify',
  ]);
  const ok = await crypto.subtle.verify(
    es256,
    key,
    signature,
    await presentationBytes(lock.lockId, nonce, s.credential),
  );
  if (!ok) throw new Error('the device proof did not verify');
});

const perSecond = (us: number) => fmt(1e6 / us);
table(
  `Checking a presentation (CPU µs per check, best of 5 rounds; Node ${process.version}, mbedTLS ${c.mbedtls})`,
  ['check', 'C verifier (mbedTLS)', 'TypeScript verifier', 'jose jwtVerify', 'jose + cnf.jkt + device proof'],
  CASES.map(([label, , key], i) => [
    label,
    `${fmt(Number(c[key]), 1)} (${perSecond(Number(c[key]))}/s)`,
    `${fmt(ts[i]!, 1)} (${perSecond(ts[i]!)}/s)`,
    i === 0 ? `${fmt(joseOnly, 1)} (credential only)` : '',
    i === 0 ? `${fmt(joseFull, 1)} (${fmt(joseFull / ts[0]!, 2)}x the TypeScript verifier)` : '',
  ]),
);
table(
  'The C verifier: memory of an accepted check (x86-64, -Os)',
  ['what', 'bytes'],
  [
    ['stack high-water, lk_verify and mbedTLS', fmt(Number(c.stackBytes))],
    [
      `heap peak, mbedTLS bignums (${fmt(Number(c.heapAllocations))} allocations)`,
      fmt(Number(c.heapPeakBytes)),
    ],
    ['lk_workspace (static scratch)', fmt(Number(c.workspaceBytes))],
    ['lk_lock_state (the stored bundle, 8 keys, 128 periods)', fmt(Number(c.lockStateBytes))],
    ['lk_result (with a revocation list)', fmt(Number(c.resultBytes))],
  ],
);
console.log(
  `\nC over TypeScript for an accepted check: ${fmt(Number(c.acceptedUs) / ts[0]!, 2)}x the CPU time`,
);
