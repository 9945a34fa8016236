import { Type } from '@sinclair/typebox';
import { MetadataInput, MetadataOutput } from '../../http/metadata.ts';
import { E164, PagingQuery, Timestamp, Uuid } from '../../http/schemas.ts';
import { MAX_WINDOWS, WEEKDAYS } from '../../time/recurrence.ts';
import { PIN_PATTERN } from './pin.ts';

export const MAX_KEYS_PER_CALL = 10_000;
/** Ten years: a longer key is better expressed with `end: null`. */
export const MAX_DURATION_MINUTES = 10 * 366 * 24 * 60;

const Day = Type.Union(
  WEEKDAYS.map((d) => Type.Literal(d)),
  { description: 'mon, tue, wed, thu, fri, sat or sun' },
);
export const RecurrenceSchema = Type.Object(
  {
    windows: Type.Array(
      Type.Object(
        {
          days: Type.Array(Day, { minItems: 1, maxItems: 7, uniqueItems: true }),
          from: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', examples: ['08:00'] }),
          to: Type.String({
            pattern: '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$',
            description: 'earlier than `from`: the window runs past midnight; equal to `from`: invalid',
            examples: ['17:00'],
          }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: MAX_WINDOWS },
    ),
  },
  {
    additionalProperties: false,
    description: "Weekly windows on the lock's wall clock (its time zone)",
    examples: [{ windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '08:00', to: '17:00' }] }],
  },
);

export const PinSchema = Type.Object(
  {
    code: Type.Optional(
      Type.String({
        pattern: PIN_PATTERN,
        description:
          "The digits to type on the lock's keypad. Shown to project.admin and to the key's app user only.",
      }),
    ),
    status: Type.Union(
      [Type.Literal('pending'), Type.Literal('set'), Type.Literal('failed'), Type.Literal('removed')],
      {
        description:
          '`pending`: not on the lock yet (or its removal is not done yet); `set`: on the lock; `failed`: the lock cannot take it (see `error`); `removed`: taken off the lock after the key ended',
      },
    ),
    error: Type.Optional(
      Type.Object(
        { title: Type.String(), detail: Type.String() },
        { description: 'Why the PIN is not on the lock, in plain words, naming the limit it hit' },
      ),
    ),
  },
  { description: "The key's PIN code on a lock with a keypad; absent when the key has none" },
);

export const KeySchema = Type.Object(
  {
    id: Uuid,
    lockId: Uuid,
    appUserId: E164,
    start: Timestamp,
    end: Type.Union([Timestamp, Type.Null()]),
    recurrence: Type.Union([RecurrenceSchema, Type.Null()]),
    state: Type.Union([
      Type.Literal('scheduled'),
      Type.Literal('active'),
      Type.Literal('expired'),
      Type.Literal('revoked'),
    ]),
    origin: Type.Union([Type.Literal('integrator'), Type.Literal('shared')]),
    sharedBy: Type.Optional(E164),
    created: Timestamp,
    revoked: Type.Optional(Timestamp),
    metadata: MetadataOutput,
    pin: Type.Optional(PinSchema),
  },
  { $id: 'Key' },
);

export const KeyCreateItem = Type.Object(
  {
    lockId: Uuid,
    appUserId: E164,
    start: Type.Optional(Timestamp),
    end: Type.Optional(Type.Union([Timestamp, Type.Null()], { description: 'null: no expiry' })),
    durationMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_DURATION_MINUTES })),
    recurrence: Type.Optional(Type.Union([RecurrenceSchema, Type.Null()])),
    metadata: Type.Optional(MetadataInput),
    pin: Type.Optional(
      Type.Union([Type.Boolean(), Type.String({ pattern: PIN_PATTERN })], {
        description:
          "A PIN code on the lock's keypad: `true` has one generated (LATCHKEY_PIN_LENGTH digits), a string of 4 to 8 digits sets it. Only a lock connected with a keypad takes one (else 400); a PIN already live on the lock is 409.",
        examples: [true, '482913'],
      }),
    ),
  },
  { additionalProperties: false },
);

export const KeyCreateBody = Type.Object(
  { keys: Type.Array(KeyCreateItem, { minItems: 1, maxItems: MAX_KEYS_PER_CALL }) },
  {
    additionalProperties: false,
    examples: [
      {
        keys: [
          {
            lockId: '0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b',
            appUserId: '+4799887766',
            start: '2026-12-01T08:00:00.000+01:00',
            durationMinutes: 43200,
            recurrence: {
              windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '07:00', to: '18:00' }],
            },
            metadata: { booking: 'B-1042' },
          },
        ],
      },
    ],
  },
);

const States = '(scheduled|active|expired|revoked)';
export const KeyListQuery = Type.Object(
  {
    ...PagingQuery,
    appUserId: Type.Optional(E164),
    lockId: Type.Optional(Uuid),
    origin: Type.Optional(Type.Union([Type.Literal('integrator'), Type.Literal('shared')])),
    excludeStates: Type.Optional(
      Type.String({ pattern: `^${States}(,${States})*$`, examples: ['revoked,expired'] }),
    ),
  },
  { additionalProperties: false },
);

export const KeyRevokeQuery = Type.Object(
  { appUserId: Type.Optional(E164), lockId: Type.Optional(Uuid) },
  { additionalProperties: false },
);

export const KeyParams = Type.Object({ projectId: Uuid, keyId: Uuid });
export const RevokedCount = Type.Object({ revoked: Type.Integer({ minimum: 0 }) });
