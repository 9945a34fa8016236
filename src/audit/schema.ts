// The audit record as the API shows it, and the filters of its lists.
import { Type } from '@sinclair/typebox';
import { PagingQuery, Timestamp, Uuid } from '../http/schemas.ts';
import { ACTOR_TYPES } from './record.ts';

const Fields = Type.Record(Type.String(), Type.Unknown());

export const AuditRecordSchema = Type.Object(
  {
    id: Uuid,
    at: Timestamp,
    actor: Type.Object({
      type: Type.Union(ACTOR_TYPES.map((t) => Type.Literal(t))),
      id: Type.Union([Type.String(), Type.Null()], {
        description: 'The client id, the app user, the bridge, or the job; null for the operator',
      }),
    }),
    action: Type.String({ examples: ['key.revoked'] }),
    resource: Type.Object({ type: Type.String(), id: Type.Union([Type.String(), Type.Null()]) }),
    projectId: Type.Optional(Uuid),
    organizationId: Type.Optional(Uuid),
    requestId: Type.Union([Type.String(), Type.Null()]),
    sourceAddress: Type.Union([Type.String(), Type.Null()]),
    changes: Type.Object(
      { before: Type.Optional(Fields), after: Type.Optional(Fields) },
      { description: 'The fields that changed, before and after; secrets are never recorded' },
    ),
  },
  { $id: 'AuditRecord' },
);

export const AuditListQuery = Type.Object(
  {
    resourceType: Type.Optional(Type.String({ maxLength: 64, examples: ['key'] })),
    resourceId: Type.Optional(Type.String({ maxLength: 255 })),
    actorId: Type.Optional(Type.String({ maxLength: 255 })),
    action: Type.Optional(Type.String({ maxLength: 128, examples: ['key.revoked'] })),
    from: Type.Optional(Timestamp),
    to: Type.Optional(Timestamp),
    ...PagingQuery,
  },
  { additionalProperties: false },
);
