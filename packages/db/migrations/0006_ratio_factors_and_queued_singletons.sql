-- A unit factor that no decimal states exactly (1 minute = 1/60 hour) is stored as a ratio:
-- 1 observed unit = unit_factor / unit_factor_den base units.
alter table price_observations add column unit_factor_den integer not null default 1 check (unit_factor_den > 0);

-- A singleton key that holds only while the job waits: claiming the job releases it, so a change
-- arriving during the run queues the next run instead of being absorbed by this one.
alter table jobs add column singleton_queued_only boolean not null default false;
