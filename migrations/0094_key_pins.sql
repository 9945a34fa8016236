-- PIN codes of keys on locks with a keypad (Matter locks): one row per key that has a PIN.
-- The code opens a door, so it is kept sealed with the master key (bound to its key id) and never
-- in plain text; uniqueness among a lock's live PINs is checked by the service, under a per-lock
-- advisory lock, because "live" depends on the clock (a key that has expired frees its PIN).
CREATE TABLE key_pins (
  key_id     uuid PRIMARY KEY REFERENCES keys (id) ON DELETE CASCADE,
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  lock_id    uuid NOT NULL REFERENCES locks (id),
  code       text NOT NULL,               -- sealed (master key), context 'key-pin\0<key id>'
  -- The PIN's tag on the lock: the Matter user's UniqueID (and its name, lk-<ref in base 36>), so
  -- the bridge can tell which key a user on the lock is. Unique per lock; never reused there.
  ref        bigint NOT NULL CHECK (ref BETWEEN 1 AND 4294967294),
  status     text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'set', 'failed', 'removed')),
  error      jsonb,                       -- { title, detail } while failed
  user_index integer,                     -- the lock's user slot holding it, while set
  updated    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (lock_id, ref)
);
CREATE INDEX key_pins_lock_live ON key_pins (lock_id) WHERE status <> 'removed';
