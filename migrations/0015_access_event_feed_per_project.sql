-- Upload ids are one namespace per project, so the live stream's order is too: two projects may
-- each accept an event with the same id, and each must reach its own project's streams.
ALTER TABLE access_event_feed DROP CONSTRAINT access_event_feed_pkey;
ALTER TABLE access_event_feed ADD PRIMARY KEY (event_id, project_id);
