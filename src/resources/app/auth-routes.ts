// App login: POST /v2/app/auth/otp sends a one-time code, POST /v2/app/auth/token trades
// it for an app token. No bearer token on these two. Code requests are limited per phone and per
// source address in process memory (like the token endpoints' limits); what reaches a phone (one
// live code, a few texts per window) is limited in the store, for every process (otp.ts). The rules
// are in docs/app.md.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ApiError, badRequest } from '../../http/errors.ts';
import { addressKey, RateLimiter } from '../../http/rate-limit.ts';
import { problemResponses } from '../../http/schemas.ts';
import { appTokenMint } from './app-token.ts';
import { appUserKnown, OTP_TTL_SECONDS, otpIssue, otpRedeem } from './otp.ts';
import { type OtpSender, otpSenderFor } from './otp-sender.ts';
import { AppTokenBody, AppTokenResponse, OtpBody, OtpResponse } from './schema.ts';

const FIFTEEN_MINUTES = 15 * 60_000;
/**
 * Code requests for one phone: a burst of 5, then one every 3 minutes, the same for known and
 * unknown phones. A stranger's requests make the owner wait at most 3 minutes, and what they
 * triggered is the owner's live code, which still works.
 */
export const OTP_RATE_PER_PHONE = 5;
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

/** Login-code work still running after its answer, per app (tests wait for it; close waits too). */
const pendingWork = new WeakMap<AppContext, Set<Promise<void>>>();

/** Resolves when every login code requested so far has been issued and handed to the sender. */
export async function otpWorkSettled(ctx: AppContext): Promise<void> {
  await Promise.all(pendingWork.get(ctx) ?? []);
}

/** Looks the phone up, issues or repeats its code and sends it; never throws. */
async function otpDeliver(ctx: AppContext, send: OtpSender, appUserId: string, log: FastifyBaseLogger) {
  try {
    if (!(await appUserKnown(ctx.db, appUserId))) return;
    const code = await otpIssue(ctx, appUserId);
    if (code === undefined) {
      log.info({ appUserId }, 'app login code not sent: the phone had its texts for this window');
      return;
    }
    await send(appUserId, code, log);
  } catch (e) {
    log.warn({ appUserId, err: (e as Error).message }, 'app login code could not be sent');
  }
}

export async function appAuthRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const otpByPhone = new RateLimiter(OTP_RATE_PER_PHONE, FIFTEEN_MINUTES);
  const otpByIp = new RateLimiter(OTP_RATE_PER_IP, FIFTEEN_MINUTES);
  const tokenByIp = new RateLimiter(TOKEN_RATE_PER_IP, FIFTEEN_MINUTES);
  const send = otpSenderFor(ctx.config);
  const pending = new Set<Promise<void>>();
  const afterAnswer = new WeakMap<FastifyRequest, () => void>();
  pendingWork.set(ctx, pending);
  root.addHook('onClose', async () => {
    await Promise.all(pending);
  });
  const tags = ['app'];

  app.post(
    '/v2/app/auth/otp',
    {
      // Counted before the body is parsed and validated, so malformed requests count too.
      onRequest: async (request) =>
        limit(otpByIp, addressKey(request.ip), 'login code requests from this address'),
      onResponse: async (request) => afterAnswer.get(request)?.(),
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
      // The store is asked whether the phone is known only once the answer is out: the answer and
      // its timing are the same for every phone, and a slow SMS gateway never shows in it.
      let go: () => void = () => {};
      const answered = new Promise<void>((resolve) => {
        go = resolve;
      });
      afterAnswer.set(request, go);
      reply.raw.once('close', go);
      const work = answered
        .then(() => otpDeliver(ctx, send, appUserId, request.log))
        .finally(() => pending.delete(work));
      pending.add(work);
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
