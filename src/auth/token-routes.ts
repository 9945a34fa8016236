// The v2 token endpoint (POST /v2/auth/token/, Unloc-compatible, docs/compatibility.md), its RFC 6749
// twin (POST /oauth2/token) and resource discovery. Errors are OAuth JSON and form bodies are accepted (errorFormat 'oauth').
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { NO_STORE } from '../http/oauth-errors.ts';
import type { Operation } from '../http/operations.ts';
import { defineOperation } from '../http/operations.ts';
import {
  authenticateClient,
  authenticateLimited,
  canonicalCredentials,
  extractClientCredentials,
  tokenParams,
} from './client-auth.ts';
import { grantsOfClient } from './grants.ts';
import { type IssuedToken, tokenAnswer } from './issue-token.ts';
import { clientCredentialsGrant } from './token-grant.ts';
import {
  ResourcesDiscoveryRequestSchema,
  ResourcesSchema,
  TokenRequestSchema,
  tokenResponseSchema,
} from './token-schemas.ts';

const FORM = ['application/json', 'application/x-www-form-urlencoded'];
const tags = ['auth'];

/** A client_credentials grant: v2 and OAuth (token-grant.ts), v1 (v1-token-grant.ts). */
type ClientCredentialsGrant<R> = (
  ctx: AppContext,
  authorization: string | undefined,
  body: Record<string, unknown>,
  sourceAddress: string,
) => Promise<R>;

/**
 * What every token endpoint answers: `grant` run on the request's client credentials (HTTP Basic or
 * the body) and parameters, then the token, uncached, followed by the fields `more` adds of the grant.
 */
export async function tokenEndpointAnswer<R extends IssuedToken>(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: AppContext,
  grant: ClientCredentialsGrant<R>,
  more: (r: R) => Record<string, unknown>,
) {
  const r = await grant(ctx, request.headers.authorization, tokenParams(request), request.ip);
  reply.headers(NO_STORE);
  return Object.assign(tokenAnswer(r), more(r));
}

/** The two token endpoints differ only in `scope`: an array on /v2/auth/token/, a string on /oauth2/token. */
function tokenEndpoint(operationId: string, path: string, summary: string, scopeAsArray: boolean): Operation {
  return defineOperation({
    operationId,
    method: 'POST',
    audit: { none: 'issues a token; nothing is changed' },
    path,
    tags,
    summary,
    auth: { kind: 'client' },
    errorFormat: 'oauth',
    consumes: FORM,
    body: TokenRequestSchema,
    success: { status: 200, schema: tokenResponseSchema(scopeAsArray) },
    handler: (request, reply, ctx) =>
      tokenEndpointAnswer(request, reply, ctx, clientCredentialsGrant, (r) => {
        const scope = scopeAsArray ? [r.scope] : r.scope;
        return r.projectId
          ? { scope, organization_id: r.organizationId, project_id: r.projectId }
          : { scope, organization_id: r.organizationId };
      }),
  });
}

export const tokenOperations = [
  tokenEndpoint(
    'tokenCreate',
    '/v2/auth/token/',
    'Issue an access token (Unloc-compatible: scope is an array)',
    true,
  ),
  tokenEndpoint('oauth2TokenCreate', '/oauth2/token', 'Issue an access token (RFC 6749)', false),
  defineOperation({
    operationId: 'resourcesDiscover',
    audit: { none: 'reads the grants of the calling client' },
    method: 'POST',
    path: '/v2/auth/resources-discovery/',
    tags,
    summary: 'List the resources and scopes the client credentials can access',
    auth: { kind: 'client' },
    errorFormat: 'oauth',
    consumes: FORM,
    body: ResourcesDiscoveryRequestSchema,
    success: { status: 200, schema: ResourcesSchema },
    handler: async (request, reply, ctx) => {
      const creds = canonicalCredentials(
        extractClientCredentials(request.headers.authorization, tokenParams(request)),
      );
      const { client } = await authenticateLimited(
        ctx,
        creds,
        request.ip,
        () => authenticateClient(ctx, creds),
        { countSuccess: false },
      );
      const rows = await grantsOfClient(ctx.db, client.id);
      reply.headers(NO_STORE);
      return {
        resources: {
          projects: rows
            .filter((r) => r.resource_type === 'project')
            .map((r) => ({ projectId: r.resource_id, scope: r.scope })),
          organizations: rows
            .filter((r) => r.resource_type === 'organization')
            .map((r) => ({ organizationId: r.resource_id, scope: r.scope })),
          subprojects: [],
        },
      };
    },
  }),
];
