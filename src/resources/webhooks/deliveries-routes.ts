// Delivery history and replay: list a webhook's deliveries with their attempts,
// retry one, recover every failed one since a time.
import { Type } from '@sinclair/typebox';
import type { Queryable } from '../../db/db.ts';
import { DELIVERIES_CHANNEL } from '../../delivery/enqueue.ts';
import { conflict, found, notFound } from '../../http/errors.ts';
import { defineOperation } from '../../http/operations.ts';
import { page, pageLimit } from '../../http/paging.ts';
import { list, wrap } from '../../http/schemas.ts';
import { projectAdmin as auth } from '../projects/auth.ts';
import { type AttemptRow, presentDelivery } from './present.ts';
import {
  attemptsOf,
  deliveriesRecover,
  deliveryFindById,
  deliveryList,
  deliveryRequeue,
  webhookFindById,
} from './queries.ts';
import { webhookTags as tags } from './routes.ts';
import {
  DeliveryIdParams,
  DeliveryListQuery,
  DeliverySchema,
  DeliveryWithBody,
  RecoverBody,
  WebhookIdParams,
} from './schema.ts';

// Deliveries finished longer ago than the retention window (ctx.config.deliveryRetentionDays) are
// gone, whether or not the retention job has deleted them yet.
const components = [DeliverySchema];
const DeliveryRef = Type.Ref('WebhookDelivery');

const webhookOf = (db: Queryable, projectId: string, webhookId: string) =>
  found('webhook', webhookFindById(db, projectId, webhookId));

export const deliveryOperations = [
  defineOperation({
    operationId: 'webhookDeliveriesList',
    method: 'GET',
    path: '/v2/projects/:projectId/webhooks/:webhookId/deliveries',
    tags,
    summary: "List a webhook's deliveries with their attempts, newest first",
    description:
      'Pending deliveries and those finished within the retention window (LATCHKEY_DELIVERY_RETENTION_DAYS, 30 days by default): older ones are deleted with their attempts.',
    auth,
    components,
    params: WebhookIdParams,
    query: DeliveryListQuery,
    success: { status: 200, schema: list('deliveries', DeliveryRef) },
    handler: async (request, _reply, ctx) => {
      const { projectId, webhookId } = request.params;
      await webhookOf(ctx.db, projectId, webhookId);
      const limit = pageLimit(request.query);
      const keptDays = ctx.config.deliveryRetentionDays;
      const p = page(
        await deliveryList(ctx.db, projectId, webhookId, { ...request.query, limit, keptDays }),
        limit,
      );
      const byDelivery = new Map<string, AttemptRow[]>();
      for (const a of await attemptsOf(
        ctx.db,
        p.items.map((d) => d.id),
      )) {
        byDelivery.set(a.delivery_id, [...(byDelivery.get(a.delivery_id) ?? []), a]);
      }
      return {
        deliveries: p.items.map((d) => presentDelivery(d, byDelivery.get(d.id) ?? [])),
        startAfterId: p.startAfterId,
      };
    },
  }),

  defineOperation({
    operationId: 'webhookDeliveriesGet',
    method: 'GET',
    path: '/v2/projects/:projectId/webhooks/:webhookId/deliveries/:deliveryId',
    tags,
    summary: 'Get a delivery with its attempts and the exact body it posts',
    description:
      '`body` is the JSON text that was signed and posted (the same on every attempt), kept as long as the delivery is (LATCHKEY_DELIVERY_RETENTION_DAYS after it finished). Erasing an app user deletes the deliveries whose body carries their number.',
    auth,
    params: DeliveryIdParams,
    success: { status: 200, schema: DeliveryWithBody },
    handler: async (request, _reply, ctx) => {
      const { projectId, webhookId, deliveryId } = request.params;
      const d = await found(
        'delivery',
        deliveryFindById(ctx.db, projectId, webhookId, deliveryId, ctx.config.deliveryRetentionDays),
      );
      return { delivery: { ...presentDelivery(d, await attemptsOf(ctx.db, [d.id])), body: d.body } };
    },
  }),

  defineOperation({
    operationId: 'webhookDeliveriesRetry',
    audit: 'delivery.retried',
    method: 'POST',
    path: '/v2/projects/:projectId/webhooks/:webhookId/deliveries/:deliveryId/retry',
    tags,
    summary: 'Send a delivery again now',
    description:
      'In any status. A pending delivery waiting after failed attempts is tried now, and if that attempt fails the schedule goes on from there (the next pause is the one after its attempt count). A finished one gets one more attempt (more follow if the retry schedule is not used up). 409 while a worker is sending it, or while the webhook is disabled.',
    auth,
    components,
    params: DeliveryIdParams,
    success: { status: 200, schema: wrap('delivery', DeliveryRef) },
    errors: ['conflict'],
    handler: async (request, _reply, ctx) => {
      const { projectId, webhookId, deliveryId } = request.params;
      const w = await webhookOf(ctx.db, projectId, webhookId);
      if (!w.enabled) throw conflict('The webhook is disabled: enable it first');
      const keptDays = ctx.config.deliveryRetentionDays;
      const d = await ctx.db.transaction(async (tx) => {
        const row = await deliveryRequeue(tx, projectId, webhookId, deliveryId, keptDays);
        if (row) await tx.query(`SELECT pg_notify('${DELIVERIES_CHANNEL}', '')`);
        return row;
      });
      if (!d) {
        if (await deliveryFindById(ctx.db, projectId, webhookId, deliveryId, keptDays)) {
          throw conflict('The delivery is being sent right now');
        }
        throw notFound('delivery');
      }
      return { delivery: presentDelivery(d, await attemptsOf(ctx.db, [d.id])) };
    },
  }),

  defineOperation({
    operationId: 'webhooksRecover',
    audit: 'webhook.recovered',
    method: 'POST',
    path: '/v2/projects/:projectId/webhooks/:webhookId/recover',
    tags,
    summary: 'Re-queue every failed delivery created since a time',
    auth,
    params: WebhookIdParams,
    body: RecoverBody,
    success: { status: 200, schema: Type.Object({ recovered: Type.Integer() }) },
    errors: ['conflict'],
    handler: async (request, _reply, ctx) => {
      const { projectId, webhookId } = request.params;
      const w = await webhookOf(ctx.db, projectId, webhookId);
      if (!w.enabled) throw conflict('The webhook is disabled: enable it first');
      const recovered = await ctx.db.transaction(async (tx) => {
        const n = await deliveriesRecover(
          tx,
          projectId,
          webhookId,
          new Date(request.body.since),
          ctx.config.deliveryRetentionDays,
        );
        if (n > 0) await tx.query(`SELECT pg_notify('${DELIVERIES_CHANNEL}', '')`);
        return n;
      });
      return { recovered };
    },
  }),
];
