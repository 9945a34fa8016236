-- The activity summary's counts, kept per hour. Counting a day of a large project when it is read
-- (333,000 events over 20,000 locks, 95,000 deliveries and their attempts) took ~0.9 s; read from
-- these tables it is a few index ranges.
--
-- Access events are folded from access_event_feed, as the live stream reads it: a project's
-- position (tx_id, seq) says every feed row at or before it is counted, and only rows of
-- transactions older than every one still running are folded, so no row can later appear behind the
-- position. The upload writes nothing new. A read adds the feed rows after the position itself.
--
-- Attempts are written to activity_attempts_pending by the statement that records them (one more
-- row in the same statement, no index), and a fold moves them into the counts in one transaction
-- (deleted there, added here), so a reader sees each attempt once. A read adds the pending ones.

-- Per project and hour (UTC): access events by when they happened, attempts by when they were made.
CREATE TABLE activity_hours (
  project_id uuid NOT NULL,
  hour       timestamptz NOT NULL,
  events     bigint NOT NULL DEFAULT 0,
  succeeded  bigint NOT NULL DEFAULT 0, -- answered 2xx
  failed     bigint NOT NULL DEFAULT 0, -- answered with another status
  unanswered bigint NOT NULL DEFAULT 0, -- no answer: refused, reset, timed out
  PRIMARY KEY (project_id, hour)
);

-- Per project, hour and lock. Locks are not referenced: their events outlive them.
CREATE TABLE activity_lock_hours (
  project_id uuid NOT NULL,
  hour       timestamptz NOT NULL,
  lock_id    uuid NOT NULL,
  lock_name  text NOT NULL, -- the name in the latest counted event
  events     bigint NOT NULL,
  PRIMARY KEY (project_id, hour, lock_id)
);
-- An hour's busiest locks: the first rows of its range.
CREATE INDEX activity_lock_hours_busiest ON activity_lock_hours (project_id, hour, events DESC, lock_id);

-- Per webhook and hour.
CREATE TABLE activity_webhook_hours (
  webhook_id uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  hour       timestamptz NOT NULL,
  project_id uuid NOT NULL,
  attempts   bigint NOT NULL,
  failed     bigint NOT NULL, -- not 2xx, or no answer
  PRIMARY KEY (webhook_id, hour)
);
-- A project's busiest webhooks over a range of hours, from the index alone.
CREATE INDEX activity_webhook_hours_project ON activity_webhook_hours (project_id, hour)
  INCLUDE (webhook_id, attempts, failed);

-- Attempt durations per webhook, hour and bucket: bucket 0 holds 0 ms, bucket b >= 1 holds
-- [1.1^(b-1), 1.1^b) ms, so a percentile read from the buckets is within 5% of the exact one.
CREATE TABLE activity_webhook_durations (
  webhook_id uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  hour       timestamptz NOT NULL,
  bucket     smallint NOT NULL,
  attempts   bigint NOT NULL,
  PRIMARY KEY (webhook_id, hour, bucket)
);

CREATE FUNCTION activity_duration_bucket(ms integer) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN ms <= 0 THEN 0 ELSE 1 + floor(ln(ms) / ln(1.1))::smallint END;

-- Attempts not folded yet. Written beside webhook_attempts by the outcome statement; no index, so
-- the delivery path pays one heap row per attempt. Folded every few seconds, so it stays small.
CREATE TABLE activity_attempts_pending (
  webhook_id      uuid NOT NULL,
  at              timestamptz NOT NULL,
  response_status integer,
  duration_ms     integer NOT NULL
);
ALTER TABLE activity_attempts_pending SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000);

-- How far each project's access events are folded (see the top of this file).
CREATE TABLE activity_event_positions (
  project_id uuid PRIMARY KEY,
  tx_id      xid8 NOT NULL,
  seq        bigint NOT NULL
);

-- The two statements that join access_events are PL/pgSQL functions: planned once per connection
-- and kept (a join against every day partition took 10-13 ms to plan, longer than it runs), with
-- the per-row probes they need (the rows are few: a fold's batch, a read's tail).

-- One fold of access events for every project with rows it can fold now, at most `per_project`
-- rows each. Positions another process holds are skipped.
CREATE FUNCTION activity_fold_events(per_project integer)
  RETURNS TABLE (folded_projects integer, folded_events integer, projects_full integer)
  LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan
  SET enable_hashjoin = off
  SET enable_mergejoin = off
  SET max_parallel_workers_per_gather = 0
AS $$
#variable_conflict use_column
BEGIN
  INSERT INTO activity_event_positions (project_id, tx_id, seq)
    SELECT p.id, '0', -1 FROM projects p
     WHERE NOT EXISTS (SELECT 1 FROM activity_event_positions x WHERE x.project_id = p.id)
    ON CONFLICT DO NOTHING;
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
  ), l AS (
    INSERT INTO activity_lock_hours AS t (project_id, hour, lock_id, lock_name, events)
    SELECT project_id, hour, lock_id, (array_agg(lock_name ORDER BY created DESC))[1], count(*)
      FROM e GROUP BY project_id, hour, lock_id
    ON CONFLICT (project_id, hour, lock_id)
    DO UPDATE SET events = t.events + excluded.events, lock_name = excluded.lock_name
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

-- A project's access events in [lo, hi) past its position, per hour and lock: what a read adds to
-- the folded counts.
CREATE FUNCTION activity_event_tail(project uuid, lo timestamptz, hi timestamptz)
  RETURNS TABLE (hour timestamptz, lock_id uuid, lock_name text, events bigint)
  LANGUAGE plpgsql STABLE
  ROWS 100 -- a few seconds of uploads; the default guess (1,000) makes callers hash whole ranges
  SET plan_cache_mode = force_generic_plan
  SET enable_hashjoin = off
  SET enable_mergejoin = off
  SET max_parallel_workers_per_gather = 0
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT date_trunc('hour', x.created, 'UTC'), x.lock_id, max(x.lock_name), count(*)
    FROM (SELECT coalesce((SELECT p.tx_id FROM activity_event_positions p WHERE p.project_id = project), '0'::xid8) AS tx,
                 coalesce((SELECT p.seq FROM activity_event_positions p WHERE p.project_id = project), -1) AS seq) pos
    JOIN access_event_feed f ON f.project_id = project AND (f.tx_id, f.seq) > (pos.tx, pos.seq)
    CROSS JOIN LATERAL (
      SELECT a.lock_id, a.lock_name, a.created FROM access_events a
       WHERE a.created = f.created AND a.id = f.event_id AND a.project_id = project) x
   WHERE f.created >= lo AND f.created < hi
   GROUP BY 1, 2;
END $$;

-- Counts everything already in the store, from nothing: the access events of transactions older than
-- every running one (the rest are folded later), and every attempt. Exact only while no process
-- writes attempts of its own (this migration: activity_attempts_pending is new in it, so attempts
-- recorded by processes of the previous version during a rolling upgrade are not counted), or on a
-- store seeded in bulk before any traffic.
CREATE FUNCTION activity_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  horizon xid8 := pg_snapshot_xmin(pg_current_snapshot());
BEGIN
  DELETE FROM activity_hours;
  DELETE FROM activity_lock_hours;
  DELETE FROM activity_webhook_hours;
  DELETE FROM activity_webhook_durations;
  DELETE FROM activity_attempts_pending;
  DELETE FROM activity_event_positions;

  CREATE TEMP TABLE activity_rebuild_events ON COMMIT DROP AS
    SELECT f.project_id, date_trunc('hour', e.created, 'UTC') AS hour, e.lock_id, max(e.lock_name) AS lock_name,
           count(*) AS events
      FROM access_event_feed f
      JOIN access_events e ON e.created = f.created AND e.id = f.event_id AND e.project_id = f.project_id
     WHERE f.tx_id < horizon
     GROUP BY 1, 2, 3;
  INSERT INTO activity_lock_hours (project_id, hour, lock_id, lock_name, events)
    SELECT project_id, hour, lock_id, lock_name, events FROM activity_rebuild_events;
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
  INSERT INTO activity_webhook_hours (webhook_id, hour, project_id, attempts, failed)
    SELECT webhook_id, hour, project_id, sum(attempts), sum(failed + unanswered)
      FROM activity_rebuild_attempts GROUP BY 1, 2, 3;
  INSERT INTO activity_hours AS t (project_id, hour, succeeded, failed, unanswered)
    SELECT project_id, hour, sum(succeeded), sum(failed), sum(unanswered)
      FROM activity_rebuild_attempts GROUP BY 1, 2
    ON CONFLICT (project_id, hour) DO UPDATE
      SET succeeded = excluded.succeeded, failed = excluded.failed, unanswered = excluded.unanswered;
  DROP TABLE activity_rebuild_events, activity_rebuild_attempts;
END $$;

SELECT activity_counts_rebuild();
