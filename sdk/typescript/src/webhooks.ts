// Receiving webhooks: Standard Webhooks signatures (HMAC-SHA256 over `id.timestamp.body`, secret
// `whsec_...`), checked with the standardwebhooks package.
import { Webhook } from 'standardwebhooks';

/** The body of every webhook delivery: one access event. */
export interface AccessEvent {
  /** The event's id; also the `webhook-id` header, the same on every retry (deduplicate on it). */
  id: string;
  action: 'locked' | 'unlocked';
  /** When it happened (the phone's clock), ISO 8601 UTC. */
  created: string;
  keyId: string;
  lockId: string;
  lockName: string;
  /** The app user's phone number (E.164). */
  appUserId: string;
  /** The managed user's name, else the name the app user set, else "". */
  userName: string;
}

/** Request headers as Node (`req.headers`) or fetch (`Headers`) gives them. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/**
 * Checks a delivery's signature and timestamp (at most 5 minutes from this clock) over the raw body
 * and returns the event. Throws when the signature, the timestamp or the headers are wrong: answer
 * 401 then. Pass the body exactly as received, before any JSON parsing.
 */
export function verifyWebhook(
  secret: string,
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
): AccessEvent {
  const plain: Record<string, string> = {};
  if (headers instanceof Headers)
    headers.forEach((v, k) => {
      plain[k.toLowerCase()] = v;
    });
  else
    for (const [k, v] of Object.entries(headers)) {
      if (v !== undefined) plain[k.toLowerCase()] = Array.isArray(v) ? v.join(' ') : v;
    }
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  return new Webhook(secret).verify(body, plain) as AccessEvent;
}
