-- What the service asks of a bridge, one row per command: it waits here until the bridge's poll
-- claims it (at most until `expires`: an unlock nobody picked up within seconds must never happen
-- minutes later), and the bridge's report writes its outcome back. A command's payload (a pairing
-- code) is cleared once it has finished.
CREATE TABLE bridge_commands (
  id        uuid PRIMARY KEY,
  bridge_id uuid NOT NULL REFERENCES bridges (id) ON DELETE CASCADE,
  lock_id   uuid,
  kind      text NOT NULL,
  payload   jsonb NOT NULL DEFAULT '{}',
  status    text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'done', 'failed')),
  result    jsonb,
  error     jsonb,                              -- { code, title, detail, transient }
  created   timestamptz NOT NULL DEFAULT now(),
  expires   timestamptz NOT NULL,
  finished  timestamptz
);
CREATE INDEX bridge_commands_pending ON bridge_commands (bridge_id, id) WHERE status = 'pending';
CREATE INDEX bridge_commands_created ON bridge_commands (created);

-- A lock's connection to the network lock it stands for, through one bridge.
CREATE TABLE lock_connections (
  lock_id         uuid PRIMARY KEY REFERENCES locks (id),
  project_id      uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  bridge_id       uuid NOT NULL REFERENCES bridges (id),
  type            text NOT NULL DEFAULT 'matter' CHECK (type = 'matter'),
  status          text NOT NULL CHECK (status IN ('commissioning', 'online', 'unreachable', 'failed')),
  lock_state      text NOT NULL DEFAULT 'unknown' CHECK (lock_state IN ('locked', 'unlocked', 'jammed', 'unknown')),
  battery_percent int,
  battery_level   text,                         -- the lock's own verdict: ok, warning, critical
  keypad          boolean,
  capacity        jsonb,                        -- { users, pinCodes, weekDaySchedulesPerUser, yearDaySchedulesPerUser }
  vendor          text,
  product         text,
  last_seen       timestamptz,
  error           jsonb,                        -- { title, detail }
  -- The highest event number of the lock recorded: the bridge's controller drops what is at or below.
  event_watermark bigint,
  created         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lock_connections_bridge ON lock_connections (bridge_id);
CREATE INDEX lock_connections_project ON lock_connections (project_id);
