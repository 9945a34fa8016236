// Verifies bearer tokens. A verified token is cached until its `exp`, so the ECDSA verify (the
// most expensive step of a request's authentication) runs once per token, not once per request.
import type { Config } from '../config.ts';
import { type AccessTokenClaims, TokenRejected, verifyJwt } from './jwt.ts';
import type { SigningKeys } from './signing-keys.ts';

const MAX_CACHED = 100_000;
export const CLOCK_SKEW_SECONDS = 30;

export class TokenVerifier {
  private readonly cache = new Map<string, AccessTokenClaims>();

  constructor(
    private readonly keys: SigningKeys,
    private readonly config: Pick<Config, 'publicUrl'>,
  ) {}

  /** Returns the claims, or throws TokenRejected. */
  async verify(token: string): Promise<AccessTokenClaims> {
    const now = Math.floor(Date.now() / 1000);
    const cached = this.cache.get(token);
    if (cached) {
      if (cached.exp + CLOCK_SKEW_SECONDS > now) return cached;
      this.cache.delete(token);
    }
    const opts = {
      issuer: this.config.publicUrl,
      audience: this.config.publicUrl,
      nowSeconds: now,
      clockSkewSeconds: CLOCK_SKEW_SECONDS,
      keyFor: (kid: string) => this.keys.publicKey(kid),
    };
    let claims: AccessTokenClaims;
    try {
      claims = verifyJwt(token, opts);
    } catch (e) {
      // A kid we have not seen may belong to a key another process just published.
      if (!(e instanceof TokenRejected) || e.message !== 'unknown kid') throw e;
      const kid = String(
        (JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid,
      );
      if (!(await this.keys.reloadForUnknownKid(kid))) throw e;
      claims = verifyJwt(token, opts);
    }
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(token, claims);
    return claims;
  }
}
