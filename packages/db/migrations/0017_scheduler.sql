-- Scheduling that fires once across any number of servers and workers, in a configurable time zone,
-- and a queue that does not grow forever (issue 15).

-- A discovery source keeps its next run, as a report does: the process whose update moves it from
-- the value it read fires it (compare-and-set), so two schedulers cannot both fire one tick.
alter table discovery_sources add column next_run_at timestamptz;
create index discovery_sources_next_run_idx on discovery_sources (next_run_at) where active and schedule <> '';

-- The scheduler's own recurring tasks (the daily evidence cleanup, the exchange-rate provider, the
-- pruning of finished jobs), claimed the same way.
create table scheduled_tasks (
  key text primary key,
  next_run_at timestamptz not null
);
-- The daily tasks that already ran keep their rhythm.
insert into scheduled_tasks (key, next_run_at)
  select name, max(created_at) + interval '1 day' from jobs
   where name in ('evidence.cleanup', 'fx.provider_sync') group by name;

-- Finished jobs are deleted by age, a bounded batch at a time.
create index jobs_finished_idx on jobs (state, finished_at) where state in ('completed', 'failed', 'cancelled');

-- Report times still ahead were computed in UTC: the scheduler computes them again in the schedule
-- time zone (a report seen with no next run only gets one; runs already due still fire).
update reports set next_run_at = null where schedule is not null and next_run_at > now();
