// DPoP proofs (RFC 9449): a JWT the client signs with its own key for one request, proving that it
// holds the private key whose public part the proof carries. An app session bound to a device key
// needs one on every refresh, so a copied refresh token is useless without the phone.
//
// The checks are those of RFC 9449 §4.3, narrowed to what this service issues: exactly one proof;
// `typ: dpop+jwt`; `alg: ES256` only (device keys are P-256: `none`, HMAC and every other algorithm
// are refused before any key is used); `jwk` a public P-256 key (a private member is refused); the
// signature verifies with that key; `htm` is the request's method; `htu` is the public URL of the
// endpoint, compared without query and fragment after URL normalisation; `iat` within
// LATCHKEY_DPOP_SKEW_SECONDS of the server's clock; `jti` not seen before (DpopReplayCache). The
// caller then compares the key's thumbprint with the one the session is bound to. On node:crypto,
// as the service's own tokens are (jwt.ts): the same P-256 verification WebCrypto does.
import { createPublicKey } from 'node:crypto';
import { jwkThumbprint, type P256PublicJwk, publicJwkProblem } from '../credentials/jwk.ts';
import { verifyEs256 } from '../crypto/es256.ts';

/** A proof longer than this is refused unread (a P-256 proof is about 600 characters). */
export const DPOP_MAX_LENGTH = 4096;

export class DpopRejected extends Error {}

export interface DpopProof {
  /** RFC 7638 thumbprint of the proof's key. */
  jkt: string;
  jti: string;
  iat: number;
}

export interface DpopExpectation {
  /** The request's method (`POST`). */
  method: string;
  /** The endpoint's public URL: LATCHKEY_PUBLIC_URL and the path, without query. */
  url: string;
  nowSeconds: number;
  skewSeconds: number;
}

const B64URL = /^[A-Za-z0-9_-]+$/;

function segment(s: string, what: string): Record<string, unknown> {
  if (!B64URL.test(s)) throw new DpopRejected(`its ${what} is not base64url`);
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));
  } catch {
    throw new DpopRejected(`its ${what} is not JSON`);
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new DpopRejected(`its ${what} is not an object`);
  return v as Record<string, unknown>;
}

/** Scheme, host, port and path of a URL after RFC 3986 normalisation, or undefined when it is none. */
function withoutQuery(url: string): string | undefined {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return undefined;
  }
}

/**
 * The proof in `header` (the request's DPoP header or headers), checked against `expect`; throws
 * DpopRejected saying in plain words what is wrong. Does not look at the replay cache.
 */
export function dpopProofCheck(header: string | string[] | undefined, expect: DpopExpectation): DpopProof {
  if (header === undefined)
    throw new DpopRejected('a DPoP header with a proof signed by the device key is required');
  // Node joins repeated headers with ", "; a proof never holds a comma.
  if (Array.isArray(header) || header.includes(',')) throw new DpopRejected('send exactly one DPoP header');
  if (header.length > DPOP_MAX_LENGTH)
    throw new DpopRejected(`it is longer than ${DPOP_MAX_LENGTH} characters`);
  const parts = header.split('.');
  if (parts.length !== 3) throw new DpopRejected('it is not a compact JWS (three dot-separated parts)');
  const [h, p, s] = parts as [string, string, string];
  const head = segment(h, 'header');
  if (typeof head.typ !== 'string' || head.typ.toLowerCase() !== 'dpop+jwt')
    throw new DpopRejected('its typ must be "dpop+jwt"');
  if (head.alg !== 'ES256') throw new DpopRejected('its alg must be ES256');
  if (head.crit !== undefined) throw new DpopRejected('crit is not supported');
  const keyProblem = publicJwkProblem(head.jwk);
  if (keyProblem) throw new DpopRejected(`its jwk ${keyProblem}`);
  const jwk = head.jwk as P256PublicJwk;
  if (!B64URL.test(s)) throw new DpopRejected('its signature is not base64url');
  const signature = Buffer.from(s, 'base64url');
  if (signature.length !== 64) throw new DpopRejected('its signature is not an ES256 signature (64 bytes)');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }, format: 'jwk' });
  if (!verifyEs256(Buffer.from(`${h}.${p}`), key, signature))
    throw new DpopRejected('its signature does not verify with its jwk');
  const claims = segment(p, 'payload');
  if (typeof claims.jti !== 'string' || claims.jti.length < 8 || claims.jti.length > 256)
    throw new DpopRejected('its jti must be a unique string of 8 to 256 characters');
  if (claims.htm !== expect.method) throw new DpopRejected(`its htm must be ${expect.method}`);
  const htu = typeof claims.htu === 'string' ? withoutQuery(claims.htu) : undefined;
  if (htu === undefined || htu !== withoutQuery(expect.url))
    throw new DpopRejected(`its htu must be ${expect.url}`);
  if (typeof claims.iat !== 'number' || !Number.isInteger(claims.iat))
    throw new DpopRejected('its iat must be a time in whole seconds');
  if (Math.abs(claims.iat - expect.nowSeconds) > expect.skewSeconds)
    throw new DpopRejected(
      `its iat is more than ${expect.skewSeconds} seconds from the server's time: make a new proof for each request`,
    );
  return { jkt: jwkThumbprint(jwk), jti: claims.jti, iat: claims.iat };
}

/**
 * The proofs this process has accepted, until their `iat` window has passed (a proof older than
 * that is refused as stale anyway). Bounded: at most `max` entries; when full of proofs still in
 * their window, new proofs are refused rather than old ones forgotten. Only a proof that passed every
 * other check, with the key the session is bound to, is recorded, so only the device can fill it.
 * Per process: a proof replayed to another process still meets the refresh token's rotation (each
 * refresh token works once).
 */
export class DpopReplayCache {
  /** key → the second after which the entry may be forgotten; in insertion order, so mostly by time. */
  private readonly seen = new Map<string, number>();

  constructor(private readonly max = 100_000) {}

  get size(): number {
    return this.seen.size;
  }

  /** Records the proof; throws DpopRejected when it was seen before or there is no room. */
  remember(proof: DpopProof, skewSeconds: number, nowSeconds: number): void {
    const key = `${proof.jkt}|${proof.jti}`;
    const until = this.seen.get(key);
    if (until !== undefined && until >= nowSeconds)
      throw new DpopRejected('its jti was used before: make a new proof for each request');
    if (this.seen.size >= this.max) this.forgetStale(nowSeconds);
    if (this.seen.size >= this.max) throw new DpopRejected('too many proofs at once; retry in a minute');
    this.seen.delete(key);
    this.seen.set(key, proof.iat + skewSeconds);
  }

  private forgetStale(nowSeconds: number): void {
    for (const [key, until] of this.seen) if (until < nowSeconds) this.seen.delete(key);
  }
}
