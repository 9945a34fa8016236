export interface WebhookRow {
  id: string;
  project_id: string;
  /** null: every lock of the project. */
  lock_id: string | null;
  trigger: string;
  url_display: string;
  enabled: boolean;
  disabled_reason: string | null;
  created: Date;
}

export const WEBHOOK_COLUMNS =
  'id, project_id, lock_id, trigger, url_display, enabled, disabled_reason, created';

export function presentWebhook(r: WebhookRow) {
  return {
    id: r.id,
    trigger: r.trigger,
    url: r.url_display,
    ...(r.lock_id === null ? {} : { lockId: r.lock_id }),
    allLocks: r.lock_id === null,
    enabled: r.enabled,
    created: r.created.toISOString(),
    ...(!r.enabled && r.disabled_reason ? { disabledReason: r.disabled_reason } : {}),
  };
}

export interface DeliveryRow {
  id: string;
  event_id: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempt_count: number;
  next_attempt_at: Date;
  created: Date;
}

export interface AttemptRow {
  delivery_id: string;
  attempt: number;
  at: Date;
  response_status: number | null;
  duration_ms: number;
  error: string | null;
}

/**
 * While a worker holds a delivery, its next try is when the lease ends (the claim writes only the
 * lease, so that it stays a HOT update: migrations/0100).
 */
export const DELIVERY_COLUMNS =
  'id, event_id, status, attempt_count, greatest(next_attempt_at, leased_until) AS next_attempt_at, created';

export function presentDelivery(d: DeliveryRow, attempts: readonly AttemptRow[]) {
  return {
    id: d.id,
    eventId: d.event_id,
    status: d.status,
    attemptCount: d.attempt_count,
    nextAttemptAt: d.status === 'pending' ? d.next_attempt_at.toISOString() : null,
    created: d.created.toISOString(),
    attempts: attempts.map((a) => ({
      at: a.at.toISOString(),
      responseStatus: a.response_status,
      durationMs: a.duration_ms,
      error: a.error,
    })),
  };
}
