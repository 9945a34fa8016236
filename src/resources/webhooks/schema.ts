import { Type } from '@sinclair/typebox';
import { TRIGGERS } from '../../delivery/event-types.ts';
import { PagingQuery, Timestamp, Uuid } from '../../http/schemas.ts';

export const WebhookParams = Type.Object({ projectId: Uuid });
export const WebhookIdParams = Type.Object({ projectId: Uuid, webhookId: Uuid });
export const DeliveryIdParams = Type.Object({ projectId: Uuid, webhookId: Uuid, deliveryId: Uuid });

const Trigger = Type.String({
  enum: [...TRIGGERS],
  default: 'accessEvent',
  description:
    'accessEvent: the Access Event itself; lockActivity and keyChanged: a { type, id, created, data } envelope (GET /v2/webhook-event-types lists the types)',
});
const UrlField = Type.String({
  minLength: 1,
  maxLength: 2048,
  examples: ['https://hooks.example.com/latchkey'],
  description: 'https URL; may carry user:password@ (sent as Basic authentication)',
});

export const WebhookCreateBody = Type.Object(
  {
    trigger: Type.Optional(Trigger),
    url: Type.Optional(UrlField),
    webhookUrl: Type.Optional({ ...UrlField, description: 'Alias of url (Unloc clients use either name)' }),
    lockId: Type.Optional({ ...Uuid, description: 'The lock whose events this webhook receives' }),
    allLocks: Type.Optional(
      Type.Boolean({
        description: 'true: the events of every lock of the project, present and future (instead of lockId)',
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        trigger: 'accessEvent',
        url: 'https://hooks.example.com/latchkey',
        lockId: '0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b',
      },
    ],
  },
);

export const WebhookSchema = Type.Object(
  {
    id: Uuid,
    trigger: Type.String({ examples: ['accessEvent'] }),
    url: Type.String({ description: 'The URL with its password shown as ****' }),
    lockId: Type.Optional({ ...Uuid, description: 'The lock (absent when allLocks)' }),
    allLocks: Type.Boolean({ description: 'Receives the events of every lock of the project' }),
    enabled: Type.Boolean(),
    created: Timestamp,
    disabledReason: Type.Optional(
      Type.String({ description: 'Why the webhook was disabled (only while disabled)' }),
    ),
  },
  { $id: 'Webhook' },
);

export const WebhookCreated = Type.Object({
  webhook: Type.Object({
    id: Uuid,
    trigger: Type.String(),
    url: Type.String(),
    lockId: Type.Optional(Uuid),
    allLocks: Type.Boolean(),
    enabled: Type.Boolean(),
    created: Timestamp,
    secret: Type.String({ description: 'whsec_...: signing secret, shown only here' }),
  }),
});

export const WebhookListQuery = Type.Object(
  { lockId: Type.Optional(Uuid), ...PagingQuery },
  { additionalProperties: false },
);

export const WebhookPatchBody = Type.Object(
  { enabled: Type.Boolean() },
  { additionalProperties: false, examples: [{ enabled: false }] },
);

export const RotatedSecret = Type.Object({
  secret: Type.String({ description: 'The new whsec_... secret, shown only here' }),
  previousSecretExpires: Timestamp,
});

export const DeliveryStatus = Type.String({ enum: ['pending', 'succeeded', 'failed'] });

export const AttemptSchema = Type.Object({
  at: Timestamp,
  responseStatus: Type.Union([Type.Integer(), Type.Null()]),
  durationMs: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
});

export const DeliverySchema = Type.Object(
  {
    id: Uuid,
    eventId: Uuid,
    status: DeliveryStatus,
    attemptCount: Type.Integer(),
    nextAttemptAt: Type.Union([Timestamp, Type.Null()], { description: 'When pending: the next try' }),
    created: Timestamp,
    attempts: Type.Array(AttemptSchema),
  },
  { $id: 'WebhookDelivery' },
);

export const DeliveryWithBody = Type.Object({
  delivery: Type.Object(
    {
      ...DeliverySchema.properties,
      body: Type.String({
        description: 'The exact bytes that were signed and posted (JSON text), kept as long as the delivery',
      }),
    },
    { description: 'A delivery with its attempts and the body it posts' },
  ),
});

export const DeliveryListQuery = Type.Object(
  { status: Type.Optional(DeliveryStatus), ...PagingQuery },
  { additionalProperties: false },
);

export const RecoverBody = Type.Object(
  {
    since: Type.String({ format: 'date-time', description: 'Re-queue failed deliveries created since then' }),
  },
  { additionalProperties: false, examples: [{ since: '2026-11-21T00:00:00.000Z' }] },
);
