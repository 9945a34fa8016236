-- The claim becomes a HOT update (heap-only tuple: the new version on the same page, no index
-- entry written). Before, the claim moved two indexed columns (leased_until was in the predicate
-- of every claim index and keyed one; next_attempt_at keyed the retry index), so each claim wrote
-- the delivery's whole row again plus an entry in its primary key, its unique key, its webhook's
-- list and the lease index: with the outcome's update, two full updates per delivery, the larger
-- part of PostgreSQL's CPU per delivery (docs/performance.md, "Delivery database cost").
--
-- Now no index reads leased_until, and the claim no longer moves next_attempt_at (the lease's end
-- is shown as the next try instead: src/resources/webhooks/present.ts). A pending delivery stays
-- in its claim index while a worker holds it; the claim skips held rows by their lease, read from
-- the row (a worker holds at most its concurrency, so a claim reads past at most that many), and
-- a lease that ended makes the row claimable again in its place: a first attempt's place in the
-- fair order is ahead of every one still waiting, a retry's due time ahead of later ones. The
-- outcome still moves status (the row leaves the queue's indexes then): one full update per
-- delivery instead of two.
--
-- Room on each page for the claim's new version: a HOT update needs it on the same page.
ALTER TABLE webhook_deliveries SET (fillfactor = 50);

DROP INDEX webhook_deliveries_leased;
DROP INDEX webhook_deliveries_fresh;
DROP INDEX webhook_deliveries_fresh_project;
DROP INDEX webhook_deliveries_retry;
-- First attempts in the fair order, held ones included.
CREATE INDEX webhook_deliveries_fresh ON webhook_deliveries (fair_at)
  WHERE status = 'pending' AND attempt_count = 0;
-- Where a project's next first attempts go: after its last one still pending.
CREATE INDEX webhook_deliveries_fresh_project ON webhook_deliveries (project_id, fair_at)
  WHERE status = 'pending' AND attempt_count = 0;
-- Retries by due time, held ones included.
CREATE INDEX webhook_deliveries_retry ON webhook_deliveries (next_attempt_at)
  WHERE status = 'pending' AND attempt_count > 0;

-- Where the next first attempts of a project start in the fair order: after its last one still
-- pending, and not before the virtual now (the earlier of the clock and the first place still
-- pending). Held first attempts count: they are at the head of the order, so the virtual now is at
-- most the place of one being sent, and a new project still starts at the head of the line.
CREATE OR REPLACE FUNCTION delivery_fair_start(p_project uuid) RETURNS timestamptz
LANGUAGE sql STABLE
SET enable_seqscan = off
SET enable_bitmapscan = off
AS $$
  SELECT greatest(
    least(now(), (SELECT d.fair_at FROM webhook_deliveries d
                   WHERE d.status = 'pending' AND d.attempt_count = 0
                   ORDER BY d.fair_at LIMIT 1)),
    (SELECT d.fair_at + interval '1 microsecond' FROM webhook_deliveries d
      WHERE d.project_id = p_project AND d.status = 'pending' AND d.attempt_count = 0
      ORDER BY d.fair_at DESC LIMIT 1))
$$;

-- The deliveries a claim may take, in claim order, WITHOUT locking them: first attempts in fair
-- order, then retries that are due; rows a worker holds (lease not ended) are passed over. Each
-- part stops at the limit, and the second runs only when the first left room. The claim then locks
-- only the rows it takes (delivery_claim_lock), not every candidate it read (four per row taken).
-- A function to carry its planner settings (index paths only) in one statement.
CREATE FUNCTION delivery_claim_order(p_exclude uuid[], p_limit int)
RETURNS TABLE (id uuid, webhook_id uuid, src int, pos timestamptz)
LANGUAGE sql STABLE
SET enable_seqscan = off
SET enable_bitmapscan = off
AS $$
  SELECT * FROM (
    SELECT d.id, d.webhook_id, 1, d.fair_at FROM webhook_deliveries d
     WHERE d.status = 'pending' AND d.attempt_count = 0
       AND (d.leased_until IS NULL OR d.leased_until <= now())
       AND NOT (d.webhook_id = ANY(p_exclude))
     ORDER BY d.fair_at LIMIT p_limit) fresh
  UNION ALL
  SELECT * FROM (
    SELECT d.id, d.webhook_id, 2, d.next_attempt_at FROM webhook_deliveries d
     WHERE d.status = 'pending' AND d.attempt_count > 0 AND d.next_attempt_at <= now()
       AND (d.leased_until IS NULL OR d.leased_until <= now())
       AND NOT (d.webhook_id = ANY(p_exclude))
     ORDER BY d.next_attempt_at LIMIT p_limit) retry
  LIMIT p_limit
$$;

-- Locks the chosen deliveries that are still free, skipping those another worker holds or is
-- claiming right now. Under READ COMMITTED a row changed since the candidates were read is checked
-- again in its newest version, so a row another claim took or an outcome finished meanwhile is
-- not returned. Primary-key look-ups only, whatever the statistics say.
CREATE FUNCTION delivery_claim_lock(p_ids uuid[]) RETURNS SETOF uuid
LANGUAGE sql VOLATILE
SET enable_seqscan = off
SET enable_bitmapscan = off
AS $$
  SELECT d.id FROM webhook_deliveries d
   WHERE d.id = ANY(p_ids) AND d.status = 'pending'
     AND (d.leased_until IS NULL OR d.leased_until <= now())
     FOR UPDATE SKIP LOCKED
$$;

-- Workers of the previous version during a rolling upgrade on PostgreSQL call this and expect the
-- candidates locked, with the columns their claim orders by: the same order, locked here.
CREATE OR REPLACE FUNCTION delivery_claim_candidates(p_exclude uuid[], p_limit int)
RETURNS TABLE (id uuid, webhook_id uuid, src int, pos timestamptz, attempt_count int, next_attempt_at timestamptz)
LANGUAGE sql VOLATILE
SET enable_seqscan = off
SET enable_bitmapscan = off
AS $$
  SELECT d.id, d.webhook_id, o.src, o.pos, d.attempt_count, d.next_attempt_at
    FROM delivery_claim_order(p_exclude, p_limit) o JOIN webhook_deliveries d ON d.id = o.id
   WHERE d.status = 'pending' AND (d.leased_until IS NULL OR d.leased_until <= now())
     FOR UPDATE OF d SKIP LOCKED
$$;
