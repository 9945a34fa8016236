-- Access events (partitioned by day on `created`), webhooks, their delivery queue, app login codes.

-- Partitions are created (a few days ahead) and dropped (past retention) by the retention job.
-- The default partition only catches rows whose day partition is missing, so an insert never fails.
CREATE TABLE access_events (
  id          uuid NOT NULL,
  project_id  uuid NOT NULL,
  lock_id     uuid NOT NULL,
  key_id      uuid NOT NULL,
  app_user_id text NOT NULL,
  action      text NOT NULL CHECK (action IN ('locked', 'unlocked')),
  created     timestamptz NOT NULL,             -- when it happened (app clock)
  received    timestamptz NOT NULL DEFAULT now(), -- when the service recorded it
  lock_name   text NOT NULL,
  user_name   text NOT NULL,
  origin      text NOT NULL CHECK (origin IN ('integrator', 'shared')),
  PRIMARY KEY (created, id)
) PARTITION BY RANGE (created);
CREATE TABLE access_events_default PARTITION OF access_events DEFAULT;
CREATE INDEX access_events_project ON access_events (project_id, created DESC, id DESC);
CREATE INDEX access_events_lock ON access_events (lock_id, created DESC, id DESC);

-- Idempotency of uploads: a partitioned table cannot hold a unique index on id alone.
CREATE TABLE access_event_ids (
  id      uuid PRIMARY KEY,
  created timestamptz NOT NULL
);
CREATE INDEX access_event_ids_created ON access_event_ids (created);

CREATE TABLE webhooks (
  id                    uuid PRIMARY KEY,
  project_id            uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  lock_id               uuid NOT NULL REFERENCES locks (id),
  trigger               text NOT NULL DEFAULT 'accessEvent' CHECK (trigger IN ('accessEvent')),
  url                   text NOT NULL,           -- without credentials
  url_display           text NOT NULL,           -- as shown: password replaced by ****
  credentials_enc       text,                    -- "user:password", encrypted under the master key
  secret_enc            text NOT NULL,           -- whsec_..., encrypted
  previous_secret_enc   text,                    -- still signs until previous_secret_until
  previous_secret_until timestamptz,
  enabled               boolean NOT NULL DEFAULT true,
  disabled_reason       text,
  created               timestamptz NOT NULL DEFAULT now(),
  last_success_at       timestamptz,
  failing_since         timestamptz,
  UNIQUE (lock_id, url_display)
);
CREATE INDEX webhooks_project ON webhooks (project_id, id);
CREATE INDEX webhooks_lock_enabled ON webhooks (lock_id) WHERE enabled;

-- The delivery queue (transactional outbox): a row per (webhook, event), written in the event's
-- transaction, claimed by workers with FOR UPDATE SKIP LOCKED.
CREATE TABLE webhook_deliveries (
  id              uuid PRIMARY KEY,
  webhook_id      uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  project_id      uuid NOT NULL,
  event_id        uuid NOT NULL,
  body            text NOT NULL,                 -- the exact JSON bytes sent (seed 2.1, eight fields)
  event_received  timestamptz NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempt_count   integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  leased_until    timestamptz,                   -- claimed by a worker until then
  created         timestamptz NOT NULL DEFAULT now(),
  completed_at    timestamptz,
  UNIQUE (webhook_id, event_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, id DESC);

CREATE TABLE webhook_attempts (
  delivery_id     uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt         integer NOT NULL,
  at              timestamptz NOT NULL DEFAULT now(),
  response_status integer,
  duration_ms     integer NOT NULL,
  error           text,
  PRIMARY KEY (delivery_id, attempt)
);

-- App login: one pending code per phone, stored hashed.
CREATE TABLE app_login_codes (
  app_user_id text PRIMARY KEY,
  code_hash   bytea NOT NULL,
  expires     timestamptz NOT NULL,
  attempts    integer NOT NULL DEFAULT 0,
  created     timestamptz NOT NULL DEFAULT now()
);
