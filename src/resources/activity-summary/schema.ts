import { Type } from '@sinclair/typebox';
import { Timestamp, Uuid } from '../../http/schemas.ts';

export const ActivitySummaryQuery = Type.Object(
  {
    hours: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 720,
        default: 24,
        description: 'How many whole hours back from the current hour (which is included); at most 30 days',
      }),
    ),
  },
  { additionalProperties: false },
);

const Count = Type.Integer({ minimum: 0 });

export const ActivitySummarySchema = Type.Object(
  {
    from: { ...Timestamp, description: 'Start of the first hour counted' },
    to: { ...Timestamp, description: 'End of the last hour counted (the end of the current hour)' },
    accessEvents: Type.Array(
      Type.Object({
        hour: { ...Timestamp, description: 'Start of the hour (UTC), by when the event happened' },
        lockId: Uuid,
        lockName: Type.String(),
        count: Count,
      }),
      { description: 'Access events per hour and lock; hours without events are left out' },
    ),
    deliveries: Type.Array(
      Type.Object({
        hour: { ...Timestamp, description: 'Start of the hour (UTC) in which the delivery was made' },
        status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
        count: Count,
      }),
      {
        description: 'Webhook deliveries per hour and current status; hours without deliveries are left out',
      },
    ),
    webhooks: Type.Array(
      Type.Object({
        webhookId: Uuid,
        url: Type.String(),
        attempts: Count,
        failedAttempts: { ...Count, description: 'Attempts answered with other than 2xx, or not answered' },
        p50Ms: Type.Union([Type.Integer(), Type.Null()], {
          description: 'Median attempt duration; null without attempts',
        }),
        p95Ms: Type.Union([Type.Integer(), Type.Null()]),
      }),
      { description: "Each webhook's attempts in the period and their durations" },
    ),
  },
  { description: "A project's activity, counted per hour" },
);
