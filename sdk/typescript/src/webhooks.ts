// Receiving webhooks: Standard Webhooks signatures (HMAC-SHA256 over `id.timestamp.body`, secret
// `whsec_...`), checked with the standardwebhooks package.
import { Webhook } from 'standardwebhooks';
import type { components } from './openapi.ts';

/**
 * The body of every webhook delivery: one access event, the eight fields `id` (also the `webhook-id`
 * header, the same on every retry: deduplicate on it), `action`, `created` (the phone's clock),
 * `keyId`, `lockId`, `lockName`, `appUserId` (E.164) and `userName` (the managed user's name, else
 * the name the app user set, else ""). The access log's items carry these and more.
 */
export type AccessEvent = Pick<
  components['schemas']['AccessEvent'],
  'id' | 'action' | 'created' | 'keyId' | 'lockId' | 'lockName' | 'appUserId' | 'userName'
>;

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
