// Bridges (organization.admin): where the Matter controller of an organization's locks runs. A
// bridge's token is generated here, shown once, and kept only as its HMAC under the pepper (it is
// high-entropy, so a fast keyed hash is right, as for client secrets).

import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context.ts';
import { generateSecret, hashSecret } from '../../crypto/secrets.ts';
import { conflict, found, notFound } from '../../http/errors.ts';
import { type Auth, defineOperation, pathParam } from '../../http/operations.ts';
import { listPage } from '../../http/paging.ts';
import { list, PagingQuery, wrap } from '../../http/schemas.ts';
import { connectionsOfBridge } from '../lock-connections/queries.ts';
import { presentBridge } from './present.ts';
import { bridgeDelete, bridgeFind, bridgeInsert, bridgeList, bridgeSetToken } from './queries.ts';
import { BridgeCreateBody, BridgeParams, BridgeSchema, BridgeTokenSchema, OrgParams } from './schema.ts';

export const BRIDGE_TOKEN_PREFIX = 'lk_bridge_';

const tags = ['bridges'];
const auth: Auth = { kind: 'bearer', scopes: ['organization.admin'], resource: 'organization' };
const components = [BridgeSchema];

function newToken(ctx: AppContext) {
  const token = generateSecret(BRIDGE_TOKEN_PREFIX);
  return { token, hash: hashSecret(ctx.keyring.pepper, token) };
}

/** The local bridge belongs to the service, not to an organization: it has no token to rotate or row to delete. */
async function ownBridge(ctx: AppContext, organizationId: string, bridgeId: string) {
  const b = await found('bridge', bridgeFind(ctx.db, organizationId, bridgeId));
  if (b.organization_id === null)
    throw conflict("The service's own bridge (LATCHKEY_BRIDGE=local) has no token and cannot be deleted");
  return b;
}

export const bridgeOperations = [
  defineOperation({
    operationId: 'bridgesCreate',
    method: 'POST',
    audit: 'bridge.created',
    path: '/v2/organization/:organizationId/bridges',
    tags,
    summary: 'Create a bridge; its token is shown only in this answer',
    description:
      "Run `latchkey bridge` with the token on the locks' network: it connects out to the service over HTTPS.",
    auth,
    components,
    params: OrgParams,
    body: BridgeCreateBody,
    success: {
      status: 201,
      schema: Type.Object({ bridge: Type.Ref('Bridge'), token: BridgeTokenSchema }),
    },
    location: (body: { bridge: { id: string } }, request) =>
      `/v2/organization/${pathParam(request, 'organizationId')}/bridges/${body.bridge.id}`,
    handler: async (request, _reply, ctx) => {
      const { token, hash } = newToken(ctx);
      const row = await found(
        'organization',
        bridgeInsert(ctx.db, request.params.organizationId, request.body.name, hash),
      );
      return { bridge: presentBridge(row), token };
    },
  }),

  defineOperation({
    operationId: 'bridgesList',
    method: 'GET',
    path: '/v2/organization/:organizationId/bridges',
    tags,
    summary: "List the organization's bridges, and the service's own bridge when it runs one",
    auth,
    components,
    params: OrgParams,
    query: Type.Object(PagingQuery, { additionalProperties: false }),
    success: { status: 200, schema: list('bridges', Type.Ref('Bridge')) },
    handler: (request, _reply, ctx) => {
      const now = new Date();
      return listPage(
        request.query,
        'bridges',
        (limit, after) => bridgeList(ctx.db, request.params.organizationId, limit, after),
        (r) => presentBridge(r, now),
      );
    },
  }),

  defineOperation({
    operationId: 'bridgesGet',
    method: 'GET',
    path: '/v2/organization/:organizationId/bridges/:bridgeId',
    tags,
    summary: 'Get a bridge',
    auth,
    components,
    params: BridgeParams,
    success: { status: 200, schema: wrap('bridge', Type.Ref('Bridge')) },
    handler: async (request, _reply, ctx) => ({
      bridge: presentBridge(
        await found('bridge', bridgeFind(ctx.db, request.params.organizationId, request.params.bridgeId)),
      ),
    }),
  }),

  defineOperation({
    operationId: 'bridgesDelete',
    method: 'DELETE',
    audit: 'bridge.deleted',
    path: '/v2/organization/:organizationId/bridges/:bridgeId',
    tags,
    summary: 'Delete a bridge; its token stops working at once',
    description: 'A bridge that locks are connected through answers 409: disconnect them first.',
    auth,
    params: BridgeParams,
    errors: ['conflict'],
    success: { status: 204, description: 'Deleted' },
    handler: async (request, _reply, ctx) => {
      const { organizationId, bridgeId } = request.params;
      await ownBridge(ctx, organizationId, bridgeId);
      const connected = await connectionsOfBridge(ctx.db, bridgeId);
      if (connected > 0)
        throw conflict(`${connected} lock(s) are connected through this bridge: disconnect them first`);
      if (!(await bridgeDelete(ctx.db, organizationId, bridgeId))) throw notFound('bridge');
    },
  }),

  defineOperation({
    operationId: 'bridgesRotateToken',
    method: 'POST',
    audit: 'bridge.tokenRotated',
    path: '/v2/organization/:organizationId/bridges/:bridgeId/rotate-token',
    tags,
    summary: "Replace the bridge's token; the old one stops working at once",
    auth,
    components,
    params: BridgeParams,
    errors: ['conflict'],
    success: { status: 200, schema: Type.Object({ bridge: Type.Ref('Bridge'), token: BridgeTokenSchema }) },
    handler: async (request, _reply, ctx) => {
      const { organizationId, bridgeId } = request.params;
      await ownBridge(ctx, organizationId, bridgeId);
      const { token, hash } = newToken(ctx);
      const row = await found('bridge', bridgeSetToken(ctx.db, organizationId, bridgeId, hash));
      return { bridge: presentBridge(row), token };
    },
  }),
];
