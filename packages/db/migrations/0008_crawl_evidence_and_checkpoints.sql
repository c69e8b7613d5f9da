-- Evidence of crawled pages: the HTML snapshot and the screenshot, kept in the database like report
-- files, so a worker on another machine needs no shared disk. One page's files serve every
-- observation read off it; identical bytes (an unchanged page) are stored once.
create table evidence_files (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('snapshot', 'screenshot')),
  content_type text not null,
  content bytea not null,
  sha256 text not null,
  byte_size integer not null,
  source_url text not null,
  created_at timestamptz not null default now()
);
create unique index evidence_files_sha_key on evidence_files (kind, sha256);

-- Which targets a run has finished. The observations of a target and its row here are written in
-- one transaction, so a run redelivered after its worker died skips what is done and repeats nothing.
create table crawl_run_targets (
  run_id uuid not null references crawl_runs (id) on delete cascade,
  target_id uuid not null references crawl_targets (id) on delete cascade,
  status text not null check (status in ('done', 'failed')),
  pages integer not null default 0,
  observations integer not null default 0,
  error text,
  finished_at timestamptz not null default now(),
  primary key (run_id, target_id)
);
