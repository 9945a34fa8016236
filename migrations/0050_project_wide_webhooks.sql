-- Webhooks for every lock of a project: `lock_id` NULL means every lock, present and future.
-- A URL is registered once per lock and trigger, and once per project and trigger among the
-- project-wide webhooks.
ALTER TABLE webhooks ALTER COLUMN lock_id DROP NOT NULL;
CREATE UNIQUE INDEX webhooks_all_locks_url ON webhooks (project_id, trigger, url_display) WHERE lock_id IS NULL;
-- The fan-out reads the project-wide webhooks of each project that queues events.
CREATE INDEX webhooks_all_locks_enabled ON webhooks (project_id) WHERE enabled AND lock_id IS NULL;
