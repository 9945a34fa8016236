// Bearer authentication for the auth API v1 routes (/integrators/v1), an onRequest hook like
// requireToken (src/http/authenticate.ts) with the same WWW-Authenticate conventions: 401 without
// an error code when no token was sent, 401 invalid_token for a bad, expired, revoked or non-v1
// token, and 403 insufficient_scope (from the authorize helpers below) when a claim is missing.
// Only tokens of POST /auth/v1/token (`token_use: "v1"`) pass: a v2, OAuth or app token is refused
// here explicitly, whatever its scope.
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { verifyBearer } from './bearer.ts';
import type { AccessTokenClaims } from './jwt.ts';
import { identifierClaim, type LockHolderIdentifier, parseV1Scope } from './v1-scope.ts';
import { LOCK_HOLDER_GRANT, V1_TOKEN_USE } from './v1-token-grant.ts';

export interface V1Principal {
  clientId: string;
  /** The client's own organization (where POST /integrators/v1/lock-holders creates projects). */
  organizationId: string;
  claims: string[];
  integratorAdmin: boolean;
  /** The lock holder the token's lock-holder claim was granted on. */
  lockHolderId?: string;
  /** Set when the token holds lockHolder.admin:<id> (stays valid if the identifier changes). */
  adminLockHolderId?: string;
  /** Set when the token holds lockHolder.identifier:… (valid while the lock holder keeps it). */
  identifier?: LockHolderIdentifier;
}

declare module 'fastify' {
  interface FastifyRequest {
    v1Principal?: V1Principal;
  }
}

const invalidToken = (why: string) => unauthorized('invalid_token', why);

/** Reads and checks the v1-specific claims of a verified token; throws 401 invalid_token. */
export function v1PrincipalFromClaims(claims: AccessTokenClaims): V1Principal & { generation: number } {
  if (claims.token_use !== V1_TOKEN_USE) {
    throw invalidToken('This is not an auth API v1 token; get one from POST /auth/v1/token');
  }
  const { client_id, client_gen, organization_id, lock_holder_id } = claims;
  if (typeof client_id !== 'string' || typeof client_gen !== 'number' || typeof organization_id !== 'string')
    throw invalidToken('The access token is invalid or expired');
  const parsed = parseV1Scope(claims.scope);
  if (!parsed.ok) throw invalidToken('The access token is invalid or expired');
  const s = parsed.scope;
  const hasLockHolderClaim = !!(s.lockHolderId || s.identifier);
  if (
    hasLockHolderClaim !== (typeof lock_holder_id === 'string') ||
    (s.lockHolderId && s.lockHolderId !== lock_holder_id)
  ) {
    throw invalidToken('The access token is invalid or expired');
  }
  return {
    clientId: client_id,
    generation: client_gen,
    organizationId: organization_id,
    claims: s.claims,
    integratorAdmin: s.integratorAdmin,
    ...(hasLockHolderClaim ? { lockHolderId: lock_holder_id as string } : {}),
    ...(s.lockHolderId ? { adminLockHolderId: s.lockHolderId } : {}),
    ...(s.identifier ? { identifier: s.identifier } : {}),
  };
}

export function createRequireV1Token(ctx: AppContext): onRequestHookHandler {
  return async (request) => {
    const claims = await verifyBearer(ctx, request);
    const { generation, ...principal } = v1PrincipalFromClaims(claims);
    // A deleted or rotated client, or a removed grant on the token's lock holder, ends the token
    // within LATCHKEY_REVOCATION_CACHE_SECONDS.
    const grant = principal.lockHolderId
      ? { resourceId: principal.lockHolderId, scope: LOCK_HOLDER_GRANT }
      : undefined;
    if (!(await ctx.clientStatus.stillValid(principal.clientId, generation, grant))) {
      throw invalidToken('The access token has been revoked');
    }
    request.v1Principal = principal;
  };
}

export type RequireV1Token = ReturnType<typeof createRequireV1Token>;

export function v1PrincipalOf(request: FastifyRequest): V1Principal {
  if (!request.v1Principal) throw new Error('route is missing its v1 token hook');
  return request.v1Principal;
}

/** 403 unless the token holds integrator.admin. */
export function authorizeIntegratorAdmin(p: V1Principal): void {
  if (!p.integratorAdmin) {
    throw forbidden('This operation needs the integrator.admin claim', 'integrator.admin');
  }
}

/**
 * 403 unless the token holds a lock-holder claim for this lock holder: lockHolder.admin:<id>, or a
 * lockHolder.identifier that was granted on it and still matches its current identifier.
 */
export function authorizeLockHolder(
  p: V1Principal,
  lockHolder: { id: string; identifier: LockHolderIdentifier | null },
): void {
  if (p.adminLockHolderId === lockHolder.id) return;
  if (
    p.identifier &&
    p.lockHolderId === lockHolder.id &&
    lockHolder.identifier &&
    identifierClaim(p.identifier) === identifierClaim(lockHolder.identifier)
  ) {
    return;
  }
  throw forbidden(
    `This operation needs a lockHolder.admin:${lockHolder.id} or matching lockHolder.identifier claim`,
    `lockHolder.admin:${lockHolder.id}`,
  );
}
