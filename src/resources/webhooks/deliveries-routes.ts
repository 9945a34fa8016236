// Delivery history and replay: list a webhook's deliveries with their attempts,
// retry one, recover every failed one since a time.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { DELIVERIES_CHANNEL } from '../../delivery/enqueue.ts';
import type { RequireToken } from '../../http/authenticate.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { page, pageLimit } from '../../http/paging.ts';
import { bearerSecurity, list, problemResponses, wrap } from '../../http/schemas.ts';
import { type AttemptRow, presentDelivery } from './present.ts';
import {
  attemptsOf,
  deliveriesRecover,
  deliveryFindById,
  deliveryList,
  deliveryRequeue,
  webhookFindById,
} from './queries.ts';
import {
  DeliveryIdParams,
  DeliveryListQuery,
  DeliverySchema,
  RecoverBody,
  WebhookIdParams,
} from './schema.ts';

const tags = ['webhooks'];

export async function deliveryRoutes(root: FastifyInstance, ctx: AppContext, requireToken: RequireToken) {
  // Deliveries finished longer ago than the retention window are gone, whether or not the
  // retention job has deleted them yet.
  const keptDays = ctx.config.deliveryRetentionDays;
  root.addSchema(DeliverySchema);
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const onRequest = requireToken({ scopes: ['project.admin'], resource: 'project' });
  const DeliveryRef = Type.Ref('WebhookDelivery');

  const webhookOf = async (projectId: string, webhookId: string) => {
    const w = await webhookFindById(ctx.db, projectId, webhookId);
    if (!w) throw notFound('webhook');
    return w;
  };

  app.get(
    '/v2/projects/:projectId/webhooks/:webhookId/deliveries',
    {
      onRequest,
      schema: {
        tags,
        security: bearerSecurity,
        summary: "List a webhook's deliveries with their attempts, newest first",
        description:
          'Pending deliveries and those finished within the retention window (LATCHKEY_DELIVERY_RETENTION_DAYS, 30 days by default): older ones are deleted with their attempts.',
        params: WebhookIdParams,
        querystring: DeliveryListQuery,
        response: { 200: list('deliveries', DeliveryRef), ...problemResponses },
      },
    },
    async (request) => {
      const { projectId, webhookId } = request.params;
      await webhookOf(projectId, webhookId);
      const limit = pageLimit(request.query);
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
  );

  app.post(
    '/v2/projects/:projectId/webhooks/:webhookId/deliveries/:deliveryId/retry',
    {
      onRequest,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Send a delivery again now',
        description:
          'One more attempt (more follow if the retry schedule is not used up). The webhook must be enabled.',
        params: DeliveryIdParams,
        response: { 200: wrap('delivery', DeliveryRef), ...problemResponses },
      },
    },
    async (request) => {
      const { projectId, webhookId, deliveryId } = request.params;
      const w = await webhookOf(projectId, webhookId);
      if (!w.enabled) throw conflict('The webhook is disabled: enable it first');
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
  );

  app.post(
    '/v2/projects/:projectId/webhooks/:webhookId/recover',
    {
      onRequest,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Re-queue every failed delivery created since a time',
        params: WebhookIdParams,
        body: RecoverBody,
        response: { 200: Type.Object({ recovered: Type.Integer() }), ...problemResponses },
      },
    },
    async (request) => {
      const { projectId, webhookId } = request.params;
      const w = await webhookOf(projectId, webhookId);
      if (!w.enabled) throw conflict('The webhook is disabled: enable it first');
      const recovered = await ctx.db.transaction(async (tx) => {
        const n = await deliveriesRecover(tx, projectId, webhookId, new Date(request.body.since), keptDays);
        if (n > 0) await tx.query(`SELECT pg_notify('${DELIVERIES_CHANNEL}', '')`);
        return n;
      });
      return { recovered };
    },
  );
}
