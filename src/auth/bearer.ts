// v2 bearer authentication as an onRequest hook (runs before the body is read, so a request
// without a valid token is refused before parsing or validation). Every check the API promises:
// signature, typ, iss, aud, exp (jwt.ts) → scope → the path's organization/project is the token's
// → the client and its grant still exist (revocation.ts).
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { AccessTokenClaims } from './jwt.ts';
import { TokenRejected } from './jwt.ts';
import { wrongTokenDetail } from './token-kinds.ts';

export interface Principal {
  claims: AccessTokenClaims;
  scopes: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

export interface TokenRequirement {
  /** Any one of these scopes is enough. */
  scopes: readonly string[];
  /** Path parameter that must equal the token's resource. */
  resource?: 'organization' | 'project';
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(h);
  return m?.[1];
}

/** The principal set by the hook; handlers behind `requireToken` can rely on it. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('operation is missing its bearer auth');
  return request.principal;
}

/**
 * The token of an `Authorization: Bearer` header, verified (signature, typ, iss, aud, times).
 * No header or another scheme: 401 without an error code; anything wrong with the token: 401
 * invalid_token (RFC 6750 §3.1). Shared by the v2 hook below and the v1 hook.
 */
export async function verifyBearer(ctx: AppContext, request: FastifyRequest): Promise<AccessTokenClaims> {
  const h = request.headers.authorization;
  if (!h || !/^Bearer\b/i.test(h)) throw unauthorized();
  const token = bearerToken(request);
  if (!token) throw unauthorized('invalid_request', 'Malformed Authorization header');
  try {
    return await ctx.verifier.verify(token);
  } catch (e) {
    if (e instanceof TokenRejected)
      throw unauthorized('invalid_token', 'The access token is invalid or expired');
    throw e;
  }
}

export function createRequireToken(ctx: AppContext) {
  return function requireToken(req: TokenRequirement): onRequestHookHandler {
    return async (request) => {
      const claims = await verifyBearer(ctx, request);
      const scopes = claims.scope.split(' ').filter(Boolean);
      const scope = req.scopes.find((s) => scopes.includes(s));
      if (!scope) throw forbidden(wrongTokenDetail(req.scopes, claims), req.scopes.join(' '));

      let resourceId: string | undefined;
      if (req.resource) {
        const params = request.params as Record<string, string | undefined>;
        const pathId = req.resource === 'project' ? params.projectId : params.organizationId;
        resourceId =
          req.resource === 'project' ? (claims.project_id as string) : (claims.organization_id as string);
        if (!pathId || pathId.toLowerCase() !== resourceId) {
          throw forbidden(`The token is not valid for this ${req.resource}`, req.scopes.join(' '));
        }
      }
      if (typeof claims.client_id === 'string') {
        const grant = resourceId ? { resourceId, scope } : undefined;
        const ok = await ctx.clientStatus.stillValid(claims.client_id, Number(claims.client_gen), grant);
        if (!ok) throw unauthorized('invalid_token', 'The access token has been revoked');
      }
      // An app token of a session dies with it (logout, a replayed refresh token, erasure).
      if (typeof claims.sid === 'string' && !(await ctx.appSessions.live(claims.sid)))
        throw unauthorized('invalid_token', 'The app session of this token has ended; log in again');
      request.principal = { claims, scopes };
    };
  };
}

export type RequireToken = ReturnType<typeof createRequireToken>;
