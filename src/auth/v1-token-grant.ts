// The client_credentials grant of the auth API v1 (docs/compatibility.md): a partner (API client)
// asks for claims on lock holders (projects seen through API v1). Same client authentication, rate limits
// and error order as the v2 grant (token-grant.ts): malformed requests are refused before the
// client is authenticated, scope decisions after it.
//
// A client reaches a lock holder when it holds `project.admin` on that project. `project.installer`
// does not count: it may only onboard and read locks, while a lock-holder claim
// manages the lock holder itself. `integrator.admin` is granted to every authenticated client; it
// covers only the lock holders the client reaches, checked on each request.
//
// Tokens carry `token_use: "v1"`. The v1 routes accept nothing else (v1-authenticate.ts), and the
// v2 routes never accept a v1 token because none of its scope tokens is a v2 scope.
import type { AppContext } from '../context.ts';
import { invalidScope, oauthError } from '../http/oauth-errors.ts';
import { authenticateClientCached, authenticateLimited, clientCredentialsPrelude } from './client-auth.ts';
import { issueAccessToken } from './issue-token.ts';
import { type ClientGrantRow, grantCovers } from './revocation.ts';
import {
  identifierClaim,
  type LockHolderIdentifier,
  parseV1Scope,
  type V1Scope,
  type V1ScopeResult,
} from './v1-scope.ts';

export const V1_TOKEN_USE = 'v1';
/** The scope of a token whose request named none. */
export const V1_DEFAULT_SCOPE = 'integrator.admin';
/** The only grant that makes a lock holder reachable. */
export const LOCK_HOLDER_GRANT = 'project.admin';

export interface V1GrantResult {
  accessToken: string;
  expiresIn: number;
  /** Only when the request named a scope. */
  scope?: string[];
  lockHolderId?: string;
}

/**
 * The lock holder an identifier claim names among those the client reaches (uncached: identifiers
 * change). With a lockHolder.admin id as well, only that lock holder is considered.
 */
async function resolveIdentifier(
  ctx: AppContext,
  clientId: string,
  i: LockHolderIdentifier,
  adminId: string | undefined,
): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT p.id FROM grants g JOIN projects p ON p.id = g.resource_id
      WHERE g.client_id = $1 AND g.resource_type = 'project' AND g.scope = '${LOCK_HOLDER_GRANT}'
        AND p.country_iso = $2 AND p.org_number = $3 AND coalesce(p.org_number_suffix, '') = $4
        AND ($5::uuid IS NULL OR p.id = $5)
      LIMIT 2`,
    [clientId, i.countryIso, i.orgNumber, i.orgNumberSuffix, adminId ?? null],
  );
  const what = identifierClaim(i);
  if (adminId && rows.length === 0)
    throw invalidScope('The lockHolder.admin and lockHolder.identifier claims name different lock holders');
  if (rows.length === 0) throw invalidScope(`${what} names no lock holder this client has a grant on`);
  if (rows.length > 1)
    throw invalidScope(
      `${what} matches more than one lock holder of this client; ask for lockHolder.admin:<lockHolderId>`,
    );
  return rows[0]!.id;
}

/** The scope's shape (size, one claim of a kind): refused before the client is authenticated. */
function scopeShapeCheck(parsed: V1ScopeResult): void {
  if (!parsed.ok && parsed.error === 'invalid_request') throw oauthError(parsed.error, parsed.description);
}

/** Unknown and malformed claims: refused after authentication, so only a client learns the kinds. */
function scopeClaimsCheck(parsed: V1ScopeResult): V1Scope {
  if (!parsed.ok) throw oauthError(parsed.error, parsed.description);
  return parsed.scope;
}

/** A lockHolder.admin claim names a lock holder the client reaches (holds project.admin on). */
function lockHolderGrantCheck(row: ClientGrantRow, lockHolderId: string): void {
  if (!grantCovers(row.grantScope, LOCK_HOLDER_GRANT) || !row.projectOrganizationId)
    throw invalidScope(`lockHolder.admin:${lockHolderId} is not a lock holder this client has a grant on`);
}

export async function v1ClientCredentialsGrant(
  ctx: AppContext,
  authorization: string | undefined,
  body: Record<string, unknown>,
  sourceAddress: string,
): Promise<V1GrantResult> {
  const creds = clientCredentialsPrelude(authorization, body);
  const parsed = parseV1Scope(body.scope);
  scopeShapeCheck(parsed);
  const s = parsed.ok ? parsed.scope : undefined;

  // The client, and its grant on the lockHolder.admin lock holder when one is named: one indexed
  // query, cached for at most LATCHKEY_REVOCATION_CACHE_SECONDS (revocation.ts), as for v2 tokens.
  // Unknown client and wrong secret take the same path: an HMAC and a constant-time compare.
  const { clientId, row } = await authenticateLimited(ctx, creds, sourceAddress, () =>
    authenticateClientCached(ctx, creds, s?.lockHolderId ?? null),
  );
  const scope = scopeClaimsCheck(parsed);
  if (scope.lockHolderId) lockHolderGrantCheck(row, scope.lockHolderId);
  const lockHolderId = scope.identifier
    ? await resolveIdentifier(ctx, clientId, scope.identifier, scope.lockHolderId)
    : scope.lockHolderId;

  const claims = scope.requested ? scope.claims.join(' ') : V1_DEFAULT_SCOPE;
  const issued = await issueAccessToken(ctx, clientId, claims, {
    client_id: clientId,
    client_gen: row.generation!,
    organization_id: row.organizationId!,
    token_use: V1_TOKEN_USE,
    ...(lockHolderId ? { lock_holder_id: lockHolderId } : {}),
  });
  ctx.metrics.tokensIssued.inc({ endpoint: 'v1', scope: lockHolderId ? 'lockHolder' : 'integrator.admin' });
  return {
    ...issued,
    ...(scope.requested ? { scope: scope.claims } : {}),
    ...(lockHolderId ? { lockHolderId } : {}),
  };
}
