// Standard Webhooks signing (https://www.standardwebhooks.com): the signed content is
// `${webhook-id}.${webhook-timestamp}.${body}`, the key is the base64 part of `whsec_...` decoded,
// the header value is `v1,<base64 HMAC-SHA256>` per active secret, space separated (several while
// a rotated-out secret is still within its 24 h overlap).
import { randomBytes } from 'node:crypto';
import { hmacSha256 } from '../crypto/hmac.ts';
import { memoized } from '../memo.ts';

export const SECRET_PREFIX = 'whsec_';

/** `whsec_` + base64 of 32 random bytes: shown once at creation or rotation. */
export function webhookSecretGenerate(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * A secret's key bytes, kept for the secrets seen lately: the same Buffer each time, so that
 * hmacSha256 makes its KeyObject once (crypto/hmac.ts says why).
 */
const secretKey = memoized(4096, (secret: string): Buffer => {
  const b64 = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return Buffer.from(b64, 'base64');
});

export function signatureOf(secret: string, msgId: string, timestamp: number, body: string): string {
  const mac = hmacSha256(secretKey(secret)).update(`${msgId}.${timestamp}.${body}`).digest('base64');
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

export interface DeliveryHeadersInput {
  /** `webhook-id`: the event id (receivers deduplicate on it). */
  msgId: string;
  /** `webhook-timestamp`, seconds. */
  timestamp: number;
  body: string;
  /** Every secret that still signs (the current one first). */
  secrets: readonly string[];
  /** `user:password` exactly as written in the URL, for HTTP Basic. */
  credentials?: string | null;
  userAgent: string;
}

/** Every header of a delivery: the worker's and a test delivery's are the same by construction. */
export function deliveryHeaders(h: DeliveryHeadersInput): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': h.userAgent,
    'webhook-id': h.msgId,
    'webhook-timestamp': String(h.timestamp),
    'webhook-signature': signatureHeader(h.secrets, h.msgId, h.timestamp, h.body),
  };
  // As written in the URL (no percent-decoding).
  if (h.credentials) headers.authorization = `Basic ${Buffer.from(h.credentials).toString('base64')}`;
  return headers;
}
