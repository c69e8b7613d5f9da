-- Generated report files live in the database, not on a disk: workers may run on other machines
-- (PostgreSQL mode) and must not need a shared filesystem. One file per report, replaced on each
-- successful generation, so a failed run leaves the previous file in place.
create table report_files (
  report_id uuid primary key references reports (id) on delete cascade,
  content bytea not null,
  content_type text not null,
  file_name text not null,
  created_at timestamptz not null default now()
);

-- The next time a scheduled report runs (null: not scheduled, or not computed yet).
alter table reports add column next_run_at timestamptz;
-- The first rows of the last generated file, so a preview does not re-read the file.
alter table reports add column preview jsonb;
create index reports_next_run_idx on reports (next_run_at) where schedule is not null;
