// The check a lock runs on a phone's answer to its challenge. Cheap structural checks come first;
// the credential's signature is verified before any claim is read; the device key's proof, the
// most expensive check, comes last. The order is the specification's (docs/credentials.md), and
// the C verifier follows it step by step (the numbers below are the specification's steps), so both give
// the same reason for the same input.
import { base64urlDecode, base64urlDecodedLength, isBase64urlText } from './base64url.ts';
import { cryptoBytes, equalBytes } from './bytes.ts';
import { type CredentialClaims, claimsRead, headerRead } from './claims.ts';
import { JsonRefused, jsonParse } from './json.ts';
import { LIMITS } from './limits.ts';
import type { IssuerKey, LockState, RevocationList } from './lock-state.ts';
import { isP256Point } from './p256.ts';
import { presentationBytes } from './presentation.ts';
import type { Reason } from './reasons.ts';
import { pointThumbprint } from './thumbprint.ts';
import { utcOffsetAt } from './utc-offsets.ts';
import { insideWindows } from './windows.ts';

export interface Presentation {
  /** The compact JWS the phone holds. */
  credential: string;
  /** The device's public key: the uncompressed P-256 point, 65 bytes. */
  devicePublicKey: Uint8Array;
  /** ES256 by the device key over presentationBytes(lock id, nonce, credential): r || s, 64 bytes. */
  signature: Uint8Array;
}

export interface VerifyInput extends Presentation {
  /** The lock's clock, Unix seconds. */
  now: number;
  /** The nonce the lock sent in its challenge (16..64 bytes, fresh for each challenge). */
  nonce: Uint8Array;
}

export interface Decision {
  accepted: boolean;
  reason: Reason;
  /** The credential's claims, once its signature verified and they are in form. */
  claims?: CredentialClaims;
  /** A newer revocation list than the lock's, carried by this credential: store it in place of the old. */
  revocation?: RevocationList;
}

const ES256 = { name: 'ECDSA', hash: 'SHA-256' } as const;
const P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const encoder = new TextEncoder();
const importedKeys = new WeakMap<IssuerKey, Promise<CryptoKey>>();

function issuerCryptoKey(k: IssuerKey): Promise<CryptoKey> {
  let p = importedKeys.get(k);
  if (!p) {
    p = crypto.subtle.importKey('jwk', { kty: 'EC', crv: 'P-256', x: k.x, y: k.y }, P256, false, ['verify']);
    importedKeys.set(k, p);
  }
  return p;
}

/** The device key for WebCrypto (a point isP256Point accepted). */
function deviceCryptoKey(point: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', cryptoBytes(point), P256, false, ['verify']);
}

function refuse(reason: Reason, extra?: Partial<Decision>): Decision {
  return { accepted: false, reason, ...extra };
}

/** Decides whether the lock opens. Pure: the caller stores `revocation` when one is returned. */
export async function verifyPresentation(lock: LockState, input: VerifyInput): Promise<Decision> {
  const { now, nonce, credential, devicePublicKey, signature } = input;
  if (!Number.isSafeInteger(now) || now < 0) throw new TypeError('now must be Unix seconds');

  // 1. Sizes and the form of the answer.
  if (encoder.encode(credential).length > LIMITS.credentialBytes) return refuse('too_large');
  if (nonce.length < LIMITS.nonceMinBytes || nonce.length > LIMITS.nonceMaxBytes) return refuse('malformed');
  if (!isP256Point(devicePublicKey) || signature.length !== 64) return refuse('malformed');

  // 2. The compact JWS: three base64url segments; the header is small.
  const parts = credential.split('.');
  if (parts.length !== 3 || !parts.every(isBase64urlText)) return refuse('malformed');
  const [h, p, s] = parts as [string, string, string];
  if ((base64urlDecodedLength(h.length) ?? 0) > LIMITS.headerBytes) return refuse('too_large');
  const headerBytes = base64urlDecode(h);
  const payloadBytes = base64urlDecode(p);
  if (!headerBytes || !payloadBytes) return refuse('malformed');

  // 3. The header: ES256, our typ, nothing else, a kid of the lock's issuer key set.
  let header: ReturnType<typeof jsonParse>;
  try {
    header = jsonParse(headerBytes);
  } catch (e) {
    if (e instanceof JsonRefused) return refuse(e.reason);
    throw e;
  }
  const hr = headerRead(header);
  if (typeof hr === 'string') return refuse(hr);
  const issuerKey = lock.keys.find((k) => k.kid === hr.kid);
  if (!issuerKey) return refuse('unknown_kid');

  // 4. The signature, before any claim is trusted.
  const sig = base64urlDecode(s);
  if (sig?.length !== 64) return refuse('bad_signature');
  const signed = encoder.encode(`${h}.${p}`);
  if (!(await crypto.subtle.verify(ES256, await issuerCryptoKey(issuerKey), cryptoBytes(sig), signed)))
    return refuse('bad_signature');

  // 5. The claims, then 6. the lock.
  let payload: ReturnType<typeof jsonParse>;
  try {
    payload = jsonParse(payloadBytes);
  } catch (e) {
    if (e instanceof JsonRefused) return refuse(e.reason);
    throw e;
  }
  const claims = claimsRead(payload);
  if (typeof claims === 'string') return refuse(claims);
  if (claims.lock !== lock.lockId) return refuse('wrong_lock', { claims });

  // 7. Revocation: the newest list wins, whatever this presentation's outcome.
  const revocation = claims.rev.v > lock.revocation.v ? claims.rev : undefined;
  const newest = revocation ?? lock.revocation;
  const decided = (reason: Reason) =>
    reason === 'accepted'
      ? { accepted: true, reason, claims, ...(revocation ? { revocation } : {}) }
      : refuse(reason, { claims, ...(revocation ? { revocation } : {}) });
  if (newest.keys.includes(claims.jti) || claims.iat < (newest.before ?? 0)) return decided('revoked');

  // 8. Time: nbf inclusive, exp exclusive; 9. the weekly windows on the lock's wall clock.
  if (now < claims.nbf) return decided('not_yet_valid');
  if (now >= claims.exp) return decided('expired');
  if (claims.win) {
    if (claims.tz !== lock.timezone) return decided('time_zone_mismatch');
    const offset = utcOffsetAt(lock.utcOffsets, now);
    if (offset === undefined) return decided('no_offset_rule');
    if (!insideWindows(claims.win, now + offset * 60)) return decided('outside_window');
  }

  // 10. The device: the key presented is the one the credential names, and it signed this challenge.
  if (!equalBytes(await pointThumbprint(devicePublicKey), claims.jkt)) return decided('wrong_device');
  const proof = await presentationBytes(lock.lockId, nonce, credential);
  const deviceKey = await deviceCryptoKey(devicePublicKey);
  if (!(await crypto.subtle.verify(ES256, deviceKey, cryptoBytes(signature), proof)))
    return decided('bad_nonce_signature');
  return decided('accepted');
}
