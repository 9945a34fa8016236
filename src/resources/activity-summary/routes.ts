// The activity summary: what a project's locks and webhooks did per hour, counted by the store.
// The console's activity screen draws from it; it used to download up to 5,000 access events and
// 1,000 deliveries per webhook and count them in the browser.
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../http/operations.ts';
import { Uuid } from '../../http/schemas.ts';
import { projectAdmin as auth } from '../projects/auth.ts';
import { accessEventsPerHour, attemptsPerWebhook, deliveriesPerHour } from './queries.ts';
import { ActivitySummaryQuery, ActivitySummarySchema } from './schema.ts';

const HOUR_MS = 3_600_000;

export const activitySummaryOperations = [
  defineOperation({
    operationId: 'activitySummaryGet',
    method: 'GET',
    path: '/v2/projects/:projectId/activity-summary',
    tags: ['access log'],
    summary:
      "Hourly counts of the project's access events and webhook deliveries, and attempt latency per webhook",
    description:
      'Counted by the service over the last `hours` whole hours up to the end of the current hour (UTC): access events per hour and lock (by when they happened), deliveries per hour and status (by when they were made), and per webhook the number of attempts, the failed ones, and the median and 95th percentile of their durations.',
    auth,
    params: Type.Object({ projectId: Uuid }),
    query: ActivitySummaryQuery,
    success: { status: 200, schema: ActivitySummarySchema },
    handler: async (request, _reply, ctx) => {
      const { projectId } = request.params;
      const hours = request.query.hours ?? 24;
      const to = new Date((Math.floor(Date.now() / HOUR_MS) + 1) * HOUR_MS);
      const from = new Date(to.getTime() - hours * HOUR_MS);
      const [events, deliveries, hooks] = await Promise.all([
        accessEventsPerHour(ctx.db, projectId, from, to),
        deliveriesPerHour(ctx.db, projectId, from, to),
        attemptsPerWebhook(ctx.db, projectId, from, to),
      ]);
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        accessEvents: events.map((e) => ({
          hour: new Date(e.hour).toISOString(),
          lockId: e.lock_id,
          lockName: e.lock_name,
          count: e.count,
        })),
        deliveries: deliveries.map((d) => ({
          hour: new Date(d.hour).toISOString(),
          status: d.status,
          count: d.count,
        })),
        webhooks: hooks.map((h) => ({
          webhookId: h.webhook_id,
          url: h.url,
          attempts: h.attempts,
          failedAttempts: h.failed,
          p50Ms: h.p50,
          p95Ms: h.p95,
        })),
      };
    },
  }),
];
