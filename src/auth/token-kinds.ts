// Which kind of token a route needs, and which kind a request brought, in words: a 403 for the wrong
// kind of token says both, so "I sent my v1 token to a v2 route" is read off the answer.
import type { AccessTokenClaims } from './jwt.ts';
import { V1_TOKEN_USE } from './v1-token-grant.ts';

const V2_TOKEN = 'POST /v2/auth/token/ or POST /oauth2/token';

/** The kind of token that carries these scopes, with where to get one. */
export function neededTokenKind(scopes: readonly string[]): string {
  const s = new Set(scopes);
  if (s.has('app.user')) return 'an app token (scope app.user, from POST /v2/app/auth/token)';
  if (s.has('organization.admin'))
    return `an organization token (scope organization.admin with organization_id, from ${V2_TOKEN})`;
  if (s.has('project.admin') && s.has('project.installer'))
    return `a v2 project token (scope project.admin or project.installer with project_id, from ${V2_TOKEN})`;
  if (s.has('project.admin'))
    return `a v2 project token with scope project.admin (with project_id, from ${V2_TOKEN})`;
  return `a token with scope ${scopes.join(' or ')}`;
}

/** What the presented token is, in words. */
export function presentedTokenKind(claims: AccessTokenClaims): string {
  if (claims.token_use === V1_TOKEN_USE)
    return 'an auth API v1 token (from POST /auth/v1/token), which only /integrators/v1 routes take';
  const scopes = String(claims.scope ?? '')
    .split(' ')
    .filter(Boolean);
  if (scopes.includes('app.user')) return 'an app token, which only /v2/app routes take';
  if (scopes.includes('organization.admin')) return 'an organization token';
  if (scopes.includes('project.admin')) return 'a project token with scope project.admin';
  if (scopes.includes('project.installer')) return 'a project token with scope project.installer';
  return `a token with scope "${scopes.join(' ')}"`;
}

/** The detail of a 403 for a token of the wrong kind or scope. */
export function wrongTokenDetail(needed: readonly string[], claims: AccessTokenClaims): string {
  return `This route needs ${neededTokenKind(needed)}; this request brought ${presentedTokenKind(claims)}`;
}
