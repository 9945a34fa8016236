import { Type } from '@sinclair/typebox';
import { E164, PagingQuery, Timestamp, Uuid } from '../../http/schemas.ts';

export const MAX_SHARING_RIGHTS_PER_CALL = 1000;

export const SharingRightSchema = Type.Object(
  { id: Uuid, lockId: Uuid, appUserId: E164, created: Timestamp, revoked: Type.Optional(Timestamp) },
  { $id: 'SharingRight', description: 'Lets an app user share their key to one lock from the app' },
);

export const SharingRightCreateBody = Type.Object(
  {
    sharingRights: Type.Array(
      Type.Object({ lockId: Uuid, appUserId: E164 }, { additionalProperties: false }),
      {
        minItems: 1,
        maxItems: MAX_SHARING_RIGHTS_PER_CALL,
      },
    ),
  },
  {
    additionalProperties: false,
    examples: [
      { sharingRights: [{ lockId: '0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b', appUserId: '+4799887766' }] },
    ],
  },
);

export const SharingRightListQuery = Type.Object(
  {
    ...PagingQuery,
    appUserId: Type.Optional(E164),
    lockId: Type.Optional(Uuid),
    includeRevoked: Type.Optional(Type.Boolean({ default: false, description: 'also list revoked rights' })),
  },
  { additionalProperties: false },
);

export const SharingRightRevokeQuery = Type.Object(
  { appUserId: Type.Optional(E164), lockId: Type.Optional(Uuid) },
  { additionalProperties: false },
);
