-- Alerts (issue 16): operators' rules, the alerts they raised and each user's notifications.
-- An alert is one row per rule and change (unique by rule and dedupe key, so a change evaluated
-- twice alerts once); who hears of it hangs off it: notifications now (the in-app channel), e-mail
-- and webhook deliveries later, each one more table keyed by the alert.

create table alert_rules (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 120),
  kind text not null check (kind in ('price_change', 'new_offer', 'offer_gone', 'target_failing',
                                     'discovery_candidate', 'benchmark_move')),
  active boolean not null default true,
  -- Scope: null is "any". A rule about a vendor or an offer goes with it.
  vendor_id uuid references vendors (id) on delete cascade,
  category text check (category in ('additive_manufacturing', 'cnc_machining', 'laser_cutting', 'materials')),
  subcategory text check (length(subcategory) between 1 and 120),
  region text check (region in ('CDMX', 'Mexico', 'LATAM', 'Global')),
  offer_id uuid references offers (id) on delete cascade,
  -- Thresholds: null is "not used"; which ones each kind takes is checked by the contract.
  change_percent numeric(10, 4) check (change_percent > 0 and change_percent <= 1000),
  change_amount numeric(18, 4) check (change_amount > 0),
  change_currency char(3) check (change_currency ~ '^[A-Z]{3}$'),
  missed_crawls integer check (missed_crawls between 1 and 100),
  failures integer check (failures between 1 and 100),
  min_confidence numeric(5, 4) check (min_confidence between 0 and 1),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index alert_rules_owner_idx on alert_rules (owner_id, created_at desc);
create index alert_rules_created_idx on alert_rules (created_at desc, id desc);
-- Which kinds have an active rule: what the write paths ask before enqueueing an evaluation.
create index alert_rules_active_kind_idx on alert_rules (kind) where active;
create index alert_rules_vendor_idx on alert_rules (vendor_id) where vendor_id is not null;
create index alert_rules_offer_idx on alert_rules (offer_id) where offer_id is not null;

create table alerts (
  id uuid primary key default gen_random_uuid(),
  -- A deleted rule leaves its alerts (and their notifications) as they were.
  rule_id uuid references alert_rules (id) on delete set null,
  rule_name text not null,
  -- What changed, named so a second evaluation of the same change finds it (kind-specific:
  -- 'obs:<observation id>', 'gone:<offer id>:<last seen>', 'failing:<target id>:<streak start>', ...).
  dedupe_key text not null,
  kind text not null,
  -- The subjects, for finding alerts by them; plain ids (no foreign keys): an alert is a record of
  -- what happened, and deleting a vendor's many offers should not have to visit it.
  vendor_id uuid,
  offer_id uuid,
  target_id uuid,
  observation_id uuid,
  -- The change itself (old and new price, percent, evidence ids...): contracts/alerts.ts per kind.
  data jsonb not null,
  created_at timestamptz not null default now()
);
create unique index alerts_rule_dedupe_key on alerts (rule_id, dedupe_key);
create index alerts_created_idx on alerts (created_at desc);

create table notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  alert_id uuid not null references alerts (id) on delete cascade,
  created_at timestamptz not null default now(),
  read_at timestamptz
);
create unique index notifications_user_alert_key on notifications (user_id, alert_id);
create index notifications_alert_idx on notifications (alert_id);
create index notifications_user_created_idx on notifications (user_id, created_at desc, id desc);
-- The bell's count, read on every page and every new alert.
create index notifications_unread_idx on notifications (user_id, created_at desc) where read_at is null;

-- A target's crawls in order: how many crawls in a row missed an offer, or failed.
create index crawl_run_targets_target_idx on crawl_run_targets (target_id, finished_at desc);
