// Webhooks: register, list, get, enable/disable, delete, rotate the signing secret.
// Delivery history and replay are in deliveries-routes.ts.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { webhookSecretGenerate } from '../../delivery/sign.ts';
import type { RequireToken } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { page, pageLimit } from '../../http/paging.ts';
import { bearerSecurity, list, problemResponses, wrap } from '../../http/schemas.ts';
import { deliveryRoutes } from './deliveries-routes.ts';
import { presentWebhook } from './present.ts';
import { webhookDelete, webhookFindById, webhookList, webhookRotateSecret } from './queries.ts';
import {
  RotatedSecret,
  WebhookCreateBody,
  WebhookCreated,
  WebhookIdParams,
  WebhookListQuery,
  WebhookParams,
  WebhookPatchBody,
  WebhookSchema,
} from './schema.ts';
import { SECRET_OVERLAP_SECONDS, webhookCreate, webhookEnable } from './service.ts';

const tags = ['webhooks'];

export async function webhookRoutes(root: FastifyInstance, ctx: AppContext, requireToken: RequireToken) {
  root.addSchema(WebhookSchema);
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const onRequest = requireToken({ scopes: ['project.admin'], resource: 'project' });
  const WebhookRef = Type.Ref('Webhook');

  app.post(
    '/v2/projects/:projectId/webhooks',
    {
      onRequest,
      schema: {
        tags,
        security: bearerSecurity,
        summary: "Register a webhook for a lock's access events",
        description:
          'The URL must be https, must not point to a private or reserved address, and may carry ' +
          'user:password@ credentials (no RFC 3986 reserved characters), sent as Basic authentication. ' +
          '`webhookUrl` is accepted as an alias of `url`. The signing secret is returned only here.',
        params: WebhookParams,
        body: WebhookCreateBody,
        response: { 201: WebhookCreated, ...problemResponses },
      },
    },
    async (request, reply) => {
      const { row, secret } = await webhookCreate(ctx, request.params.projectId, request.body);
      const w = presentWebhook(row);
      return reply.code(201).send({
        webhook: {
          id: w.id,
          trigger: w.trigger,
          url: w.url,
          lockId: w.lockId,
          enabled: w.enabled,
          created: w.created,
          secret,
        },
      });
    },
  );

  app.get(
    '/v2/projects/:projectId/webhooks',
    {
      onRequest,
      schema: {
        tags,
        security: bearerSecurity,
        summary: "List the project's webhooks",
        params: WebhookParams,
        querystring: WebhookListQuery,
        response: { 200: list('webhooks', WebhookRef), ...problemResponses },
      },
    },
    async (request) => {
      const limit = pageLimit(request.query);
      const rows = await webhookList(ctx.db, request.params.projectId, { ...request.query, limit });
      const p = page(rows, limit);
      return { webhooks: p.items.map(presentWebhook), startAfterId: p.startAfterId };
    },
  );

  app.get(
    '/v2/projects/:projectId/webhooks/:webhookId',
    {
      onRequest,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Get a webhook',
        params: WebhookIdParams,
        response: { 200: wrap('webhook', WebhookRef), ...problemResponses },
      },
    },
    async (request) => {
      const row = await webhookFindById(ctx.db, request.params.projectId, request.params.webhookId);
      if (!row) throw notFound('webhook');
      return { webhook: presentWebhook(row) };
    },
  );

  app.patch(
    '/v2/projects/:projectId/webhooks/:webhookId',
    {
      onRequest,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Enable or disable a webhook',
        description:
          'Disabling marks its pending deliveries failed (they are kept: recover re-queues them). ' +
          'Enabling clears the failure record.',
        params: WebhookIdParams,
        body: WebhookPatchBody,
        response: { 200: wrap('webhook', WebhookRef), ...problemResponses },
      },
    },
    async (request) => {
      const { projectId, webhookId } = request.params;
      return {
        webhook: presentWebhook(await webhookEnable(ctx, projectId, webhookId, request.body.enabled)),
      };
    },
  );

  app.delete(
    '/v2/projects/:projectId/webhooks/:webhookId',
    {
      onRequest,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Delete a webhook and its delivery history',
        params: WebhookIdParams,
        response: problemResponses,
      },
    },
    async (request, reply) => {
      if (!(await webhookDelete(ctx.db, request.params.projectId, request.params.webhookId))) {
        throw notFound('webhook');
      }
      return reply.code(204).send();
    },
  );

  app.post(
    '/v2/projects/:projectId/webhooks/:webhookId/rotate-secret',
    {
      onRequest,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Rotate the signing secret',
        description: 'The previous secret keeps signing beside the new one for 24 hours.',
        params: WebhookIdParams,
        response: { 200: RotatedSecret, ...problemResponses },
      },
    },
    async (request) => {
      const secret = webhookSecretGenerate();
      const until = await webhookRotateSecret(
        ctx.db,
        request.params.projectId,
        request.params.webhookId,
        ctx.keyring.encrypt(secret),
        SECRET_OVERLAP_SECONDS,
      );
      if (!until) throw notFound('webhook');
      return { secret, previousSecretExpires: until.toISOString() };
    },
  );

  await deliveryRoutes(root, ctx, requireToken);
}
