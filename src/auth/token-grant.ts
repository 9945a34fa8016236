// The client_credentials grant of API.md 2.1, shared by POST /v2/auth/token/ (seed shape: `scope`
// an array) and POST /oauth2/token (RFC 6749 shape: `scope` a space-delimited string).
import type { AppContext } from '../context.ts';
import { secretMatches } from '../crypto/secrets.ts';
import { OAuthError } from '../http/errors.ts';
import { isUuid } from '../ids.ts';
import {
  type AuthenticatedClient,
  DUMMY_HASH,
  extractClientCredentials,
  invalidClient,
  stringParam,
} from './client-auth.ts';
import { issueAccessToken } from './issue-token.ts';
import { grantCovers } from './revocation.ts';

export const V2_SCOPES = ['organization.admin', 'project.admin', 'project.installer'] as const;
export type V2Scope = (typeof V2_SCOPES)[number];

export interface GrantResult {
  accessToken: string;
  expiresIn: number;
  scope: V2Scope;
  organizationId: string;
  projectId?: string;
  client: AuthenticatedClient;
}

function requestedScope(body: Record<string, unknown>): string {
  let v = body.scope;
  // The seed's response carries scope as an array; accept a one-element array back in a request.
  if (Array.isArray(v) && v.length === 1 && typeof v[0] === 'string') v = v[0];
  if (v === undefined || v === null || v === '') throw new OAuthError('invalid_request', 'scope is required');
  if (typeof v !== 'string') throw new OAuthError('invalid_request', 'scope must be a string');
  return v.trim();
}

function resourceParam(body: Record<string, unknown>, name: string): string {
  const v = stringParam(body, name);
  if (!v) throw new OAuthError('invalid_request', `${name} is required for this scope`);
  if (!isUuid(v)) throw new OAuthError('invalid_request', `${name} must be a UUID`);
  return v.toLowerCase();
}

export async function clientCredentialsGrant(
  ctx: AppContext,
  authorization: string | undefined,
  body: Record<string, unknown>,
): Promise<GrantResult> {
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
  const scope = requestedScope(body);
  const known = (V2_SCOPES as readonly string[]).includes(scope);
  const resourceName = scope === 'organization.admin' ? 'organization_id' : 'project_id';
  const resourceId = known ? resourceParam(body, resourceName) : null;

  // The client, its grant on the resource and the project's organization: one indexed query, cached
  // for at most LATCHKEY_REVOCATION_CACHE_SECONDS (revocation.ts). Unknown client and wrong secret
  // take the same path: an HMAC and a constant-time compare against a dummy hash.
  const clientId = isUuid(creds.clientId) ? creds.clientId.toLowerCase() : undefined;
  const row = clientId ? await ctx.clientStatus.lookup(clientId, resourceId) : undefined;
  const ok = secretMatches(ctx.keyring.pepper, creds.clientSecret, row?.secretHash ?? DUMMY_HASH);
  if (!clientId || !row?.secretHash || !ok) throw invalidClient(creds.method);
  const client: AuthenticatedClient = {
    id: clientId,
    organizationId: row.organizationId!,
    generation: row.generation!,
  };
  if (!known) {
    throw new OAuthError('invalid_scope', `Unknown scope; request one of ${V2_SCOPES.join(', ')}`);
  }
  if (!grantCovers(row.grantScope, scope) || (scope !== 'organization.admin' && !row.projectOrganizationId)) {
    throw new OAuthError(
      'invalid_scope',
      `The client has no ${scope} grant on ${resourceName} ${resourceId}`,
    );
  }
  const organizationId = scope === 'organization.admin' ? resourceId! : row.projectOrganizationId!;
  const projectId = scope === 'organization.admin' ? undefined : resourceId!;
  const issued = issueAccessToken(ctx, client.id, scope, {
    client_id: client.id,
    client_gen: client.generation,
    organization_id: organizationId,
    ...(projectId ? { project_id: projectId } : {}),
  });
  ctx.metrics.tokensIssued.inc({ endpoint: 'v2', scope });
  return { ...issued, scope: scope as V2Scope, organizationId, projectId, client };
}
