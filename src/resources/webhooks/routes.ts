// Webhooks: register, list, get, enable/disable, delete, rotate the signing secret, test.
// Delivery history and replay are in deliveries-routes.ts.
import { Type } from '@sinclair/typebox';
import { webhookSecretGenerate } from '../../delivery/sign.ts';
import { found } from '../../http/errors.ts';
import { defineOperation, pathParam } from '../../http/operations.ts';
import { listPage } from '../../http/paging.ts';
import { list, wrap } from '../../http/schemas.ts';
import { projectAdmin as auth } from '../projects/auth.ts';
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
import { SECRET_OVERLAP_SECONDS, webhookCreate, webhookCreateCheck, webhookEnable } from './service.ts';
import { webhookTestSend } from './test-delivery.ts';

export const webhookTags = ['webhooks'];
const tags = webhookTags;
const components = [WebhookSchema];
const WebhookRef = Type.Ref('Webhook');

export const webhookOperations = [
  defineOperation({
    operationId: 'webhooksCreate',
    audit: 'webhook.created',
    method: 'POST',
    path: '/v2/projects/:projectId/webhooks',
    tags,
    summary: "Register a webhook for a lock's events, or for every lock of the project",
    description:
      'Give `lockId` (one lock) or `allLocks: true` (every lock of the project, present and future), not both. The URL must be https, must not point to a private or reserved address, and may carry ' +
      'user:password@ credentials (no RFC 3986 reserved characters), sent as Basic authentication. ' +
      '`webhookUrl` is accepted as an alias of `url`. The signing secret is returned only here.',
    auth,
    components,
    params: WebhookParams,
    body: WebhookCreateBody,
    success: { status: 201, schema: WebhookCreated },
    errors: ['conflict'],
    location: (body: { webhook: { id: string } }, request) =>
      `/v2/projects/${pathParam(request, 'projectId')}/webhooks/${body.webhook.id}`,
    // The checks, host resolution included, before the transaction opens (webhookCreateCheck).
    prepare: (request, ctx) => webhookCreateCheck(ctx, request.params.projectId, request.body),
    handler: async (request, _reply, ctx, plan) => {
      const { row, secret } = await webhookCreate(ctx, request.params.projectId, plan);
      const w = presentWebhook(row);
      return {
        webhook: {
          id: w.id,
          trigger: w.trigger,
          url: w.url,
          ...(w.lockId === undefined ? {} : { lockId: w.lockId }),
          allLocks: w.allLocks,
          enabled: w.enabled,
          created: w.created,
          secret,
        },
      };
    },
  }),

  defineOperation({
    operationId: 'webhooksList',
    method: 'GET',
    path: '/v2/projects/:projectId/webhooks',
    tags,
    summary: "List the project's webhooks",
    auth,
    components,
    params: WebhookParams,
    query: WebhookListQuery,
    success: { status: 200, schema: list('webhooks', WebhookRef) },
    handler: (request, _reply, ctx) =>
      listPage(
        request.query,
        'webhooks',
        (limit) => webhookList(ctx.db, request.params.projectId, { ...request.query, limit }),
        presentWebhook,
      ),
  }),

  defineOperation({
    operationId: 'webhooksGet',
    method: 'GET',
    path: '/v2/projects/:projectId/webhooks/:webhookId',
    tags,
    summary: 'Get a webhook',
    auth,
    components,
    params: WebhookIdParams,
    success: { status: 200, schema: wrap('webhook', WebhookRef) },
    handler: async (request, _reply, ctx) => ({
      webhook: presentWebhook(
        await found('webhook', webhookFindById(ctx.db, request.params.projectId, request.params.webhookId)),
      ),
    }),
  }),

  defineOperation({
    operationId: 'webhooksUpdate',
    audit: 'webhook.updated',
    method: 'PATCH',
    path: '/v2/projects/:projectId/webhooks/:webhookId',
    tags,
    summary: 'Enable or disable a webhook',
    description:
      'Disabling marks its pending deliveries failed (they are kept: recover re-queues them). ' +
      'Enabling clears the failure record.',
    auth,
    components,
    params: WebhookIdParams,
    body: WebhookPatchBody,
    success: { status: 200, schema: wrap('webhook', WebhookRef) },
    handler: async (request, _reply, ctx) => {
      const { projectId, webhookId } = request.params;
      return {
        webhook: presentWebhook(await webhookEnable(ctx, projectId, webhookId, request.body.enabled)),
      };
    },
  }),

  defineOperation({
    operationId: 'webhooksDelete',
    audit: 'webhook.deleted',
    method: 'DELETE',
    path: '/v2/projects/:projectId/webhooks/:webhookId',
    tags,
    summary: 'Delete a webhook and its delivery history',
    auth,
    params: WebhookIdParams,
    success: { status: 204, description: 'Deleted' },
    handler: async (request, _reply, ctx) => {
      await found('webhook', webhookDelete(ctx.db, request.params.projectId, request.params.webhookId));
    },
  }),

  defineOperation({
    operationId: 'webhooksRotateSecret',
    audit: 'webhook.secretRotated',
    method: 'POST',
    path: '/v2/projects/:projectId/webhooks/:webhookId/rotate-secret',
    tags,
    summary: 'Rotate the signing secret',
    description: 'The previous secret keeps signing beside the new one for 24 hours.',
    auth,
    params: WebhookIdParams,
    success: { status: 200, schema: RotatedSecret },
    handler: async (request, _reply, ctx) => {
      const secret = webhookSecretGenerate();
      const until = await found(
        'webhook',
        webhookRotateSecret(
          ctx.db,
          request.params.projectId,
          request.params.webhookId,
          ctx.keyring.encrypt(secret),
          SECRET_OVERLAP_SECONDS,
        ),
      );
      return { secret, previousSecretExpires: until.toISOString() };
    },
  }),

  defineOperation({
    operationId: 'webhooksTest',
    audit: { none: 'sends one signed test POST; changes nothing' },
    method: 'POST',
    path: '/v2/projects/:projectId/webhooks/:webhookId/test',
    tags,
    summary: 'Send one signed test delivery now and answer with the attempt',
    description:
      'One POST of a sample access event (a fresh `id`, the webhook lock\'s `lockId` and `lockName` (for a webhook of every lock: 00000000-0000-0000-0000-000000000000 and "Latchkey test lock"), `action` unlocked, `keyId` 00000000-0000-0000-0000-000000000000, `appUserId` +10000000000, `userName` "Latchkey test delivery") with every header of a real delivery: signed with every active secret, HTTP Basic credentials when the URL has them. Synchronous (up to the delivery timeout), never retried, not written to the access log or the delivery history; disabled webhooks are tested too. A receiver that answers non-2xx or cannot be reached still gives 200: the attempt says what happened. At most LATCHKEY_TEST_DELIVERIES_PER_MINUTE (30) test deliveries per minute per project in one server process; beyond it 429 with Retry-After.',
    auth,
    params: WebhookIdParams,
    success: { status: 200, schema: Type.Object({ attempt: AttemptSchema }) },
    errors: ['rate-limited'],
    handler: async (request, _reply, ctx) => {
      const { projectId, webhookId } = request.params;
      return { attempt: await webhookTestSend(ctx, ctx.testDeliveryAgent.get(), projectId, webhookId) };
    },
  }),
];
