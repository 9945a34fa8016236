-- Idempotency-Key on the POSTs that create: the first request with a key reserves (owner, key)
-- and keeps its answer for 24 hours (status, body, Location); a later request with the same key
-- from the same caller is answered from here. Rows older than 24 hours are deleted by a periodic
-- job (and ignored before that).
CREATE TABLE idempotency_keys (
  owner        text        NOT NULL,  -- client:<id>, app:<phone> or operator
  key          text        NOT NULL,  -- the Idempotency-Key header, 1..255 characters
  request_hash text        NOT NULL,  -- SHA-256 of operation, path and body
  status       integer,               -- null while the first request is running
  body         text,
  headers      jsonb,
  created      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created);
