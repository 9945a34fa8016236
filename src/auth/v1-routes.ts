// Everything of the auth API v1: the token endpoint (/auth/v1/token) and the lock-holder routes
// (/integrators/v1) that its tokens are for. One registration call in app.ts.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { lockHolderRoutes } from '../resources/lock-holders/routes.ts';
import { createRequireV1Token } from './v1-authenticate.ts';
import { v1TokenRoutes } from './v1-token-routes.ts';

export async function authV1Routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await v1TokenRoutes(app, ctx);
  await lockHolderRoutes(app, ctx, createRequireV1Token(ctx));
}
