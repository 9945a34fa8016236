// App login: POST /v2/app/auth/otp sends a one-time code, POST /v2/app/auth/token trades
// it for an app token. No bearer token on these two. Rate limited per phone and per source address
// (in process memory, per API process, like the token endpoints' limits).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ApiError, badRequest } from '../../http/errors.ts';
import { addressKey, RateLimiter } from '../../http/rate-limit.ts';
import { problemResponses } from '../../http/schemas.ts';
import { appTokenMint } from './app-token.ts';
import { appUserKnown, OTP_TTL_SECONDS, otpIssue, otpRedeem } from './otp.ts';
import { otpSenderFor } from './otp-sender.ts';
import { AppTokenBody, AppTokenResponse, OtpBody, OtpResponse } from './schema.ts';

const FIFTEEN_MINUTES = 15 * 60_000;
/** Codes sent to one phone: a burst of 5, then one every 3 minutes. */
export const OTP_RATE_PER_PHONE = 5;
/**
 * And a burst of 10 refilled over 24 h: with 5 tries per code a guesser gets at most ~100 guesses
 * at a phone on the first day and ~50 a day after, a 0.01% / 0.005% chance of hitting the code.
 */
export const OTP_RATE_PER_PHONE_DAY = 10;
/** Code requests from one address; generous because mobile carriers put many phones behind one NAT. */
export const OTP_RATE_PER_IP = 100;
/** Code checks from one address (each code also dies after 5 wrong tries). */
export const TOKEN_RATE_PER_IP = 200;

function limit(limiter: RateLimiter, key: string, what: string): void {
  const d = limiter.take(key);
  if (!d.allowed) {
    throw new ApiError(429, `Too many ${what}; retry later`, {
      headers: { 'retry-after': String(d.retryAfterSeconds) },
    });
  }
}

export async function appAuthRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const otpByPhone = new RateLimiter(OTP_RATE_PER_PHONE, FIFTEEN_MINUTES);
  const otpByPhoneDay = new RateLimiter(OTP_RATE_PER_PHONE_DAY, 24 * 60 * 60_000);
  const otpByIp = new RateLimiter(OTP_RATE_PER_IP, FIFTEEN_MINUTES);
  const tokenByIp = new RateLimiter(TOKEN_RATE_PER_IP, FIFTEEN_MINUTES);
  const send = otpSenderFor(ctx.config);
  const tags = ['app'];

  app.post(
    '/v2/app/auth/otp',
    {
      // Counted before the body is parsed and validated, so malformed requests count too.
      onRequest: async (request) =>
        limit(otpByIp, addressKey(request.ip), 'login code requests from this address'),
      schema: {
        tags,
        summary: 'Send a one-time login code to the phone (the answer is the same for unknown phones)',
        body: OtpBody,
        response: { 202: OtpResponse, ...problemResponses },
      },
    },
    async (request, reply) => {
      const { appUserId } = request.body;
      limit(otpByPhone, appUserId, 'login code requests for this phone');
      limit(otpByPhoneDay, appUserId, 'login code requests for this phone today');
      if (await appUserKnown(ctx.db, appUserId)) {
        const code = await otpIssue(ctx, appUserId);
        // Not awaited: a slow or failing SMS gateway must not show in the answer (nor reveal
        // that the phone is known). The log sender writes synchronously, before the reply.
        send(appUserId, code, request.log).catch((e: Error) =>
          request.log.warn({ appUserId, err: e.message }, 'app login code could not be sent'),
        );
      }
      return reply.code(202).send({ expiresIn: OTP_TTL_SECONDS });
    },
  );

  app.post(
    '/v2/app/auth/token',
    {
      onRequest: async (request) =>
        limit(tokenByIp, addressKey(request.ip), 'login attempts from this address'),
      schema: {
        tags,
        summary: 'Exchange a login code for an app token (scope app.user, sub = phone)',
        body: AppTokenBody,
        response: { 200: AppTokenResponse, ...problemResponses },
      },
    },
    async (request, reply) => {
      const { appUserId, code } = request.body;
      if (!(await otpRedeem(ctx, appUserId, code))) {
        throw badRequest('The code is wrong, has expired or has been tried too often; request a new one', [
          { name: 'code', reason: 'is not valid' },
        ]);
      }
      const t = await appTokenMint(ctx, appUserId);
      reply.headers({ 'cache-control': 'no-store', pragma: 'no-cache' });
      return { access_token: t.accessToken, token_type: 'bearer' as const, expires_in: t.expiresIn };
    },
  );
}
