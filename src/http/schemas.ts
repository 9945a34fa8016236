// Schemas shared by every resource: ids, problem bodies, metadata, paging.
import { type TSchema, Type } from '@sinclair/typebox';

export const Uuid = Type.String({ format: 'uuid', examples: ['0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b'] });
export const Timestamp = Type.String({ format: 'date-time', examples: ['2026-11-21T10:15:30.123Z'] });
export const E164 = Type.String({ pattern: '^\\+[1-9][0-9]{6,14}$', examples: ['+4799887766'] });

export const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    invalidParams: Type.Optional(Type.Array(Type.Object({ name: Type.String(), reason: Type.String() }))),
    requestId: Type.Optional(Type.String()),
  },
  { $id: 'Problem', description: 'RFC 9457 problem details' },
);

/** RFC 6749 §5.2 error body of the token endpoints. */
export const OAuthErrorSchema = Type.Object({
  error: Type.String({ examples: ['invalid_client'] }),
  error_description: Type.String(),
});

/** At most 20 pairs, key ≤ 40 chars, value a string ≤ 256 chars. */
export const Metadata = Type.Record(
  Type.String({ minLength: 1, maxLength: 40 }),
  Type.String({ maxLength: 256 }),
  {
    maxProperties: 20,
    examples: [{ unit: '4B' }],
  },
);
/** On update: a null value deletes the pair. */
export const MetadataPatch = Type.Record(
  Type.String({ minLength: 1, maxLength: 40 }),
  Type.Union([Type.String({ maxLength: 256 }), Type.Null()]),
  { maxProperties: 20 },
);

export const PagingQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  startAfterId: Type.Optional(Uuid),
};

/** `{ [name]: item }` wrapper. */
export const wrap = <T extends TSchema>(name: string, item: T) => Type.Object({ [name]: item });
/** `{ [name]: item[], startAfterId? }` list wrapper. */
export const list = <T extends TSchema>(name: string, item: T) =>
  Type.Object({ [name]: Type.Array(item), startAfterId: Type.Optional(Type.String()) });
