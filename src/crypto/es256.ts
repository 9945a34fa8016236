// ES256 signatures (RFC 7518 §3.4: ECDSA on P-256 with SHA-256) in the JOSE form: r and s as 32
// big-endian bytes each, concatenated (64 bytes). node:crypto signs and checks that form itself when
// given `{ key, dsaEncoding: 'ieee-p1363' }`, but on Node 24 an options object costs more than the
// curve arithmetic it wraps: per signature 62 µs of CPU with the options against 26 µs with the bare
// KeyObject (DER form), and per check 112 µs against 74 µs; on Node 20 and 22 the forms cost the same
// (docs/performance.md, "Node 24 beside Node 20"). So the key goes bare and the DER form
// (RFC 3279: SEQUENCE { INTEGER r, INTEGER s }) is converted here, which costs well under a
// microsecond.
import { type KeyObject, sign, verify } from 'node:crypto';

const HALF = 32;

/**
 * DER (as node:crypto signs) → the 64-byte JOSE form. Self-contained (no imports, no outer names):
 * the signing thread evaluates its source text too (`auth/sign-thread.ts`).
 */
export function derToJose(der: Uint8Array): Buffer {
  const out = Buffer.alloc(64);
  // After the SEQUENCE tag: a short length byte, or 0x81 and one byte (never needed for P-256).
  let at = der[1]! & 0x80 ? 3 : 2;
  for (let half = 0; half < 2; half++) {
    const len = der[at + 1]!; // INTEGER tag at `at`, its length next
    let start = at + 2;
    let n = len;
    // A leading zero only keeps a high bit from reading as a sign; the JOSE form has none.
    while (n > 32 && der[start] === 0) {
      start++;
      n--;
    }
    out.set(der.subarray(start, start + n), half * 32 + 32 - n);
    at += 2 + len;
  }
  return out;
}

/** One half (r or s) as a DER INTEGER's content: no leading zeros, a zero added before a high bit. */
function integer(half: Uint8Array): Uint8Array {
  let start = 0;
  while (start < half.length - 1 && half[start] === 0) start++;
  const trimmed = half.subarray(start);
  return trimmed[0]! & 0x80 ? Buffer.concat([Buffer.of(0), trimmed]) : trimmed;
}

/** The 64-byte JOSE form → DER; undefined when it is not 64 bytes. */
export function joseToDer(signature: Uint8Array): Buffer | undefined {
  if (signature.length !== 2 * HALF) return undefined;
  const r = integer(signature.subarray(0, HALF));
  const s = integer(signature.subarray(HALF));
  // At most 2 × (2 + 33) = 70 bytes of content: the sequence's length fits one byte.
  return Buffer.concat([
    Buffer.of(0x30, 4 + r.length + s.length, 0x02, r.length),
    r,
    Buffer.of(0x02, s.length),
    s,
  ]);
}

/** Signs `input` with a P-256 private key: the 64-byte JOSE form. */
export function signEs256(input: Uint8Array, key: KeyObject): Buffer {
  return derToJose(sign('sha256', input, key));
}

/** The same, on libuv's thread pool (for callers that must not hold the event loop). */
export function signEs256Async(input: Uint8Array, key: KeyObject): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    sign('sha256', input, key, (e, der) => (e ? reject(e) : resolve(derToJose(der)))),
  );
}

/** Whether `signature` (the 64-byte JOSE form) is `key`'s ES256 signature of `input`. */
export function verifyEs256(input: Uint8Array, key: KeyObject, signature: Uint8Array): boolean {
  const der = joseToDer(signature);
  return der !== undefined && verify('sha256', input, key, der);
}
