// The client_credentials grant of the auth API v1 (seed 4.2, API.md 2.5): a partner (API client)
// asks for claims on lock holders (projects, API.md §4). Same client authentication, rate limits
// and error order as the v2 grant (token-grant.ts): malformed requests are refused before the
// client is authenticated, scope decisions after it.
//
// A client reaches a lock holder when it holds `project.admin` on that project. `project.installer`
// does not count: it may only onboard and read locks (API.md 2.1), while a lock-holder claim
// manages the lock holder itself. `integrator.admin` is granted to every authenticated client; it
// covers only the lock holders the client reaches, checked on each request.
//
// Tokens carry `token_use: "v1"`. The v1 routes accept nothing else (v1-authenticate.ts), and the
// v2 routes never accept a v1 token because none of its scope tokens is a v2 scope.
import type { AppContext } from '../context.ts';
import { OAuthError } from '../http/errors.ts';
import { authenticateClient, extractClientCredentials, stringParam } from './client-auth.ts';
import { issueAccessToken } from './issue-token.ts';
import { parseV1Scope, type V1Scope } from './v1-scope.ts';

export const V1_TOKEN_USE = 'v1';
/** The scope of a token whose request named none. */
export const V1_DEFAULT_SCOPE = 'integrator.admin';
/** The only grant that makes a lock holder reachable. */
export const LOCK_HOLDER_GRANT = 'project.admin';

export interface V1GrantResult {
  accessToken: string;
  expiresIn: number;
  /** Only when the request named a scope (seed 4.2). */
  scope?: string[];
  lockHolderId?: string;
}

interface ReachableRow {
  id: string;
  country_iso: string | null;
  org_number: string | null;
  suffix: string;
}

// The lock holders the client reaches that the claims name: the lockHolder.admin id and up to two
// identifier matches (two is enough to know the identifier is ambiguous). Runs inside the client
// authentication query, so a grant is one round trip.
const REACHABLE_SQL = `, (SELECT coalesce(json_agg(r), '[]'::json) FROM (
    SELECT p.id, p.country_iso, p.org_number, coalesce(p.org_number_suffix, '') AS suffix
      FROM grants g JOIN projects p ON p.id = g.resource_id
     WHERE g.client_id = c.id AND g.resource_type = 'project' AND g.scope = '${LOCK_HOLDER_GRANT}'
       AND (p.id = $2::uuid OR (p.country_iso = $3::text AND p.org_number = $4::text
            AND coalesce(p.org_number_suffix, '') = $5::text))
     ORDER BY (p.id = $2::uuid) DESC NULLS LAST, p.id LIMIT 3) r) AS reachable`;

/** Which lock holder the claims name, or an invalid_scope error. */
function resolveLockHolder(scope: V1Scope, rows: ReachableRow[]): string | undefined {
  let byId: string | undefined;
  if (scope.lockHolderId) {
    byId = rows.find((r) => r.id === scope.lockHolderId)?.id;
    if (!byId) {
      throw new OAuthError(
        'invalid_scope',
        `lockHolder.admin:${scope.lockHolderId} is not a lock holder this client has a grant on`,
      );
    }
  }
  if (!scope.identifier) return byId;
  const i = scope.identifier;
  const matches = rows.filter(
    (r) => r.country_iso === i.countryIso && r.org_number === i.orgNumber && r.suffix === i.orgNumberSuffix,
  );
  const what = `lockHolder.identifier:${i.countryIso}.${i.orgNumber}.${i.orgNumberSuffix}`;
  if (matches.length === 0) {
    throw new OAuthError('invalid_scope', `${what} names no lock holder this client has a grant on`);
  }
  if (byId) {
    if (!matches.some((m) => m.id === byId)) {
      throw new OAuthError(
        'invalid_scope',
        'The lockHolder.admin and lockHolder.identifier claims name different lock holders',
      );
    }
    return byId;
  }
  if (matches.length > 1) {
    throw new OAuthError(
      'invalid_scope',
      `${what} matches more than one lock holder of this client; ask for lockHolder.admin:<lockHolderId>`,
    );
  }
  return matches[0]!.id;
}

export async function v1ClientCredentialsGrant(
  ctx: AppContext,
  authorization: string | undefined,
  body: Record<string, unknown>,
): Promise<V1GrantResult> {
  const grantType = stringParam(body, 'grant_type');
  if (!grantType) throw new OAuthError('invalid_request', 'grant_type is required');
  const creds = extractClientCredentials(authorization, body);
  if (grantType !== 'client_credentials') {
    throw new OAuthError('unsupported_grant_type', 'Only the client_credentials grant is supported');
  }
  const limited = ctx.tokenRateByClient.take(creds.clientId);
  if (!limited.allowed) {
    throw new OAuthError('slow_down', 'Too many token requests for this client', 429, {
      'retry-after': String(limited.retryAfterSeconds),
    });
  }
  const parsed = parseV1Scope(body.scope);
  if (!parsed.ok && parsed.error === 'invalid_request') {
    throw new OAuthError(parsed.error, parsed.description);
  }
  const scope = parsed.ok ? parsed.scope : undefined;
  const needsLookup = !!(scope?.lockHolderId || scope?.identifier);
  const i = scope?.identifier;
  const { client, extra } = await authenticateClient<{ reachable?: ReachableRow[] | string }>(
    ctx,
    creds,
    needsLookup
      ? {
          select: REACHABLE_SQL,
          joins: '',
          params: [
            scope!.lockHolderId ?? null,
            i?.countryIso ?? null,
            i?.orgNumber ?? null,
            i?.orgNumberSuffix ?? null,
          ],
        }
      : undefined,
  );
  if (!parsed.ok) throw new OAuthError(parsed.error, parsed.description);
  const s = parsed.scope;
  const rows = typeof extra.reachable === 'string' ? JSON.parse(extra.reachable) : (extra.reachable ?? []);
  const lockHolderId = needsLookup ? resolveLockHolder(s, rows as ReachableRow[]) : undefined;

  const issued = issueAccessToken(ctx, client.id, s.requested ? s.claims.join(' ') : V1_DEFAULT_SCOPE, {
    client_id: client.id,
    client_gen: client.generation,
    organization_id: client.organizationId,
    token_use: V1_TOKEN_USE,
    ...(lockHolderId ? { lock_holder_id: lockHolderId } : {}),
  });
  ctx.metrics.tokensIssued.inc({ endpoint: 'v1', scope: lockHolderId ? 'lockHolder' : 'integrator.admin' });
  return {
    ...issued,
    ...(s.requested ? { scope: s.claims } : {}),
    ...(lockHolderId ? { lockHolderId } : {}),
  };
}
