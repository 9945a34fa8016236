-- The activity summary's duration buckets per webhook and whole UTC day, beside the hourly ones
-- (activity_webhook_durations, 0104). The busiest webhooks' p50 and p95 are read from their buckets
-- over the period: a row per webhook, hour and bucket made a week ~500 rows for each of the 20
-- listed when a receiver's answers fall into three buckets an hour, and ~6,700 when they spread
-- over 80 ms to 3 s (~40 buckets). The read now takes the period's whole days from here and only
-- the hours of its partial first and last days from the hourly rows: a week is at most 46 hours
-- plus six days of rows instead of 168 hours, a month 46 hours plus 29 days instead of 720.
--
-- Kept by triggers on the hourly rows, whoever writes them (this version's fold, the previous
-- version's during a rolling upgrade, the access log's retention, activity_counts_rebuild()), so a
-- day's row always equals the sum of that day's hourly rows present. Statement triggers with
-- transition tables: one statement per statement that changes hourly rows, not one per row.
CREATE TABLE activity_webhook_day_durations (
  webhook_id uuid NOT NULL, -- references webhooks (id) ON DELETE CASCADE: added last, below
  day        timestamptz NOT NULL, -- the day's start, UTC
  bucket     smallint NOT NULL,
  attempts   bigint NOT NULL,
  -- Covering, as the hourly rows' index (0105): a webhook's rows of a period are read from the
  -- index alone, not from table pages spread in the order the fold added them.
  PRIMARY KEY (webhook_id, day, bucket) INCLUDE (attempts)
);

-- Each statement's change goes to the day rows in a stable order, so two statements changing the
-- same day rows lock them in the same order.

-- Hourly rows inserted: their attempts go to their days.
CREATE FUNCTION activity_day_durations_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO activity_webhook_day_durations AS t (webhook_id, day, bucket, attempts)
  SELECT webhook_id, date_trunc('day', hour, 'UTC'), bucket, sum(attempts)::bigint
    FROM added GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (webhook_id, day, bucket) DO UPDATE SET attempts = t.attempts + excluded.attempts;
  RETURN NULL;
END $$;

-- Hourly rows changed (the fold adds to them): the difference goes to their days. A day row holds
-- at least what its hourly rows held before, so a negative difference never inserts one.
CREATE FUNCTION activity_day_durations_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO activity_webhook_day_durations AS t (webhook_id, day, bucket, attempts)
  SELECT webhook_id, date_trunc('day', hour, 'UTC'), bucket, sum(n)::bigint
    FROM (SELECT webhook_id, hour, bucket, attempts AS n FROM added
          UNION ALL SELECT webhook_id, hour, bucket, -attempts FROM removed) x
   GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (webhook_id, day, bucket) DO UPDATE SET attempts = t.attempts + excluded.attempts;
  RETURN NULL;
END $$;

-- Hourly rows deleted (the access log's retention, a rebuild, a deleted webhook): their attempts
-- come out of their days, and a day row left with none is deleted. Only existing day rows change:
-- when a webhook is deleted, its day rows may be gone already (either table's cascade may run first).
CREATE FUNCTION activity_day_durations_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Two statements: a statement cannot both change a row and delete it.
  UPDATE activity_webhook_day_durations t SET attempts = t.attempts - c.n
    FROM (SELECT webhook_id, date_trunc('day', hour, 'UTC') AS day, bucket, sum(attempts)::bigint AS n
            FROM removed GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) c
   WHERE t.webhook_id = c.webhook_id AND t.day = c.day AND t.bucket = c.bucket;
  DELETE FROM activity_webhook_day_durations t
   USING (SELECT DISTINCT webhook_id, date_trunc('day', hour, 'UTC') AS day, bucket FROM removed) c
   WHERE t.webhook_id = c.webhook_id AND t.day = c.day AND t.bucket = c.bucket AND t.attempts <= 0;
  RETURN NULL;
END $$;

-- Counts the day rows from the hourly rows (run here, and by tests to check the triggers' upkeep).
CREATE FUNCTION activity_webhook_day_durations_rebuild() RETURNS void LANGUAGE sql
BEGIN ATOMIC
  DELETE FROM activity_webhook_day_durations;
  INSERT INTO activity_webhook_day_durations (webhook_id, day, bucket, attempts)
  SELECT webhook_id, date_trunc('day', hour, 'UTC'), bucket, sum(attempts)::bigint
    FROM activity_webhook_durations GROUP BY 1, 2, 3;
END;

-- Writers of the hourly rows wait from here to the commit, so each of their changes is either in
-- the rows counted below or carried by the triggers.
LOCK TABLE activity_webhook_durations IN SHARE ROW EXCLUSIVE MODE;
CREATE TRIGGER activity_day_durations_inserted AFTER INSERT ON activity_webhook_durations
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION activity_day_durations_inserted();
CREATE TRIGGER activity_day_durations_updated AFTER UPDATE ON activity_webhook_durations
  REFERENCING NEW TABLE AS added OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION activity_day_durations_updated();
CREATE TRIGGER activity_day_durations_deleted AFTER DELETE ON activity_webhook_durations
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION activity_day_durations_deleted();
SELECT activity_webhook_day_durations_rebuild();

-- Last, as in 0105 and 0106: adding it locks webhooks until the commit, and the previous version's
-- delivery outcomes update webhooks (they wait meanwhile).
ALTER TABLE activity_webhook_day_durations ADD CONSTRAINT activity_webhook_day_durations_webhook_id_fkey
  FOREIGN KEY (webhook_id) REFERENCES webhooks (id) ON DELETE CASCADE;
