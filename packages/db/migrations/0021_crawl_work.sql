-- A crawl run shared by any number of worker processes, polite across all of them (issue 15).

-- The run's targets still to crawl: one row each, claimed by whichever worker process is free and
-- deleted in the transaction that stores the target's page (or records its failure). A claim lasts
-- until `claimed_until`, renewed while its worker lives: a worker killed mid-read loses its claims
-- when they run out, and another takes the targets again.
create table crawl_run_work (
  run_id uuid not null references crawl_runs (id) on delete cascade,
  target_id uuid not null references crawl_targets (id) on delete cascade,
  -- The site: the target URL's host (with its port when not the default), lowercased.
  host text not null,
  -- The order within the run (priority first, as the run selected them).
  position integer not null,
  claimed_by text,
  claimed_until timestamptz,
  primary key (run_id, target_id)
);
create index crawl_run_work_host_idx on crawl_run_work (host, run_id, position);
create index crawl_run_work_claimed_idx on crawl_run_work (claimed_by) where claimed_by is not null;

-- Politeness across the fleet: one page read at a time per site, and the pause after it (the
-- configured minimum or robots.txt Crawl-delay), whichever process or run reads it. A host row is
-- leased for one page read; releasing it sets when the next request may go.
create table crawl_hosts (
  host text primary key,
  next_allowed_at timestamptz not null default '1970-01-01T00:00:00Z',
  leased_by text,
  leased_until timestamptz
);
create index crawl_hosts_leased_idx on crawl_hosts (leased_by) where leased_by is not null;

-- Which worker process finished each target of a run.
alter table crawl_run_targets add column worker_id text;
