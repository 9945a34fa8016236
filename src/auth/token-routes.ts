// POST /v2/auth/token/ (Unloc-compatible, docs/compatibility.md), POST /oauth2/token (its RFC 6749 twin) and resource discovery.
// Registered in their own plugin scope: only here are form-encoded bodies accepted, and errors are
// answered in OAuth's format (route config `oauth: true`).
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { OAuthError } from '../http/errors.ts';
import { addressKey } from '../http/rate-limit.ts';
import {
  authenticateClient,
  authenticateLimited,
  canonicalCredentials,
  extractClientCredentials,
  tokenParams,
} from './client-auth.ts';
import { clientCredentialsGrant } from './token-grant.ts';
import {
  OAuthErrorSchema,
  ResourcesSchema,
  TokenRequestSchema,
  tokenResponseSchema,
} from './token-schemas.ts';

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

/** Per-IP limit, applied before any work; shared by every token endpoint (v1 included). */
export function ipRateLimit(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    const d = ctx.tokenRateByIp.take(addressKey(request.ip));
    if (!d.allowed) {
      throw new OAuthError('slow_down', 'Too many token requests from this address', 429, {
        'retry-after': String(d.retryAfterSeconds),
      });
    }
  };
}

export async function tokenRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 1024 * 1024 });
    const config = { oauth: true };
    const onRequest = ipRateLimit(ctx);

    const seedShape = async (request: FastifyRequest, reply: FastifyReply) => {
      const r = await clientCredentialsGrant(
        ctx,
        request.headers.authorization,
        tokenParams(request),
        request.ip,
      );
      return reply.headers(NO_STORE).send({
        access_token: r.accessToken,
        token_type: 'bearer',
        expires_in: r.expiresIn,
        scope: [r.scope],
        organization_id: r.organizationId,
        ...(r.projectId ? { project_id: r.projectId } : {}),
      });
    };
    const tokenDoc = (summary: string, scopeAsArray: boolean) => ({
      summary,
      tags: ['auth'],
      consumes: ['application/json', 'application/x-www-form-urlencoded'],
      body: TokenRequestSchema,
      response: { 200: tokenResponseSchema(scopeAsArray), '4xx': OAuthErrorSchema },
    });
    // Validation is done by the grant itself so that every failure is an OAuth error.
    const noValidation = { validatorCompiler: () => () => true };

    scope.post(
      '/v2/auth/token/',
      {
        config,
        onRequest,
        schema: tokenDoc('Issue an access token (Unloc-compatible: scope is an array)', true),
        ...noValidation,
      },
      seedShape,
    );
    scope.post(
      '/oauth2/token',
      { config, onRequest, schema: tokenDoc('Issue an access token (RFC 6749)', false), ...noValidation },
      async (request, reply) => {
        const r = await clientCredentialsGrant(
          ctx,
          request.headers.authorization,
          tokenParams(request),
          request.ip,
        );
        return reply.headers(NO_STORE).send({
          access_token: r.accessToken,
          token_type: 'bearer',
          expires_in: r.expiresIn,
          scope: r.scope,
          organization_id: r.organizationId,
          ...(r.projectId ? { project_id: r.projectId } : {}),
        });
      },
    );
    scope.post(
      '/v2/auth/resources-discovery/',
      {
        config,
        onRequest,
        ...noValidation,
        schema: {
          summary: 'List the resources and scopes the client credentials can access',
          tags: ['auth'],
          consumes: ['application/json', 'application/x-www-form-urlencoded'],
          response: { 200: ResourcesSchema, '4xx': OAuthErrorSchema },
        },
      },
      async (request, reply) => {
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
        const { rows } = await ctx.db.query<{ resource_type: string; resource_id: string; scope: string }>(
          `SELECT g.resource_type, g.resource_id, g.scope FROM grants g
            WHERE g.client_id = $1 ORDER BY g.resource_type, g.resource_id LIMIT 10000`,
          [client.id],
        );
        return reply.headers(NO_STORE).send({
          resources: {
            projects: rows
              .filter((r) => r.resource_type === 'project')
              .map((r) => ({ projectId: r.resource_id, scope: r.scope })),
            organizations: rows
              .filter((r) => r.resource_type === 'organization')
              .map((r) => ({ organizationId: r.resource_id, scope: r.scope })),
            subprojects: [],
          },
        });
      },
    );
  });
}
