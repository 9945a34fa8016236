// SQL of the delivery worker. The worker spans every tenant by design (it serves the whole queue);
import { auditInsert } from '../audit/queries.ts';
// request paths never call these.
import type { Db, Queryable } from '../db/db.ts';
import { DAY_MS } from '../time/durations.ts';

export interface ClaimedDelivery {
  id: string;
  webhook_id: string;
  event_id: string;
  body: string;
  event_received: Date;
  attempt_count: number;
  /** The lease token: completion only applies while the row still carries it. */
  leased_until: Date;
  /** A webhook disabled while the delivery was queued: the worker fails it instead of sending. */
  enabled: boolean;
  url: string;
  credentials_enc: string | null;
  secret_enc: string;
  previous_secret_enc: string | null;
  previous_secret_until: Date | null;
  /**
   * The claim's scan stopped at its limit, so more may be due than it saw (claim again); when
   * false, it took all it could of what is due now.
   */
  scan_full: boolean;
}

export interface ClaimOptions {
  limit: number;
  leaseMs: number;
  /** How many a webhook this worker holds nothing of may take in this claim. */
  perWebhook: number;
  /** Webhooks this worker holds deliveries of, and how many more of each it may take (0: none). */
  room: ReadonlyMap<string, number>;
}

/**
 * Claims up to `limit` due deliveries in claim order (migrations/0016, 0100): first attempts in the
 * fair order across projects, then due retries (a lease that ended makes its row claimable again
 * in its place); at most `room` per webhook (`perWebhook` for webhooks not in it), rows other
 * workers hold skipped. Each part is read from its own index in order, no join, so the cost stays
 * flat however long the queue is and however many deliveries are finished. The candidates are
 * read without locks and only the rows taken are locked (SKIP LOCKED: another worker's claim wins
 * those it holds). The claim writes only `leased_until`, which no index reads, so it is a HOT
 * update; ms precision makes it a usable token. One statement, so one round trip and no explicit
 * transaction.
 */
export async function deliveryClaimDue(db: Queryable, o: ClaimOptions): Promise<ClaimedDelivery[]> {
  const full: string[] = [];
  const openIds: string[] = [];
  const openRoom: number[] = [];
  for (const [id, n] of o.room) {
    if (n <= 0) full.push(id);
    else {
      openIds.push(id);
      openRoom.push(n);
    }
  }
  const { rows } = await db.query<ClaimedDelivery>(
    `WITH open AS (
       SELECT * FROM unnest($1::uuid[], $2::int[]) AS b(webhook_id, room)
     ), cand AS MATERIALIZED (
       -- migrations/0100: the claim order, held rows passed over, nothing locked
       SELECT * FROM delivery_claim_order($3::uuid[], $4::int)
     ), ranked AS (
       SELECT c.id, c.src, c.pos, coalesce(b.room, $5) AS room,
              row_number() OVER (PARTITION BY c.webhook_id ORDER BY c.src, c.pos) AS n
         FROM cand c LEFT JOIN open b ON b.webhook_id = c.webhook_id
     ), chosen AS (
       SELECT id FROM ranked WHERE n <= room ORDER BY src, pos LIMIT $6
     ), taken AS (
       -- locks only these, those still free
       SELECT id FROM delivery_claim_lock(ARRAY(SELECT id FROM chosen)) AS t(id)
     )
     UPDATE webhook_deliveries d
        SET leased_until = date_trunc('milliseconds', now() + make_interval(secs => $7))
       FROM taken, webhooks w
      WHERE d.id = taken.id AND w.id = d.webhook_id
     RETURNING d.id, d.webhook_id, d.event_id, d.body, d.event_received, d.attempt_count, d.leased_until,
               w.enabled, w.url, w.credentials_enc, w.secret_enc, w.previous_secret_enc, w.previous_secret_until,
               (SELECT count(*) FROM cand) >= $4 AS scan_full`,
    [openIds, openRoom, full, o.limit * 4, o.perWebhook, o.limit, o.leaseMs / 1000],
  );
  return rows;
}

export interface AttemptOutcome {
  deliveryId: string;
  webhookId: string;
  lease: Date;
  attempt: number;
  at: Date;
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
  /** The delivery's state after this attempt. */
  status: 'pending' | 'succeeded' | 'failed';
  nextAttemptAt: Date | null;
  /** The receiver answered 410 Gone. */
  gone: boolean;
}

export interface RecordResult {
  /** Webhooks disabled by this batch, with the reason. */
  disabled: { id: string; reason: string }[];
}

/**
 * Records a batch of attempts and their consequences atomically. The common batch (every attempt
 * succeeded) is ONE statement, so one round trip; failures add the webhook bookkeeping in a
 * transaction around it.
 */
export async function deliveryOutcomesRecord(
  db: Db,
  outcomes: readonly AttemptOutcome[],
  disableAfterFailingMs: number,
): Promise<RecordResult> {
  const succeeded = [...new Set(outcomes.filter((o) => o.status === 'succeeded').map((o) => o.webhookId))];
  const failedOnly = [
    ...new Set(outcomes.filter((o) => o.status !== 'succeeded').map((o) => o.webhookId)),
  ].filter((id) => !succeeded.includes(id));
  const gone = [...new Set(outcomes.filter((o) => o.gone).map((o) => o.webhookId))];
  if (failedOnly.length === 0 && gone.length === 0) {
    await outcomesWrite(db, outcomes, succeeded);
    return { disabled: [] };
  }
  return db.transaction(async (tx) => {
    await outcomesWrite(tx, outcomes, succeeded);
    const disabled: { id: string; projectId: string; reason: string }[] = [];
    if (failedOnly.length > 0) {
      await tx.query(
        'UPDATE webhooks SET failing_since = now() WHERE id = ANY($1) AND failing_since IS NULL',
        [failedOnly],
      );
      const reason = `failing without any success for ${Math.round(disableAfterFailingMs / DAY_MS)} days`;
      const r = await tx.query<{ id: string; project_id: string }>(
        `UPDATE webhooks SET enabled = false, disabled_reason = $3
          WHERE id = ANY($1) AND enabled AND failing_since <= now() - make_interval(secs => $2) RETURNING id, project_id`,
        [failedOnly, disableAfterFailingMs / 1000, reason],
      );
      disabled.push(...r.rows.map((w) => ({ id: w.id, projectId: w.project_id, reason })));
    }
    if (gone.length > 0) {
      const reason = 'the receiver answered 410 Gone';
      const r = await tx.query<{ id: string; project_id: string }>(
        'UPDATE webhooks SET enabled = false, disabled_reason = $2 WHERE id = ANY($1) AND enabled RETURNING id, project_id',
        [gone, reason],
      );
      disabled.push(...r.rows.map((w) => ({ id: w.id, projectId: w.project_id, reason })));
    }
    // The service's own change, recorded with it.
    await auditInsert(
      tx,
      disabled.map((d) => ({
        actor: { type: 'system', id: 'delivery-worker' },
        action: 'webhook.disabled',
        resource: { type: 'webhook', id: d.id },
        projectId: d.projectId,
        changes: { before: { enabled: true }, after: { enabled: false, disabledReason: d.reason } },
      })),
    );
    if (disabled.length > 0)
      await deliveriesFailPending(
        tx,
        disabled.map((d) => d.id),
      );
    return { disabled };
  });
}

/**
 * One statement: the attempts (always: they happened), and each again in the activity summary's
 * pending counts; the deliveries' new state only while the
 * row still carries our lease and is pending (a lease that expired and was taken by another worker,
 * or a webhook disabled meanwhile, wins over this late result); and `last_success_at` of the
 * webhooks that succeeded, written at most once a minute per webhook (and whenever it clears a
 * failure), since a busy webhook would otherwise rewrite its row on every batch.
 */
async function outcomesWrite(
  db: Queryable,
  outcomes: readonly AttemptOutcome[],
  succeeded: readonly string[],
): Promise<void> {
  const col = <T>(f: (o: AttemptOutcome) => T) => outcomes.map(f);
  await db.query(
    `WITH r AS (
       SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::int[], $5::timestamptz[],
                            $6::timestamptz[], $7::int[], $8::int[], $9::text[], $11::uuid[])
         AS r(id, lease, status, attempt, next_at, at, response_status, duration_ms, error, webhook_id)
     ), attempts AS (
       INSERT INTO webhook_attempts (delivery_id, attempt, at, response_status, duration_ms, error)
       SELECT r.id, r.attempt, r.at, r.response_status, r.duration_ms, r.error
         FROM r JOIN webhook_deliveries d ON d.id = r.id -- a webhook deleted meanwhile took its deliveries
       ON CONFLICT DO NOTHING
       RETURNING delivery_id, at, response_status, duration_ms
     ), counted AS ( -- for the activity summary's counts (migration 0104): only attempts recorded here
       INSERT INTO activity_attempts_pending (webhook_id, at, response_status, duration_ms)
       SELECT r.webhook_id, a.at, a.response_status, a.duration_ms FROM attempts a JOIN r ON r.id = a.delivery_id
     ), alive AS (
       UPDATE webhooks SET last_success_at = now(), failing_since = NULL
        WHERE id = ANY($10::uuid[])
          AND (failing_since IS NOT NULL OR last_success_at IS NULL OR last_success_at < now() - interval '1 minute')
     )
     UPDATE webhook_deliveries d
        SET status = r.status, attempt_count = r.attempt, leased_until = NULL,
            next_attempt_at = coalesce(r.next_at, d.next_attempt_at),
            completed_at = CASE WHEN r.status = 'pending' THEN NULL ELSE now() END
       FROM r
      WHERE d.id = r.id AND d.leased_until = r.lease AND d.status = 'pending'`,
    [
      col((o) => o.deliveryId),
      col((o) => o.lease),
      col((o) => o.status),
      col((o) => o.attempt),
      col((o) => o.nextAttemptAt),
      col((o) => o.at),
      col((o) => o.responseStatus),
      col((o) => o.durationMs),
      col((o) => o.error),
      succeeded,
      col((o) => o.webhookId),
    ],
  );
}

/**
 * Gives claimed deliveries back before their lease ends (a stopping worker's unsent ones): due
 * now, for any worker. Rows whose lease changed meanwhile are not this worker's any more.
 */
export async function deliveriesRelease(
  db: Queryable,
  claims: readonly { id: string; lease: Date }[],
): Promise<number> {
  if (claims.length === 0) return 0;
  const r = await db.query(
    `UPDATE webhook_deliveries d SET leased_until = NULL, next_attempt_at = now()
       FROM unnest($1::uuid[], $2::timestamptz[]) AS c(id, lease)
      WHERE d.id = c.id AND d.leased_until = c.lease AND d.status = 'pending'`,
    [claims.map((c) => c.id), claims.map((c) => c.lease)],
  );
  return r.rowCount;
}

/**
 * A disabled webhook's pending deliveries become `failed` (kept; `recover` re-queues them), so the
 * queue never carries rows no worker will send.
 */
export async function deliveriesFailPending(tx: Queryable, webhookIds: readonly string[]): Promise<number> {
  const r = await tx.query(
    `UPDATE webhook_deliveries SET status = 'failed', completed_at = now(), leased_until = NULL
      WHERE webhook_id = ANY($1) AND status = 'pending'`,
    [webhookIds],
  );
  return r.rowCount;
}

/** Queue depth and the age of the oldest due delivery (seconds; 0 when none is due). */
export async function deliveryQueueStats(
  db: Queryable,
): Promise<{ depth: number; oldestAgeSeconds: number }> {
  const { rows } = await db.query<{ depth: number; oldest: number | null }>(
    `SELECT count(*) AS depth,
            extract(epoch from now() - min(due) FILTER (WHERE due <= now()))::float8 AS oldest
       -- a held delivery is due again when its lease ends (the claim leaves next_attempt_at)
       FROM (SELECT greatest(next_attempt_at, leased_until) AS due FROM webhook_deliveries
              WHERE status = 'pending') p`,
  );
  return { depth: rows[0]?.depth ?? 0, oldestAgeSeconds: Math.max(0, rows[0]?.oldest ?? 0) };
}
