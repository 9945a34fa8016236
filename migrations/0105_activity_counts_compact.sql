-- The activity summary's counts, second form (the first is migration 0104):
--
-- 1. Attempts per webhook are kept per UTC day, as running totals over the day's hours, so the
--    busiest webhooks of a window cost two array reads per webhook and day instead of a row per
--    webhook and hour (a project with 1,729 busy webhooks summed 39,767 webhook-hours for one day,
--    15-21 ms at 50,000,000 events; a 30-day window summed ~1,200,000).
-- 2. An hour's lock rows are cut to its busiest few once the hour is two days old (the per-lock
--    table held ~one row per two events, 8 GB at that size). From then on a late event of that
--    hour counts in its total, and in its lock's row only if the hour kept that lock.
-- 3. The events fold returns before its main statement when no project has rows to fold, so an
--    idle process does not open every day partition of access_events.
-- 4. A read's tail and the rebuild name a lock as its latest event of the hour does, as the fold
--    does (they took the greatest name: wrong after a rename to one that sorts first).

-- Hours before this one keep only their busiest locks: the fold adds no lock rows to them (it adds
-- to the rows they have), and activity_lock_hours_compact cuts them (an hour later, so no fold
-- still running can add a row behind it).
CREATE FUNCTION activity_lock_detail_from() RETURNS timestamptz
  LANGUAGE sql STABLE PARALLEL SAFE
  RETURN date_trunc('hour', now(), 'UTC') - interval '48 hours';

-- Locks kept per hour once it is cut: the summary lists each hour's five busiest.
CREATE FUNCTION activity_lock_hours_kept() RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN 5;

-- Every hour before `through` is cut.
CREATE TABLE activity_lock_hours_compacted (
  one     boolean PRIMARY KEY DEFAULT true CHECK (one),
  through timestamptz NOT NULL
);

-- Cuts the hours in [from, to) of every project to their busiest locks; returns the rows deleted.
CREATE FUNCTION activity_lock_hours_cut(lo timestamptz, hi timestamptz) RETURNS bigint
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
  RETURN n;
END $$;

-- The first cut, in this migration: the kept rows are copied into a new table that then takes the
-- old one's place (a DELETE of most rows would leave the file at its size). Writers of the table
-- wait meanwhile; readers go on, and wait only for the swap at the end.
LOCK TABLE activity_lock_hours IN EXCLUSIVE MODE;
CREATE TABLE activity_lock_hours_cut (LIKE activity_lock_hours INCLUDING DEFAULTS INCLUDING CONSTRAINTS);
INSERT INTO activity_lock_hours_cut (project_id, hour, lock_id, lock_name, events)
  SELECT project_id, hour, lock_id, lock_name, events FROM (
    SELECT *, row_number() OVER (PARTITION BY project_id, hour ORDER BY events DESC, lock_id) AS rank
      FROM activity_lock_hours) l
   WHERE hour >= activity_lock_detail_from() - interval '1 hour' OR rank <= activity_lock_hours_kept();
ALTER TABLE activity_lock_hours_cut ADD CONSTRAINT activity_lock_hours_cut_pkey PRIMARY KEY (project_id, hour, lock_id);
CREATE INDEX activity_lock_hours_cut_busiest ON activity_lock_hours_cut (project_id, hour, events DESC, lock_id);
DROP TABLE activity_lock_hours;
ALTER TABLE activity_lock_hours_cut RENAME TO activity_lock_hours;
ALTER INDEX activity_lock_hours_cut_pkey RENAME TO activity_lock_hours_pkey;
ALTER INDEX activity_lock_hours_cut_busiest RENAME TO activity_lock_hours_busiest;
INSERT INTO activity_lock_hours_compacted (through) VALUES (activity_lock_detail_from() - interval '1 hour');

-- The events fold (migration 0104), with an early return, and new lock rows only for hours from
-- activity_lock_detail_from() on.
CREATE OR REPLACE FUNCTION activity_fold_events(per_project integer)
  RETURNS TABLE (folded_projects integer, folded_events integer, projects_full integer)
  LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan
  SET enable_hashjoin = off
  SET enable_mergejoin = off
  SET max_parallel_workers_per_gather = 0
  -- The generic plan's estimate (every project's position, every day partition) is far above
  -- jit_optimize_above_cost, so with JIT on (PostgreSQL's default where LLVM is installed) each
  -- call compiled and optimized it first: 1.6-1.9 s per fold at 5,000,000 events, for 10 or for
  -- 1,000 events, against 11-18 ms without.
  SET jit = off
AS $$
#variable_conflict use_column
BEGIN
  INSERT INTO activity_event_positions (project_id, tx_id, seq)
    SELECT p.id, '0', -1 FROM projects p
     WHERE NOT EXISTS (SELECT 1 FROM activity_event_positions x WHERE x.project_id = p.id)
    ON CONFLICT DO NOTHING;
  -- Nothing to fold: return before the main statement, which opens every day partition when it
  -- starts, rows or not (on the embedded store each is an open file of the process).
  IF NOT EXISTS (
    SELECT 1 FROM activity_event_positions p
     WHERE (SELECT f.tx_id FROM access_event_feed f
             WHERE f.project_id = p.project_id AND (f.tx_id, f.seq) > (p.tx_id, p.seq)
             ORDER BY f.tx_id, f.seq LIMIT 1) < pg_snapshot_xmin(pg_current_snapshot())) THEN
    RETURN QUERY SELECT 0, 0, 0;
    RETURN;
  END IF;
  RETURN QUERY
  WITH pos AS (
    -- The first row past a position has the smallest transaction id of those after it: when that
    -- one is still too new, all are.
    SELECT p.project_id, p.tx_id, p.seq FROM activity_event_positions p
     WHERE (SELECT f.tx_id FROM access_event_feed f
             WHERE f.project_id = p.project_id AND (f.tx_id, f.seq) > (p.tx_id, p.seq)
             ORDER BY f.tx_id, f.seq LIMIT 1) < pg_snapshot_xmin(pg_current_snapshot())
       FOR UPDATE SKIP LOCKED
  ), f AS (
    SELECT pos.project_id, x.event_id, x.tx_id, x.seq, x.created
      FROM pos CROSS JOIN LATERAL (
        SELECT event_id, tx_id, seq, created FROM access_event_feed
         WHERE project_id = pos.project_id AND (tx_id, seq) > (pos.tx_id, pos.seq)
           AND tx_id < pg_snapshot_xmin(pg_current_snapshot())
         ORDER BY tx_id, seq LIMIT per_project) x
  ), e AS ( -- an event erased since its upload has no row: nothing to count
    SELECT f.project_id, date_trunc('hour', x.created, 'UTC') AS hour, x.lock_id, x.lock_name, x.created
      FROM f CROSS JOIN LATERAL (
        SELECT lock_id, lock_name, created FROM access_events a
         WHERE a.created = f.created AND a.id = f.event_id AND a.project_id = f.project_id) x
  ), el AS (
    SELECT project_id, hour, lock_id, (array_agg(lock_name ORDER BY created DESC))[1] AS lock_name,
           count(*) AS events
      FROM e GROUP BY project_id, hour, lock_id
  ), l AS (
    INSERT INTO activity_lock_hours AS t (project_id, hour, lock_id, lock_name, events)
    SELECT project_id, hour, lock_id, lock_name, events FROM el WHERE hour >= activity_lock_detail_from()
    ON CONFLICT (project_id, hour, lock_id)
    DO UPDATE SET events = t.events + excluded.events, lock_name = excluded.lock_name
  ), kept AS ( -- an older hour: only the locks it kept (so that erasure, which subtracts from them, stays exact)
    UPDATE activity_lock_hours t SET events = t.events + el.events, lock_name = el.lock_name
      FROM el
     WHERE el.hour < activity_lock_detail_from()
       AND t.project_id = el.project_id AND t.hour = el.hour AND t.lock_id = el.lock_id
  ), h AS (
    INSERT INTO activity_hours AS t (project_id, hour, events)
    SELECT project_id, hour, count(*) FROM e GROUP BY project_id, hour
    ON CONFLICT (project_id, hour) DO UPDATE SET events = t.events + excluded.events
  ), last AS (
    SELECT DISTINCT ON (project_id) project_id, tx_id, seq, count(*) OVER (PARTITION BY project_id) AS n
      FROM f ORDER BY project_id, tx_id DESC, seq DESC
  ), moved AS (
    UPDATE activity_event_positions p SET tx_id = last.tx_id, seq = last.seq
      FROM last WHERE p.project_id = last.project_id
  )
  SELECT (SELECT count(*) FROM last)::int, (SELECT count(*) FROM f)::int,
         (SELECT count(*) FROM last WHERE n >= per_project)::int;
END $$;

-- A read's tail (migration 0104), with the name of the lock's latest event.
CREATE OR REPLACE FUNCTION activity_event_tail(project uuid, lo timestamptz, hi timestamptz)
  RETURNS TABLE (hour timestamptz, lock_id uuid, lock_name text, events bigint)
  LANGUAGE plpgsql STABLE
  ROWS 100 -- a few seconds of uploads (as in 0104)
  SET plan_cache_mode = force_generic_plan
  SET enable_hashjoin = off
  SET enable_mergejoin = off
  SET max_parallel_workers_per_gather = 0
  SET jit = off -- as the fold: a generic plan over every day partition, estimated high
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT date_trunc('hour', x.created, 'UTC'), x.lock_id, (array_agg(x.lock_name ORDER BY x.created DESC))[1],
         count(*)
    FROM (SELECT coalesce((SELECT p.tx_id FROM activity_event_positions p WHERE p.project_id = project), '0'::xid8) AS tx,
                 coalesce((SELECT p.seq FROM activity_event_positions p WHERE p.project_id = project), -1) AS seq) pos
    JOIN access_event_feed f ON f.project_id = project AND (f.tx_id, f.seq) > (pos.tx, pos.seq)
    CROSS JOIN LATERAL (
      SELECT a.lock_id, a.lock_name, a.created FROM access_events a
       WHERE a.created = f.created AND a.id = f.event_id AND a.project_id = project) x
   WHERE f.created >= lo AND f.created < hi
   GROUP BY 1, 2;
END $$;

-- The rebuild (migration 0104) in the new form: attempts per webhook and day, and the lock rows of
-- hours before activity_lock_detail_from() already cut.
CREATE OR REPLACE FUNCTION activity_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  horizon xid8 := pg_snapshot_xmin(pg_current_snapshot());
BEGIN
  DELETE FROM activity_hours;
  DELETE FROM activity_lock_hours;
  DELETE FROM activity_webhook_hours;
  DELETE FROM activity_webhook_days;
  DELETE FROM activity_webhook_durations;
  DELETE FROM activity_attempts_pending;
  DELETE FROM activity_event_positions;
  DELETE FROM activity_lock_hours_compacted;

  CREATE TEMP TABLE activity_rebuild_events ON COMMIT DROP AS
    SELECT f.project_id, date_trunc('hour', e.created, 'UTC') AS hour, e.lock_id,
           (array_agg(e.lock_name ORDER BY e.created DESC))[1] AS lock_name, count(*) AS events
      FROM access_event_feed f
      JOIN access_events e ON e.created = f.created AND e.id = f.event_id AND e.project_id = f.project_id
     WHERE f.tx_id < horizon
     GROUP BY 1, 2, 3;
  INSERT INTO activity_lock_hours_compacted (through) VALUES (activity_lock_detail_from() - interval '1 hour');
  INSERT INTO activity_lock_hours (project_id, hour, lock_id, lock_name, events)
    SELECT project_id, hour, lock_id, lock_name, events FROM (
      SELECT *, row_number() OVER (PARTITION BY project_id, hour ORDER BY events DESC, lock_id) AS rank
        FROM activity_rebuild_events) l
     WHERE hour >= (SELECT through FROM activity_lock_hours_compacted) OR rank <= activity_lock_hours_kept();
  INSERT INTO activity_hours (project_id, hour, events)
    SELECT project_id, hour, sum(events) FROM activity_rebuild_events GROUP BY 1, 2;
  INSERT INTO activity_event_positions (project_id, tx_id, seq)
    SELECT DISTINCT ON (project_id) project_id, tx_id, seq FROM access_event_feed
     WHERE tx_id < horizon ORDER BY project_id, tx_id DESC, seq DESC;

  CREATE TEMP TABLE activity_rebuild_attempts ON COMMIT DROP AS
    SELECT w.id AS webhook_id, w.project_id, date_trunc('hour', a.at, 'UTC') AS hour,
           activity_duration_bucket(a.duration_ms) AS bucket,
           count(*) AS attempts,
           count(*) FILTER (WHERE a.response_status BETWEEN 200 AND 299) AS succeeded,
           count(*) FILTER (WHERE a.response_status IS NOT NULL AND a.response_status NOT BETWEEN 200 AND 299) AS failed,
           count(*) FILTER (WHERE a.response_status IS NULL) AS unanswered
      FROM webhook_attempts a
      JOIN webhook_deliveries d ON d.id = a.delivery_id
      JOIN webhooks w ON w.id = d.webhook_id
     GROUP BY 1, 2, 3, 4;
  INSERT INTO activity_webhook_durations (webhook_id, hour, bucket, attempts)
    SELECT webhook_id, hour, bucket, attempts FROM activity_rebuild_attempts;
  INSERT INTO activity_webhook_days (webhook_id, day, project_id, attempts, failed)
    SELECT webhook_id, date_trunc('day', hour, 'UTC'), project_id,
           activity_day_totals(array_agg(extract(hour FROM hour AT TIME ZONE 'UTC')::int), array_agg(attempts)),
           activity_day_totals(array_agg(extract(hour FROM hour AT TIME ZONE 'UTC')::int), array_agg(failed))
      FROM (SELECT webhook_id, project_id, hour, sum(attempts)::bigint AS attempts, sum(failed + unanswered)::bigint AS failed
              FROM activity_rebuild_attempts GROUP BY 1, 2, 3) x
     GROUP BY webhook_id, date_trunc('day', hour, 'UTC'), project_id;
  INSERT INTO activity_hours AS t (project_id, hour, succeeded, failed, unanswered)
    SELECT project_id, hour, sum(succeeded), sum(failed), sum(unanswered)
      FROM activity_rebuild_attempts GROUP BY 1, 2
    ON CONFLICT (project_id, hour) DO UPDATE
      SET succeeded = excluded.succeeded, failed = excluded.failed, unanswered = excluded.unanswered;
  DROP TABLE activity_rebuild_events, activity_rebuild_attempts;
END $$;

-- Last, and its foreign key at the very end: adding it locks webhooks until the commit, and the
-- previous version's delivery outcomes update webhooks (they wait meanwhile).

-- Running totals: element i (1..24) holds the count of the day's first i hours (hour 0 to i-1,
-- UTC), so the count of hours [s, e] is total[e + 1] - total[s] (total[0] is NULL: 0).
CREATE TABLE activity_webhook_days (
  webhook_id uuid NOT NULL, -- references webhooks (id) ON DELETE CASCADE: added last, below
  day        timestamptz NOT NULL, -- the day's start, UTC
  project_id uuid NOT NULL,
  attempts   bigint[] NOT NULL,
  failed     bigint[] NOT NULL, -- not 2xx, or no answer
  PRIMARY KEY (webhook_id, day)
);
-- Covering: the busiest webhooks read a project's days from the index alone. A project's rows are
-- spread over the table (a day's rows are added as each webhook's first attempt of it is folded),
-- so a read through the table visits nearly a page per row (2,521 pages for the largest tenant's
-- 3,458 rows of two days, with 2,000,000 deliveries stored: the statement's p50 11.2 ms, 7.5 ms
-- from this index).
CREATE INDEX activity_webhook_days_project ON activity_webhook_days (project_id, day)
  INCLUDE (webhook_id, attempts, failed);

-- Covering too, for the same reason: the duration buckets of the period's busiest webhooks, a row
-- per webhook, hour and bucket, added as attempts are folded. Over 7 days that is ~500 rows for
-- each of the 20 listed, nearly a table page each (9,911 pages for the largest tenant with
-- 5,000,000 events stored: 20 of the statement's 23 ms; 11 ms with this index).
CREATE INDEX activity_webhook_durations_period ON activity_webhook_durations (webhook_id, hour)
  INCLUDE (bucket, attempts);

-- The running totals over a day of counts made in the given hours of it (0..23).
CREATE FUNCTION activity_day_totals(hours integer[], counts bigint[]) RETURNS bigint[]
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
DECLARE
  r bigint[] := array_fill(0::bigint, ARRAY[24]);
BEGIN
  FOR k IN 1 .. coalesce(array_length(hours, 1), 0) LOOP
    FOR i IN hours[k] + 1 .. 24 LOOP
      r[i] := r[i] + counts[k];
    END LOOP;
  END LOOP;
  RETURN r;
END $$;

-- Two days' running totals added element by element.
CREATE FUNCTION activity_day_totals_add(a bigint[], b bigint[]) RETURNS bigint[]
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
BEGIN
  FOR i IN 1 .. 24 LOOP
    a[i] := a[i] + b[i];
  END LOOP;
  RETURN a;
END $$;

-- The running totals without the day's first `k` hours (expired): those read 0, the rest less them.
CREATE FUNCTION activity_day_totals_drop(a bigint[], k integer) RETURNS bigint[]
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
DECLARE
  gone bigint := a[k];
BEGIN
  FOR i IN 1 .. 24 LOOP
    a[i] := CASE WHEN i <= k THEN 0 ELSE a[i] - gone END;
  END LOOP;
  RETURN a;
END $$;

-- During a rolling upgrade, processes of the previous version still fold attempts into
-- activity_webhook_hours: each change there is carried into the day's totals. The table is
-- otherwise no longer written, and goes in a later release. Its writers wait from here to the
-- commit, so each change is either in the conversion below or carried by the trigger.
LOCK TABLE activity_webhook_hours IN SHARE ROW EXCLUSIVE MODE;
CREATE FUNCTION activity_webhook_hours_forward() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  hours integer[] := ARRAY[extract(hour FROM NEW.hour AT TIME ZONE 'UTC')::int];
BEGIN
  INSERT INTO activity_webhook_days AS t (webhook_id, day, project_id, attempts, failed)
  VALUES (NEW.webhook_id, date_trunc('day', NEW.hour, 'UTC'), NEW.project_id,
          activity_day_totals(hours, ARRAY[NEW.attempts - CASE WHEN TG_OP = 'UPDATE' THEN OLD.attempts ELSE 0 END]),
          activity_day_totals(hours, ARRAY[NEW.failed - CASE WHEN TG_OP = 'UPDATE' THEN OLD.failed ELSE 0 END]))
  ON CONFLICT (webhook_id, day) DO UPDATE
    SET attempts = activity_day_totals_add(t.attempts, excluded.attempts),
        failed = activity_day_totals_add(t.failed, excluded.failed);
  RETURN NULL;
END $$;
CREATE TRIGGER activity_webhook_hours_forward AFTER INSERT OR UPDATE ON activity_webhook_hours
  FOR EACH ROW EXECUTE FUNCTION activity_webhook_hours_forward();

INSERT INTO activity_webhook_days (webhook_id, day, project_id, attempts, failed)
  SELECT webhook_id, date_trunc('day', hour, 'UTC'), project_id,
         activity_day_totals(array_agg(extract(hour FROM hour AT TIME ZONE 'UTC')::int), array_agg(attempts)),
         activity_day_totals(array_agg(extract(hour FROM hour AT TIME ZONE 'UTC')::int), array_agg(failed))
    FROM activity_webhook_hours
   GROUP BY webhook_id, date_trunc('day', hour, 'UTC'), project_id;

ALTER TABLE activity_webhook_days ADD CONSTRAINT activity_webhook_days_webhook_id_fkey
  FOREIGN KEY (webhook_id) REFERENCES webhooks (id) ON DELETE CASCADE;
