// Strict base64url (RFC 4648 §5) without padding, as JWS uses it (RFC 7515 §2): only the
// alphabet, no '=', a length that is not 1 more than a multiple of 4, and zero bits in the unused
// tail of the last character. So each byte string has exactly one encoding, and a verifier never
// accepts a second spelling of a signature or a payload.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE[ALPHABET.charCodeAt(i)] = i;

/** Is every character of s in the base64url alphabet? */
export function isBase64urlText(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128 || VALUE[c]! < 0) return false;
  }
  return true;
}

/** How many bytes `length` base64url characters decode to, or undefined when no string that long is valid. */
export function base64urlDecodedLength(length: number): number | undefined {
  const rest = length % 4;
  return rest === 1 ? undefined : ((length - rest) / 4) * 3 + (rest ? rest - 1 : 0);
}

/** The bytes of s, or undefined when s is not canonical unpadded base64url. */
export function base64urlDecode(s: string): Uint8Array | undefined {
  const length = base64urlDecodedLength(s.length);
  if (length === undefined) return undefined;
  const out = new Uint8Array(length);
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const v = c < 128 ? VALUE[c]! : -1;
    if (v < 0) return undefined;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  // The bits left over must be zero: "AB" and "AC" must not both decode to the same byte.
  if (bits > 0 && (acc & ((1 << bits) - 1)) !== 0) return undefined;
  return out;
}

export function base64urlEncode(bytes: Uint8Array): string {
  let s = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    s += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  if (i + 1 === bytes.length) {
    const n = bytes[i]! << 16;
    s += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]!;
  } else if (i + 2 === bytes.length) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    s += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]!;
  }
  return s;
}
