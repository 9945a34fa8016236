-- The delivery worker claims first attempts before retries, then by due time:
--   ORDER BY (attempt_count > 0), next_attempt_at  WHERE status = 'pending'
-- This index serves that order directly, so a backlog of retries never delays new events. It
-- replaces webhook_deliveries_due: with both present, a planner without fresh statistics (PGlite
-- never auto-analyzes) picks the older one and sorts the whole due set on every claim.
CREATE INDEX webhook_deliveries_claim ON webhook_deliveries ((attempt_count > 0), next_attempt_at)
  WHERE status = 'pending';
-- Failed deliveries of a webhook since a time (POST .../recover).
CREATE INDEX webhook_deliveries_failed ON webhook_deliveries (webhook_id, created) WHERE status = 'failed';
DROP INDEX webhook_deliveries_due;
