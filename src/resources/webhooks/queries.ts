// Webhook and delivery-history SQL. Every query filters on project_id (tenancy lives in the SQL).
import type { Queryable, Tx } from '../../db/db.ts';
import { keysetRows } from '../../db/keyset.ts';
import { deliveryKept } from '../../delivery/retention.ts';
import { uuidv7 } from '../../ids.ts';
import {
  type AttemptRow,
  DELIVERY_COLUMNS,
  type DeliveryRow,
  WEBHOOK_COLUMNS,
  type WebhookRow,
} from './present.ts';

export const MAX_WEBHOOKS_PER_LOCK = 20;

/** Locks the (non-deleted) lock row against a concurrent registration; false when it is not ours. */
export async function lockHoldForWebhooks(tx: Tx, projectId: string, lockId: string): Promise<boolean> {
  const r = await tx.query(
    'SELECT 1 FROM locks WHERE id = $1 AND project_id = $2 AND deleted IS NULL FOR NO KEY UPDATE',
    [lockId, projectId],
  );
  return r.rowCount > 0;
}

export async function lockIsActive(db: Queryable, projectId: string, lockId: string): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM locks WHERE id = $1 AND project_id = $2 AND deleted IS NULL', [
    lockId,
    projectId,
  ]);
  return r.rowCount > 0;
}

/** The webhooks of one lock, or (lockId null) the project-wide ones. */
export async function webhookCountByLock(tx: Tx, projectId: string, lockId: string | null): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    'SELECT count(*) AS n FROM webhooks WHERE project_id = $1 AND lock_id IS NOT DISTINCT FROM $2::uuid',
    [projectId, lockId],
  );
  return rows[0]!.n;
}

/**
 * Serializes registrations of project-wide webhooks of one project (the count and the insert):
 * the project row is locked as a lock's row is for its own webhooks.
 */
export async function projectHoldForWebhooks(tx: Tx, projectId: string): Promise<void> {
  await tx.query('SELECT 1 FROM projects WHERE id = $1 FOR NO KEY UPDATE', [projectId]);
}

export interface WebhookInsert {
  projectId: string;
  /** null: every lock of the project. */
  lockId: string | null;
  trigger: string;
  url: string;
  urlDisplay: string;
  credentialsEnc: string | null;
  secretEnc: string;
}

export async function webhookInsert(tx: Tx, w: WebhookInsert): Promise<WebhookRow> {
  const { rows } = await tx.query<WebhookRow>(
    `INSERT INTO webhooks (id, project_id, lock_id, trigger, url, url_display, credentials_enc, secret_enc)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${WEBHOOK_COLUMNS}`,
    [uuidv7(), w.projectId, w.lockId, w.trigger, w.url, w.urlDisplay, w.credentialsEnc, w.secretEnc],
  );
  return rows[0]!;
}

export async function webhookFindById(
  db: Queryable,
  projectId: string,
  webhookId: string,
): Promise<WebhookRow | undefined> {
  const { rows } = await db.query<WebhookRow>(
    `SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE id = $1 AND project_id = $2`,
    [webhookId, projectId],
  );
  return rows[0];
}

export function webhookList(
  db: Queryable,
  projectId: string,
  q: { lockId?: string; limit: number; startAfterId?: string },
): Promise<WebhookRow[]> {
  return keysetRows<WebhookRow>(
    db,
    {
      select: `SELECT ${WEBHOOK_COLUMNS} FROM webhooks`,
      where: 'project_id = $1 AND ($2::uuid IS NULL OR lock_id = $2)',
      params: [projectId, q.lockId ?? null],
    },
    q.limit,
    q.startAfterId,
  );
}

/** Enabling clears the failure record, so the 5-day rule starts afresh. */
export async function webhookSetEnabled(
  tx: Tx,
  projectId: string,
  webhookId: string,
  enabled: boolean,
): Promise<WebhookRow | undefined> {
  const { rows } = await tx.query<WebhookRow>(
    `UPDATE webhooks SET enabled = $3,
            disabled_reason = CASE WHEN $3 THEN NULL ELSE 'disabled through the API' END,
            failing_since = CASE WHEN $3 THEN NULL ELSE failing_since END
      WHERE id = $1 AND project_id = $2 RETURNING ${WEBHOOK_COLUMNS}`,
    [webhookId, projectId, enabled],
  );
  return rows[0];
}

export async function webhookDelete(db: Queryable, projectId: string, webhookId: string): Promise<boolean> {
  const r = await db.query('DELETE FROM webhooks WHERE id = $1 AND project_id = $2', [webhookId, projectId]);
  return r.rowCount > 0;
}

/** The current secret keeps signing beside the new one until `previous_secret_until`. */
export async function webhookRotateSecret(
  db: Queryable,
  projectId: string,
  webhookId: string,
  secretEnc: string,
  overlapSeconds: number,
): Promise<Date | undefined> {
  const { rows } = await db.query<{ until: Date }>(
    `UPDATE webhooks SET previous_secret_enc = secret_enc, secret_enc = $3,
            previous_secret_until = now() + make_interval(secs => $4)
      WHERE id = $1 AND project_id = $2 RETURNING previous_secret_until AS until`,
    [webhookId, projectId, secretEnc, overlapSeconds],
  );
  return rows[0]?.until;
}

export async function deliveryList(
  db: Queryable,
  projectId: string,
  webhookId: string,
  q: { status?: string; limit: number; startAfterId?: string; keptDays: number },
): Promise<DeliveryRow[]> {
  const { rows } = await db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries
      WHERE webhook_id = $1 AND project_id = $2 AND ($3::text IS NULL OR status = $3)
        AND ($4::uuid IS NULL OR id < $4) AND ${deliveryKept('$6')}
      ORDER BY id DESC LIMIT $5`,
    [webhookId, projectId, q.status ?? null, q.startAfterId ?? null, q.limit + 1, q.keptDays],
  );
  return rows;
}

export async function attemptsOf(db: Queryable, deliveryIds: readonly string[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  const { rows } = await db.query<AttemptRow>(
    `SELECT delivery_id, attempt, at, response_status, duration_ms, error FROM webhook_attempts
      WHERE delivery_id = ANY($1::uuid[]) ORDER BY delivery_id, attempt`,
    [deliveryIds],
  );
  return rows;
}

export async function deliveryFindById(
  db: Queryable,
  projectId: string,
  webhookId: string,
  deliveryId: string,
  keptDays: number,
): Promise<(DeliveryRow & { leased_until: Date | null; body: string }) | undefined> {
  const { rows } = await db.query<DeliveryRow & { leased_until: Date | null; body: string }>(
    `SELECT ${DELIVERY_COLUMNS}, leased_until, body FROM webhook_deliveries
      WHERE id = $1 AND webhook_id = $2 AND project_id = $3 AND ${deliveryKept('$4')}`,
    [deliveryId, webhookId, projectId, keptDays],
  );
  return rows[0];
}

/**
 * What re-queuing a delivery (retry, recover) writes: pending and due now, unfinished, held by no
 * worker, and `fairAt` (SQL): for one never attempted, its place in the fair order across
 * projects (migrations/0016) after what its project has waiting, not its old place at the head.
 */
const requeued = (fairAt: string) =>
  `status = 'pending', next_attempt_at = now(), completed_at = NULL, leased_until = NULL, fair_at = ${fairAt}`;

/** Makes one delivery due now (one more attempt), unless a worker holds it right now. */
export async function deliveryRequeue(
  tx: Tx,
  projectId: string,
  webhookId: string,
  deliveryId: string,
  keptDays: number,
): Promise<DeliveryRow | undefined> {
  // A first attempt still waiting keeps its place in the fair order (it is due already).
  const { rows } = await tx.query<DeliveryRow>(
    `UPDATE webhook_deliveries SET ${requeued(
      "CASE WHEN status = 'pending' AND attempt_count = 0 THEN fair_at ELSE delivery_fair_start(project_id) END",
    )}
      WHERE id = $1 AND webhook_id = $2 AND project_id = $3 AND ${deliveryKept('$4')}
        -- leased_until is NULL while a pending delivery waits: without coalesce the NOT would be
        -- NULL, and a pending delivery could never be retried now.
        AND NOT (status = 'pending' AND coalesce(leased_until > now(), false))
      RETURNING ${DELIVERY_COLUMNS}`,
    [deliveryId, webhookId, projectId, keptDays],
  );
  return rows[0];
}

export async function deliveriesRecover(
  tx: Tx,
  projectId: string,
  webhookId: string,
  since: Date,
  keptDays: number,
): Promise<number> {
  // The project's place in the fair order is looked up once; the recovered deliveries follow one
  // another from there, oldest first.
  const r = await tx.query(
    `UPDATE webhook_deliveries d SET ${requeued("s.at + r.place * interval '1 microsecond'")}
       FROM (SELECT delivery_fair_start($2) AS at) s,
            (SELECT id, row_number() OVER (ORDER BY id) - 1 AS place FROM webhook_deliveries
              WHERE webhook_id = $1 AND project_id = $2 AND status = 'failed' AND created >= $3
                AND ${deliveryKept('$4')}) r
      WHERE d.id = r.id`,
    [webhookId, projectId, since, keptDays],
  );
  return r.rowCount;
}
