// The credential check of each kind of operation (`auth` in the operations table), as the onRequest
// hook registerOperations() puts in front of the route: it runs before the body is read, so a
// request without a valid credential costs no parsing and gets 401 before any 400.
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import { safeEqual } from '../crypto/secrets.ts';
import { bearerChallenge, problem, unauthorized } from '../http/errors.ts';
import { slowDown } from '../http/oauth-errors.ts';
import type { Auth, GuardFor } from '../http/operations.ts';
import { addressKey } from '../http/rate-limit.ts';
import { mainPortMetricsGuard } from '../monitoring/metrics-access.ts';
import { bearerToken, createRequireToken } from './bearer.ts';
import { createRequireBridgeToken } from './bridge-token.ts';
import { createRequireV1Token } from './v1-authenticate.ts';

/** Per-IP limit of the token endpoints (v1 included), applied before any work. */
export function ipRateLimit(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    const d = ctx.tokenRateByIp.take(addressKey(request.ip));
    if (!d.allowed) throw slowDown('Too many token requests from this address', d.retryAfterSeconds);
  };
}

/** The operator token, compared in constant time. */
function requireAdminToken(adminToken: string): onRequestHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    if (!token)
      throw problem(
        'unauthorized',
        'The admin API needs the admin token (LATCHKEY_ADMIN_TOKEN) as Authorization: Bearer <token>',
        { headers: { 'www-authenticate': bearerChallenge() } },
      );
    if (!safeEqual(token, adminToken))
      throw unauthorized(
        'invalid_token',
        'The admin token was not accepted: it is not the LATCHKEY_ADMIN_TOKEN this server was started with',
      );
  };
}

/**
 * Who is calling, once the guard has passed: the API client (v2 or v1 token), the app user (app
 * token), or the operator. Idempotency keys are kept per caller.
 */
export function callerOf(request: FastifyRequest): string | undefined {
  const claims = request.principal?.claims;
  if (claims)
    return typeof claims.client_id === 'string' ? `client:${claims.client_id}` : `app:${claims.sub}`;
  if (request.v1Principal) return `client:${request.v1Principal.clientId}`;
  if (request.routeOptions.config.operation?.auth.kind === 'admin') return 'operator';
  return undefined;
}

export function createGuards(ctx: AppContext): GuardFor {
  const requireToken = createRequireToken(ctx);
  const v1 = createRequireV1Token(ctx);
  const client = ipRateLimit(ctx);
  const metrics = mainPortMetricsGuard(ctx.config);
  const bridge = createRequireBridgeToken(ctx);
  const admin = ctx.config.adminToken ? requireAdminToken(ctx.config.adminToken) : false;
  const guardFor: GuardFor = (auth: Auth) => {
    switch (auth.kind) {
      case 'none':
        return undefined;
      case 'bearer':
        return requireToken(auth);
      case 'v1':
        return v1;
      case 'admin':
        // Without LATCHKEY_ADMIN_TOKEN these are not served (see installAdminOff).
        return admin;
      case 'client':
        return client;
      case 'metrics':
        return metrics;
      case 'bridge':
        return bridge;
    }
  };
  guardFor.callerOf = callerOf;
  return guardFor;
}
