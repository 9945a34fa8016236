-- The access log filtered by person (appUserId) or by key (keyId), and erasure of a person.
-- Without these, such a page walks the project's (or lock's) index newest first and filters: for a
-- person with a few events among a tenant's millions that is the whole 30-day window (bench:scale,
-- docs/performance.md "Scale"), and erasure scanned every partition. Each index costs every upload
-- one more entry (the sizes per event are in the same section).
-- On a store with data this builds the indexes under a lock that holds uploads until it is done
-- (CREATE INDEX CONCURRENTLY is not possible on a partitioned table).
CREATE INDEX access_events_app_user ON access_events (app_user_id, created DESC, id DESC);
CREATE INDEX access_events_key ON access_events (key_id, created DESC, id DESC);
