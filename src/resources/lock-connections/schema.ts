import { Type } from '@sinclair/typebox';
import { Timestamp, Uuid } from '../../http/schemas.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const ConnectionSchema = Type.Object(
  {
    type: Type.Literal('matter'),
    bridgeId: Uuid,
    status: Type.Union(
      ['commissioning', 'online', 'unreachable', 'failed'].map((s) => Type.Literal(s)),
      {
        description:
          'commissioning: the bridge is pairing with the lock; online; unreachable: the bridge cannot reach it now; failed: it could not be connected (see error)',
      },
    ),
    lockState: Type.Union(['locked', 'unlocked', 'jammed', 'unknown'].map((s) => Type.Literal(s))),
    batteryPercent: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
    keypad: Nullable(
      Type.Boolean({ description: 'whether the lock takes PIN codes (known once connected)' }),
    ),
    capacity: Nullable(
      Type.Object({
        users: Type.Integer(),
        pinCodes: Type.Integer(),
        weekDaySchedulesPerUser: Type.Integer(),
        yearDaySchedulesPerUser: Type.Integer(),
      }),
    ),
    vendor: Nullable(Type.String()),
    product: Nullable(Type.String()),
    lastSeen: Nullable(Timestamp),
    error: Nullable(
      Type.Object(
        { title: Type.String(), detail: Type.String() },
        { description: 'what went wrong, in plain words' },
      ),
    ),
  },
  { description: 'A network lock connected through a bridge' },
);

export const ConnectionPutBody = Type.Object(
  {
    type: Type.Literal('matter'),
    pairingCode: Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        "the lock's 11- or 21-digit manual pairing code (dashes and spaces allowed) or its MT: QR payload",
      examples: ['3497-011-2332'],
    }),
    bridgeId: Type.Optional(Uuid),
  },
  { additionalProperties: false, examples: [{ type: 'matter', pairingCode: '3497-011-2332' }] },
);
