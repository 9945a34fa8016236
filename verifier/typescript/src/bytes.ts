// Byte helpers for WebCrypto, whose functions take only memory that is not shared.

/** b as WebCrypto accepts it (a copy only when b lives in a SharedArrayBuffer). */
export function cryptoBytes(b: Uint8Array): Uint8Array<ArrayBuffer> {
  return b.buffer instanceof ArrayBuffer ? (b as Uint8Array<ArrayBuffer>) : new Uint8Array(b);
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
