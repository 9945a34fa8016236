// Reading the credential's header and claims, in a fixed order so that one input has one reason
// (the C verifier reads them in the same order). Claims the verifier does not use (iss, sub and
// any added later) are ignored; a member it uses that appears twice is refused.
import { base64urlDecode } from './base64url.ts';
import { isObject, type Json, type JsonObject } from './json.ts';
import { LIMITS } from './limits.ts';
import type { RevocationList } from './lock-state.ts';
import type { Reason } from './reasons.ts';
import { isCanonicalUuid } from './uuid.ts';
import { type Window, windowsRead } from './windows.ts';

export const CREDENTIAL_TYP = 'latchkey-credential+jwt';
const HEADER_MEMBERS = new Set(['alg', 'typ', 'kid']);

/** The kid of an acceptable header, or why the header is refused. */
export function headerRead(h: Json): { kid: string } | Reason {
  if (!isObject(h)) return 'malformed';
  if (h.alg !== 'ES256') return 'alg_not_allowed';
  if (Object.keys(h).some((k) => !HEADER_MEMBERS.has(k))) return 'bad_header';
  if (h.typ !== CREDENTIAL_TYP) return 'bad_header';
  if (typeof h.kid !== 'string') return 'malformed';
  if (new TextEncoder().encode(h.kid).length > LIMITS.kidBytes) return 'too_large';
  return { kid: h.kid };
}

export interface CredentialClaims {
  /** The key's id. */
  jti: string;
  lock: string;
  iat: number;
  nbf: number;
  exp: number;
  tz: string;
  win?: Window[];
  /** cnf.jkt: the device key's RFC 7638 thumbprint, 32 bytes. */
  jkt: Uint8Array;
  rev: RevocationList;
  /** The app user, when `sub` is a plain string (informative: for the lock's journal). */
  sub?: string;
}

const isInteger = (v: unknown): v is number => typeof v === 'number';

function revocationRead(v: Json | undefined): RevocationList | Reason {
  if (!isObject(v)) return 'malformed';
  if (!isInteger(v.v)) return 'malformed';
  const keys = v.keys;
  if (!Array.isArray(keys)) return 'malformed';
  if (keys.length > LIMITS.revokedKeys) return 'too_large';
  if (!keys.every(isCanonicalUuid)) return 'malformed';
  if (v.before !== undefined && !isInteger(v.before)) return 'malformed';
  return v.before === undefined
    ? { v: v.v, keys: keys as string[] }
    : { v: v.v, keys: keys as string[], before: v.before };
}

/** The claims the verifier uses, or why the payload is refused. */
export function claimsRead(p: Json): CredentialClaims | Reason {
  if (!isObject(p)) return 'malformed';
  const c = p as JsonObject;
  if (!isCanonicalUuid(c.jti) || !isCanonicalUuid(c.lock)) return 'malformed';
  if (!isInteger(c.iat) || !isInteger(c.nbf) || !isInteger(c.exp)) return 'malformed';
  if (typeof c.tz !== 'string' || c.tz === '') return 'malformed';
  if (new TextEncoder().encode(c.tz).length > LIMITS.timeZoneBytes) return 'too_large';
  let win: Window[] | undefined;
  if (c.win !== undefined) {
    const w = windowsRead(c.win as Json);
    if (typeof w === 'string') return w;
    win = w;
  }
  const cnf = c.cnf;
  if (!isObject(cnf) || typeof cnf.jkt !== 'string' || cnf.jkt.length !== 43) return 'malformed';
  const jkt = base64urlDecode(cnf.jkt);
  if (!jkt) return 'malformed';
  const rev = revocationRead(c.rev as Json | undefined);
  if (typeof rev === 'string') return rev;
  const claims: CredentialClaims = {
    jti: c.jti,
    lock: c.lock,
    iat: c.iat,
    nbf: c.nbf,
    exp: c.exp,
    tz: c.tz,
    jkt,
    rev,
  };
  if (win) claims.win = win;
  if (typeof c.sub === 'string') claims.sub = c.sub;
  return claims;
}
