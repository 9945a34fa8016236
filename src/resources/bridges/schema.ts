import { Type } from '@sinclair/typebox';
import { Timestamp, Uuid } from '../../http/schemas.ts';

export const BridgeSchema = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    status: Type.Union([Type.Literal('online'), Type.Literal('offline')], {
      description: 'online while a bridge process is connected to the service',
    }),
    lastSeen: Type.Union([Timestamp, Type.Null()], { description: 'when the bridge last connected' }),
    local: Type.Boolean({
      description: "the service's own bridge (LATCHKEY_BRIDGE=local), shared by every organization",
    }),
    created: Timestamp,
  },
  { $id: 'Bridge' },
);

export const BridgeCreateBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 200, examples: ['Storgata 1, basement'] }) },
  { additionalProperties: false, examples: [{ name: 'Storgata 1, basement' }] },
);

export const OrgParams = Type.Object({ organizationId: Uuid });
export const BridgeParams = Type.Object({ organizationId: Uuid, bridgeId: Uuid });

export const BridgeTokenSchema = Type.String({
  description: 'The bridge token (lk_bridge_…): shown only here; the service keeps only its hash',
});
