-- A cut hour's busiest locks kept as the activity summary writes them. An hour's lock rows are cut
-- to its busiest few once it is two days old (0105), and from then on they change only when a late
-- event lands on one of them or a person is erased. Their entries of the summary's `busiestLocks`
-- (JSON text) are written once, when the hour is cut, so that a read of 30 days writes the ~250
-- entries of its newer hours instead of ~3,500 (docs/performance.md, "Cut hours' entries written
-- once").
--
-- The rule: an entry is NULL (a read writes it from the row) or what activity_lock_entry() gives
-- for its row. Every update of a row with an entry writes it again (the trigger below), whatever
-- changed it: the fold adding late events, erasure taking some out, a rename. activity_counts_rebuild()
-- writes rows without entries; reads then write those themselves, as they did before this
-- migration.

-- An hour as JSON, as JavaScript's Date.toISOString() writes it: to_json() writes a timestamp in
-- ISO 8601 whatever the server's DateStyle, without fractional seconds when it has none (an hour
-- has none). Half the cost of to_char(). STABLE (as to_json() is), so that a query inlines it.
CREATE FUNCTION activity_json_hour(hour timestamptz) RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE
  RETURN rtrim(to_json(hour AT TIME ZONE 'UTC')::text, '"') || '.000Z"';

-- A lock's entry in the summary's `busiestLocks`, in the API's field names; the name JSON-quoted.
CREATE FUNCTION activity_lock_entry(hour timestamptz, lock_id uuid, lock_name text, events bigint) RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE
  RETURN '{"hour":' || activity_json_hour(hour) || ',"lockId":"' || lock_id || '","lockName":'
    || to_json(lock_name) || ',"accessEvents":' || events || '}';

ALTER TABLE activity_lock_hours ADD COLUMN entry text;

-- The hours already cut, project by project (a range of the primary key each).
UPDATE activity_lock_hours t SET entry = activity_lock_entry(t.hour, t.lock_id, t.lock_name, t.events)
  FROM projects p
 WHERE t.project_id = p.id AND t.hour < (SELECT through FROM activity_lock_hours_compacted);

CREATE FUNCTION activity_lock_entry_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.entry := activity_lock_entry(NEW.hour, NEW.lock_id, NEW.lock_name, NEW.events);
  RETURN NEW;
END $$;

-- Rows without an entry (every row of the newer hours, which the fold updates all the time) do not
-- call it.
CREATE TRIGGER activity_lock_entry_rewrite BEFORE UPDATE ON activity_lock_hours
  FOR EACH ROW WHEN (NEW.entry IS NOT NULL) EXECUTE FUNCTION activity_lock_entry_rewrite();

-- The cut (0105), which now also writes the entries of the rows it keeps.
CREATE OR REPLACE FUNCTION activity_lock_hours_cut(lo timestamptz, hi timestamptz) RETURNS bigint
  LANGUAGE plpgsql
AS $$
DECLARE
  n bigint;
BEGIN
  WITH gone AS (
    DELETE FROM activity_lock_hours t
     USING projects p, LATERAL (
       SELECT l.hour, l.lock_id FROM (
         SELECT hour, lock_id,
                row_number() OVER (PARTITION BY hour ORDER BY events DESC, lock_id) AS rank
           FROM activity_lock_hours WHERE project_id = p.id AND hour >= lo AND hour < hi) l
        WHERE l.rank > activity_lock_hours_kept()) x
     WHERE t.project_id = p.id AND t.hour = x.hour AND t.lock_id = x.lock_id
     RETURNING 1)
  SELECT count(*) INTO n FROM gone;
  UPDATE activity_lock_hours t SET entry = activity_lock_entry(t.hour, t.lock_id, t.lock_name, t.events)
    FROM projects p
   WHERE t.project_id = p.id AND t.hour >= lo AND t.hour < hi AND t.entry IS NULL;
  RETURN n;
END $$;
