// Standard Webhooks signing (https://www.standardwebhooks.com): the signed content is
// `${webhook-id}.${webhook-timestamp}.${body}`, the key is the base64 part of `whsec_...` decoded,
// the header value is `v1,<base64 HMAC-SHA256>` per active secret, space separated (several while
// a rotated-out secret is still within its 24 h overlap).
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

/** `whsec_` + base64 of 32 random bytes: shown once at creation or rotation. */
export function webhookSecretGenerate(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

function secretKey(secret: string): Buffer {
  const b64 = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return Buffer.from(b64, 'base64');
}

export function signatureOf(secret: string, msgId: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret))
    .update(`${msgId}.${timestamp}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/** The `webhook-signature` header value for every secret that still signs. */
export function signatureHeader(
  secrets: readonly string[],
  msgId: string,
  timestamp: number,
  body: string,
): string {
  return secrets.map((s) => signatureOf(s, msgId, timestamp, body)).join(' ');
}
