// The bridge token check (auth kind `bridge`): the token's HMAC under the pepper finds the bridge
// (an index lookup on a 256-bit keyed hash: nothing about the token leaks through its timing).
import type { onRequestHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import { hashSecret } from '../crypto/secrets.ts';
import { bearerChallenge, problem, unauthorized } from '../http/errors.ts';
import { bridgeByTokenHash } from '../resources/bridges/queries.ts';
import { BRIDGE_TOKEN_PREFIX } from '../resources/bridges/routes.ts';
import { bearerToken } from './bearer.ts';

export function createRequireBridgeToken(ctx: AppContext): onRequestHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    if (!token)
      throw problem('unauthorized', 'A bridge token is required as Authorization: Bearer lk_bridge_…', {
        headers: { 'www-authenticate': bearerChallenge() },
      });
    const bridge = token.startsWith(BRIDGE_TOKEN_PREFIX)
      ? await bridgeByTokenHash(ctx.db, hashSecret(ctx.keyring.pepper, token))
      : undefined;
    if (!bridge)
      throw unauthorized('invalid_token', 'The bridge token was not accepted (deleted, rotated or mistyped)');
    request.bridgeId = bridge.id;
  };
}
