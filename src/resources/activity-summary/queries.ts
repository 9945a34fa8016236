// The activity summary's three aggregates, each one statement over an index range:
// access_events_project (project_id, created) for the events, webhook_deliveries_webhook
// (webhook_id, id) for deliveries (ids are UUIDv7, so an id range is a time range), and the
// attempts of those deliveries through their primary key.
import type { Queryable } from '../../db/db.ts';
import { uuidv7 } from '../../ids.ts';

/** The smallest UUIDv7 of millisecond `ms`: every id made at or after `ms` sorts at or after it. */
export function firstIdOf(ms: number): string {
  const hex = uuidv7(ms).slice(0, 13); // "tttttttt-tttt": the 48-bit millisecond timestamp
  return `${hex}-7000-8000-000000000000`;
}

export async function accessEventsPerHour(db: Queryable, projectId: string, from: Date, to: Date) {
  const r = await db.query<{ hour: Date; lock_id: string; lock_name: string; count: number }>(
    `SELECT date_trunc('hour', created, 'UTC') AS hour, lock_id,
            max(lock_name) AS lock_name, count(*)::int AS count
       FROM access_events
      WHERE project_id = $1 AND created >= $2 AND created < $3
      GROUP BY 1, 2
      ORDER BY 1, 3`,
    [projectId, from, to],
  );
  return r.rows;
}

export async function deliveriesPerHour(db: Queryable, projectId: string, from: Date, to: Date) {
  const r = await db.query<{ hour: Date; status: 'pending' | 'succeeded' | 'failed'; count: number }>(
    `SELECT date_trunc('hour', d.created, 'UTC') AS hour, d.status, count(*)::int AS count
       FROM webhooks w
       JOIN webhook_deliveries d ON d.webhook_id = w.id AND d.id >= $2::uuid AND d.id < $3::uuid
      WHERE w.project_id = $1
      GROUP BY 1, 2
      ORDER BY 1, 2`,
    [projectId, firstIdOf(from.getTime()), firstIdOf(to.getTime())],
  );
  return r.rows;
}

export async function attemptsPerWebhook(db: Queryable, projectId: string, from: Date, to: Date) {
  const r = await db.query<{
    webhook_id: string;
    url: string;
    attempts: number;
    failed: number;
    p50: number | null;
    p95: number | null;
  }>(
    `SELECT w.id AS webhook_id, w.url_display AS url,
            count(a.delivery_id)::int AS attempts,
            count(a.delivery_id) FILTER (WHERE a.response_status IS NULL OR a.response_status NOT BETWEEN 200 AND 299)::int AS failed,
            round(percentile_cont(0.5) WITHIN GROUP (ORDER BY a.duration_ms))::int AS p50,
            round(percentile_cont(0.95) WITHIN GROUP (ORDER BY a.duration_ms))::int AS p95
       FROM webhooks w
       LEFT JOIN webhook_deliveries d ON d.webhook_id = w.id AND d.id >= $2::uuid AND d.id < $3::uuid
       LEFT JOIN webhook_attempts a ON a.delivery_id = d.id
      WHERE w.project_id = $1
      GROUP BY w.id, w.url_display
      ORDER BY w.url_display, w.id`,
    [projectId, firstIdOf(from.getTime()), firstIdOf(to.getTime())],
  );
  return r.rows;
}
