-- The access log's reads by lock, person or key as PL/pgSQL functions, so that each server
-- connection plans such a read once and keeps the plan.
--
-- Why: a 30-day read spans ~30 day partitions, and planning it on every call cost more than running
-- it (bench:scale at 20,000,000 events: a key's page took 9.1 ms of planning for 1.0 ms of
-- execution). A kept plan prunes the partitions at run time instead. Prepared statements would do
-- the same but break behind PgBouncer in transaction mode (a statement prepared on one server
-- connection is missing on the next); a function's plans live in its server connection whatever
-- pools in front of it.
--
-- A kept plan is generic: made without the arguments' values, from the partitions' statistics at
-- the time (PostgreSQL's autovacuum analyses a partition as it fills, and each ANALYZE makes every
-- connection plan again). So each statement is written for the plan to stay right:
--   * plan_cache_mode = force_generic_plan: kept from the first call (PostgreSQL would otherwise
--     plan five calls with their values first, and keep doing so when it judges the generic plan's
--     cost over all partitions too high);
--   * enable_seqscan / enable_bitmapscan off: an ordered index range scan in each partition, never
--     a whole partition read because it looked small when the plan was made;
--   * the newest bound is the cursor's (created, id) row only, and the oldest a plain `created >=`
--     that prunes the older day partitions at run time. Written as a pair of plain bounds, PostgreSQL
--     would guess, without values, that the range holds 0.5% of each partition and prefer the
--     primary key (created, id, project_id) over the filter's index; it guesses 11% this way, and
--     the filter's index (one lock, person or key in thousands) wins. The few partitions newer than
--     the range are not pruned: each costs one index probe;
--   * the project condition compares text, so no index can use it: the project's index ties with
--     the filter's where statistics are missing and would walk a big tenant's whole window. Each
--     row's project is still checked.
-- A store with only a few locks, people or keys may get the primary key instead: its partitions are
-- small then, since one lock's or person's traffic is bounded. The project's own log (no filter)
-- stays planned per call for that reason: one tenant can hold most of a partition or almost none.
--
-- Arguments, the same for all three: $1 project; $2 oldest created (inclusive); $3 and $4 the
-- newest (created, id), exclusive (the cursor, or the range's end and the smallest uuid); $5 the row
-- limit; $6 lock, $7 person (app user id), $8 key. The key's function is used when a key is given,
-- else the person's, else the lock's; the other filters given are checked on each row.

CREATE TYPE access_log_row AS (
  id            uuid,
  action        text,
  created_text  text,
  key_id        uuid,
  lock_id       uuid,
  lock_name     text,
  app_user_id   text,
  user_name     text,
  origin        text,
  received_text text
);

CREATE FUNCTION access_log_page_lock(uuid, timestamptz, timestamptz, uuid, integer, uuid, text, uuid)
RETURNS SETOF access_log_row LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan SET enable_seqscan = off SET enable_bitmapscan = off AS $$
BEGIN
  RETURN QUERY SELECT id, action,
    to_char(created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    key_id, lock_id, lock_name, app_user_id, user_name, origin,
    to_char(received AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  FROM access_events
  WHERE lock_id = $6 AND created >= $2 AND (created, id) < ($3, $4)
    AND project_id::text = $1::text
    AND ($7 IS NULL OR app_user_id = $7) AND ($8 IS NULL OR key_id = $8)
  ORDER BY created DESC, id DESC
  LIMIT $5;
END $$;

CREATE FUNCTION access_log_page_app_user(uuid, timestamptz, timestamptz, uuid, integer, uuid, text, uuid)
RETURNS SETOF access_log_row LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan SET enable_seqscan = off SET enable_bitmapscan = off AS $$
BEGIN
  RETURN QUERY SELECT id, action,
    to_char(created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    key_id, lock_id, lock_name, app_user_id, user_name, origin,
    to_char(received AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  FROM access_events
  WHERE app_user_id = $7 AND created >= $2 AND (created, id) < ($3, $4)
    AND project_id::text = $1::text
    AND ($6 IS NULL OR lock_id = $6) AND ($8 IS NULL OR key_id = $8)
  ORDER BY created DESC, id DESC
  LIMIT $5;
END $$;

CREATE FUNCTION access_log_page_key(uuid, timestamptz, timestamptz, uuid, integer, uuid, text, uuid)
RETURNS SETOF access_log_row LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan SET enable_seqscan = off SET enable_bitmapscan = off AS $$
BEGIN
  RETURN QUERY SELECT id, action,
    to_char(created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    key_id, lock_id, lock_name, app_user_id, user_name, origin,
    to_char(received AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  FROM access_events
  WHERE key_id = $8 AND created >= $2 AND (created, id) < ($3, $4)
    AND project_id::text = $1::text
    AND ($6 IS NULL OR lock_id = $6) AND ($7 IS NULL OR app_user_id = $7)
  ORDER BY created DESC, id DESC
  LIMIT $5;
END $$;
