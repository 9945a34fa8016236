-- Fair claiming across projects. Before, first attempts were claimed oldest first, so one project
-- that queued 160,000 deliveries held every other project's next delivery behind all of them.
--
-- Now each first attempt carries its place in a fair order, `fair_at`, given when it is queued
-- (start-time fair queuing, in the unit of a timestamp): a project's deliveries follow one another
-- a microsecond apart, starting after its own last one still waiting, and never before the
-- "virtual now": the earlier of the clock and the first place still waiting. So a project with
-- nothing waiting starts at the head of the line, and projects with backlogs take turns, one
-- delivery each per microsecond of the order, however much each has queued. The claim reads that
-- order from an index, so it touches only the rows it takes, and the order costs two index
-- look-ups per project per upload, no lock and no counter row that uploads would queue on.
--
-- The claim index is split by what a claim needs from each kind of row, so no claim reads past
-- rows it cannot take (before, it skipped the deliveries being sent, which sat in the index
-- with their lease's end as due time):
--   first attempts no worker holds, in fair order (all of them due);
--   retries no worker holds, by due time (first attempts still go before retries);
--   deliveries a worker holds, by the end of the lease (a dead worker's come back when it ends).
-- Each row is in one of the three at a time, so writes per delivery stay as before, plus one
-- entry for the project's own order while it waits.
--
-- During a rolling upgrade on PostgreSQL, processes of the previous version keep working: the
-- candidate function still returns the columns their claim orders by (attempt_count,
-- next_attempt_at), and what their uploads queue gets `fair_at` = now, the head of the line.
ALTER TABLE webhook_deliveries ADD COLUMN fair_at timestamptz NOT NULL DEFAULT now();

CREATE INDEX webhook_deliveries_fresh ON webhook_deliveries (fair_at)
  WHERE status = 'pending' AND attempt_count = 0 AND leased_until IS NULL;
-- Where a project's next first attempts go: after its last one still waiting.
CREATE INDEX webhook_deliveries_fresh_project ON webhook_deliveries (project_id, fair_at)
  WHERE status = 'pending' AND attempt_count = 0 AND leased_until IS NULL;
CREATE INDEX webhook_deliveries_retry ON webhook_deliveries (next_attempt_at)
  WHERE status = 'pending' AND attempt_count > 0 AND leased_until IS NULL;
CREATE INDEX webhook_deliveries_leased ON webhook_deliveries (leased_until)
  WHERE status = 'pending' AND leased_until IS NOT NULL;

-- Where the next first attempts of a project start in the fair order: after its last one still
-- waiting, and not before the virtual now. Index look-ups only, whatever the statistics say
-- (PGlite never analyzes; the planner would otherwise sort the queue on a stale estimate).
CREATE FUNCTION delivery_fair_start(p_project uuid) RETURNS timestamptz
LANGUAGE sql STABLE
SET enable_seqscan = off
SET enable_bitmapscan = off
AS $$
  SELECT greatest(
    least(now(), (SELECT d.fair_at FROM webhook_deliveries d
                   WHERE d.status = 'pending' AND d.attempt_count = 0 AND d.leased_until IS NULL
                   ORDER BY d.fair_at LIMIT 1)),
    (SELECT d.fair_at + interval '1 microsecond' FROM webhook_deliveries d
      WHERE d.project_id = p_project AND d.status = 'pending' AND d.attempt_count = 0 AND d.leased_until IS NULL
      ORDER BY d.fair_at DESC LIMIT 1))
$$;

-- The deliveries a claim may take, in claim order, rows other workers hold skipped and the rest
-- locked here: leases that ended (their worker died; owed longest), then first attempts in fair
-- order, then retries that are due. Each part stops at the limit, and a part runs only when the
-- ones before it left room. `src` and `pos` give the order (attempt_count and next_attempt_at
-- are for workers of the previous version during an upgrade). A function to carry its planner
-- settings (index paths only) in one statement.
DROP FUNCTION delivery_claim_candidates(uuid[], int);
CREATE FUNCTION delivery_claim_candidates(p_exclude uuid[], p_limit int)
RETURNS TABLE (id uuid, webhook_id uuid, src int, pos timestamptz, attempt_count int, next_attempt_at timestamptz)
LANGUAGE sql VOLATILE
SET enable_seqscan = off
SET enable_bitmapscan = off
AS $$
  SELECT * FROM (
    SELECT d.id, d.webhook_id, 0, d.leased_until, d.attempt_count, d.next_attempt_at FROM webhook_deliveries d
     WHERE d.status = 'pending' AND d.leased_until IS NOT NULL AND d.leased_until <= now()
       AND NOT (d.webhook_id = ANY(p_exclude))
     ORDER BY d.leased_until LIMIT p_limit FOR UPDATE SKIP LOCKED) expired
  UNION ALL
  SELECT * FROM (
    SELECT d.id, d.webhook_id, 1, d.fair_at, d.attempt_count, d.next_attempt_at FROM webhook_deliveries d
     WHERE d.status = 'pending' AND d.attempt_count = 0 AND d.leased_until IS NULL
       AND NOT (d.webhook_id = ANY(p_exclude))
     ORDER BY d.fair_at LIMIT p_limit FOR UPDATE SKIP LOCKED) fresh
  UNION ALL
  SELECT * FROM (
    SELECT d.id, d.webhook_id, 2, d.next_attempt_at, d.attempt_count, d.next_attempt_at FROM webhook_deliveries d
     WHERE d.status = 'pending' AND d.attempt_count > 0 AND d.leased_until IS NULL AND d.next_attempt_at <= now()
       AND NOT (d.webhook_id = ANY(p_exclude))
     ORDER BY d.next_attempt_at LIMIT p_limit FOR UPDATE SKIP LOCKED) retry
  LIMIT p_limit
$$;

DROP INDEX webhook_deliveries_claim;
