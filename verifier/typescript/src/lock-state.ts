// What a lock stores: its provisioning bundle, with the revocation list replaced each time a
// credential carries a newer one. A bundle is a lock state as it is (`issuer` is informative).
import { base64urlDecode } from './base64url.ts';
import { LIMITS } from './limits.ts';
import type { UtcOffsets } from './utc-offsets.ts';
import { isCanonicalUuid } from './uuid.ts';

/** A public issuer key as the key set lists it: a P-256 JWK with its kid. */
export interface IssuerKey {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  kid: string;
  alg?: 'ES256';
  use?: 'sig';
}

/**
 * The lock's revocation list. `v` only grows. `keys`: ids of the lock's revoked keys whose
 * credentials may still be unexpired. `before` (Unix seconds, absent means 0): every credential
 * for the lock issued (`iat`) before it is revoked; the service sets it when more keys are revoked
 * within a credential lifetime than a list holds, and phones then fetch fresh credentials.
 */
export interface RevocationList {
  v: number;
  keys: string[];
  before?: number;
}

export interface LockState {
  lockId: string;
  /** The lock's IANA time zone: credentials with windows must name the same (`tz`). */
  timezone: string;
  /** The issuer key set. */
  keys: readonly IssuerKey[];
  utcOffsets: UtcOffsets;
  revocation: RevocationList;
}

/** The provisioning bundle: everything a lock needs to start checking credentials offline. */
export interface ProvisioningBundle extends LockState {
  /** The service's public URL, the credentials' `iss` (trust comes from `keys`, not from it). */
  issuer: string;
}

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const utf8Length = (s: string) => new TextEncoder().encode(s).length;

function coordinateOk(v: unknown): boolean {
  return typeof v === 'string' && v.length === 43 && base64urlDecode(v)?.length === 32;
}

/** Why a revocation list is not acceptable, or undefined. */
export function revocationProblem(r: unknown): string | undefined {
  const list = r as Partial<RevocationList> | null;
  if (typeof list !== 'object' || list === null) return 'must be an object { v, keys }';
  if (!isCount(list.v)) return 'v must be a whole number';
  if (!Array.isArray(list.keys)) return 'keys must be an array of key ids';
  if (list.keys.length > LIMITS.revokedKeys) return `keys holds at most ${LIMITS.revokedKeys} ids`;
  if (!list.keys.every(isCanonicalUuid)) return 'keys must hold lowercase UUIDs';
  if (list.before !== undefined && !isCount(list.before)) return 'before must be Unix seconds';
  return undefined;
}

/** Why a provisioning bundle (or a stored lock state) is not usable, or undefined. */
export function lockStateProblem(s: unknown): string | undefined {
  const st = s as Partial<LockState> | null;
  if (typeof st !== 'object' || st === null) return 'must be an object';
  if (!isCanonicalUuid(st.lockId)) return 'lockId must be a lowercase UUID';
  if (typeof st.timezone !== 'string' || st.timezone === '' || utf8Length(st.timezone) > LIMITS.timeZoneBytes)
    return `timezone must be a time zone name of at most ${LIMITS.timeZoneBytes} bytes`;
  if (!Array.isArray(st.keys) || st.keys.length === 0 || st.keys.length > LIMITS.issuerKeys)
    return `keys must hold 1 to ${LIMITS.issuerKeys} issuer keys`;
  const kids = new Set<string>();
  for (const [i, k] of st.keys.entries()) {
    if (typeof k !== 'object' || k === null || k.kty !== 'EC' || k.crv !== 'P-256')
      return `keys.${i} must be an EC P-256 public key`;
    if (!coordinateOk(k.x) || !coordinateOk(k.y)) return `keys.${i} must have 32-byte x and y`;
    if ('d' in k) return `keys.${i} is a private key`;
    if (typeof k.kid !== 'string' || utf8Length(k.kid) > LIMITS.kidBytes || kids.has(k.kid))
      return `keys.${i}.kid must be a distinct string of at most ${LIMITS.kidBytes} bytes`;
    kids.add(k.kid);
  }
  const revocation = revocationProblem(st.revocation);
  if (revocation) return `revocation: ${revocation}`;
  const t = st.utcOffsets as Partial<UtcOffsets> | undefined;
  if (typeof t !== 'object' || t === null || !isCount(t.until) || !Array.isArray(t.periods))
    return 'utcOffsets must be { until, periods }';
  if (t.periods.length === 0 || t.periods.length > LIMITS.offsetPeriods)
    return `utcOffsets.periods must hold 1 to ${LIMITS.offsetPeriods} periods`;
  let last = -1;
  for (const [i, p] of t.periods.entries()) {
    if (!isCount(p?.from) || p.from <= last)
      return `utcOffsets.periods.${i}.from must be later than the one before`;
    if (!Number.isSafeInteger(p.offsetMinutes) || Math.abs(p.offsetMinutes) > 1440)
      return `utcOffsets.periods.${i}.offsetMinutes must be whole minutes within a day`;
    last = p.from;
  }
  if (t.until <= last) return 'utcOffsets.until must be after the last period starts';
  return undefined;
}
