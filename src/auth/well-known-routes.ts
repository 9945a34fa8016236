// RFC 8414 authorization-server metadata and the JWKS.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { V2_SCOPES } from './token-grant.ts';

export async function wellKnownRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const base = ctx.config.publicUrl.replace(/\/+$/, '');
  const metadata = {
    issuer: ctx.config.publicUrl,
    token_endpoint: `${base}/oauth2/token`,
    jwks_uri: `${base}/.well-known/jwks.json`,
    grant_types_supported: ['client_credentials'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    scopes_supported: [...V2_SCOPES],
    response_types_supported: [],
    service_documentation: `${base}/docs`,
  };
  app.get(
    '/.well-known/oauth-authorization-server',
    { schema: { summary: 'OAuth 2.0 authorization server metadata (RFC 8414)', tags: ['auth'] } },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(metadata),
  );
  app.get(
    '/.well-known/jwks.json',
    {
      schema: {
        summary: 'Public keys that verify access tokens',
        tags: ['auth'],
        response: { 200: Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown())) }) },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=60').send(ctx.signingKeys.jwks()),
  );
}
