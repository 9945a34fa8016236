// Mints an access token (RFC 9068 profile). Shared by the v2, OAuth and v1 token endpoints and
// by app tokens.
import type { AppContext } from '../context.ts';
import { pooledRandomBytes } from '../crypto/random-pool.ts';
import { signJwt } from './jwt.ts';

export interface IssuedToken {
  accessToken: string;
  expiresIn: number;
}

/** The fields of RFC 6749 §5.1 that every answer carrying a token starts with. */
export const tokenAnswer = (t: IssuedToken) => ({
  access_token: t.accessToken,
  token_type: 'bearer' as const,
  expires_in: t.expiresIn,
});

export async function issueAccessToken(
  ctx: AppContext,
  subject: string,
  scope: string,
  claims: Record<string, unknown>,
  now = Date.now(),
): Promise<IssuedToken> {
  const iat = Math.floor(now / 1000);
  const expiresIn = ctx.config.tokenTtlSeconds;
  const { kid, key } = ctx.signingKeys.signer(now);
  const accessToken = await signJwt(
    {
      iss: ctx.config.publicUrl,
      aud: ctx.config.publicUrl,
      sub: subject,
      iat,
      exp: iat + expiresIn,
      jti: pooledRandomBytes(16).toString('base64url'),
      scope,
      ...claims,
    },
    kid,
    key,
  );
  return { accessToken, expiresIn };
}
