// POST /auth/v1/token (docs/compatibility.md; the trailing-slash form matches too because the app ignores trailing
// slashes). Like the v2 endpoint: form bodies are accepted and errors are OAuth JSON.
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../http/operations.ts';
import { tokenEndpointAnswer } from './token-routes.ts';
import { v1ClientCredentialsGrant } from './v1-token-grant.ts';

const ScopeParam = Type.Union(
  [
    Type.String({ maxLength: 2048, examples: ['lockHolder.identifier:NO.919424508.'] }),
    Type.Array(Type.String({ maxLength: 2048 }), { maxItems: 20 }),
  ],
  {
    description:
      'Optional. A space-delimited string or an array of strings, at most one claim of each kind: ' +
      '`integrator.admin`, `lockHolder.admin:<lockHolderId>`, ' +
      '`lockHolder.identifier:<countryIso>.<orgNumber>.<orgNumberSuffix>` (the suffix may be empty). ' +
      'Without a scope the token carries `integrator.admin`.',
  },
);

export const V1TokenRequestSchema = Type.Object(
  {
    grant_type: Type.Literal('client_credentials'),
    client_id: Type.Optional(
      Type.String({
        maxLength: 255,
        description: 'Partner id (API client id). Or use HTTP Basic (client_secret_basic)',
      }),
    ),
    client_secret: Type.Optional(
      Type.String({ maxLength: 255, description: 'Partner API key (client secret)' }),
    ),
    scope: Type.Optional(ScopeParam),
  },
  {
    examples: [
      {
        grant_type: 'client_credentials',
        client_id: '0193a1b2-7c4d-7e5f-8a9b-0c1d2e3f4a5b',
        client_secret: 'lk_secret_…',
        scope: ['lockHolder.identifier:NO.919424508.'],
      },
    ],
  },
);

export const V1TokenResponseSchema = Type.Object({
  access_token: Type.String({ description: 'ES256 JWT (RFC 9068) usable on /integrators/v1 only' }),
  token_type: Type.Literal('bearer'),
  expires_in: Type.Integer({ examples: [3600] }),
  scope: Type.Optional(
    Type.Array(Type.String(), { description: 'The granted claims; present only when a scope was requested' }),
  ),
  lock_holder_id: Type.Optional(
    Type.String({ format: 'uuid', description: 'The lock holder a lockHolder claim was granted on' }),
  ),
});

export const v1TokenOperations = [
  defineOperation({
    operationId: 'v1TokenCreate',
    audit: { none: 'issues a token; nothing is changed' },
    method: 'POST',
    path: '/auth/v1/token',
    tags: ['auth v1'],
    summary: 'Issue an auth API v1 access token',
    description:
      'Client credentials grant for partners. Errors are RFC 6749 JSON: two claims of one kind → ' +
      '400 invalid_request; unknown kind, malformed claim, a lock holder without a grant, or claims ' +
      'naming different lock holders → 400 invalid_scope; wrong credentials → 401 invalid_client.',
    auth: { kind: 'client' },
    errorFormat: 'oauth',
    consumes: ['application/json', 'application/x-www-form-urlencoded'],
    body: V1TokenRequestSchema,
    success: { status: 200, schema: V1TokenResponseSchema },
    handler: (request, reply, ctx) =>
      tokenEndpointAnswer(request, reply, ctx, v1ClientCredentialsGrant, (r) => ({
        ...(r.scope ? { scope: r.scope } : {}),
        ...(r.lockHolderId ? { lock_holder_id: r.lockHolderId } : {}),
      })),
  }),
];
