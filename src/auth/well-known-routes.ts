// RFC 8414 authorization-server metadata and the JWKS.
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../context.ts';
import { defineOperation } from '../http/operations.ts';
import { V2_SCOPES } from './scopes.ts';

function metadataOf(ctx: AppContext) {
  const base = ctx.config.publicUrl.replace(/\/+$/, '');
  return {
    issuer: ctx.config.publicUrl,
    token_endpoint: `${base}/oauth2/token`,
    jwks_uri: `${base}/.well-known/jwks.json`,
    grant_types_supported: ['client_credentials'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    scopes_supported: [...V2_SCOPES],
    response_types_supported: [],
    service_documentation: `${base}/docs`,
  };
}

const Url = Type.String({ format: 'uri' });
const Strings = Type.Array(Type.String());
/** The fields this server publishes (RFC 8414 §2). */
const MetadataSchema = Type.Object({
  issuer: Url,
  token_endpoint: Url,
  jwks_uri: Url,
  grant_types_supported: Strings,
  token_endpoint_auth_methods_supported: Strings,
  scopes_supported: Strings,
  response_types_supported: Strings,
  service_documentation: Url,
});

export const wellKnownOperations = [
  defineOperation({
    operationId: 'authorizationServerMetadata',
    method: 'GET',
    path: '/.well-known/oauth-authorization-server',
    tags: ['auth'],
    summary: 'OAuth 2.0 authorization server metadata (RFC 8414)',
    auth: { kind: 'none' },
    success: { status: 200, schema: MetadataSchema },
    handler: (_request, reply, ctx) => {
      reply.header('cache-control', 'public, max-age=300');
      return metadataOf(ctx);
    },
  }),
  defineOperation({
    operationId: 'jwksGet',
    method: 'GET',
    path: '/.well-known/jwks.json',
    tags: ['auth'],
    summary: 'Public keys that verify access tokens',
    auth: { kind: 'none' },
    success: {
      status: 200,
      schema: Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown())) }),
    },
    handler: (_request, reply, ctx) => {
      reply.header('cache-control', 'public, max-age=60');
      return ctx.signingKeys.jwks();
    },
  }),
];
