// Operator API. Registered only when LATCHKEY_ADMIN_TOKEN is set; otherwise every /admin path is a
// 404 whose detail says how to turn the API on. The token is compared in constant time.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { safeEqual } from '../../crypto/secrets.ts';
import { bearerToken } from '../../http/authenticate.ts';
import { ApiError, bearerChallenge, unauthorized } from '../../http/errors.ts';
import { page, pageLimit } from '../../http/paging.ts';
import { E164, PagingQuery, problemResponses, Timestamp, Uuid } from '../../http/schemas.ts';
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
    scope: Type.String({ enum: ['organization.admin', 'project.admin', 'project.installer'] }),
  },
  { additionalProperties: false },
);
const ClientIdParams = Type.Object({ clientId: Uuid });
const security = [{ adminToken: [] }];
const tags = ['admin'];

export const ADMIN_OFF_DETAIL =
  'The admin API is off on this server. To turn it on, start the server with LATCHKEY_ADMIN_TOKEN set to a secret of at least 32 characters (for example `openssl rand -base64 32`), then send it as Authorization: Bearer <token>.';

export async function adminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const adminToken = ctx.config.adminToken;
  if (!adminToken) {
    const off = async () => {
      throw new ApiError(404, ADMIN_OFF_DETAIL);
    };
    app.all('/admin', { schema: { hide: true } }, off);
    app.all('/admin/*', { schema: { hide: true } }, off);
    return;
  }
  await app.register(async (admin) => {
    admin.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      if (!token)
        throw new ApiError(
          401,
          'The admin API needs the admin token (LATCHKEY_ADMIN_TOKEN) as Authorization: Bearer <token>',
          { headers: { 'www-authenticate': bearerChallenge() } },
        );
      if (!safeEqual(token, adminToken))
        throw unauthorized(
          'invalid_token',
          'The admin token was not accepted: it is not the LATCHKEY_ADMIN_TOKEN this server was started with',
        );
    });

    admin.get(
      '/admin/v1/organizations',
      {
        schema: {
          tags,
          security,
          summary: 'List organizations, oldest first',
          querystring: Type.Object(PagingQuery, { additionalProperties: false }),
          response: {
            200: Type.Object({
              organizations: Type.Array(OrganizationSchema),
              startAfterId: Type.Optional(Uuid),
            }),
            ...problemResponses,
          },
        },
      },
      async (request) => {
        const q = request.query as { limit?: number; startAfterId?: string };
        const limit = pageLimit(q);
        const p = page(await organizationList(ctx.db, limit, q.startAfterId?.toLowerCase()), limit);
        return { organizations: p.items, startAfterId: p.startAfterId };
      },
    );
    admin.get(
      '/admin/v1/organizations/:organizationId/clients',
      {
        schema: {
          tags,
          security,
          summary: "List an organization's API clients (never a secret or its hash)",
          params: Type.Object({ organizationId: Uuid }),
          response: { 200: Type.Object({ clients: Type.Array(ClientSchema) }), ...problemResponses },
        },
      },
      async (request) => ({
        clients: await clientList(ctx.db, (request.params as { organizationId: string }).organizationId),
      }),
    );
    admin.get(
      '/admin/v1/clients/:clientId/grants',
      {
        schema: {
          tags,
          security,
          summary: "List a client's grants (the scopes it holds on organizations and projects)",
          params: ClientIdParams,
          response: {
            200: Type.Object({
              grants: Type.Array(
                Type.Object({
                  resourceType: Type.Union([Type.Literal('organization'), Type.Literal('project')]),
                  resourceId: Uuid,
                  scope: Type.String(),
                }),
              ),
            }),
            ...problemResponses,
          },
        },
      },
      async (request) => ({
        grants: await grantList(ctx.db, (request.params as { clientId: string }).clientId),
      }),
    );

    admin.post(
      '/admin/v1/organizations',
      {
        schema: {
          tags,
          security,
          summary: 'Create an organization',
          body: Type.Object({ name: Name }, { additionalProperties: false }),
          response: { 201: Type.Object({ organization: OrganizationSchema }), ...problemResponses },
        },
      },
      async (request, reply) => {
        const { name } = request.body as { name: string };
        return reply.code(201).send({ organization: await organizationCreate(ctx.db, name) });
      },
    );
    admin.post(
      '/admin/v1/organizations/:organizationId/clients',
      {
        schema: {
          tags,
          security,
          summary: 'Create an API client (its secret is shown once)',
          params: Type.Object({ organizationId: Uuid }),
          body: Type.Object({ name: Name }, { additionalProperties: false }),
          response: {
            201: Type.Object({ client: ClientSchema, clientSecret: Type.String() }),
            ...problemResponses,
          },
        },
      },
      async (request, reply) => {
        const { organizationId } = request.params as { organizationId: string };
        const { name } = request.body as { name: string };
        return reply.code(201).send(await clientCreate(ctx.db, ctx.keyring, organizationId, name));
      },
    );
    admin.delete(
      '/admin/v1/clients/:clientId',
      {
        schema: {
          tags,
          security,
          summary: 'Delete an API client',
          params: ClientIdParams,
          response: problemResponses,
        },
      },
      async (request, reply) => {
        await clientDelete(ctx.db, (request.params as { clientId: string }).clientId);
        ctx.clientStatus.clear();
        return reply.code(204).send();
      },
    );
    admin.post(
      '/admin/v1/clients/:clientId/rotate-secret',
      {
        schema: {
          tags,
          security,
          summary: "Replace a client's secret; tokens issued under the old one stop working",
          params: ClientIdParams,
          response: { 200: Type.Object({ clientSecret: Type.String() }), ...problemResponses },
        },
      },
      async (request) => {
        const clientSecret = await clientRotateSecret(
          ctx.db,
          ctx.keyring,
          (request.params as { clientId: string }).clientId,
        );
        ctx.clientStatus.clear();
        return { clientSecret };
      },
    );
    admin.put(
      '/admin/v1/clients/:clientId/grants',
      {
        schema: {
          tags,
          security,
          summary: 'Give a client a scope on an organization or project (replaces its scope there)',
          params: ClientIdParams,
          body: GrantBody,
          response: {
            200: Type.Object({
              grant: Type.Object({
                clientId: Uuid,
                resourceType: Type.String(),
                resourceId: Uuid,
                scope: Type.String(),
                created: Timestamp,
              }),
            }),
            ...problemResponses,
          },
        },
      },
      async (request) => {
        const { clientId } = request.params as { clientId: string };
        const b = request.body as {
          resourceType: 'organization' | 'project';
          resourceId: string;
          scope: string;
        };
        const grant = await grantPut(ctx.db, clientId, b.resourceType, b.resourceId.toLowerCase(), b.scope);
        ctx.clientStatus.clear();
        return { grant };
      },
    );
    admin.delete(
      '/admin/v1/clients/:clientId/grants',
      {
        schema: {
          tags,
          security,
          summary: "Remove a client's grant on a resource",
          params: ClientIdParams,
          querystring: Type.Object({ resourceId: Uuid }),
          response: problemResponses,
        },
      },
      async (request, reply) => {
        const { clientId } = request.params as { clientId: string };
        await grantDelete(
          ctx.db,
          clientId,
          (request.query as { resourceId: string }).resourceId.toLowerCase(),
        );
        ctx.clientStatus.clear();
        return reply.code(204).send();
      },
    );
    admin.delete(
      '/admin/v1/app-users/:appUserId',
      {
        schema: {
          tags,
          security,
          summary: 'Erase an app user (right to erasure)',
          description:
            "Removes the person with this phone number (E.164, URL-encoded: %2B4799887766) from every project: access events, keys, sharing rights, managed users, pending and past webhook deliveries of their events, login codes and their display name. Keys they shared stay with their holders, without the sharer's number. Deliveries already sent are not recalled. Erasing a number the service does not know erases nothing (all counts 0).",
          params: Type.Object({ appUserId: E164 }),
          response: {
            200: Type.Object({
              erased: Type.Object({
                accessEvents: Type.Integer(),
                keys: Type.Integer(),
                managedUsers: Type.Integer(),
                sharingRights: Type.Integer(),
                deliveries: Type.Integer(),
              }),
            }),
            ...problemResponses,
          },
        },
      },
      async (request) => ({
        erased: await appUserErase(ctx.db, (request.params as { appUserId: string }).appUserId),
      }),
    );
    admin.post(
      '/admin/v1/app-tokens',
      {
        schema: {
          tags,
          security,
          summary: 'Mint an app token for an app user (testing and support)',
          body: Type.Object({ appUserId: E164 }, { additionalProperties: false }),
          response: {
            200: Type.Object({
              access_token: Type.String(),
              token_type: Type.String(),
              expires_in: Type.Integer(),
            }),
            ...problemResponses,
          },
        },
      },
      async (request, reply) => {
        const t = await appTokenMint(ctx, (request.body as { appUserId: string }).appUserId);
        return reply
          .header('cache-control', 'no-store')
          .send({ access_token: t.accessToken, token_type: 'bearer', expires_in: t.expiresIn });
      },
    );
  });
}
