-- When a device last fetched a credential, per project: the console tells an app user's devices apart
-- by it ("fetched a credential an hour ago" is the phone in use). Per project, because a phone holds
-- keys of several projects and one project's integrator must not learn when the phone fetched
-- another's. Kept at most once a minute per device and project (issue.ts), so that daily refreshes
-- of many keys do not each write.
CREATE TABLE app_device_credential_fetches (
  device_id  uuid NOT NULL REFERENCES app_devices (id) ON DELETE CASCADE,
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  last_at    timestamptz NOT NULL,
  PRIMARY KEY (device_id, project_id)
);
CREATE INDEX app_device_credential_fetches_project ON app_device_credential_fetches (project_id);
