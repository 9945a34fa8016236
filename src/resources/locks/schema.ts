import { Type } from '@sinclair/typebox';
import { MetadataInput, MetadataOutput, MetadataPatchInput } from '../../http/metadata.ts';
import { PagingQuery, Timestamp, Uuid } from '../../http/schemas.ts';
import { ConnectionSchema } from '../lock-connections/schema.ts';

export const LockSchema = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    timezone: Type.String({ description: 'IANA time zone; recurrence windows of keys use it' }),
    address: Type.Optional(Type.String()),
    created: Timestamp,
    metadata: MetadataOutput,
    connection: Type.Union([ConnectionSchema, Type.Null()], {
      description: 'The network lock this lock stands for, through a bridge; null when none is connected',
    }),
  },
  { $id: 'Lock' },
);

const Name = Type.String({ minLength: 1, maxLength: 200, examples: ['Front door, Storgata 1'] });
const TimeZone = Type.String({ minLength: 1, maxLength: 64, examples: ['Europe/Oslo'] });
const Address = Type.String({ minLength: 1, maxLength: 500, examples: ['Storgata 1, 0155 Oslo'] });

export const LockCreateBody = Type.Object(
  {
    name: Name,
    timezone: Type.Optional(TimeZone),
    address: Type.Optional(Address),
    metadata: Type.Optional(MetadataInput),
  },
  {
    additionalProperties: false,
    examples: [
      {
        name: 'Front door',
        timezone: 'Europe/Oslo',
        address: 'Storgata 1, 0155 Oslo',
        metadata: { unit: '4B' },
      },
    ],
  },
);

export const LockPatchBody = Type.Object(
  {
    name: Type.Optional(Name),
    timezone: Type.Optional(TimeZone),
    address: Type.Optional(Type.Union([Address, Type.Null()], { description: 'null removes the address' })),
    metadata: Type.Optional(MetadataPatchInput),
  },
  { additionalProperties: false, examples: [{ name: 'Back door', metadata: { unit: null } }] },
);

export const ProjectParams = Type.Object({ projectId: Uuid });
export const LockParams = Type.Object({ projectId: Uuid, lockId: Uuid });
export const LockListQuery = Type.Object(PagingQuery, { additionalProperties: false });
