// Webhooks: register, list, get, enable/disable, delete, rotate the signing secret, test.
// Delivery history and replay are in deliveries-routes.ts.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { parseCidrList } from '../../delivery/address-policy.ts';
import { createDeliveryAgent } from '../../delivery/send.ts';
import { webhookSecretGenerate } from '../../delivery/sign.ts';
import type { RequireToken } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { page, pageLimit } from '../../http/paging.ts';
import { bearerSecurity, list, problemResponses, wrap } from '../../http/schemas.ts';
import { deliveryRoutes } from './deliveries-routes.ts';
import { presentWebhook } from './present.ts';
import { webhookDelete, webhookFindById, webhookList, webhookRotateSecret } from './queries.ts';
import {
  AttemptSchema,
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
import { webhookTestSend } from './test-delivery.ts';

export interface WebhookRouteOptions {
  /** Extra trusted CA for receivers (tests only; production uses the system store + NODE_EXTRA_CA_CERTS). */
  webhookCa?: string | Buffer;
}

const tags = ['webhooks'];

export async function webhookRoutes(
  root: FastifyInstance,
  ctx: AppContext,
  requireToken: RequireToken,
  o: WebhookRouteOptions = {},
) {
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

  // Test deliveries use their own agent (the worker may run in another process), built the same way:
  // the address policy is checked on the address actually dialled.
  let agent: ReturnType<typeof createDeliveryAgent> | undefined;
  root.addHook('onClose', async () => {
    await agent?.close();
  });
  app.post(
    '/v2/projects/:projectId/webhooks/:webhookId/test',
    {
      onRequest,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Send one signed test delivery now and answer with the attempt',
        description:
          'One POST of a sample access event (a fresh `id`, the webhook lock\'s `lockId` and `lockName`, `action` unlocked, `keyId` 00000000-0000-0000-0000-000000000000, `appUserId` +10000000000, `userName` "Latchkey test delivery") with every header of a real delivery: signed with every active secret, HTTP Basic credentials when the URL has them. Synchronous (up to the delivery timeout), never retried, not written to the access log or the delivery history; disabled webhooks are tested too. A receiver that answers non-2xx or cannot be reached still gives 200: the attempt says what happened.',
        params: WebhookIdParams,
        response: { 200: Type.Object({ attempt: AttemptSchema }), ...problemResponses },
      },
    },
    async (request) => {
      agent ??= createDeliveryAgent({
        allowed: parseCidrList(ctx.config.webhookAllowedCidrs),
        timeoutMs: ctx.config.webhookTimeoutMs,
        ca: o.webhookCa,
        connectionsPerOrigin: 2,
      });
      const { projectId, webhookId } = request.params;
      return { attempt: await webhookTestSend(ctx, agent, projectId, webhookId) };
    },
  );

  await deliveryRoutes(root, ctx, requireToken);
}
