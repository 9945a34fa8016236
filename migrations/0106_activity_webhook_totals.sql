-- The activity summary's attempts per webhook, running totals across days too: a webhook's
-- attempts through the end of each of its last days, kept in one row per webhook. A window of
-- whole hours spanning many days then costs one row per webhook, plus the day rows of its first and
-- last day (for their hours), instead of a day row per webhook and day: a week of a project with
-- 1,729 busy webhooks ranked 13,832 day rows (9 of the statement's 11 ms with 5,000,000 events
-- stored), a month ~52,000.
--
-- Kept by a trigger on activity_webhook_days, whoever writes it (this version's fold, the previous
-- version's during a rolling upgrade, the access log's retention, activity_counts_rebuild()), so it
-- always equals the sum of the day rows present.

-- Days a webhook's row keeps: a summary window is at most 30 days, so it reads the totals at the
-- end of the day before its first day and before its last day, both within the last 32 days.
CREATE FUNCTION activity_ring_days() RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN 40;

-- ends[1 + d % activity_ring_days()] holds the webhook's attempts through the end of day d (days
-- since 1970-01-01, UTC), for the days d in (last_day - activity_ring_days(), last_day]. Days before
-- the webhook's first attempt read 0.
CREATE TABLE activity_webhook_totals (
  webhook_id uuid PRIMARY KEY, -- references webhooks (id) ON DELETE CASCADE: added last, below
  project_id uuid NOT NULL,
  last_day   integer NOT NULL, -- the latest day with a row in activity_webhook_days
  ends       bigint[] NOT NULL
) WITH (fillfactor = 50);
-- Not covering, unlike the day rows' index (0105): a busy webhook's row changes at every fold, and
-- an index holding `ends` would make each change a new index entry too. With the room fillfactor
-- leaves, the changes stay on the row's page (HOT updates).
CREATE INDEX activity_webhook_totals_project ON activity_webhook_totals (project_id);

-- `ends` with `n` attempts added on day `d`. A day after last_day first carries last_day's total
-- over the days between (no attempts on them), so every kept day reads its own total.
CREATE FUNCTION activity_ring_add(ends bigint[], last_day integer, d integer, n bigint) RETURNS bigint[]
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
DECLARE
  size constant integer := activity_ring_days();
  carried bigint := ends[1 + last_day % size];
BEGIN
  IF d > last_day THEN
    FOR i IN greatest(last_day + 1, d - size + 1) .. d LOOP
      ends[1 + i % size] := carried;
    END LOOP;
    ends[1 + d % size] := carried + n;
  ELSE -- a late attempt: every kept day from d on counts it
    FOR i IN greatest(d, last_day - size + 1) .. last_day LOOP
      ends[1 + i % size] := ends[1 + i % size] + n;
    END LOOP;
  END IF;
  RETURN ends;
END $$;

-- The webhook's attempts through the end of day `d`; `d` must be after last_day - activity_ring_days()
-- (older days read 0, and are never asked for).
CREATE FUNCTION activity_ring_at(ends bigint[], last_day integer, d integer) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE
    WHEN d >= last_day THEN ends[1 + last_day % activity_ring_days()]
    WHEN d > last_day - activity_ring_days() THEN ends[1 + d % activity_ring_days()]
    ELSE 0
  END;

-- A day's number: days since 1970-01-01 (UTC), as the ring indexes them and the read passes them.
CREATE FUNCTION activity_day_number(day timestamptz) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN floor(extract(epoch FROM day) / 86400)::integer;

-- A day row's change in its whole-day total (element 24), carried into the webhook's row. A deleted
-- day (retention, a rebuild) is taken out of every later day too; only an existing row is changed
-- then, since a deleted webhook's day rows and row go in the same statement (the foreign keys).
CREATE FUNCTION activity_webhook_days_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d integer := activity_day_number(CASE WHEN TG_OP = 'DELETE' THEN OLD.day ELSE NEW.day END);
  n bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE activity_webhook_totals t SET ends = activity_ring_add(t.ends, t.last_day, d, -OLD.attempts[24])
     WHERE t.webhook_id = OLD.webhook_id AND OLD.attempts[24] <> 0;
    RETURN NULL;
  END IF;
  n := NEW.attempts[24] - CASE WHEN TG_OP = 'UPDATE' THEN OLD.attempts[24] ELSE 0 END;
  IF n <> 0 THEN
    INSERT INTO activity_webhook_totals AS t (webhook_id, project_id, last_day, ends)
    VALUES (NEW.webhook_id, NEW.project_id, d,
            activity_ring_add(array_fill(0::bigint, ARRAY[activity_ring_days()]), d, d, n))
    ON CONFLICT (webhook_id) DO UPDATE
      SET ends = activity_ring_add(t.ends, t.last_day, d, n), last_day = greatest(t.last_day, d);
  END IF;
  RETURN NULL;
END $$;

-- Counts each webhook's row from its day rows, in one statement (a row per day, each updating the
-- webhook's row, would leave a dead row version per day behind). Run here, and by tests to check
-- the trigger's upkeep against it.
CREATE FUNCTION activity_webhook_totals_rebuild() RETURNS void LANGUAGE sql
BEGIN ATOMIC
  DELETE FROM activity_webhook_totals;
  INSERT INTO activity_webhook_totals (webhook_id, project_id, last_day, ends)
  SELECT w.webhook_id, w.project_id, w.last_day,
         -- Element s + 1 is the total through the kept day whose number is s modulo the ring's size.
         ARRAY(SELECT (SELECT coalesce(sum(x.n), 0)::bigint FROM unnest(w.days, w.counts) x (d, n)
                        WHERE x.d <= w.last_day - (w.last_day - s) % activity_ring_days())
                 FROM generate_series(0, activity_ring_days() - 1) s ORDER BY s)
    FROM (SELECT webhook_id, project_id, max(d) AS last_day, array_agg(d) AS days, array_agg(n) AS counts
            FROM (SELECT webhook_id, project_id, activity_day_number(day) AS d, attempts[24] AS n
                    FROM activity_webhook_days) y
           GROUP BY webhook_id, project_id) w;
END;

-- Writers of the day rows wait from here to the commit, so each of their changes is either in the
-- rows counted below or carried by the trigger.
LOCK TABLE activity_webhook_days IN SHARE ROW EXCLUSIVE MODE;
CREATE TRIGGER activity_webhook_days_totals AFTER INSERT OR UPDATE OR DELETE ON activity_webhook_days
  FOR EACH ROW EXECUTE FUNCTION activity_webhook_days_totals();
SELECT activity_webhook_totals_rebuild();

-- Last, as in 0105: adding it locks webhooks until the commit, and the previous version's delivery
-- outcomes update webhooks (they wait meanwhile).
ALTER TABLE activity_webhook_totals ADD CONSTRAINT activity_webhook_totals_webhook_id_fkey
  FOREIGN KEY (webhook_id) REFERENCES webhooks (id) ON DELETE CASCADE;
