// The client_credentials grant (RFC 6749 §4.4), shared by POST /v2/auth/token/ (Unloc shape: `scope`
// an array) and POST /oauth2/token (RFC 6749 shape: `scope` a space-delimited string).
import type { AppContext } from '../context.ts';
import { OAuthError } from '../http/errors.ts';
import { isUuid } from '../ids.ts';
import {
  type AuthenticatedClient,
  authenticateClientCached,
  authenticateLimited,
  clientCredentialsPrelude,
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
  // The Unloc-compatible response carries scope as an array; accept a one-element array back in a request.
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
  sourceAddress: string,
): Promise<GrantResult> {
  const creds = clientCredentialsPrelude(authorization, body);
  const scope = requestedScope(body);
  const known = (V2_SCOPES as readonly string[]).includes(scope);
  const resourceName = scope === 'organization.admin' ? 'organization_id' : 'project_id';
  const resourceId = known ? resourceParam(body, resourceName) : null;

  // The client, its grant on the resource and the project's organization (cached; revocation.ts).
  const { clientId, row } = await authenticateLimited(ctx, creds, sourceAddress, () =>
    authenticateClientCached(ctx, creds, resourceId),
  );
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
  const claims: Record<string, unknown> = {
    client_id: client.id,
    client_gen: client.generation,
    organization_id: organizationId,
  };
  if (projectId) claims.project_id = projectId;
  const { accessToken, expiresIn } = await issueAccessToken(ctx, client.id, scope, claims);
  ctx.metrics.tokensIssued.inc({ endpoint: 'v2', scope });
  return { accessToken, expiresIn, scope: scope as V2Scope, organizationId, projectId, client };
}
