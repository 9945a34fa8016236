// RFC 7638 JWK thumbprint of a P-256 public key: SHA-256 over the JSON of the required members in
// lexicographic order, without whitespace. For an EC key that is exactly
//   {"crv":"P-256","kty":"EC","x":"<x>","y":"<y>"}
// with x and y the base64url of the 32-byte coordinates, so a lock can build it from the 65-byte
// point the phone sends without a JSON library.
import { base64urlEncode } from './base64url.ts';

export function jwkThumbprintInput(x: string, y: string): string {
  return `{"crv":"P-256","kty":"EC","x":"${x}","y":"${y}"}`;
}

/** The thumbprint (32 bytes) of an uncompressed P-256 point 0x04 || X || Y. */
export async function pointThumbprint(point: Uint8Array): Promise<Uint8Array> {
  const x = base64urlEncode(point.subarray(1, 33));
  const y = base64urlEncode(point.subarray(33, 65));
  const input = new TextEncoder().encode(jwkThumbprintInput(x, y));
  return new Uint8Array(await crypto.subtle.digest('SHA-256', input));
}
