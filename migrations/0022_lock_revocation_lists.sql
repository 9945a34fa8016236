-- Each lock's revocation list for offline credentials: `v` only grows, and the revoked keys whose
-- credentials may still be unexpired. Triggers keep them, in the transaction that revokes or deletes
-- a key, whatever revokes it (the key's revocation, a batch by filter, a sharing right's revocation,
-- a lock's offboarding, erasure): one place that no path can miss. No foreign keys: a project's
-- deletion cascades to its locks and keys in one statement, and these rows must not stand in its way.
CREATE TABLE lock_revocation_versions (
  lock_id uuid PRIMARY KEY,
  v       bigint NOT NULL
);

CREATE TABLE lock_revoked_keys (
  lock_id    uuid NOT NULL,
  key_id     uuid NOT NULL,
  revoked_at timestamptz NOT NULL,
  PRIMARY KEY (lock_id, key_id)
);
CREATE INDEX lock_revoked_keys_recent ON lock_revoked_keys (lock_id, revoked_at);

CREATE FUNCTION keys_revocation_list() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k keys;
  at timestamptz;
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- A key deleted while revoked was listed at its revocation.
    IF OLD.revoked IS NOT NULL THEN RETURN OLD; END IF;
    k := OLD;
    at := now();
  ELSE
    IF OLD.revoked IS NOT NULL OR NEW.revoked IS NULL THEN RETURN NEW; END IF;
    k := NEW;
    at := NEW.revoked;
  END IF;
  INSERT INTO lock_revoked_keys (lock_id, key_id, revoked_at) VALUES (k.lock_id, k.id, at)
    ON CONFLICT (lock_id, key_id) DO NOTHING;
  INSERT INTO lock_revocation_versions (lock_id, v) VALUES (k.lock_id, 1)
    ON CONFLICT (lock_id) DO UPDATE SET v = lock_revocation_versions.v + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER keys_revocation_list_update AFTER UPDATE OF revoked ON keys
  FOR EACH ROW EXECUTE FUNCTION keys_revocation_list();
CREATE TRIGGER keys_revocation_list_delete AFTER DELETE ON keys
  FOR EACH ROW EXECUTE FUNCTION keys_revocation_list();
