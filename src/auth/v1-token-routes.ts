// POST /auth/v1/token (docs/compatibility.md; the trailing-slash form matches too because the app
// ignores trailing slashes). Its own plugin scope, like the v2 endpoint: form bodies are accepted
// here only, and errors are OAuth JSON (route config `oauth: true`).
import formbody from '@fastify/formbody';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { tokenParams } from './client-auth.ts';
import { ipRateLimit } from './token-routes.ts';
import { OAuthErrorSchema } from './token-schemas.ts';
import { v1ClientCredentialsGrant } from './v1-token-grant.ts';

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

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

export async function v1TokenRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 1024 * 1024 });
    scope.post(
      '/auth/v1/token',
      {
        config: { oauth: true },
        onRequest: ipRateLimit(ctx),
        // Validation is done by the grant itself so that every failure is an OAuth error.
        validatorCompiler: () => () => true,
        schema: {
          summary: 'Issue an auth API v1 access token',
          description:
            'Client credentials grant for partners. Errors are RFC 6749 JSON: two claims of one kind → ' +
            '400 invalid_request; unknown kind, malformed claim, a lock holder without a grant, or claims ' +
            'naming different lock holders → 400 invalid_scope; wrong credentials → 401 invalid_client.',
          tags: ['auth v1'],
          consumes: ['application/json', 'application/x-www-form-urlencoded'],
          body: V1TokenRequestSchema,
          response: { 200: V1TokenResponseSchema, '4xx': OAuthErrorSchema },
        },
      },
      async (request, reply) => {
        const r = await v1ClientCredentialsGrant(
          ctx,
          request.headers.authorization,
          tokenParams(request),
          request.ip,
        );
        return reply.headers(NO_STORE).send({
          access_token: r.accessToken,
          token_type: 'bearer',
          expires_in: r.expiresIn,
          ...(r.scope ? { scope: r.scope } : {}),
          ...(r.lockHolderId ? { lock_holder_id: r.lockHolderId } : {}),
        });
      },
    );
  });
}
