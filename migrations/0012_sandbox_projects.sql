-- Sandbox projects: where simulated access events may be recorded. Fixed at creation. A constant
-- default makes this a catalog-only change (no table rewrite).
ALTER TABLE projects ADD COLUMN sandbox boolean NOT NULL DEFAULT false;
