// latchkey-client: a typed client for the Latchkey API (see README.md).
export { AppSession, type AppSessionOptions, type AppSessionTokens, dpopProof } from './app-session.ts';
export {
  type ClientCredentials,
  LatchkeyClient,
  type LatchkeyClientOptions,
  type LatchkeyResponse,
  type OperationId,
  refreshMarginMs,
  retryAfterMs,
  type Scope,
} from './client.ts';
export { type InvalidParam, LatchkeyError } from './errors.ts';
export type { components, paths, webhooks } from './openapi.ts';
export { OPERATIONS } from './operations.ts';
export {
  type AnswerChallenge,
  type CachedCredential,
  type Challenge,
  LatchkeyPhone,
  type LockEvent,
  type PhoneOptions,
  type PhoneState,
  type Presentation,
  type UploadResult,
} from './phone.ts';
export type { Method, Operation, PathsWith, RequestBody, ResponseBody } from './types.ts';
export {
  type AccessEvent,
  verifyWebhook,
  verifyWebhookEvent,
  type WebhookBody,
  type WebhookEnvelope,
  type WebhookEnvelopeType,
  type WebhookEvent,
  type WebhookHeaders,
} from './webhooks.ts';
