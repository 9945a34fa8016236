// Who calls the app API: an app token (scope app.user) whose subject is the caller's phone, which
// scopes every query of the app operations.
import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../auth/bearer.ts';
import type { Auth } from '../../http/operations.ts';
import { APP_SCOPE } from './app-token.ts';

export const appAuth: Auth = { kind: 'bearer', scopes: [APP_SCOPE] };

/** The caller's phone number (the app token's subject). */
export const appCaller = (request: FastifyRequest) => principalOf(request).claims.sub as string;
