// App login: POST /v2/app/auth/otp sends a one-time code, POST /v2/app/auth/token trades
// it for an app token. No bearer token on these two. Code requests are limited per phone and per
// source address in process memory (like the token endpoints' limits); what reaches a phone (one
// live code, a few texts per window) is limited in the store, for every process (otp.ts). The rules
// are in docs/app.md.
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { tokenAnswer } from '../../auth/issue-token.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, tooManyRequests } from '../../http/errors.ts';
import { NO_STORE } from '../../http/oauth-errors.ts';
import { defineOperation } from '../../http/operations.ts';
import { addressKey, RateLimiter } from '../../http/rate-limit.ts';
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
  if (!d.allowed) throw tooManyRequests(`Too many ${what}; retry later`, d.retryAfterSeconds);
}

/** The login limiters, the SMS sender and the work still running after answers, of one app. */
interface AppLogin {
  otpByPhone: RateLimiter;
  otpByIp: RateLimiter;
  tokenByIp: RateLimiter;
  send: OtpSender;
  /** Login-code work still running after its answer (tests wait for it; close waits too). */
  pending: Set<Promise<void>>;
  afterAnswer: WeakMap<FastifyRequest, () => void>;
}

const logins = new WeakMap<AppContext, AppLogin>();

function loginOf(ctx: AppContext): AppLogin {
  const l = logins.get(ctx);
  if (!l) throw new Error('installAppLogin was not called for this app');
  return l;
}

/** Per app: the login limiters and sender; closing the app waits for codes still being sent. */
export function installAppLogin(app: FastifyInstance, ctx: AppContext): void {
  const l: AppLogin = {
    otpByPhone: new RateLimiter(OTP_RATE_PER_PHONE, FIFTEEN_MINUTES),
    otpByIp: new RateLimiter(OTP_RATE_PER_IP, FIFTEEN_MINUTES),
    tokenByIp: new RateLimiter(TOKEN_RATE_PER_IP, FIFTEEN_MINUTES),
    send: otpSenderFor(ctx.config),
    pending: new Set(),
    afterAnswer: new WeakMap(),
  };
  logins.set(ctx, l);
  app.addHook('onClose', async () => {
    await Promise.all(l.pending);
  });
}

/** Resolves when every login code requested so far has been issued and handed to the sender. */
export async function otpWorkSettled(ctx: AppContext): Promise<void> {
  await Promise.all(logins.get(ctx)?.pending ?? []);
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

const tags = ['app'];

export const appAuthOperations = [
  defineOperation({
    operationId: 'appAuthOtpSend',
    audit: { none: 'sends a login code: a credential in flight, kept minutes, never recorded' },
    method: 'POST',
    path: '/v2/app/auth/otp',
    tags,
    summary: 'Send a one-time login code to the phone (the answer is the same for unknown phones)',
    auth: { kind: 'none' },
    // Counted before the body is parsed and validated, so malformed requests count too.
    onRequest: async (request, _reply, ctx) =>
      limit(loginOf(ctx).otpByIp, addressKey(request.ip), 'login code requests from this address'),
    onResponse: async (request, _reply, ctx) => loginOf(ctx).afterAnswer.get(request)?.(),
    body: OtpBody,
    success: { status: 202, schema: OtpResponse },
    errors: ['rate-limited'],
    handler: async (request, reply, ctx) => {
      const { appUserId } = request.body;
      const l = loginOf(ctx);
      limit(l.otpByPhone, appUserId, 'login code requests for this phone');
      // The store is asked whether the phone is known only once the answer is out: the answer and
      // its timing are the same for every phone, and a slow SMS gateway never shows in it.
      let go: () => void = () => {};
      const answered = new Promise<void>((resolve) => {
        go = resolve;
      });
      l.afterAnswer.set(request, go);
      reply.raw.once('close', go);
      const work = answered
        .then(() => otpDeliver(ctx, l.send, appUserId, request.log))
        .finally(() => l.pending.delete(work));
      l.pending.add(work);
      return { expiresIn: OTP_TTL_SECONDS };
    },
  }),

  defineOperation({
    operationId: 'appAuthTokenCreate',
    audit: { none: 'issues a token; nothing is changed' },
    method: 'POST',
    path: '/v2/app/auth/token',
    tags,
    summary: 'Exchange a login code for an app token (scope app.user, sub = phone)',
    auth: { kind: 'none' },
    onRequest: async (request, _reply, ctx) =>
      limit(loginOf(ctx).tokenByIp, addressKey(request.ip), 'login attempts from this address'),
    body: AppTokenBody,
    success: { status: 200, schema: AppTokenResponse },
    errors: ['rate-limited'],
    handler: async (request, reply, ctx) => {
      const { appUserId, code } = request.body;
      if (!(await otpRedeem(ctx, appUserId, code))) {
        throw badRequest('The code is wrong, has expired or has been tried too often; request a new one', [
          { name: 'code', reason: 'is not valid' },
        ]);
      }
      const t = await appTokenMint(ctx, appUserId);
      reply.headers(NO_STORE);
      return tokenAnswer(t);
    },
  }),
];
