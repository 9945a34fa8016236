-- The two hashing keys (the client-secret pepper and the Idempotency-Key fingerprint key) kept
-- sealed under the master key. They used to be derived from the master key on every start; a hash
-- cannot be re-keyed without what it hashes, so a new master key must carry the old hashing keys
-- forward. The first start on this version writes the row with the values its master key derives
-- (the same values as before: nothing already hashed changes). Old processes ignore the table.
CREATE TABLE hash_keys (
  id      smallint    PRIMARY KEY CHECK (id = 1),
  sealed  text        NOT NULL,   -- JSON { pepper, fingerprint } (base64), sealed under the master key
  created timestamptz NOT NULL DEFAULT now()
);
