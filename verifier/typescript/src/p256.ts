// Is a 65-byte string an uncompressed point of P-256 (SEC 1 §2.3.4: 0x04 || X || Y, both below
// the field prime, y² = x³ - 3x + b)? The same set WebCrypto's importKey accepts, decided with
// BigInt in a few microseconds, so a malformed answer is refused before any WebCrypto call.

const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

function big(bytes: Uint8Array): bigint {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  return n;
}

export function isP256Point(point: Uint8Array): boolean {
  if (point.length !== 65 || point[0] !== 0x04) return false;
  const x = big(point.subarray(1, 33));
  const y = big(point.subarray(33, 65));
  if (x >= P || y >= P) return false;
  return (y * y - ((x * x * x - 3n * x + B) % P)) % P === 0n;
}
