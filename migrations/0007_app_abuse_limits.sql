-- Limits on what the app side can make the service do, and upload ids scoped per project.

-- Login: "is this phone known?" is answered from indexes (app_users' key, this index, and the
-- live-key index keys_app_user), never by scanning managed_users.
CREATE INDEX managed_users_app_user ON managed_users (app_user_id);

-- Login codes: while a code is live it is sent again rather than a new one minted, so it is kept
-- encrypted under the master key (a database dump still reveals no live code); `sent` holds the
-- times texts went to the phone within the last window (a few at most). `code_expires` is when the
-- code dies; `expires` is now when the row may be forgotten (the later of the code's expiry and the
-- end of its texts' window), so the expired-codes cleanup never forgets texts still counted.
ALTER TABLE app_login_codes
  ADD COLUMN code_enc text,
  ADD COLUMN code_expires timestamptz,
  ADD COLUMN sent timestamptz[] NOT NULL DEFAULT '{}';
UPDATE app_login_codes SET code_expires = expires;
ALTER TABLE app_login_codes ALTER COLUMN code_expires SET NOT NULL;

-- Shares an app user made in the last hour (LATCHKEY_APP_SHARE_RATE_PER_HOUR) are counted here.
CREATE INDEX keys_shared_by ON keys (shared_by, created) WHERE shared_by IS NOT NULL;

-- Upload idempotency ids are one namespace per project, not one for the whole service: another
-- tenant's app user uploading an id first must neither suppress an event nor learn that it exists.
-- An id is recorded with the project of its key's event; the access log's key carries the project
-- too, so two projects' events with the same id and time both fit.
ALTER TABLE access_event_ids ADD COLUMN project_id uuid;
UPDATE access_event_ids i SET project_id = e.project_id
  FROM access_events e WHERE e.created = i.created AND e.id = i.id;
DELETE FROM access_event_ids WHERE project_id IS NULL;
ALTER TABLE access_event_ids ALTER COLUMN project_id SET NOT NULL;
ALTER TABLE access_event_ids DROP CONSTRAINT access_event_ids_pkey, ADD PRIMARY KEY (id, project_id);
ALTER TABLE access_events DROP CONSTRAINT access_events_pkey, ADD PRIMARY KEY (created, id, project_id);
