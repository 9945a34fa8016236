// Bounds every verifier enforces, so that a lock with fixed buffers (verifier/c) and this module
// decide the same for every input. The C header defines the same numbers (a test keeps them equal).
// Inputs beyond a bound are refused with `too_large`; the service never mints beyond them.

export const LIMITS = {
  /**
   * The compact JWS, in bytes. The largest credential the service mints (28 windows of 7 days, 64
   * revoked ids, a 208-character issuer URL) has 7,307.
   */
  credentialBytes: 8192,
  /** The decoded protected header, in bytes (Latchkey's is about 100). */
  headerBytes: 256,
  /** A kid, in bytes. */
  kidBytes: 64,
  /** Nesting of JSON arrays and objects (the credential itself needs 4). */
  jsonDepth: 8,
  /** Weekly windows in `win` (the service allows at most 28 per key). */
  windows: 28,
  /**
   * Ids in a revocation list, carried or stored. When more keys of one lock are revoked within a
   * credential lifetime, the service sets the list's `before` instead (see revocation.ts).
   */
  revokedKeys: 64,
  /** The IANA time zone name in `tz`, in bytes. */
  timeZoneBytes: 64,
  /** Issuer keys a lock stores (the current key and those rotated out but still listed). */
  issuerKeys: 8,
  /** Periods in a lock's UTC offset table (20 years of a zone with two changes a year is 41). */
  offsetPeriods: 128,
  /** The nonce a lock issues, in bytes. */
  nonceMinBytes: 16,
  nonceMaxBytes: 64,
} as const;
