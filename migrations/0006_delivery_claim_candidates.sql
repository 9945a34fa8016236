-- The due deliveries a claim may take, in claim order: first attempts before retries, then by due
-- time, skipping rows other workers hold. A function only to carry its planner settings: statistics
-- are stale exactly when the queue matters (a burst of inserts; PGlite never auto-analyzes), and
-- the planner then bitmap-scans and sorts the whole due set (20k rows in 12 ms) on every claim.
-- With only index paths left, the claim index is read in order and stops at the limit. As a
-- function the claim is one statement, one round trip (SET LOCAL needed a transaction: four).
CREATE FUNCTION delivery_claim_candidates(p_exclude uuid[], p_limit int)
RETURNS TABLE (id uuid, webhook_id uuid, attempt_count int, next_attempt_at timestamptz)
LANGUAGE sql VOLATILE
SET enable_seqscan = off
SET enable_bitmapscan = off
AS $$
  SELECT d.id, d.webhook_id, d.attempt_count, d.next_attempt_at
    FROM webhook_deliveries d
   WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND NOT (d.webhook_id = ANY(p_exclude))
   ORDER BY (d.attempt_count > 0), d.next_attempt_at
   LIMIT p_limit
     FOR UPDATE SKIP LOCKED
$$;
