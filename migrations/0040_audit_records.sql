-- The audit trail: one row per change, written in the transaction of the change itself (src/audit).
-- Rows are never updated, except that erasure replaces the erased person's phone number and name
-- in them with a fixed marker; retention deletes rows older than LATCHKEY_AUDIT_RETENTION_DAYS.
-- Ids are UUIDv7 made from `at`, so id order is time order: keyset pages and the from/to filters
-- are both ranges of the same indexes.
CREATE TABLE audit_records (
  id uuid PRIMARY KEY,
  at timestamptz NOT NULL,
  actor_type text NOT NULL CHECK (actor_type IN ('admin', 'client', 'appUser', 'bridge', 'system')),
  actor_id text,
  action text NOT NULL,
  resource_type text NOT NULL,
  resource_id text,
  project_id uuid,
  organization_id uuid,
  request_id text,
  source_address text,
  changes jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- The phone numbers of the people the record names (actor, resource, fields): erasure finds the
  -- records to scrub by this, not by reading the whole trail.
  people text[] NOT NULL DEFAULT '{}'
);

-- The three lists, each paged by id within its owner, and their filters.
CREATE INDEX audit_records_project ON audit_records (project_id, id) WHERE project_id IS NOT NULL;
CREATE INDEX audit_records_organization ON audit_records (organization_id, id) WHERE organization_id IS NOT NULL;
CREATE INDEX audit_records_resource ON audit_records (resource_type, resource_id, id);
CREATE INDEX audit_records_actor ON audit_records (actor_id, id);
CREATE INDEX audit_records_action ON audit_records (action, id);
CREATE INDEX audit_records_people ON audit_records USING gin (people);
