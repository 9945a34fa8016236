-- Every event a network lock reported, once: (lock, the lock's own event number) is unique, so an
-- event the lock or the bridge sends again after a reconnect is recognised and recorded no second
-- time. Kept as long as the lock's activity (30 days), by the same retention.
CREATE TABLE lock_events (
  lock_id         uuid NOT NULL,
  event_number    bigint NOT NULL,
  project_id      uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  kind            text NOT NULL,
  at              timestamptz NOT NULL,
  detail          jsonb NOT NULL DEFAULT '{}',
  access_event_id uuid,                         -- the access event it became, if a key was used
  received        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (lock_id, event_number)
);
CREATE INDEX lock_events_received ON lock_events (received);
