-- The order in which access events were accepted, for the live stream and its resumption.
-- One row per accepted event, written in the transaction that records it. `tx_id` is that
-- transaction's id: a reader takes only rows whose transaction is older than every transaction still
-- running (pg_snapshot_xmin), so no row can later appear before one it has read; within a
-- transaction `seq` keeps the upload's order. No personal data: the event itself is read from
-- access_events by (event_id, created). Rows go when `received` leaves the retention window.
CREATE SEQUENCE access_event_feed_seq;
CREATE TABLE access_event_feed (
  event_id   uuid PRIMARY KEY,
  project_id uuid NOT NULL,
  tx_id      xid8 NOT NULL,
  seq        bigint NOT NULL DEFAULT nextval('access_event_feed_seq'),
  created    timestamptz NOT NULL,
  received   timestamptz NOT NULL
);
CREATE INDEX access_event_feed_project ON access_event_feed (project_id, tx_id, seq);
