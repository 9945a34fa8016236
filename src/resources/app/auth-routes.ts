// App login: POST /v2/app/auth/otp sends a one-time code, POST /v2/app/auth/token trades
// it for an app token and a refresh token (a session: sessions.ts), POST /v2/app/auth/refresh
// rotates the refresh token, DELETE /v2/app/auth/session logs out. No bearer token on the first three. Code requests are limited per phone and per
// source address in process memory (like the token endpoints' limits); what reaches a phone (one
// live code, a few texts per window) is limited in the store, for every process (otp.ts). The rules
// are in docs/app.md.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { principalOf } from '../../auth/bearer.ts';
import { DpopRejected, dpopProofCheck } from '../../auth/dpop.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, tooManyRequests } from '../../http/errors.ts';
import { NO_STORE } from '../../http/oauth-errors.ts';
import { defineOperation } from '../../http/operations.ts';
import { addressKey, type RateLimiter } from '../../http/rate-limit.ts';
import { APP_SCOPE } from './app-token.ts';
import { appUserKnown, OTP_TTL_SECONDS, otpIssue, otpRedeem } from './otp.ts';
import type { OtpSender } from './otp-sender.ts';
import { AppRefreshBody, AppTokenBody, AppTokenResponse, OtpBody, OtpResponse } from './schema.ts';
import { type PresentedProof, sessionAnswer, sessionEnd, sessionRefresh, sessionStart } from './sessions.ts';

const REFRESH_PATH = '/v2/app/auth/refresh';

function limit(limiter: RateLimiter, key: string, what: string): void {
  const d = limiter.take(key);
  if (!d.allowed) throw tooManyRequests(`Too many ${what}; retry later`, d.retryAfterSeconds);
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
      limit(ctx.appLogin.otpByIp, addressKey(request.ip), 'login code requests from this address'),
    onResponse: async (request, _reply, ctx) => ctx.appLogin.afterAnswer.get(request)?.(),
    body: OtpBody,
    success: { status: 202, schema: OtpResponse },
    errors: ['rate-limited'],
    handler: async (request, reply, ctx) => {
      const { appUserId } = request.body;
      const l = ctx.appLogin;
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
      limit(ctx.appLogin.tokenByIp, addressKey(request.ip), 'login attempts from this address'),
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
      const t = await sessionStart(ctx, appUserId);
      reply.headers(NO_STORE);
      return sessionAnswer(t);
    },
  }),

  defineOperation({
    operationId: 'appAuthRefresh',
    method: 'POST',
    audit: { none: "issues a token (the session's next refresh token); token grants are not recorded" },
    path: REFRESH_PATH,
    tags,
    summary: 'Trade a refresh token for a new access token and a new refresh token',
    description:
      "Each refresh token works once: the answer carries the next one. Presenting one that was already used ends the whole session (reuse detection), and so does a session left unused for `LATCHKEY_APP_SESSION_IDLE_DAYS`. Once a device is registered in the session, the request needs a `DPoP` header (RFC 9449): a proof signed by that device key, with `htm` POST and `htu` this endpoint's public URL. Errors: 400 `invalid-refresh-token` (log in again), 400 `invalid-dpop-proof` (the refresh token still works with a good proof).",
    auth: { kind: 'none' },
    onRequest: async (request, _reply, ctx) =>
      limit(ctx.appLogin.refreshByIp, addressKey(request.ip), 'refreshes from this address'),
    body: AppRefreshBody,
    success: { status: 200, schema: AppTokenResponse },
    errors: ['rate-limited', 'invalid-refresh-token', 'invalid-dpop-proof'],
    handler: async (request, reply, ctx) => {
      reply.headers(NO_STORE);
      const t = await sessionRefresh(ctx, request.body.refresh_token, proofOf(request, ctx), request.log);
      return sessionAnswer(t);
    },
  }),

  defineOperation({
    operationId: 'appAuthSessionDelete',
    method: 'DELETE',
    audit: 'appSession.ended',
    path: '/v2/app/auth/session',
    tags,
    summary: "Log out: end the session of the caller's app token",
    description:
      "The session's refresh token stops working, and so do its access tokens, this one included (within `LATCHKEY_REVOCATION_CACHE_SECONDS` on other server processes). An app token minted by an operator belongs to no session: 409.",
    auth: { kind: 'bearer', scopes: [APP_SCOPE] },
    success: { status: 204, description: 'Logged out' },
    errors: ['conflict'],
    handler: async (request, _reply, ctx) => {
      const sid = principalOf(request).claims.sid;
      if (typeof sid !== 'string')
        throw conflict(
          'This app token belongs to no session (an operator minted it): it lapses when it expires',
        );
      await sessionEnd(ctx, sid);
    },
  }),
];

/** The DPoP proof of a refresh request, checked against this endpoint's public URL. */
function proofOf(request: FastifyRequest, ctx: AppContext): PresentedProof {
  try {
    return {
      proof: dpopProofCheck(request.headers.dpop, {
        method: 'POST',
        url: `${ctx.config.publicUrl.replace(/\/+$/, '')}${REFRESH_PATH}`,
        nowSeconds: Math.floor(Date.now() / 1000),
        skewSeconds: ctx.config.dpopSkewSeconds,
      }),
    };
  } catch (e) {
    if (e instanceof DpopRejected) return { rejected: e.message };
    throw e;
  }
}
