// Receiving webhooks: Standard Webhooks signatures (HMAC-SHA256 over `id.timestamp.body`, secret
// `whsec_...`), checked with the standardwebhooks package. The bodies' types come from the OpenAPI
// document's `webhooks` (one entry per event type, generated into src/openapi.ts), so the list of
// event types and their schemas lives in one place: the service.
import { Webhook } from 'standardwebhooks';
import type { webhooks } from './openapi.ts';

/** The JSON body the service posts for the event type `T` (from the OpenAPI `webhooks` entry). */
export type WebhookBody<T extends keyof webhooks> = webhooks[T] extends {
  post: { requestBody: { content: { 'application/json': infer B } } };
}
  ? B
  : never;

/**
 * The body of an `accessEvent` webhook's delivery: one access event, the eight fields `id` (also the
 * `webhook-id` header, the same on every retry: deduplicate on it), `action`, `created` (the phone's
 * clock), `keyId`, `lockId`, `lockName`, `appUserId` (E.164) and `userName` (the managed user's name,
 * else the name the app user set, else ""). The access log's items carry these and more.
 */
export type AccessEvent = WebhookBody<'accessEvent'>;

/** Every envelope type (`key.created`, `lock.operated`, …): the event types other than `accessEvent`. */
export type WebhookEnvelopeType = Exclude<keyof webhooks, 'accessEvent'>;

/**
 * The body of a `lockActivity` or `keyChanged` webhook's delivery, `{ type, id, created, data }`:
 * `id` is the `webhook-id` header, `data` the key or the lock activity record as the API shows it.
 * A union discriminated by `type`.
 */
export type WebhookEnvelope = { [T in WebhookEnvelopeType]: WebhookBody<T> }[WebhookEnvelopeType];

/**
 * What `verifyWebhookEvent` returns: an envelope, or an access event wrapped in the same shape as
 * `{ type: 'accessEvent', id, created, data }`, so that one `switch (event.type)` handles every
 * webhook and narrows `data`.
 */
export type WebhookEvent =
  | WebhookEnvelope
  | { type: 'accessEvent'; id: string; created: string; data: AccessEvent };

/** Request headers as Node (`req.headers`) or fetch (`Headers`) gives them. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

function verified(secret: string, rawBody: string | Uint8Array, headers: WebhookHeaders) {
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
  const parsed: unknown = new Webhook(secret).verify(body, plain);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error('webhook body is not a JSON object');
  // The service sets the body's id to the webhook-id header; a body signed under another id is a
  // replay of another delivery's body with this one's headers.
  if ((parsed as { id?: unknown }).id !== plain['webhook-id'])
    throw new Error("webhook body's id differs from the webhook-id header");
  return parsed as Record<string, unknown>;
}

/**
 * Checks an `accessEvent` delivery's signature and timestamp (at most 5 minutes from this clock)
 * over the raw body and returns the event. Throws when the signature, the timestamp or the headers
 * are wrong: answer 401 then. Pass the body exactly as received, before any JSON parsing. For
 * webhooks with other triggers, use `verifyWebhookEvent`.
 */
export function verifyWebhook(
  secret: string,
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
): AccessEvent {
  return verified(secret, rawBody, headers) as AccessEvent;
}

/**
 * Checks any delivery's signature and timestamp like `verifyWebhook` and returns it as a union
 * discriminated by `type`: the envelope of a `lockActivity` or `keyChanged` webhook as posted, or an
 * access event as `{ type: 'accessEvent', id, created, data }`. Throws when the signature, the
 * timestamp or the headers are wrong, or the body is neither. A `type` this version of the client
 * does not know yet (a newer service) is returned as posted: give your `switch` a `default`.
 */
export function verifyWebhookEvent(
  secret: string,
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
): WebhookEvent {
  const body = verified(secret, rawBody, headers);
  if (typeof body.type === 'string' && typeof body.data === 'object' && body.data !== null)
    return body as WebhookEnvelope;
  if (typeof body.action === 'string' && typeof body.created === 'string') {
    const event = body as AccessEvent;
    return { type: 'accessEvent', id: event.id, created: event.created, data: event };
  }
  throw new Error('webhook body is neither an envelope nor an access event');
}
