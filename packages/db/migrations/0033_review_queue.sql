-- The review queue (issue 16): a doubtful observation (currency inferred, low confidence, outside
-- its group's band, a jump from the offer's last price, a new vendor's first) is held, and kept out
-- of benchmarks and reports, until an operator approves, corrects or rejects it.
--
-- A side table rather than a column of price_observations: that table holds ~1M rows, a status
-- column would be read by every write path's insert and every benchmark scan, while only a few
-- held rows exist. Benchmarks and reports leave out what this small table names (an anti-join on
-- its primary key); observations never held have no row here.
create table observation_reviews (
  observation_id uuid primary key references price_observations (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'corrected')),
  -- Why it was held, each reason with the figures that triggered it ([{ code, ... }]).
  reasons jsonb not null default '[]',
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by uuid references users (id) on delete set null,
  -- The observation a correction stored in this one's place (the original is never overwritten).
  correction_observation_id uuid references price_observations (id) on delete set null
);
-- The queue, newest first: the few pending rows, whatever the decided ones grow to.
create index observation_reviews_pending_idx on observation_reviews (created_at desc, observation_id desc)
  where status = 'pending';
create index observation_reviews_status_idx on observation_reviews (status, created_at desc, observation_id desc);

-- The audit trail, append-only: each decision with the reading before it and the correction after.
create table review_decisions (
  id uuid primary key default gen_random_uuid(),
  observation_id uuid not null references price_observations (id) on delete cascade,
  action text not null check (action in ('approve', 'correct', 'reject')),
  actor_id uuid references users (id) on delete set null,
  at timestamptz not null default now(),
  note text,
  before jsonb not null,
  after jsonb,
  pinned jsonb
);
create index review_decisions_observation_idx on review_decisions (observation_id, at desc);

-- The review rules, one row: each can be turned off; thresholds are settings (admins change them).
create table review_settings (
  id boolean primary key default true check (id),
  min_confidence_enabled boolean not null default true,
  min_confidence numeric(5, 4) not null default 0.4 check (min_confidence between 0 and 1),
  outlier_enabled boolean not null default true,
  outlier_factor numeric(8, 3) not null default 2 check (outlier_factor >= 1),
  price_jump_enabled boolean not null default true,
  price_jump_percent numeric(10, 2) not null default 50 check (price_jump_percent > 0),
  hold_uncertain_currency boolean not null default true,
  hold_new_vendor boolean not null default true,
  updated_at timestamptz,
  updated_by uuid references users (id) on delete set null
);
insert into review_settings (id) values (true);
