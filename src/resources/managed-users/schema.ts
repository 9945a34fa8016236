import { Type } from '@sinclair/typebox';
import { MetadataInput, MetadataOutput, MetadataPatchInput } from '../../http/metadata.ts';
import { E164, PagingQuery, Timestamp, Uuid } from '../../http/schemas.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const Name = Type.String({ minLength: 1, maxLength: 100 });

export const ManagedUserSchema = Type.Object(
  {
    id: Uuid,
    appUserId: E164,
    firstName: Nullable(Type.String()),
    lastName: Nullable(Type.String()),
    created: Timestamp,
    metadata: MetadataOutput,
  },
  { $id: 'ManagedUser' },
);

export const ManagedUserCreateBody = Type.Object(
  {
    appUserId: E164,
    firstName: Type.Optional(Name),
    lastName: Type.Optional(Name),
    metadata: Type.Optional(MetadataInput),
  },
  {
    additionalProperties: false,
    examples: [
      { appUserId: '+4799887766', firstName: 'Kari', lastName: 'Nordmann', metadata: { unit: '4B' } },
    ],
  },
);

export const ManagedUserPatchBody = Type.Object(
  {
    firstName: Type.Optional(Nullable(Name)),
    lastName: Type.Optional(Nullable(Name)),
    metadata: Type.Optional(MetadataPatchInput),
  },
  { additionalProperties: false, examples: [{ lastName: 'Hansen', metadata: { unit: null } }] },
);

export const ManagedUserParams = Type.Object({
  projectId: Uuid,
  appUserId: Type.String({ ...E164, description: 'E.164, URL-encoded: %2B4799887766' }),
});
export const ManagedUserListQuery = Type.Object(PagingQuery, { additionalProperties: false });
