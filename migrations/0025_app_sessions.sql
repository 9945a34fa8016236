-- App sessions: what a login with a one-time code starts, so that a phone keeps getting access
-- tokens without a new text message every hour. A session hands out refresh tokens that rotate:
-- each is used once, and the next one replaces it (generation `refresh_gen`). Every generation's
-- hash is kept until it is older than the idle limit, so that a used one coming back is recognised
-- as a replay and ends the whole session. Only HMAC-SHA-256 hashes under the server pepper are
-- stored, never a token. A session that ends (logout, the replay of a used refresh token, its
-- device deleted, idle past LATCHKEY_APP_SESSION_IDLE_DAYS, the person erased) is deleted with its
-- hashes: an access token naming a session that is not here is refused.
--
-- `device_id` and `device_jkt` bind the session to a registered device key (RFC 9449 DPoP): once
-- set, a refresh needs a proof signed by that key. They are plain columns on purpose: the device
-- may be deleted, and ending its sessions is done by the code that deletes it.
CREATE TABLE app_sessions (
  id uuid PRIMARY KEY,
  app_user_id text NOT NULL REFERENCES app_users (app_user_id) ON DELETE CASCADE,
  refresh_gen integer NOT NULL DEFAULT 0,
  created timestamptz NOT NULL DEFAULT now(),
  last_used timestamptz NOT NULL DEFAULT now(),
  device_id uuid,
  device_jkt text
);
CREATE INDEX app_sessions_app_user ON app_sessions (app_user_id);
CREATE INDEX app_sessions_last_used ON app_sessions (last_used);
CREATE INDEX app_sessions_device ON app_sessions (device_id) WHERE device_id IS NOT NULL;

CREATE TABLE app_refresh_tokens (
  session_id uuid NOT NULL REFERENCES app_sessions (id) ON DELETE CASCADE,
  gen integer NOT NULL,
  token_hash bytea NOT NULL,
  created timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (session_id, gen)
);
