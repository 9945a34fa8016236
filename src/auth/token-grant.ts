// The client_credentials grant (RFC 6749 §4.4), shared by POST /v2/auth/token/ (Unloc shape: `scope`
// an array) and POST /oauth2/token (RFC 6749 shape: `scope` a space-delimited string).
//
// The grant is a list of checks, each named for what it refuses (as node-oidc-provider's
// lib/actions/token.js lists its steps): the request's own shape first, then the client, then
// what the client may have. A caller that cannot authenticate never learns anything about grants.
import type { AppContext } from '../context.ts';
import { invalidRequest, invalidScope } from '../http/oauth-errors.ts';
import { isUuid } from '../ids.ts';
import {
  type AuthenticatedClient,
  authenticateClientCached,
  authenticateLimited,
  clientCredentialsPrelude,
  stringParam,
} from './client-auth.ts';
import { issueAccessToken } from './issue-token.ts';
import { type ClientGrantRow, grantCovers } from './revocation.ts';
import { isV2Scope, V2_SCOPES, type V2Scope } from './scopes.ts';

export interface GrantResult {
  accessToken: string;
  expiresIn: number;
  scope: V2Scope;
  organizationId: string;
  projectId?: string;
  client: AuthenticatedClient;
}

/** scope: present, one string (the Unloc answer's one-element array is taken back too). */
function scopePresence(body: Record<string, unknown>): string {
  let v = body.scope;
  if (Array.isArray(v) && v.length === 1 && typeof v[0] === 'string') v = v[0];
  if (v === undefined || v === null || v === '') throw invalidRequest('scope is required');
  if (typeof v !== 'string') throw invalidRequest('scope must be a string');
  return v.trim();
}

const resourceParamOf = (scope: V2Scope) =>
  scope === 'organization.admin' ? 'organization_id' : ('project_id' as const);

/** organization_id or project_id, as the scope asks: present and a UUID (lowercased). */
function resourcePresence(body: Record<string, unknown>, name: string): string {
  const v = stringParam(body, name);
  if (!v) throw invalidRequest(`${name} is required for this scope`);
  if (!isUuid(v)) throw invalidRequest(`${name} must be a UUID`);
  return v.toLowerCase();
}

/** After authentication, so that only a client learns which scopes exist. */
function knownScopeCheck(scope: string): asserts scope is V2Scope {
  if (!isV2Scope(scope)) throw invalidScope(`Unknown scope; request one of ${V2_SCOPES.join(', ')}`);
}

/** The client holds a grant covering the scope on the resource (and the project exists). */
function grantCheck(row: ClientGrantRow, scope: V2Scope, resourceId: string): void {
  if (!grantCovers(row.grantScope, scope) || (scope !== 'organization.admin' && !row.projectOrganizationId))
    throw invalidScope(`The client has no ${scope} grant on ${resourceParamOf(scope)} ${resourceId}`);
}

export async function clientCredentialsGrant(
  ctx: AppContext,
  authorization: string | undefined,
  body: Record<string, unknown>,
  sourceAddress: string,
): Promise<GrantResult> {
  const creds = clientCredentialsPrelude(authorization, body);
  const scope = scopePresence(body);
  const resourceId = isV2Scope(scope) ? resourcePresence(body, resourceParamOf(scope)) : null;
  // The client, its grant on the resource and the project's organization (cached; revocation.ts).
  const { clientId, row } = await authenticateLimited(ctx, creds, sourceAddress, () =>
    authenticateClientCached(ctx, creds, resourceId),
  );
  knownScopeCheck(scope);
  grantCheck(row, scope, resourceId!);

  const client: AuthenticatedClient = {
    id: clientId,
    organizationId: row.organizationId!,
    generation: row.generation!,
  };
  const organizationId = scope === 'organization.admin' ? resourceId! : row.projectOrganizationId!;
  const projectId = scope === 'organization.admin' ? undefined : resourceId!;
  const claims: Record<string, unknown> = {
    client_id: client.id,
    client_gen: client.generation,
    organization_id: organizationId,
  };
  if (projectId) claims.project_id = projectId;
  const { accessToken, expiresIn } = await issueAccessToken(ctx, client.id, scope, claims);
  ctx.metrics.tokensIssued.inc({ endpoint: 'v2', scope });
  return { accessToken, expiresIn, scope, organizationId, projectId, client };
}
