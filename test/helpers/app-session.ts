// App sessions in tests: a real login with a one-time code (the log sender's labelled line), and
// DPoP proofs made with jose (an implementation independent of the service's own check).
import { generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, type JWK, SignJWT } from 'jose';
import type { TestApp } from './app.ts';
import { newPhone } from './events.ts';

export const REFRESH_PATH = '/v2/app/auth/refresh';

export interface Login {
  phone: string;
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

/** Logs a phone in through POST /v2/app/auth/otp and /v2/app/auth/token; the phone is made known first. */
export async function appLogin(t: TestApp, phone = newPhone(), remoteAddress = '10.9.0.1'): Promise<Login> {
  await t.store.db.query('INSERT INTO app_users (app_user_id) VALUES ($1) ON CONFLICT DO NOTHING', [phone]);
  const before = t.logs.length;
  const r = await t.inject({
    method: 'POST',
    url: '/v2/app/auth/otp',
    payload: { appUserId: phone },
    remoteAddress,
  });
  if (r.statusCode !== 202) throw new Error(`otp: ${r.statusCode} ${r.body}`);
  await t.ctx.appLogin.settled();
  const line = t.logs.slice(before).find((l) => l.includes('APP LOGIN CODE') && l.includes(phone));
  const code = /: (\d{6})\b/.exec(line ?? '')?.[1];
  if (!code) throw new Error('no login code in the logs');
  const tok = await t.call('POST', '/v2/app/auth/token', { body: { appUserId: phone, code } });
  if (tok.status !== 200) throw new Error(`token: ${tok.status} ${JSON.stringify(tok.body)}`);
  return { phone, ...tok.body };
}

/** The claims of a JWT, unverified (the session id `sid` of an app token). */
export const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

export interface DeviceKey {
  privateKey: KeyObject;
  jwk: JWK;
  thumbprint: string;
}

export async function deviceKey(): Promise<DeviceKey> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' }) as JWK;
  return { privateKey, jwk, thumbprint: await calculateJwkThumbprint(jwk, 'sha256') };
}

/** A DPoP proof (RFC 9449 §4.2); each part may be overridden to make a bad one. */
export function dpopProof(
  key: DeviceKey,
  o: {
    htm?: string;
    htu?: string;
    iat?: number;
    jti?: string;
    alg?: string;
    typ?: string;
    jwk?: unknown;
    signWith?: KeyObject;
  } = {},
): Promise<string> {
  return new SignJWT({
    htm: o.htm ?? 'POST',
    htu: o.htu ?? `http://latchkey.test${REFRESH_PATH}`,
    iat: o.iat ?? Math.floor(Date.now() / 1000),
    jti: o.jti ?? randomUUID(),
  })
    .setProtectedHeader({ alg: o.alg ?? 'ES256', typ: o.typ ?? 'dpop+jwt', jwk: (o.jwk ?? key.jwk) as JWK })
    .sign(o.signWith ?? key.privateKey);
}

/** POST /v2/app/auth/refresh, with a DPoP header when given. */
export function refresh(t: TestApp, refreshToken: unknown, dpop?: string) {
  return t.call('POST', REFRESH_PATH, {
    body: { refresh_token: refreshToken },
    ...(dpop ? { headers: { dpop } } : {}),
  });
}
