-- Bridges: where a Matter controller runs, on the locks' own network. A bridge connects OUT to the
-- service with its token (only its HMAC is kept); the service never opens a connection to it.
-- organization_id NULL is the service's own bridge (LATCHKEY_BRIDGE=local), which serves every
-- organization.
CREATE TABLE bridges (
  id                   uuid PRIMARY KEY,
  organization_id      uuid REFERENCES organizations (id) ON DELETE CASCADE,
  name                 text NOT NULL,
  token_hash           bytea UNIQUE,             -- HMAC-SHA-256 under the pepper; NULL for the local bridge
  -- The controller's fabric (its Matter identity and the locks' node ids), sealed with the master key:
  -- a new host takes the locks over from it.
  controller_state_enc text,
  -- Which bridge process holds the bridge now, and until when (only one controller acts for a lock).
  instance_id          text,
  lease_until          timestamptz,
  last_seen            timestamptz,
  created              timestamptz NOT NULL DEFAULT now(),
  CHECK ((organization_id IS NULL) = (token_hash IS NULL))
);
CREATE INDEX bridges_organization ON bridges (organization_id, id);
CREATE UNIQUE INDEX bridges_local ON bridges ((organization_id IS NULL)) WHERE organization_id IS NULL;
