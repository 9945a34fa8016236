// The one list of what webhooks send: each trigger, each event type and the JSON schema of its
// body. GET /v2/webhook-event-types answers it, the OpenAPI document's `webhooks` is written from
// it, webhook registration checks `trigger` against it, and the producers build envelopes only for
// the types named here.
import { type TSchema, Type } from '@sinclair/typebox';
import { E164, Timestamp, Uuid } from '../http/schemas.ts';
import { KeySchema } from '../resources/keys/schema.ts';

export const TRIGGERS = ['accessEvent', 'lockActivity', 'keyChanged'] as const;
export type Trigger = (typeof TRIGGERS)[number];

/** The body of the accessEvent trigger: the eight fields of the Access Event, no envelope. */
export const AccessEventSchema = Type.Object(
  {
    id: { ...Uuid, description: 'The event id; also the webhook-id header' },
    action: Type.Union([Type.Literal('locked'), Type.Literal('unlocked')]),
    created: { ...Timestamp, description: 'When it happened (the reporting device clock)' },
    keyId: Uuid,
    lockId: Uuid,
    lockName: Type.String(),
    appUserId: E164,
    userName: Type.String({ description: 'The managed user name, else the app user name, else ""' }),
  },
  { additionalProperties: false },
);

/** What a lock reported or what the service did to it (the lock's activity log). */
export const LOCK_ACTIVITY_KINDS = [
  'operated',
  'operationFailed',
  'wrongCode',
  'jammed',
  'lowBattery',
  'connected',
  'disconnected',
  'pinWritten',
  'pinRemoved',
] as const;
export type LockActivityKind = (typeof LOCK_ACTIVITY_KINDS)[number];

export const LOCK_ACTIVITY_SOURCES = ['keypad', 'remote', 'manual', 'auto', 'integrator'] as const;

/** One activity record as the lock's activity log shows it, with the lock it belongs to. */
export const LockActivitySchema = Type.Object(
  {
    id: Uuid,
    lockId: { ...Uuid, description: 'The lock the record belongs to' },
    at: Timestamp,
    kind: Type.Union(LOCK_ACTIVITY_KINDS.map((k) => Type.Literal(k))),
    source: Type.Union([...LOCK_ACTIVITY_SOURCES.map((s) => Type.Literal(s)), Type.Null()]),
    keyId: Type.Optional(Uuid),
    detail: Type.Union([Type.String(), Type.Null()], { description: 'What the lock said, in words' }),
  },
  { additionalProperties: false },
);

/** Key changes a keyChanged webhook receives. */
export const KEY_EVENT_TYPES = [
  'key.created',
  'key.revoked',
  'key.expired',
  'key.shared',
  'key.pinChanged',
] as const;
export type KeyEventType = (typeof KEY_EVENT_TYPES)[number];

const KEY_DESCRIPTIONS: Record<KeyEventType, string> = {
  'key.created': 'An integrator created a key.',
  'key.revoked': 'A key was revoked (one by one, in bulk, with its managed user, sharing right or lock).',
  'key.expired': 'A key reached its end.',
  'key.shared': 'An app user shared their key: `data` is the new key (origin shared).',
  'key.pinChanged': 'The status of the PIN of a key changed.',
};

const LOCK_DESCRIPTIONS: Record<LockActivityKind, string> = {
  operated: 'The lock was locked or unlocked.',
  operationFailed: 'A lock or unlock failed.',
  wrongCode: 'A wrong code was entered on the keypad.',
  jammed: 'The lock is jammed.',
  lowBattery: 'The battery is low.',
  connected: 'The service reached the lock again.',
  disconnected: 'The service lost the lock.',
  pinWritten: 'A PIN was written to the lock.',
  pinRemoved: 'A PIN was removed from the lock.',
};

export type LockEventType = `lock.${LockActivityKind}`;
export const lockEventType = (kind: LockActivityKind): LockEventType => `lock.${kind}`;

export interface EventType {
  type: string;
  trigger: Trigger;
  description: string;
  /** The schema of the whole body as posted. */
  body: TSchema;
}

/** `{ type, id, created, data }`: the body of lockActivity and keyChanged deliveries. */
function envelope(type: string, data: TSchema, description: string): TSchema {
  return Type.Object(
    {
      type: Type.Literal(type),
      id: { ...Uuid, description: 'The envelope id; also the webhook-id header' },
      created: { ...Timestamp, description: 'When it happened' },
      data,
    },
    { additionalProperties: false, description },
  );
}

export const EVENT_TYPES: readonly EventType[] = [
  {
    type: 'accessEvent',
    trigger: 'accessEvent',
    description:
      'Someone locked or unlocked a lock with a key the integration created. The body is the Access Event itself.',
    body: AccessEventSchema,
  },
  ...LOCK_ACTIVITY_KINDS.map((k) => ({
    type: lockEventType(k),
    trigger: 'lockActivity' as const,
    description: LOCK_DESCRIPTIONS[k],
    body: envelope(lockEventType(k), LockActivitySchema, LOCK_DESCRIPTIONS[k]),
  })),
  ...KEY_EVENT_TYPES.map((t) => ({
    type: t,
    trigger: 'keyChanged' as const,
    description: KEY_DESCRIPTIONS[t],
    body: envelope(t, KeySchema, KEY_DESCRIPTIONS[t]),
  })),
];

/** A schema as plain JSON (no TypeBox symbols, no $id): self-contained, to be read by anyone. */
export function plainSchema(s: TSchema): Record<string, unknown> {
  return JSON.parse(JSON.stringify(s), (k, v) => (k === '$id' ? undefined : v));
}

/** The OpenAPI 3.1 `webhooks` object: one POST per event type. */
export function openApiWebhooks(): Record<string, unknown> {
  return Object.fromEntries(
    EVENT_TYPES.map((e) => [
      e.type,
      {
        post: {
          operationId: `webhook_${e.type.replace('.', '_')}`,
          tags: ['webhooks'],
          summary: `${e.type} (trigger ${e.trigger})`,
          description: `${e.description} Signed as Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature.`,
          security: [],
          requestBody: { required: true, content: { 'application/json': { schema: plainSchema(e.body) } } },
          responses: { '200': { description: 'Received (any 2xx within 15 s)' } },
        },
      },
    ]),
  );
}
