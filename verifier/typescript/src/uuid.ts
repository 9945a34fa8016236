// Lock ids, key ids (jti) and revoked ids are UUIDs in canonical lowercase form (RFC 9562 §4):
// what the service writes. A lock stores and compares their 16 bytes.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isCanonicalUuid(v: unknown): v is string {
  return typeof v === 'string' && UUID.test(v);
}

/** The 16 bytes of a canonical UUID, in the order its hex digits are written. */
export function uuidBytes(id: string): Uint8Array {
  if (!UUID.test(id)) throw new TypeError(`not a canonical lowercase UUID: ${id}`);
  const hex = id.replaceAll('-', '');
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
