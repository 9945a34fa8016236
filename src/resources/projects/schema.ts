import { Type } from '@sinclair/typebox';
import { Metadata, Timestamp, Uuid } from '../../http/schemas.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const ProjectSchema = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    organizationId: Uuid,
    countryIso: Nullable(Type.String()),
    orgNumber: Nullable(Type.String()),
    orgNumberSuffix: Nullable(Type.String()),
    timezone: Nullable(Type.String()),
    created: Timestamp,
    metadata: Metadata,
    sandbox: Type.Boolean({
      description: 'A sandbox project accepts simulated access events (POST …/keys/{keyId}/simulate)',
    }),
  },
  { $id: 'Project' },
);

export const ProjectCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    countryIso: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$', examples: ['NO'] })),
    orgNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9-]+$' })),
    orgNumberSuffix: Type.Optional(Type.String({ maxLength: 40, pattern: '^[A-Za-z0-9-]*$' })),
    timezone: Type.Optional(Type.String({ maxLength: 64, examples: ['Europe/Oslo'] })),
    metadata: Type.Optional(Metadata),
    sandbox: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'true: a sandbox for trying the API, where keys can simulate access events. Fixed at creation.',
      }),
    ),
  },
  { additionalProperties: false },
);
