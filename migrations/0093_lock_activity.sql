-- Everything a network lock reported or the service did to it, kept 30 days: operations (keypad,
-- remote, manual, auto, integrator), refused codes, jams, low battery, connection changes, PINs
-- written and removed.
CREATE TABLE lock_activity (
  id         uuid PRIMARY KEY,
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  lock_id    uuid NOT NULL,
  at         timestamptz NOT NULL,                -- the lock's own time when it reported the event
  kind       text NOT NULL CHECK (kind IN ('operated', 'operationFailed', 'wrongCode', 'jammed', 'lowBattery',
                                           'connected', 'disconnected', 'pinWritten', 'pinRemoved')),
  source     text CHECK (source IN ('keypad', 'remote', 'manual', 'auto', 'integrator')),
  key_id     uuid,
  detail     jsonb NOT NULL DEFAULT '{}',
  created    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lock_activity_lock ON lock_activity (project_id, lock_id, id);
CREATE INDEX lock_activity_created ON lock_activity (created);

