// Operator API, under the operator token (LATCHKEY_ADMIN_TOKEN, compared in constant time). Without
// that token these operations are not served: every /admin path is a 404 whose detail says how to
// turn the API on (installAdminOff).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ERASED } from '../../audit/record.ts';
import { auditNote } from '../../audit/run.ts';
import { tokenAnswer } from '../../auth/issue-token.ts';
import { V2_SCOPES } from '../../auth/scopes.ts';
import { problem } from '../../http/errors.ts';
import { type Auth, defineOperation } from '../../http/operations.ts';
import { listPage } from '../../http/paging.ts';
import { E164, PagingQuery, Timestamp, Uuid } from '../../http/schemas.ts';
import { appTokenMint } from '../app/app-token.ts';
import { appUserErase } from './erasure.ts';
import {
  clientCreate,
  clientDelete,
  clientList,
  clientRotateSecret,
  grantDelete,
  grantList,
  grantPut,
  organizationCreate,
  organizationList,
} from './service.ts';

const Name = Type.String({ minLength: 1, maxLength: 200 });
const OrganizationSchema = Type.Object({ id: Uuid, name: Type.String(), created: Timestamp });
const ClientSchema = Type.Object({ id: Uuid, name: Type.String(), organizationId: Uuid, created: Timestamp });
const GrantBody = Type.Object(
  {
    resourceType: Type.Union([Type.Literal('organization'), Type.Literal('project')]),
    resourceId: Uuid,
    scope: Type.String({ enum: [...V2_SCOPES] }),
  },
  { additionalProperties: false },
);
const ClientIdParams = Type.Object({ clientId: Uuid });
const NameBody = Type.Object({ name: Name }, { additionalProperties: false });
const auth: Auth = { kind: 'admin' };
const tags = ['admin'];

export const ADMIN_OFF_DETAIL =
  'The admin API is off on this server. To turn it on, start the server with LATCHKEY_ADMIN_TOKEN set to a secret of at least 32 characters (for example `openssl rand -base64 32`), then send it as Authorization: Bearer <token>.';

/** Without LATCHKEY_ADMIN_TOKEN: every /admin path answers 404 saying how to turn the API on. */
export function installAdminOff(app: FastifyInstance): void {
  const off = async () => {
    throw problem('not-found', ADMIN_OFF_DETAIL);
  };
  app.all('/admin', { schema: { hide: true } }, off);
  app.all('/admin/*', { schema: { hide: true } }, off);
}

export const adminOperations = [
  defineOperation({
    operationId: 'adminOrganizationsList',
    method: 'GET',
    path: '/admin/v1/organizations',
    tags,
    summary: 'List organizations, oldest first',
    auth,
    query: Type.Object(PagingQuery, { additionalProperties: false }),
    success: {
      status: 200,
      schema: Type.Object({
        organizations: Type.Array(OrganizationSchema),
        startAfterId: Type.Optional(Uuid),
      }),
    },
    handler: (request, _reply, ctx) =>
      listPage(
        request.query,
        'organizations',
        (limit, after) => organizationList(ctx.db, limit, after?.toLowerCase()),
        (o) => o,
      ),
  }),

  defineOperation({
    operationId: 'adminClientsList',
    method: 'GET',
    path: '/admin/v1/organizations/:organizationId/clients',
    tags,
    summary: "List an organization's API clients (never a secret or its hash)",
    auth,
    params: Type.Object({ organizationId: Uuid }),
    success: { status: 200, schema: Type.Object({ clients: Type.Array(ClientSchema) }) },
    handler: async (request, _reply, ctx) => ({
      clients: await clientList(ctx.db, request.params.organizationId),
    }),
  }),

  defineOperation({
    operationId: 'adminGrantsList',
    method: 'GET',
    path: '/admin/v1/clients/:clientId/grants',
    tags,
    summary: "List a client's grants (the scopes it holds on organizations and projects)",
    auth,
    params: ClientIdParams,
    success: {
      status: 200,
      schema: Type.Object({
        grants: Type.Array(
          Type.Object({
            resourceType: Type.Union([Type.Literal('organization'), Type.Literal('project')]),
            resourceId: Uuid,
            scope: Type.String(),
          }),
        ),
      }),
    },
    handler: async (request, _reply, ctx) => ({ grants: await grantList(ctx.db, request.params.clientId) }),
  }),

  defineOperation({
    operationId: 'adminOrganizationsCreate',
    audit: 'organization.created',
    method: 'POST',
    path: '/admin/v1/organizations',
    tags,
    summary: 'Create an organization',
    auth,
    body: NameBody,
    success: { status: 201, schema: Type.Object({ organization: OrganizationSchema }) },
    handler: async (request, _reply, ctx) => ({
      organization: await organizationCreate(ctx.db, request.body.name),
    }),
  }),

  defineOperation({
    operationId: 'adminClientsCreate',
    audit: 'client.created',
    method: 'POST',
    path: '/admin/v1/organizations/:organizationId/clients',
    tags,
    summary: 'Create an API client (its secret is shown once)',
    auth,
    params: Type.Object({ organizationId: Uuid }),
    body: NameBody,
    success: { status: 201, schema: Type.Object({ client: ClientSchema, clientSecret: Type.String() }) },
    handler: async (request, _reply, ctx) =>
      clientCreate(ctx.db, ctx.keyring, request.params.organizationId, request.body.name),
  }),

  defineOperation({
    operationId: 'adminClientsDelete',
    audit: 'client.deleted',
    method: 'DELETE',
    path: '/admin/v1/clients/:clientId',
    tags,
    summary: 'Delete an API client',
    auth,
    params: ClientIdParams,
    success: { status: 204, description: 'Deleted' },
    handler: async (request, _reply, ctx) => {
      await clientDelete(ctx, request.params.clientId);
    },
  }),

  defineOperation({
    operationId: 'adminClientsRotateSecret',
    audit: 'client.secretRotated',
    method: 'POST',
    path: '/admin/v1/clients/:clientId/rotate-secret',
    tags,
    summary: "Replace a client's secret; tokens issued under the old one stop working",
    auth,
    params: ClientIdParams,
    success: { status: 200, schema: Type.Object({ clientSecret: Type.String() }) },
    handler: async (request, _reply, ctx) => ({
      clientSecret: await clientRotateSecret(ctx, request.params.clientId),
    }),
  }),

  defineOperation({
    operationId: 'adminGrantsPut',
    audit: 'grant.put',
    method: 'PUT',
    path: '/admin/v1/clients/:clientId/grants',
    tags,
    summary: 'Give a client a scope on an organization or project (replaces its scope there)',
    auth,
    params: ClientIdParams,
    body: GrantBody,
    success: {
      status: 200,
      schema: Type.Object({
        grant: Type.Object({
          clientId: Uuid,
          resourceType: Type.String(),
          resourceId: Uuid,
          scope: Type.String(),
          created: Timestamp,
        }),
      }),
    },
    handler: async (request, _reply, ctx) => {
      const b = request.body;
      return {
        grant: await grantPut(
          ctx,
          request.params.clientId.toLowerCase(),
          b.resourceType,
          b.resourceId.toLowerCase(),
          b.scope,
        ),
      };
    },
  }),

  defineOperation({
    operationId: 'adminGrantsDelete',
    audit: 'grant.deleted',
    method: 'DELETE',
    path: '/admin/v1/clients/:clientId/grants',
    tags,
    summary: "Remove a client's grant on a resource",
    auth,
    params: ClientIdParams,
    query: Type.Object({ resourceId: Uuid }),
    success: { status: 204, description: 'Removed' },
    handler: async (request, _reply, ctx) => {
      const resourceId = request.query.resourceId.toLowerCase();
      await grantDelete(ctx, request.params.clientId, resourceId);
      auditNote(request, {
        resourceId: request.params.clientId.toLowerCase(),
        changes: { before: { resourceId } },
      });
    },
  }),

  defineOperation({
    operationId: 'adminAppUsersErase',
    audit: 'appUser.erased',
    method: 'DELETE',
    path: '/admin/v1/app-users/:appUserId',
    tags,
    summary: 'Erase an app user (right to erasure)',
    description:
      "Removes the person with this phone number (E.164, URL-encoded: %2B4799887766) from every project: access events, keys, sharing rights, managed users, pending and past webhook deliveries of their events, login codes, app sessions (their refresh and access tokens stop working), registered devices and their display name. Keys they shared stay with their holders, without the sharer's number. Deliveries already sent are not recalled. Erasing a number the service does not know erases nothing (all counts 0).",
    auth,
    params: Type.Object({ appUserId: E164 }),
    success: {
      status: 200,
      schema: Type.Object({
        erased: Type.Object({
          accessEvents: Type.Integer(),
          keys: Type.Integer(),
          managedUsers: Type.Integer(),
          sharingRights: Type.Integer(),
          deliveries: Type.Integer(),
        }),
      }),
    },
    handler: async (request, _reply, ctx) => {
      const erased = await appUserErase(ctx.db, ctx.keyring, request.params.appUserId);
      ctx.appSessions.clear();
      // The erasure's own record names nobody: the marker stands for the person.
      auditNote(request, { resourceId: ERASED, changes: { after: { ...erased } } });
      return { erased };
    },
  }),

  defineOperation({
    operationId: 'adminAppTokensCreate',
    audit: 'appUser.tokenIssued',
    method: 'POST',
    path: '/admin/v1/app-tokens',
    tags,
    summary: 'Mint an app token for an app user (testing and support)',
    auth,
    body: Type.Object({ appUserId: E164 }, { additionalProperties: false }),
    success: {
      status: 200,
      schema: Type.Object({
        access_token: Type.String(),
        token_type: Type.String(),
        expires_in: Type.Integer(),
      }),
    },
    handler: async (request, reply, ctx) => {
      const t = await appTokenMint(ctx, request.body.appUserId);
      auditNote(request, { resourceId: request.body.appUserId });
      reply.header('cache-control', 'no-store');
      return tokenAnswer(t);
    },
  }),
];
