// Request and response shapes of the app API.
import { Type } from '@sinclair/typebox';
import { E164, Metadata, Timestamp, Uuid } from '../../http/schemas.ts';
import { PinSchema } from '../keys/schema.ts';
import { REFRESH_TOKEN_MAX_LENGTH } from './sessions.ts';

export const OtpBody = Type.Object({ appUserId: E164 }, { additionalProperties: false });
export const OtpResponse = Type.Object({
  /** Seconds the code stays valid. Sent whether or not the phone is known (no enumeration). */
  expiresIn: Type.Integer(),
});

export const AppTokenBody = Type.Object(
  { appUserId: E164, code: Type.String({ pattern: '^[0-9]{6}$', examples: ['042917'] }) },
  { additionalProperties: false },
);
export const AppTokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  expires_in: Type.Integer(),
  /** Trades for the next access token at POST /v2/app/auth/refresh; works once (it rotates). */
  refresh_token: Type.String({ examples: ['lk_refresh_0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b.0.…'] }),
});

export const AppRefreshBody = Type.Object(
  // The length only: the token's shape is checked by the session code, which says what is wrong.
  { refresh_token: Type.String({ minLength: 1, maxLength: REFRESH_TOKEN_MAX_LENGTH }) },
  { additionalProperties: false },
);

export const MeBody = Type.Object(
  { name: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]) },
  { additionalProperties: false },
);
export const MeResponse = Type.Object({
  appUser: Type.Object({ appUserId: E164, name: Type.Union([Type.String(), Type.Null()]) }),
});

const Weekday = Type.Union(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].map((d) => Type.Literal(d)));
export const RecurrenceSchema = Type.Union([
  Type.Object({
    windows: Type.Array(Type.Object({ days: Type.Array(Weekday), from: Type.String(), to: Type.String() })),
  }),
  Type.Null(),
]);

/** A key, as the v2 keys API shows it. */
export const KeySchema = Type.Object({
  id: Uuid,
  lockId: Uuid,
  appUserId: E164,
  start: Timestamp,
  end: Type.Union([Timestamp, Type.Null()]),
  recurrence: RecurrenceSchema,
  state: Type.Union(['scheduled', 'active', 'expired', 'revoked'].map((s) => Type.Literal(s))),
  origin: Type.Union([Type.Literal('integrator'), Type.Literal('shared')]),
  sharedBy: Type.Optional(E164),
  created: Timestamp,
  revoked: Type.Optional(Timestamp),
  metadata: Metadata,
  pin: Type.Optional(PinSchema),
});

/** A key as the app sees it: the key plus what the app needs to show and use it. */
export const AppKeySchema = Type.Object({
  ...KeySchema.properties,
  projectId: Uuid,
  lockName: Type.String(),
  lockTimezone: Type.String(),
  /** The caller holds an active sharing right on this lock (POST /v2/app/keys/{keyId}/share). */
  canShare: Type.Boolean(),
});

export const ShareBody = Type.Object(
  { appUserId: E164, start: Type.Optional(Timestamp), end: Type.Optional(Timestamp) },
  { additionalProperties: false },
);

export const MAX_EVENTS_PER_CALL = 1000;

// An enum (not a union of literals) so that a bad value is reported as "must be one of: ...".
export const Action = Type.Unsafe<'locked' | 'unlocked'>({ type: 'string', enum: ['locked', 'unlocked'] });

export const EventsBody = Type.Object(
  {
    events: Type.Array(
      Type.Object(
        {
          id: Uuid,
          keyId: Uuid,
          action: Action,
          created: Timestamp,
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: MAX_EVENTS_PER_CALL },
    ),
  },
  { additionalProperties: false },
);

export const REJECT_REASONS = [
  'key_not_found',
  'key_revoked',
  'before_start',
  'after_end',
  'outside_recurrence',
  'created_in_future',
  'created_too_old',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export const EventsResponse = Type.Object({
  results: Type.Array(
    Type.Object({
      id: Uuid,
      status: Type.Union([Type.Literal('accepted'), Type.Literal('duplicate'), Type.Literal('rejected')]),
      reason: Type.Optional(Type.Union(REJECT_REASONS.map((r) => Type.Literal(r)))),
    }),
  ),
});
