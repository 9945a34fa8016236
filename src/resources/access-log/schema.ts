import { Type } from '@sinclair/typebox';
import { E164, Timestamp, Uuid } from '../../http/schemas.ts';

/** The Access Event's eight fields, plus `received` (when the service recorded it) and the key's `origin`. */
export const AccessEventSchema = Type.Object(
  {
    id: Uuid,
    action: Type.Union([Type.Literal('locked'), Type.Literal('unlocked')]),
    created: Timestamp,
    keyId: Uuid,
    lockId: Uuid,
    lockName: Type.String(),
    appUserId: E164,
    userName: Type.String(),
    received: Timestamp,
    origin: Type.Union([Type.Literal('integrator'), Type.Literal('shared')]),
  },
  { $id: 'AccessEvent' },
);

const Cursor = Type.String({
  maxLength: 200,
  description: "Opaque: the startAfterId of the previous page (encodes its last event's created and id)",
});

export const AccessLogQuery = Type.Object(
  {
    appUserId: Type.Optional(E164),
    keyId: Type.Optional(Uuid),
    from: Type.Optional(Timestamp),
    to: Type.Optional(Timestamp),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
    startAfterId: Type.Optional(Cursor),
  },
  { additionalProperties: false },
);

export const ProjectAccessLogQuery = Type.Object(
  { ...AccessLogQuery.properties, lockId: Type.Optional(Uuid) },
  { additionalProperties: false },
);

export const AccessLogResponse = Type.Object({
  accessEvents: Type.Array(Type.Ref('AccessEvent')),
  startAfterId: Type.Optional(Cursor),
});

export const AccessLogStreamQuery = Type.Object(
  {
    lockId: Type.Optional(Uuid),
    lastEventId: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'Resume after this event (instead of the Last-Event-ID header)',
      }),
    ),
  },
  { additionalProperties: false },
);
