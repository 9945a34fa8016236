-- Three triggers: access events (the Access Event itself), lock activity and key changes (both in
-- a { type, id, created, data } envelope). One URL may take each trigger of the same lock.
ALTER TABLE webhooks DROP CONSTRAINT webhooks_trigger_check;
ALTER TABLE webhooks ADD CONSTRAINT webhooks_trigger_check
  CHECK (trigger IN ('accessEvent', 'lockActivity', 'keyChanged'));
ALTER TABLE webhooks DROP CONSTRAINT webhooks_lock_id_url_display_key;
CREATE UNIQUE INDEX webhooks_lock_url ON webhooks (lock_id, trigger, url_display);

-- key.expired is sent once, by a job, for each key whose end has passed: `expiry_sent` says it
-- was. Keys already expired now are not announced (they expired before anyone could listen).
ALTER TABLE keys ADD COLUMN expiry_sent boolean NOT NULL DEFAULT false;
UPDATE keys SET expiry_sent = true WHERE ends IS NOT NULL AND ends <= now();
CREATE INDEX keys_expiry_due ON keys (ends) WHERE NOT expiry_sent AND ends IS NOT NULL AND revoked IS NULL;
