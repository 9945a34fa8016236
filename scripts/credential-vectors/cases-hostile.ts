// Hostile credentials and answers: alg none and HS256 key confusion, headers that must be refused,
// tampered payloads and signatures, a kid rotated out, malformed base64url and JSON, oversize
// inputs (and inputs exactly at a limit), and claims a verifier must ignore.
import { createPublicKey } from 'node:crypto';
import { type CredentialClaimsOut, credentialClaims } from '../../src/credentials/mint.ts';
import type { RecurrenceWindow } from '../../src/time/recurrence.ts';
import { LIMITS } from '../../verifier/typescript/src/limits.ts';
import { flipLastBit } from './cases-device.ts';
import {
  hs256Confusion,
  ISSUER_A,
  ISSUER_B,
  ISSUER_OTHER,
  ISSUER_URL,
  keyPair,
  LOCK_ID,
  mint,
  OTHER_LOCK_ID,
  PHONE_A,
  signRaw,
  TTL_HOURS,
  uuidFor,
} from './fixtures.ts';
import { type StepSpec, seconds, step, type Vector } from './vector.ts';

const KEY = uuidFor('key: A');
const AT = new Date('2026-12-02T08:00:00Z');
const NOW = seconds('2026-12-02T08:10:00Z');
const HEADER = { alg: 'ES256', typ: 'latchkey-credential+jwt', kid: 'issuer-a' };
const b64 = (s: string | Uint8Array) => Buffer.from(s).toString('base64url');

function claims(extra: { windows?: boolean } = {}): CredentialClaimsOut {
  return credentialClaims({
    issuer: ISSUER_URL,
    key: {
      id: KEY,
      appUserId: '+4799887766',
      start: new Date('2026-11-01T00:00:00Z'),
      end: null,
      recurrence: extra.windows ? { windows: [{ days: ['wed'], from: '07:00', to: '18:00' }] } : null,
    },
    lock: { id: LOCK_ID, timezone: 'Europe/Oslo' },
    device: { thumbprint: PHONE_A.thumbprint },
    revocation: { v: 3, keys: [uuidFor('key: revoked before provisioning')] },
    now: AT,
    ttlHours: TTL_HOURS,
  });
}

/** The valid payload's JSON with `edit` applied to its text. */
const payloadText = (edit: (json: string) => string = (j) => j, c = claims()) => edit(JSON.stringify(c));
const replaceSignature = (jws: string, sig: string) => `${jws.slice(0, jws.lastIndexOf('.'))}.${sig}`;

/** DER (ASN.1 SEQUENCE of two INTEGERs) of a raw r || s signature: what a JWS must not carry. */
function der(raw: Uint8Array): Uint8Array {
  const int = (b: Uint8Array) => {
    let i = 0;
    while (i < b.length - 1 && b[i] === 0) i++;
    const v = b.subarray(i);
    const body = v[0]! & 0x80 ? [0, ...v] : [...v];
    return [0x02, body.length, ...body];
  };
  const seq = [...int(raw.subarray(0, 32)), ...int(raw.subarray(32))];
  return new Uint8Array([0x30, seq.length, ...seq]);
}

/** Characters of unpadded base64url for n bytes. */
const b64length = (n: number) => Math.floor(n / 3) * 4 + [0, 2, 3][n % 3]!;

/** A credential padded with an ignored claim (and spaces) to exactly `size` bytes. */
function sized(size: number): string {
  const header = JSON.stringify(HEADER);
  for (let spaces = 0; spaces < 3; spaces++) {
    for (let pad = 0; pad < size; pad++) {
      const payload = payloadText(
        (j) => `${j.slice(0, -1)},"pad":"${'x'.repeat(pad)}"${' '.repeat(spaces)}}`,
      );
      const length = b64length(header.length) + 1 + b64length(Buffer.byteLength(payload)) + 1 + 86;
      if (length === size) return signRaw(header, payload);
      if (length > size) break;
    }
  }
  throw new Error(`no padding gives exactly ${size} bytes`);
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** The base64url of bytes (whose length is not a multiple of 3) with its lowest unused bit set. */
function noncanonical(bytes: Uint8Array): string {
  if (bytes.length % 3 === 0) throw new Error('every bit of the last character is used');
  const e = b64(bytes);
  return `${e.slice(0, -1)}${ALPHABET[ALPHABET.indexOf(e.at(-1)!) + 1]}`;
}

/** bytes with `insert` placed at `at`. */
const inserted = (text: string, at: number, insert: number[]) =>
  Buffer.concat([Buffer.from(text).subarray(0, at), Buffer.from(insert), Buffer.from(text).subarray(at)]);

function nested(depth: number): string {
  // The payload is level 1; its member "deep" opens levels 2..depth.
  return `${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}`;
}

export async function hostileVectors(): Promise<Vector[]> {
  const valid = await mint({ key: { id: KEY }, at: AT });
  const [vh, vp, vs] = valid.split('.') as [string, string, string];
  const validSig = Buffer.from(vs, 'base64url');
  const signed = (payload: string | Uint8Array, header: object | string = HEADER, secret = ISSUER_A.secret) =>
    signRaw(typeof header === 'string' ? header : JSON.stringify(header), payload, secret);
  const point = keyPair('issuer A').point;
  const pem = createPublicKey({ key: { ...ISSUER_A.jwk }, format: 'jwk' }).export({
    format: 'pem',
    type: 'spki',
  });

  const cases: [string, string, Omit<StepSpec, 'label' | 'now'>, string?][] = [
    // alg
    [
      'alg-none-empty-signature',
      'alg "none" with an empty signature',
      { credential: `${b64(JSON.stringify({ ...HEADER, alg: 'none' }))}.${vp}.`, expect: 'alg_not_allowed' },
    ],
    [
      'alg-none-with-signature',
      'alg "none", yet signed',
      { credential: signed(payloadText(), { ...HEADER, alg: 'none' }), expect: 'alg_not_allowed' },
    ],
    [
      'alg-hs256-key-point',
      'HS256 with the issuer public key (65-byte point) as the HMAC secret',
      {
        credential: hs256Confusion(JSON.stringify({ ...HEADER, alg: 'HS256' }), payloadText(), point),
        expect: 'alg_not_allowed',
      },
    ],
    [
      'alg-hs256-key-jwk',
      'HS256 with the issuer JWK text as the HMAC secret',
      {
        credential: hs256Confusion(
          JSON.stringify({ ...HEADER, alg: 'HS256' }),
          payloadText(),
          Buffer.from(JSON.stringify(ISSUER_A.jwk)),
        ),
        expect: 'alg_not_allowed',
      },
    ],
    [
      'alg-hs256-key-pem',
      'HS256 with the issuer public key PEM as the HMAC secret',
      {
        credential: hs256Confusion(
          JSON.stringify({ ...HEADER, alg: 'HS256' }),
          payloadText(),
          Buffer.from(pem),
        ),
        expect: 'alg_not_allowed',
      },
    ],
    [
      'alg-lowercase',
      'alg "es256"',
      { credential: signed(payloadText(), { ...HEADER, alg: 'es256' }), expect: 'alg_not_allowed' },
    ],
    [
      'alg-es384',
      'alg "ES384"',
      { credential: signed(payloadText(), { ...HEADER, alg: 'ES384' }), expect: 'alg_not_allowed' },
    ],
    [
      'alg-missing',
      'no alg',
      { credential: signed(payloadText(), { typ: HEADER.typ, kid: HEADER.kid }), expect: 'alg_not_allowed' },
    ],
    [
      'alg-duplicated',
      'alg given twice (ES256, then none)',
      {
        credential: signed(
          payloadText(),
          '{"alg":"ES256","alg":"none","typ":"latchkey-credential+jwt","kid":"issuer-a"}',
        ),
        expect: 'alg_not_allowed',
      },
    ],
    [
      'alg-escaped',
      'alg "ES256" written with \\u escapes',
      {
        credential: signed(
          payloadText(),
          '{"alg":"ES\\u0032\\u0035\\u0036","typ":"latchkey-credential+jwt","kid":"issuer-a"}',
        ),
        expect: 'alg_not_allowed',
      },
    ],
    [
      'alg-not-string',
      'alg ["ES256"]',
      { credential: signed(payloadText(), { ...HEADER, alg: ['ES256'] }), expect: 'alg_not_allowed' },
    ],
    // header
    [
      'typ-jwt',
      'typ "JWT"',
      { credential: signed(payloadText(), { ...HEADER, typ: 'JWT' }), expect: 'bad_header' },
    ],
    [
      'typ-missing',
      'no typ',
      { credential: signed(payloadText(), { alg: 'ES256', kid: 'issuer-a' }), expect: 'bad_header' },
    ],
    [
      'typ-other-case',
      'typ in other letters',
      {
        credential: signed(payloadText(), { ...HEADER, typ: 'Latchkey-Credential+JWT' }),
        expect: 'bad_header',
      },
    ],
    [
      'crit',
      'a crit header',
      { credential: signed(payloadText(), { ...HEADER, crit: ['exp'], exp: 1 }), expect: 'bad_header' },
    ],
    [
      'header-jku',
      'a jku header pointing elsewhere',
      {
        credential: signed(payloadText(), { ...HEADER, jku: 'https://evil.example/jwks' }),
        expect: 'bad_header',
      },
    ],
    [
      'header-embedded-jwk',
      "the attacker's own key embedded as jwk, signed with it",
      {
        credential: signed(
          payloadText(),
          { ...HEADER, kid: 'issuer-z', jwk: ISSUER_OTHER.jwk },
          ISSUER_OTHER.secret,
        ),
        expect: 'bad_header',
      },
    ],
    [
      'kid-missing',
      'no kid',
      { credential: signed(payloadText(), { alg: 'ES256', typ: HEADER.typ }), expect: 'malformed' },
    ],
    [
      'kid-number',
      'kid 1',
      { credential: signed(payloadText(), { ...HEADER, kid: 1 }), expect: 'malformed' },
    ],
    [
      'kid-too-long',
      `a kid of ${LIMITS.kidBytes + 1} bytes`,
      {
        credential: signed(payloadText(), { ...HEADER, kid: 'k'.repeat(LIMITS.kidBytes + 1) }),
        expect: 'too_large',
      },
    ],
    [
      'kid-unknown',
      "another project's issuer key",
      { credential: await mint({ key: { id: KEY }, at: AT, issuer: ISSUER_OTHER }), expect: 'unknown_kid' },
    ],
    [
      'kid-rotated-out',
      'a credential signed by issuer-a, shown to a lock whose key set lists only issuer-b',
      { credential: valid, expect: 'unknown_kid' },
      'oslo-rotated',
    ],
    [
      'kid-after-rotation',
      'a credential signed by issuer-b, the key that replaced it',
      { credential: await mint({ key: { id: KEY }, at: AT, issuer: ISSUER_B }), expect: 'accepted' },
      'oslo-rotated',
    ],
    [
      'header-too-large',
      `a header of ${LIMITS.headerBytes + 1} bytes`,
      {
        credential: signed(
          payloadText(),
          JSON.stringify(HEADER).replace(
            '{',
            `{${' '.repeat(LIMITS.headerBytes + 1 - JSON.stringify(HEADER).length)}`,
          ),
        ),
        expect: 'too_large',
      },
    ],
    [
      'header-not-object',
      'a header that is a JSON array',
      { credential: signed(payloadText(), '["ES256"]'), expect: 'malformed' },
    ],
    [
      'header-not-json',
      'a header that is not JSON',
      { credential: signed(payloadText(), '{"alg":"ES256",'), expect: 'malformed' },
    ],
    // tampered
    [
      'tampered-payload-lock',
      'the payload edited to name another lock, the signature kept',
      {
        credential: `${vh}.${b64(payloadText((j) => j.replace(LOCK_ID, OTHER_LOCK_ID)))}.${vs}`,
        expect: 'bad_signature',
      },
    ],
    [
      'tampered-payload-exp',
      'the payload edited to expire a year later',
      {
        credential: `${vh}.${b64(payloadText((j) => j.replace(/"exp":(\d+)/, (_, e) => `"exp":${Number(e) + 31536000}`)))}.${vs}`,
        expect: 'bad_signature',
      },
    ],
    [
      'tampered-signature-bit',
      'the last bit of the signature flipped',
      { credential: replaceSignature(valid, b64(flipLastBit(validSig))), expect: 'bad_signature' },
    ],
    [
      'tampered-kid-swapped',
      "the header's kid changed to issuer-b, signed by issuer-a",
      { credential: signed(payloadText(), { ...HEADER, kid: 'issuer-b' }), expect: 'bad_signature' },
    ],
    [
      'signature-der',
      'the signature DER-encoded instead of r || s',
      { credential: replaceSignature(valid, b64(der(validSig))), expect: 'bad_signature' },
    ],
    [
      'signature-truncated',
      'a 63-byte signature',
      { credential: replaceSignature(valid, b64(validSig.subarray(0, 63))), expect: 'bad_signature' },
    ],
    [
      'signature-zero',
      'r = s = 0',
      { credential: replaceSignature(valid, b64(new Uint8Array(64))), expect: 'bad_signature' },
    ],
    [
      'signature-r-is-order',
      'r = n (out of range), s kept',
      {
        credential: replaceSignature(
          valid,
          b64(
            new Uint8Array([
              ...Buffer.from('ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551', 'hex'),
              ...validSig.subarray(32),
            ]),
          ),
        ),
        expect: 'bad_signature',
      },
    ],
    ['signature-empty', 'an empty signature', { credential: `${vh}.${vp}.`, expect: 'bad_signature' }],
    [
      'signature-noncanonical-base64',
      'the signature with non-zero unused bits in its last character',
      { credential: `${vh}.${vp}.${noncanonical(validSig)}`, expect: 'bad_signature' },
    ],
    // the form of the JWS
    ['empty-credential', 'an empty credential', { credential: '', expect: 'malformed' }],
    ['two-segments', 'header and payload only', { credential: `${vh}.${vp}`, expect: 'malformed' }],
    ['four-segments', 'a fourth segment', { credential: `${valid}.${vs}`, expect: 'malformed' }],
    [
      'base64-padding',
      "the payload with '=' padding",
      { credential: `${vh}.${vp}==.${vs}`, expect: 'malformed' },
    ],
    [
      'base64-standard-alphabet',
      "the payload in standard base64 ('+' and '/')",
      {
        credential: `${vh}.${Buffer.from(payloadText()).toString('base64').replace(/=+$/, '')}+/.${vs}`,
        expect: 'malformed',
      },
    ],
    [
      'base64-noncanonical-payload',
      'the payload with non-zero unused bits in its last character',
      {
        credential: `${vh}.${noncanonical(Buffer.from(payloadText() + ' '.repeat(Buffer.byteLength(payloadText()) % 3 === 0 ? 1 : 0)))}.${vs}`,
        expect: 'malformed',
      },
    ],
    [
      'base64-bad-length',
      'a payload segment of 4k + 1 characters, which no byte string encodes to',
      {
        credential: `${vh}.${vp}${'A'.repeat((1 - (vp.length % 4) + 4) % 4 || 4)}.${vs}`,
        expect: 'malformed',
      },
    ],
    [
      'credential-trailing-newline',
      'a newline after the credential',
      { credential: `${valid}\n`, expect: 'malformed' },
    ],
    [
      'credential-non-ascii',
      'a non-ASCII character in the header segment',
      { credential: `é${valid}`, expect: 'malformed' },
    ],
    // signed payloads a verifier must refuse
    [
      'payload-not-json',
      'a signed payload that is not JSON',
      { credential: signed('not json'), expect: 'malformed' },
    ],
    [
      'payload-invalid-utf8',
      'a signed payload with the byte FF inside iss',
      { credential: signed(inserted(payloadText(), 20, [0xff])), expect: 'malformed' },
    ],
    [
      'payload-overlong-utf8',
      "a signed payload with an overlong UTF-8 form of '/' (C0 AF) inside iss",
      { credential: signed(inserted(payloadText(), 20, [0xc0, 0xaf])), expect: 'malformed' },
    ],
    [
      'payload-surrogate-utf8',
      'a signed payload with an encoded surrogate (ED A0 80) inside iss',
      { credential: signed(inserted(payloadText(), 20, [0xed, 0xa0, 0x80])), expect: 'malformed' },
    ],
    [
      'payload-utf8-accepted',
      'a signed payload with valid multi-byte UTF-8 inside iss (ignored claim)',
      {
        credential: signed(
          inserted(payloadText(), 20, [0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x94, 0x91]),
        ),
        expect: 'accepted',
      },
    ],
    [
      'payload-bom',
      'a signed payload starting with a byte-order mark',
      { credential: signed(`\ufeff${payloadText()}`), expect: 'malformed' },
    ],
    [
      'payload-trailing-garbage',
      'a signed payload with text after the object',
      { credential: signed(`${payloadText()}x`), expect: 'malformed' },
    ],
    [
      'payload-array',
      'a signed payload that is an array',
      { credential: signed(`[${payloadText()}]`), expect: 'malformed' },
    ],
    [
      'payload-duplicate-lock',
      'the lock claim twice',
      {
        credential: signed(payloadText((j) => j.replace('"tz"', `"lock":"${LOCK_ID}","tz"`))),
        expect: 'malformed',
      },
    ],
    [
      'payload-duplicate-exp',
      'exp twice, the second later',
      {
        credential: signed(payloadText((j) => j.replace('"tz"', '"exp":99999999999,"tz"'))),
        expect: 'malformed',
      },
    ],
    [
      'payload-exp-string',
      'exp as a string',
      { credential: signed(payloadText((j) => j.replace(/"exp":(\d+)/, '"exp":"$1"'))), expect: 'malformed' },
    ],
    [
      'payload-exp-fraction',
      'exp with a fraction',
      { credential: signed(payloadText((j) => j.replace(/"exp":(\d+)/, '"exp":$1.0'))), expect: 'malformed' },
    ],
    [
      'payload-exp-exponent',
      'exp with an exponent',
      {
        credential: signed(payloadText((j) => j.replace(/"exp":(\d+)/, '"exp":1.8e9'))),
        expect: 'malformed',
      },
    ],
    [
      'payload-nbf-negative',
      'nbf negative',
      { credential: signed(payloadText((j) => j.replace(/"nbf":(\d+)/, '"nbf":-1'))), expect: 'malformed' },
    ],
    [
      'payload-exp-too-big',
      'exp 2^53, beyond an exact integer',
      {
        credential: signed(payloadText((j) => j.replace(/"exp":(\d+)/, '"exp":9007199254740992'))),
        expect: 'malformed',
      },
    ],
    [
      'payload-missing-cnf',
      'no cnf',
      { credential: signed(payloadText((j) => j.replace(/,"cnf":\{[^}]*\}/, ''))), expect: 'malformed' },
    ],
    [
      'payload-jkt-short',
      'cnf.jkt of 31 bytes',
      {
        credential: signed(
          payloadText((j) => j.replace(/"jkt":"[^"]*"/, `"jkt":"${b64(new Uint8Array(31))}"`)),
        ),
        expect: 'malformed',
      },
    ],
    [
      'payload-lock-uppercase',
      'the lock id in capitals',
      {
        credential: signed(payloadText((j) => j.replace(LOCK_ID, LOCK_ID.toUpperCase()))),
        expect: 'malformed',
      },
    ],
    [
      'payload-name-escaped',
      'the claim name "lock" written with an escape',
      { credential: signed(payloadText((j) => j.replace('"lock"', '"lo\\u0063k"'))), expect: 'malformed' },
    ],
    [
      'payload-jti-escaped',
      'jti written with an escape',
      {
        credential: signed(
          payloadText((j) =>
            j.replace(
              `"jti":"${KEY}"`,
              `"jti":"${KEY.slice(0, -1)}\\u00${KEY.charCodeAt(KEY.length - 1).toString(16)}"`,
            ),
          ),
        ),
        expect: 'malformed',
      },
    ],
    [
      'payload-control-character',
      'a raw tab inside sub',
      {
        credential: signed(payloadText((j) => j.replace('+4799887766', '+47\t99887766'))),
        expect: 'malformed',
      },
    ],
    [
      'payload-win-empty',
      'win []',
      { credential: signed(payloadText((j) => j.replace('"cnf"', '"win":[],"cnf"'))), expect: 'malformed' },
    ],
    [
      'payload-win-bad-day',
      'a window on "Wed"',
      {
        credential: signed(payloadText((j) => j.replace('"wed"', '"Wed"'), claims({ windows: true }))),
        expect: 'malformed',
      },
    ],
    [
      'payload-win-duplicate-day',
      'a window on wed twice',
      {
        credential: signed(payloadText((j) => j.replace('"wed"', '"wed","wed"'), claims({ windows: true }))),
        expect: 'malformed',
      },
    ],
    [
      'payload-win-bad-time',
      'a window from "7:00"',
      {
        credential: signed(payloadText((j) => j.replace('"07:00"', '"7:00"'), claims({ windows: true }))),
        expect: 'malformed',
      },
    ],
    [
      'payload-win-from-equals-to',
      'a window from 07:00 to 07:00',
      {
        credential: signed(payloadText((j) => j.replace('"18:00"', '"07:00"'), claims({ windows: true }))),
        expect: 'malformed',
      },
    ],
    [
      'payload-rev-missing',
      'no rev',
      { credential: signed(payloadText((j) => j.replace(/,"rev":\{.*\}\}$/, '}'))), expect: 'malformed' },
    ],
    [
      'payload-rev-key-not-uuid',
      'a revoked id that is not a UUID',
      { credential: signed(payloadText((j) => j.replace('"keys":[', '"keys":["k1",'))), expect: 'malformed' },
    ],
    // claims a verifier ignores
    [
      'unknown-claims-ignored',
      'claims the verifier does not use (nested, escaped, duplicated): ignored',
      {
        credential: signed(
          payloadText((j) =>
            j.replace('"cnf"', '"ver":2,"x-note":{"a":[1,2.5e3,true,null,"\\u00e9"]},"iss":"again","cnf"'),
          ),
        ),
        expect: 'accepted',
      },
    ],
    [
      'window-unknown-member-ignored',
      'a window with a member the verifier does not use',
      {
        credential: signed(
          payloadText((j) => j.replace('"from"', '"label":"office","from"'), claims({ windows: true })),
        ),
        expect: 'accepted',
      },
    ],
    [
      'json-depth-at-limit',
      `an ignored claim nested to depth ${LIMITS.jsonDepth}`,
      {
        credential: signed(
          payloadText((j) => j.replace('"cnf"', `"deep":${nested(LIMITS.jsonDepth)},"cnf"`)),
        ),
        expect: 'accepted',
      },
    ],
    [
      'json-depth-over-limit',
      `an ignored claim nested to depth ${LIMITS.jsonDepth + 1}`,
      {
        credential: signed(
          payloadText((j) => j.replace('"cnf"', `"deep":${nested(LIMITS.jsonDepth + 1)},"cnf"`)),
        ),
        expect: 'too_large',
      },
    ],
    // sizes
    [
      'credential-at-limit',
      `a credential of exactly ${LIMITS.credentialBytes} bytes`,
      { credential: sized(LIMITS.credentialBytes), expect: 'accepted' },
    ],
    [
      'credential-too-large',
      `a credential of ${LIMITS.credentialBytes + 1} bytes`,
      { credential: sized(LIMITS.credentialBytes + 1), expect: 'too_large' },
    ],
    [
      'win-too-many',
      `${LIMITS.windows + 1} windows`,
      {
        credential: signed(
          payloadText((j) =>
            j.replace(
              '"cnf"',
              `"win":[${Array(LIMITS.windows + 1)
                .fill('{"days":["wed"],"from":"07:00","to":"18:00"}')
                .join(',')}],"cnf"`,
            ),
          ),
        ),
        expect: 'too_large',
      },
    ],
    [
      'rev-too-many',
      `${LIMITS.revokedKeys + 1} revoked ids`,
      {
        credential: signed(
          payloadText((j) =>
            j.replace(
              '"keys":[',
              `"keys":[${Array.from({ length: LIMITS.revokedKeys }, (_, i) => `"${uuidFor(`filler ${i}`)}"`).join(',')},`,
            ),
          ),
        ),
        expect: 'too_large',
      },
    ],
    [
      'tz-too-long',
      `a tz of ${LIMITS.timeZoneBytes + 1} bytes`,
      {
        credential: signed(
          payloadText((j) => j.replace('"Europe/Oslo"', `"${'Z'.repeat(LIMITS.timeZoneBytes + 1)}"`)),
        ),
        expect: 'too_large',
      },
    ],
    // the phone's answer
    [
      'nonce-too-short',
      'the lock passes a 15-byte nonce (the lock misbehaves)',
      {
        credential: valid,
        nonce: new Uint8Array(15).fill(1),
        signature: new Uint8Array(64).fill(1),
        expect: 'malformed',
      },
    ],
    [
      'nonce-too-long',
      'the lock passes a 65-byte nonce',
      {
        credential: valid,
        nonce: new Uint8Array(65).fill(1),
        signature: new Uint8Array(64).fill(1),
        expect: 'malformed',
      },
    ],
    [
      'device-key-compressed',
      'the device key as a compressed point (33 bytes)',
      {
        credential: valid,
        devicePublicKey: new Uint8Array([2 + (PHONE_A.point[64]! & 1), ...PHONE_A.point.subarray(1, 33)]),
        expect: 'malformed',
      },
    ],
    [
      'device-key-raw-xy',
      'the device key as X || Y without the 0x04 prefix',
      { credential: valid, devicePublicKey: PHONE_A.point.subarray(1), expect: 'malformed' },
    ],
    [
      'device-key-off-curve',
      'a device key that is not a point of P-256',
      { credential: valid, devicePublicKey: flipLastBit(PHONE_A.point), expect: 'malformed' },
    ],
    [
      'nonce-signature-der',
      "the phone's signature DER-encoded",
      { credential: valid, signature: der(new Uint8Array(64).fill(0x11)), expect: 'malformed' },
    ],
    [
      'nonce-signature-short',
      'a 63-byte signature from the phone',
      { credential: valid, signature: new Uint8Array(63).fill(1), expect: 'malformed' },
    ],
  ];
  return Promise.all(
    cases.map(async ([name, description, s, lock]) => ({
      name,
      description,
      lock: lock ?? 'oslo',
      steps: [await step({ label: name, now: NOW, ...s })],
    })),
  );
}

/** Time-zone rules: windows named in another zone, and a clock beyond the lock's offset table. */
export async function zoneVectors(): Promise<Vector[]> {
  const everyDay: RecurrenceWindow['days'] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
  const key = { id: KEY, windows: [{ days: everyDay, from: '00:00', to: '24:00' }] };
  const far = new Date('2047-06-01T10:00:00Z');
  const one = async (
    name: string,
    description: string,
    credential: string,
    now: number,
    expect: StepSpec['expect'],
  ) => ({
    name,
    description,
    lock: 'oslo',
    steps: [await step({ label: name, now, credential, expect })],
  });
  return Promise.all([
    one(
      'tz-mismatch-with-windows',
      'windows in Europe/Stockholm on a lock provisioned for Europe/Oslo',
      await mint({ key, at: AT, timezone: 'Europe/Stockholm' }),
      NOW,
      'time_zone_mismatch',
    ),
    one(
      'tz-mismatch-without-windows',
      'another tz but no windows: tz does not matter',
      await mint({ key: { id: KEY }, at: AT, timezone: 'Europe/Stockholm' }),
      NOW,
      'accepted',
    ),
    one(
      'no-offset-rule',
      "a windowed credential in 2047, past the end of the lock's offset table",
      await mint({ key, at: far }),
      seconds(far) + 60,
      'no_offset_rule',
    ),
    one(
      'beyond-offset-table-without-windows',
      'a credential without windows in 2047 needs no offset',
      await mint({ key: { id: KEY }, at: far }),
      seconds(far) + 60,
      'accepted',
    ),
  ]);
}
