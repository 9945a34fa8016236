// test-runner: store-independent
// The two verifiers against each other: ~1,700 seeded mutations of a valid presentation (bytes of
// the credential changed; its header and payload JSON edited and re-signed by the issuer, so the
// JSON reader, the claims and the windows are reached; windows and clocks drawn around DST
// changes; the phone's answer altered), each decided by the TypeScript verifier and by the C
// verifier. Every decision must be the same: same reason, same revocation list adopted.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createPrivateKey, type KeyObject, sign } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  ISSUER_A,
  ISSUER_B,
  LOCK_ID,
  nonceFor,
  OTHER_LOCK_ID,
  PHONE_A,
  PHONE_B,
  publicJwk,
} from '../../scripts/credential-vectors/fixtures.ts';
import { vectorsText } from '../../scripts/credential-vectors/text-form.ts';
import type { Step, Vector } from '../../scripts/credential-vectors/vector.ts';
import { random } from '../../scripts/credential-vectors/window-cases.ts';
import { presentationBytes, verifyPresentation } from '../../verifier/typescript/src/index.ts';
import { buildC, readVectors } from '../helpers/credentials.ts';

// node:crypto signs much faster than the deterministic signer of the vector file; here the cases
// only need to be the same for both verifiers, not the same from run to run.
const privateKey = (secret: Uint8Array, jwk: { x: string; y: string }): KeyObject =>
  createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, d: Buffer.from(secret).toString('base64url') },
    format: 'jwk',
  });
const issuerKeys = {
  A: privateKey(ISSUER_A.secret, ISSUER_A.jwk),
  B: privateKey(ISSUER_B.secret, ISSUER_B.jwk),
};
const phoneKey = privateKey(PHONE_A.secret, publicJwk(PHONE_A.point));
const es256 = (key: KeyObject, data: Uint8Array) =>
  new Uint8Array(sign('sha256', data, { key, dsaEncoding: 'ieee-p1363' }));
const b64 = (b: Uint8Array | string) => Buffer.from(b).toString('base64url');
function signRaw(header: Uint8Array, payload: Uint8Array, key = issuerKeys.A): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${b64(es256(key, Buffer.from(input)))}`;
}

const doc = readVectors();
const base = doc.vectors.find((v) => v.name === 'valid-weekday-window')!.steps[0]!;
const [baseHeader, basePayload] = base.credential
  .split('.')
  .map((s) => Buffer.from(s, 'base64url').toString('latin1')) as [string, string];

const TOKENS = [
  '"',
  '\\',
  '\\u0041',
  '\\x',
  ',',
  ':',
  '{',
  '}',
  '[',
  ']',
  '0',
  '1',
  '-',
  '.5',
  'e9',
  '01',
  ' ',
  '\t',
  '\u0001',
  'null',
  'true',
  'fals',
  '"x":1,',
  `"lock":"${LOCK_ID}",`,
  '"exp":1e12,',
  '"iat":-1,',
  '"win":[],',
  '"cnf":{},',
  '"rev":{"v":99,"keys":[]},',
  '"rev":{"v":99,"keys":[],"before":9999999999},',
  '[[[[[[[[[]]]]]]]]]',
  '\u00c3\u00a9',
  '\u00ff',
  '\u00c0\u00af',
  '\u00ed\u00a0\u0080',
  '\u00f4\u0090\u0080\u0080',
  '\u00ef\u00bb\u00bf',
];
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'Mon', 'xyz'];
const TIMES = [
  '00:00',
  '00:30',
  '01:00',
  '02:00',
  '02:30',
  '03:00',
  '06:00',
  '22:00',
  '23:59',
  '24:00',
  '7:00',
  '24:01',
];

async function cases(): Promise<Vector[]> {
  const next = random(424242);
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]) => xs[int(xs.length)]!;
  const latin1 = (text: string) => Buffer.from(text, 'latin1');
  const out: Vector[] = [];
  const add = async (name: string, credential: string, over: Partial<Step> = {}, now = base.now) => {
    const nonce = over.nonce ?? nonceFor(name);
    let signature = over.signature;
    if (!signature) {
      try {
        signature = es256(phoneKey, await presentationBytes(LOCK_ID, nonce, credential));
      } catch {
        signature = new Uint8Array(64).fill(7); // a nonce the phone cannot sign for
      }
    }
    out.push({
      name,
      description: '',
      lock: 'oslo',
      steps: [
        {
          now,
          nonce,
          credential,
          devicePublicKey: over.devicePublicKey ?? PHONE_A.point,
          signature,
          expect: { reason: 'accepted' },
        },
      ],
    });
  };

  // 1. The credential's bytes: a character replaced, removed or added (signature kept).
  for (let i = 0; i < 300; i++) {
    const c = base.credential;
    const at = int(c.length);
    const ch = pick(['A', 'z', '_', '-', '.', '=', '+', '/', ' ', '~', c[at] === 'A' ? 'B' : 'A']);
    const op = int(3);
    const mutated =
      op === 0
        ? c.slice(0, at) + ch + c.slice(at + 1)
        : op === 1
          ? c.slice(0, at) + c.slice(at + 1)
          : c.slice(0, at) + ch + c.slice(at);
    await add(`bytes-${i}`, mutated);
  }
  // 2. The payload's JSON edited, then signed by the issuer (the checks after the signature):
  // a third of the edits break the JSON, the rest keep it JSON and change what it says.
  const jti = JSON.parse(basePayload).jti as string;
  const semantic: ((p: string) => string)[] = [
    (p) =>
      p.replace(
        /"(exp|nbf|iat)":(\d+)/,
        (_, m, d) =>
          `"${m}":${pick([d, `${d}.0`, `-${d}`, '9007199254740991', '9007199254740992', `"${d}"`, '0', '1e3', String(Number(d) + 86400 * 3)])}`,
      ),
    (p) =>
      p.replace(
        pick([
          '"jti"',
          '"lock"',
          '"cnf"',
          '"rev"',
          '"win"',
          '"tz"',
          '"keys"',
          '"days"',
          '"from"',
          '"jkt"',
          '"v"',
        ]),
        (m) => `${m}:null,${m}`,
      ),
    (p) => p.replace(LOCK_ID, pick([OTHER_LOCK_ID, LOCK_ID.toUpperCase(), `${LOCK_ID.slice(0, -1)}\\u0030`])),
    (p) =>
      p.replace(
        /"rev":\{.*\}\}$/,
        `"rev":${pick([`{"v":9,"keys":["${jti}"]}`, '{"v":9,"keys":[]}', '{"v":1,"keys":[]}', `{"v":9,"keys":[],"before":${base.now}}`, '{"v":9}', '{"v":9,"keys":["x"]}'])}}`,
      ),
    (p) =>
      p.replace(
        '"Europe/Oslo"',
        pick(['"Europe/Stockholm"', '""', '"Europe\\/Oslo"', `"${'Z'.repeat(65)}"`, '"Europe/Oslo\u00e9"']),
      ),
    (p) =>
      p.replace(
        /"jkt":"([^"]*)"/,
        (_, j: string) =>
          `"jkt":"${pick([j.slice(0, -1), `${j}A`, j.replace(/^./, 'A'), b64(PHONE_B.point.subarray(0, 32))])}"`,
      ),
    (p) => p.replace(/,"(sub|iss|iat|win|cnf|tz)":("[^"]*"|\d+|\[[^\]]*\]|\{[^}]*\})/, ''),
    (p) =>
      p.replace(
        /"win":\[.*?\],"cnf"/,
        `"win":${JSON.stringify(Array.from({ length: pick([0, 1, 28, 29]) }, () => ({ days: ['wed'], from: '07:00', to: '18:00' })))},"cnf"`,
      ),
  ];
  for (let i = 0; i < 700; i++) {
    let p = basePayload;
    for (let k = 0, n = 1 + int(2); k < n; k++) {
      if (int(3) === 0) {
        const at = int(p.length + 1);
        p = int(2) ? p.slice(0, at) + p.slice(at + 1) : p.slice(0, at) + pick(TOKENS) + p.slice(at);
      } else p = pick(semantic)(p);
    }
    const b = i % 9 === 0;
    const header = b ? baseHeader.replace('issuer-a', 'issuer-b') : baseHeader;
    await add(`payload-${i}`, signRaw(latin1(header), latin1(p), b ? issuerKeys.B : issuerKeys.A));
  }
  // 3. The header's JSON edited, then signed.
  for (let i = 0; i < 250; i++) {
    let h = baseHeader;
    const at = int(h.length + 1);
    h = int(2)
      ? h.slice(0, at) +
        pick([...TOKENS, '"crit":["x"],', '"alg":"none",', '"typ":"JWT",', '"kid":"issuer-b",']) +
        h.slice(at)
      : h.slice(0, at) + h.slice(at + 1);
    await add(`header-${i}`, signRaw(latin1(h), latin1(basePayload)));
  }
  // 4. Windows and clocks around Oslo's DST changes.
  const oslo = doc.locks.oslo!;
  for (let i = 0; i < 300; i++) {
    const win = Array.from({ length: 1 + int(3) }, () => ({
      days: Array.from({ length: 1 + int(3) }, () => pick(DAYS)),
      from: pick(TIMES),
      to: pick(TIMES),
    }));
    const change = oslo.utcOffsets.periods[1 + int(6)]!.from;
    const now = change + (int(13) - 6) * 1800 + pick([0, -1, 59]);
    const claims = JSON.parse(basePayload);
    Object.assign(claims, { iat: now - 3600, nbf: now - 3600, exp: now + 3600, win });
    await add(`windows-${i}`, signRaw(latin1(baseHeader), Buffer.from(JSON.stringify(claims))), {}, now);
  }
  // 5. The phone's answer: nonce length, device key, signature.
  for (let i = 0; i < 150; i++) {
    const op = int(4);
    const nonce = op === 0 ? nonceFor(`n${i}`, 15 + int(3)).slice() : undefined;
    const device = new Uint8Array(op === 1 ? PHONE_A.point : op === 2 ? PHONE_B.point : PHONE_A.point);
    if (op === 1) device[1 + int(64)]! ^= 1 << int(8);
    const signature =
      op === 3
        ? (() => {
            const s = new Uint8Array(64);
            s.set(new Uint8Array(64).map(() => int(256)));
            return s;
          })()
        : undefined;
    await add(`answer-${i}`, base.credential, {
      ...(nonce ? { nonce } : {}),
      devicePublicKey: device,
      ...(signature ? { signature } : {}),
    });
  }
  return out;
}

describe('the TypeScript and the C verifier decide alike', () => {
  let build: ReturnType<typeof buildC>;
  before(() => {
    build = buildC();
  });
  after(() => build?.dispose());

  it('on every mutated presentation', async () => {
    const vectors = await cases();
    const file = join(build.dir, 'differential.txt');
    writeFileSync(file, vectorsText(doc.locks, vectors, []));
    const c = spawnSync(join(build.dir, 'lk_vectors'), ['--decide', file], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
    assert.equal(c.status, 0, c.stderr);
    const fromC = c.stdout.trim().split('\n');
    const fromTs: string[] = [];
    const reasons = new Map<string, number>();
    for (const v of vectors) {
      const s = v.steps[0]!;
      const d = await verifyPresentation(doc.locks[v.lock]!, s);
      fromTs.push(`${v.name} 1 ${d.reason} ${d.revocation ? d.revocation.v : '-'}`);
      reasons.set(d.reason, (reasons.get(d.reason) ?? 0) + 1);
    }
    assert.deepEqual(
      fromC
        .filter((line, i) => line !== fromTs[i])
        .map((line) => `C: ${line} | TypeScript: ${fromTs[fromC.indexOf(line)]}`),
      [],
    );
    assert.equal(fromC.length, vectors.length);
    // The mutations reach every stage of the check, not only the first.
    for (const r of [
      'accepted',
      'malformed',
      'too_large',
      'alg_not_allowed',
      'bad_header',
      'unknown_kid',
      'bad_signature',
      'wrong_lock',
      'revoked',
      'outside_window',
      'wrong_device',
      'bad_nonce_signature',
    ])
      assert.ok((reasons.get(r) ?? 0) > 0, `no mutation reached ${r}: ${JSON.stringify([...reasons])}`);
  });
});
