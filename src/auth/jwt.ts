// Compact JWS with ES256 on node:crypto. Hand-rolled on purpose: node's ECDSA signs several times
// faster than WebCrypto, which jose uses (`npm run bench:token` measures both; docs/performance.md),
// and signing is the largest single cost of a token grant (made on a worker thread: sign-thread.ts). The rules are narrow:
// only ES256, only `typ: at+jwt`, a `kid` that must be one of ours, strict base64url; everything
// else is refused. Tests cross-check against jose and openid-client.
import type { KeyObject } from 'node:crypto';
import { verifyEs256 } from '../crypto/es256.ts';
import { memoized } from '../memo.ts';
import { signOnThread } from './sign-thread.ts';

export interface AccessTokenClaims {
  iss: string;
  aud: string | string[];
  sub: string;
  client_id?: string;
  iat: number;
  exp: number;
  nbf?: number;
  jti: string;
  scope: string;
  [claim: string]: unknown;
}

const B64URL = /^[A-Za-z0-9_-]*$/;

function b64json(v: unknown): string {
  return Buffer.from(JSON.stringify(v), 'utf8').toString('base64url');
}

/** The encoded protected header of each kid (one or two sign at a time: a rotation's overlap). */
const encodedHeader = memoized(16, (kid) => b64json({ alg: 'ES256', typ: 'at+jwt', kid }));

export async function signJwt(claims: AccessTokenClaims, kid: string, key: KeyObject): Promise<string> {
  const input = `${encodedHeader(kid)}.${b64json(claims)}`;
  return `${input}.${await signOnThread(input, kid, key)}`;
}

export class TokenRejected extends Error {}

export interface VerifyOptions {
  issuer: string;
  audience: string;
  nowSeconds: number;
  clockSkewSeconds: number;
  keyFor(kid: string): KeyObject | undefined;
}

function decodeSegment(s: string, what: string): Record<string, unknown> {
  if (!B64URL.test(s)) throw new TokenRejected(`${what} is not base64url`);
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));
  } catch {
    throw new TokenRejected(`${what} is not JSON`);
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new TokenRejected(`${what} is not an object`);
  return v as Record<string, unknown>;
}

/** Reads the header without trusting it (to find the kid). */
export function peekHeader(token: string): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3) throw new TokenRejected('not a compact JWS');
  return decodeSegment(parts[0]!, 'header');
}

export function verifyJwt(token: string, o: VerifyOptions): AccessTokenClaims {
  if (token.length > 8192) throw new TokenRejected('token too long');
  const parts = token.split('.');
  if (parts.length !== 3) throw new TokenRejected('not a compact JWS');
  const [h, p, s] = parts as [string, string, string];
  const header = decodeSegment(h, 'header');
  if (header.alg !== 'ES256') throw new TokenRejected('unsupported alg');
  const typ = typeof header.typ === 'string' ? header.typ.toLowerCase() : '';
  if (typ !== 'at+jwt' && typ !== 'application/at+jwt') throw new TokenRejected('typ is not at+jwt');
  if (header.crit !== undefined) throw new TokenRejected('crit not supported');
  if (typeof header.kid !== 'string') throw new TokenRejected('no kid');
  const key = o.keyFor(header.kid);
  if (!key) throw new TokenRejected('unknown kid');
  if (!B64URL.test(s)) throw new TokenRejected('signature is not base64url');
  const signature = Buffer.from(s, 'base64url');
  if (signature.length !== 64) throw new TokenRejected('bad signature length');
  if (!verifyEs256(Buffer.from(`${h}.${p}`), key, signature)) {
    throw new TokenRejected('bad signature');
  }
  const c = decodeSegment(p, 'payload');
  if (c.iss !== o.issuer) throw new TokenRejected('wrong iss');
  const aud = c.aud;
  if (!(aud === o.audience || (Array.isArray(aud) && aud.includes(o.audience))))
    throw new TokenRejected('wrong aud');
  if (typeof c.exp !== 'number' || c.exp + o.clockSkewSeconds <= o.nowSeconds)
    throw new TokenRejected('expired');
  if (typeof c.nbf === 'number' && c.nbf - o.clockSkewSeconds > o.nowSeconds)
    throw new TokenRejected('not yet valid');
  if (typeof c.iat === 'number' && c.iat - o.clockSkewSeconds > o.nowSeconds)
    throw new TokenRejected('issued in the future');
  if (typeof c.sub !== 'string' || typeof c.scope !== 'string') throw new TokenRejected('missing claims');
  return c as AccessTokenClaims;
}
