// The activity summary: what a project's locks and webhooks did per hour, from counts the service
// keeps per hour (fold.ts), so that a day of a project with 20,000 locks reads as fast as one of a
// project with two. The console's activity screen draws from it.

import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../http/operations.ts';
import { Uuid } from '../../http/schemas.ts';
import { projectAdmin as auth } from '../projects/auth.ts';
import { activitySummaryPeriod, activitySummaryRead, bucketPercentile } from './queries.ts';
import { ActivitySummaryQuery, ActivitySummarySchema } from './schema.ts';

export const activitySummaryOperations = [
  defineOperation({
    operationId: 'activitySummaryGet',
    method: 'GET',
    path: '/v2/projects/:projectId/activity-summary',
    tags: ['access log'],
    summary:
      "Hourly counts of the project's access events and webhook attempts, its busiest locks and webhooks",
    description:
      "Counted over the last `hours` whole hours up to the end of the current hour (UTC), up to the moment of the request: per hour the access events (by when they happened) and the delivery attempts by outcome (by when they were made); each hour's busiest locks; and the webhooks with the most attempts, with how many failed and the median and 95th percentile of their durations (within 5%, in whole milliseconds). Erased access events are not counted; the counts of hours that left the access log's retention window are deleted with it.",
    auth,
    params: Type.Object({ projectId: Uuid }),
    query: ActivitySummaryQuery,
    success: { status: 200, schema: ActivitySummarySchema },
    handler: async (request, reply, ctx) => {
      const { projectId } = request.params;
      const hours = request.query.hours ?? 24;
      const { from, to } = activitySummaryPeriod(hours);
      const s = await activitySummaryRead(ctx.db, projectId, from, to);
      const webhooks = s.webhooks.map((w) => ({
        webhookId: w.webhook_id,
        url: w.url,
        attempts: w.attempts,
        failedAttempts: w.failed,
        p50Ms: bucketPercentile(w.buckets ?? [], 0.5) ?? 0,
        p95Ms: bucketPercentile(w.buckets ?? [], 0.95) ?? 0,
      }));
      // The hours and the busiest locks arrive as the answer's JSON text (queries.ts) and are
      // passed on unparsed: a string sent as application/json skips the response serializer.
      reply.type('application/json; charset=utf-8');
      return `{"from":"${from.toISOString()}","to":"${to.toISOString()}","perHour":${s.hours},"busiestLocks":${s.locks},"webhooks":${JSON.stringify(webhooks)}}`;
    },
  }),
];
