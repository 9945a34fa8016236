// Lock holders: a project seen through the auth API v1. `organizationId` and
// `organizationIdSuffix` are the project's orgNumber and orgNumberSuffix (not a Latchkey
// organization id): together with countryIso they form the lockHolder.identifier claim.
import { Type } from '@sinclair/typebox';
import { Metadata, Timestamp, Uuid } from '../../http/schemas.ts';

const CountryIso = Type.String({
  pattern: '^[A-Z]{2}$',
  description: 'ISO 3166-1 alpha-2',
  examples: ['NO'],
});
const OrgNumber = Type.String({
  minLength: 1,
  maxLength: 40,
  pattern: '^[A-Za-z0-9-]+$',
  description: 'Organization number in its country',
  examples: ['919424508'],
});
const OrgNumberSuffix = Type.String({
  maxLength: 40,
  pattern: '^[A-Za-z0-9-]*$',
  description: 'Distinguishes lock holders sharing an organization number; may be empty',
  examples: [''],
});
const Name = Type.String({ minLength: 1, maxLength: 200, examples: ['Storgata 1 Housing Co-op'] });

export const LockHolderSchema = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    countryIso: Type.Union([Type.String(), Type.Null()], {
      description: 'ISO 3166-1 alpha-2; null if not set',
    }),
    organizationId: Type.Union([Type.String(), Type.Null()], {
      description: "The project's organization number (orgNumber), not a Latchkey organization id",
    }),
    organizationIdSuffix: Type.Union([Type.String(), Type.Null()], {
      description: "The project's orgNumberSuffix; may be empty",
    }),
  },
  { $id: 'LockHolder', description: 'A project seen through the auth API v1' },
);

export const LockHolderCreateBody = Type.Object(
  {
    name: Name,
    countryIso: CountryIso,
    organizationId: OrgNumber,
    organizationIdSuffix: Type.Optional(OrgNumberSuffix),
  },
  { additionalProperties: false },
);

export const LockHolderPatchBody = Type.Object(
  {
    name: Type.Optional(Name),
    countryIso: Type.Optional(CountryIso),
    organizationId: Type.Optional(OrgNumber),
    organizationIdSuffix: Type.Optional(OrgNumberSuffix),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const LockHolderLockSchema = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    timezone: Type.String({ examples: ['Europe/Oslo'] }),
    address: Type.Optional(Type.String()),
    created: Timestamp,
    metadata: Metadata,
  },
  { $id: 'LockHolderLock' },
);

export const LockHolderParams = Type.Object({ lockHolderId: Uuid });
