-- What a project holds: locks, managed users, keys, sharing rights; and the app users (phones).

CREATE TABLE locks (
  id         uuid PRIMARY KEY,
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  name       text NOT NULL,
  timezone   text NOT NULL,
  address    text,
  metadata   jsonb NOT NULL DEFAULT '{}',
  created    timestamptz NOT NULL DEFAULT now(),
  deleted    timestamptz                       -- offboarded: hidden, keys revoked, events kept
);
CREATE INDEX locks_project ON locks (project_id, id) WHERE deleted IS NULL;

-- An app user is a phone number known to the service (app login, display name).
CREATE TABLE app_users (
  app_user_id text PRIMARY KEY,                -- E.164
  name        text,                            -- set by the app user (PATCH /v2/app/me)
  created     timestamptz NOT NULL DEFAULT now()
);

-- A project's record of an app user.
CREATE TABLE managed_users (
  id          uuid PRIMARY KEY,
  project_id  uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  app_user_id text NOT NULL,
  first_name  text,
  last_name   text,
  metadata    jsonb NOT NULL DEFAULT '{}',
  created     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, app_user_id)
);
CREATE INDEX managed_users_project ON managed_users (project_id, id);

CREATE TABLE sharing_rights (
  id          uuid PRIMARY KEY,
  project_id  uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  lock_id     uuid NOT NULL REFERENCES locks (id),
  app_user_id text NOT NULL,
  created     timestamptz NOT NULL DEFAULT now(),
  revoked     timestamptz
);
CREATE UNIQUE INDEX sharing_rights_active ON sharing_rights (project_id, lock_id, app_user_id) WHERE revoked IS NULL;
CREATE INDEX sharing_rights_project ON sharing_rights (project_id, id);

CREATE TABLE keys (
  id               uuid PRIMARY KEY,
  project_id       uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  lock_id          uuid NOT NULL REFERENCES locks (id),
  app_user_id      text NOT NULL,
  origin           text NOT NULL CHECK (origin IN ('integrator', 'shared')),
  shared_by        text,                       -- origin shared: the sharer's app_user_id
  sharing_right_id uuid REFERENCES sharing_rights (id),
  starts           timestamptz NOT NULL,
  ends             timestamptz,                -- null: no expiry
  recurrence       jsonb,                      -- { windows: [{ days, from, to }] } or null
  metadata         jsonb NOT NULL DEFAULT '{}',
  created          timestamptz NOT NULL DEFAULT now(),
  revoked          timestamptz,
  CHECK (ends IS NULL OR ends > starts)
);
CREATE INDEX keys_project ON keys (project_id, id);
CREATE INDEX keys_project_lock ON keys (project_id, lock_id, id);
CREATE INDEX keys_project_user ON keys (project_id, app_user_id, id);
CREATE INDEX keys_app_user ON keys (app_user_id, id) WHERE revoked IS NULL;
CREATE INDEX keys_sharing_right ON keys (sharing_right_id) WHERE sharing_right_id IS NOT NULL;
