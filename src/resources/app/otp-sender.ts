// Where app login codes go. `log`: the server log (development; the only place a code is ever
// written). `webhook`: a JSON POST to an SMS gateway (LATCHKEY_APP_OTP_WEBHOOK_URL), which turns it
// into a text message. Failures are logged without the code and never reach the HTTP answer.
import type { FastifyBaseLogger } from 'fastify';
import { request } from 'undici';
import type { Config } from '../../config.ts';
import { OTP_TTL_SECONDS } from './otp.ts';

const GATEWAY_TIMEOUT_MS = 10_000;

export type OtpSender = (appUserId: string, code: string, log: FastifyBaseLogger) => Promise<void>;

export function otpMessage(code: string): string {
  return `Your Latchkey code is ${code}. It expires in ${OTP_TTL_SECONDS / 60} minutes.`;
}

export function otpSenderFor(config: Readonly<Config>): OtpSender {
  if (config.appOtpSender === 'webhook') {
    const url = config.appOtpWebhookUrl!;
    return async (appUserId, code, log) => {
      const r = await request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Latchkey-OTP' },
        body: JSON.stringify({ appUserId, code, message: otpMessage(code) }),
        headersTimeout: GATEWAY_TIMEOUT_MS,
        bodyTimeout: GATEWAY_TIMEOUT_MS,
      });
      await r.body.dump();
      if (r.statusCode >= 300) {
        log.warn({ appUserId, status: r.statusCode }, 'SMS gateway refused the app login code');
      }
    };
  }
  return async (appUserId, code, log) => {
    // Deliberately in the message text: redaction masks fields named like "code".
    log.info(
      { appUserId, otpSender: 'log' },
      `APP LOGIN CODE (log sender, development only) for ${appUserId}: ${code}`,
    );
  };
}
