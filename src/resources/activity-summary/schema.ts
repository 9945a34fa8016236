import { Type } from '@sinclair/typebox';
import { Timestamp, Uuid } from '../../http/schemas.ts';
import { BUSIEST_LOCKS, BUSIEST_WEBHOOKS } from './queries.ts';

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
const Hour = { ...Timestamp, description: 'Start of the hour (UTC)' };

export const ActivitySummarySchema = Type.Object(
  {
    from: { ...Timestamp, description: 'Start of the first hour counted' },
    to: { ...Timestamp, description: 'End of the last hour counted (the end of the current hour)' },
    perHour: Type.Array(
      Type.Object({
        hour: Hour,
        accessEvents: { ...Count, description: 'Access events that happened in the hour' },
        attempts: Type.Object(
          {
            succeeded: { ...Count, description: 'Answered with a 2xx status' },
            failed: { ...Count, description: 'Answered with another status' },
            unanswered: { ...Count, description: 'Not answered: refused, reset or timed out' },
          },
          { description: "Delivery attempts to the project's webhooks made in the hour, by outcome" },
        ),
      }),
      { description: 'One entry per hour with any access event or attempt, oldest first' },
    ),
    busiestLocks: Type.Array(
      Type.Object({
        hour: Hour,
        lockId: Uuid,
        lockName: { ...Type.String(), description: "The lock's name in its latest access event of the hour" },
        accessEvents: Count,
      }),
      {
        description: `Each hour's ${BUSIEST_LOCKS} busiest locks by access events in that hour (ties by lock id), oldest hour first; an hour's other locks make up the rest of its \`perHour\` count. An hour more than two days old keeps the locks it listed then: events uploaded later count in its \`perHour\` count, and in a listed lock's own`,
      },
    ),
    webhooks: Type.Array(
      Type.Object({
        webhookId: Uuid,
        url: Type.String(),
        attempts: Count,
        failedAttempts: { ...Count, description: 'Attempts answered with other than 2xx, or not answered' },
        p50Ms: {
          ...Type.Integer({ minimum: 0 }),
          description: 'Median attempt duration, within 5% and rounded to whole milliseconds',
        },
        p95Ms: {
          ...Type.Integer({ minimum: 0 }),
          description: '95th percentile of attempt durations, within 5% and rounded to whole milliseconds',
        },
      }),
      {
        description: `The ${BUSIEST_WEBHOOKS} webhooks with the most attempts in the period (ties by webhook id), busiest first; webhooks without attempts are left out`,
      },
    ),
  },
  { description: "A project's activity, counted per hour" },
);
