// The app login's per-process part: the code-request and code-check limiters, the SMS sender, and
// the login-code work still running after its answer. One per process, a field of the context
// (`ctx.appLogin`); the rules are in docs/app.md.
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { RateLimiter } from '../../http/rate-limit.ts';
import { type OtpSender, otpSenderFor } from './otp-sender.ts';

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
/**
 * Refreshes from one address: a phone refreshes about once an access-token lifetime, and a refresh
 * token cannot be guessed (256 bits), so this only bounds the work one address can cause.
 */
export const REFRESH_RATE_PER_IP = 600;

export class AppLogin {
  readonly otpByPhone = new RateLimiter(OTP_RATE_PER_PHONE, FIFTEEN_MINUTES);
  readonly otpByIp = new RateLimiter(OTP_RATE_PER_IP, FIFTEEN_MINUTES);
  readonly tokenByIp = new RateLimiter(TOKEN_RATE_PER_IP, FIFTEEN_MINUTES);
  readonly refreshByIp = new RateLimiter(REFRESH_RATE_PER_IP, FIFTEEN_MINUTES);
  readonly send: OtpSender;
  /** Login-code work still running after its answer. */
  readonly pending = new Set<Promise<void>>();
  /** Starts a request's login-code work once its answer is out. */
  readonly afterAnswer = new WeakMap<FastifyRequest, () => void>();

  constructor(config: Readonly<Config>) {
    this.send = otpSenderFor(config);
  }

  /** Resolves when every login code requested so far has been issued and handed to the sender. */
  async settled(): Promise<void> {
    await Promise.all(this.pending);
  }
}
