// P-256 public keys as JWKs (RFC 7517): the check of a device's key when a phone registers it, its
// RFC 7638 thumbprint (what a credential's cnf.jkt holds), and an issuer key as the key set lists it.
import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import { base64urlDecode } from '../../verifier/typescript/src/base64url.ts';
import type { IssuerKey } from '../../verifier/typescript/src/lock-state.ts';
import { jwkThumbprintInput } from '../../verifier/typescript/src/thumbprint.ts';

/** The members of a P-256 public JWK that its thumbprint and its use need. */
export interface P256PublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}

/** Registered JWK members a public signing key may carry besides kty, crv, x and y. */
const OPTIONAL = new Set(['kid', 'alg', 'use', 'key_ops', 'ext']);
const PRIVATE = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

function coordinateProblem(v: unknown, name: string): string | undefined {
  if (typeof v !== 'string') return `${name} must be a base64url string`;
  const bytes = v.length === 43 ? base64urlDecode(v) : undefined;
  return bytes?.length === 32
    ? undefined
    : `${name} must be 32 bytes in base64url without padding (43 characters)`;
}

/**
 * Why `value` is not a public EC P-256 key usable for ES256, in plain words, or undefined when it
 * is one. The service answers 400 naming `publicKey` with this reason.
 */
export function publicJwkProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be a JWK object';
  const jwk = value as Record<string, unknown>;
  if (PRIVATE.some((m) => m in jwk))
    return 'is a private key: send only the public part (kty, crv, x, y), and keep the private key on the device';
  if (jwk.kty !== 'EC') return 'must be an elliptic-curve key (kty "EC")';
  if (jwk.crv !== 'P-256') return 'must be on the P-256 curve (crv "P-256")';
  const coordinate = coordinateProblem(jwk.x, 'x') ?? coordinateProblem(jwk.y, 'y');
  if (coordinate) return coordinate;
  const extra = Object.keys(jwk).find((k) => !['kty', 'crv', 'x', 'y'].includes(k) && !OPTIONAL.has(k));
  if (extra) return `has a member this key type does not take: ${extra}`;
  if (jwk.alg !== undefined && jwk.alg !== 'ES256') return 'alg must be ES256 when given';
  if (jwk.use !== undefined && jwk.use !== 'sig') return 'use must be "sig" when given';
  if (jwk.key_ops !== undefined && !(Array.isArray(jwk.key_ops) && jwk.key_ops.includes('verify')))
    return 'key_ops must include "verify" when given';
  try {
    createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: jwk.x as string, y: jwk.y as string },
      format: 'jwk',
    });
  } catch {
    return 'x and y are not a point on the P-256 curve';
  }
  return undefined;
}

/** The RFC 7638 SHA-256 thumbprint, base64url: a device's id in cnf.jkt, an issuer key's kid. */
export function jwkThumbprint(jwk: Pick<P256PublicJwk, 'x' | 'y'>): string {
  return createHash('sha256').update(jwkThumbprintInput(jwk.x, jwk.y)).digest('base64url');
}

/** The public part of an issuer key, as the key set and the provisioning bundle list it. */
export function issuerPublicJwk(key: KeyObject, kid: string): IssuerKey {
  const { x, y, crv } = key.export({ format: 'jwk' });
  if (crv !== 'P-256' || !x || !y) throw new TypeError('an issuer key is an EC P-256 key');
  return { kty: 'EC', crv: 'P-256', x, y, kid, alg: 'ES256', use: 'sig' };
}
