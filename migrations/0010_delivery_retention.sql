-- Retention of what grows with traffic besides the access log (which drops day partitions):
-- finished deliveries and their attempts, expired login codes. The delivery retention deletes in
-- small batches walking the primary key (UUIDv7, so creation order) up to the cutoff: no index is
-- added to the hot path of every completion. The queue tables churn (a row per event inserted,
-- updated once or more, deleted after the window), so autovacuum visits them after 2 % of their
-- rows changed instead of 20 %: space freed by the deletes is reused before the table grows.
ALTER TABLE webhook_deliveries SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
ALTER TABLE webhook_attempts SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
-- Expired login codes are deleted by expiry.
CREATE INDEX app_login_codes_expires ON app_login_codes (expires);
