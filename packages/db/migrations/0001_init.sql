-- PrecioFab schema, version 1. Forward-only; runs unchanged on PGlite (PostgreSQL 18 in WASM)
-- and on PostgreSQL 15 or later. Money and rates are numeric, never float.

create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  name text not null,
  role text not null check (role in ('admin', 'operator', 'viewer')),
  password_hash text not null,
  active boolean not null default true,
  language text not null default 'es' check (language in ('es', 'en')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));

create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_user_idx on sessions (user_id);

create table login_attempts (
  id bigserial primary key,
  email text not null,
  ip text not null,
  succeeded boolean not null,
  attempted_at timestamptz not null default now()
);
create index login_attempts_email_idx on login_attempts (lower(email), attempted_at desc);
create index login_attempts_ip_idx on login_attempts (ip, attempted_at desc);

create table vendors (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  type text not null check (type in ('manufacturer', 'reseller', 'bureau', 'makerspace', 'freelancer', 'marketplace')),
  website text,
  website_domain text,
  location text,
  city text,
  state text,
  country text not null default 'Mexico',
  country_code char(2) not null default 'MX',
  region text not null default 'Mexico' check (region in ('CDMX', 'Mexico', 'LATAM', 'Global')),
  capabilities text[] not null default '{}',
  contact_email text,
  contact_phone text,
  description text,
  trust_score numeric(4, 3) not null default 0.5 check (trust_score between 0 and 1),
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index vendors_website_domain_key on vendors (website_domain) where website_domain is not null;
create index vendors_name_idx on vendors (lower(name));
create index vendors_type_idx on vendors (type, lower(name));
create index vendors_city_idx on vendors (city);
create index vendors_trust_idx on vendors (trust_score desc);
create index vendors_created_idx on vendors (created_at desc);

create table crawl_targets (
  id uuid primary key default gen_random_uuid(),
  vendor_id uuid not null references vendors (id) on delete cascade,
  url text not null,
  domain text not null,
  category text not null check (category in ('additive_manufacturing', 'cnc_machining', 'laser_cutting', 'materials')),
  priority integer not null default 5 check (priority between 1 and 10),
  frequency_hours integer not null default 24 check (frequency_hours >= 1),
  active boolean not null default true,
  selectors jsonb,
  last_crawled_at timestamptz,
  next_crawl_at timestamptz,
  last_status text,
  last_error text,
  consecutive_failures integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index crawl_targets_url_key on crawl_targets (url);
create index crawl_targets_vendor_idx on crawl_targets (vendor_id);
create index crawl_targets_due_idx on crawl_targets (active, next_crawl_at, priority desc);
create index crawl_targets_priority_idx on crawl_targets (priority desc, created_at desc);

create table crawl_runs (
  id uuid primary key default gen_random_uuid(),
  type text not null check (type in ('all', 'priority', 'vendor', 'category', 'scheduled')),
  force boolean not null default false,
  parallel_workers integer not null default 4 check (parallel_workers between 1 and 10),
  vendor_id uuid references vendors (id) on delete set null,
  category text,
  status text not null default 'queued' check (status in ('queued', 'running', 'completed', 'failed')),
  stage text,
  progress integer not null default 0 check (progress between 0 and 100),
  targets_total integer not null default 0,
  targets_done integer not null default 0,
  pages_fetched integer not null default 0,
  observations_created integer not null default 0,
  errors jsonb not null default '[]',
  job_id uuid,
  requested_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index crawl_runs_created_idx on crawl_runs (created_at desc);
create index crawl_runs_status_idx on crawl_runs (status, created_at desc);

-- One row per distinct offer of a vendor; observations are its price history.
create table offers (
  id uuid primary key default gen_random_uuid(),
  vendor_id uuid not null references vendors (id) on delete cascade,
  offer_key text not null,
  name text not null,
  category text,
  unit text,
  source_url text,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
create unique index offers_vendor_key on offers (vendor_id, offer_key);

create table price_observations (
  id uuid primary key default gen_random_uuid(),
  offer_id uuid not null references offers (id) on delete cascade,
  vendor_id uuid not null references vendors (id) on delete cascade,
  crawl_run_id uuid references crawl_runs (id) on delete set null,
  crawl_target_id uuid references crawl_targets (id) on delete set null,
  origin text not null default 'manual' check (origin in ('manual', 'crawl', 'import', 'demo')),
  offer_name text not null,
  category text not null check (category in ('additive_manufacturing', 'cnc_machining', 'laser_cutting', 'materials')),
  subcategory text,
  technology text,
  material text,
  price_type text not null default 'service_per_part'
    check (price_type in ('purchase', 'service_per_part', 'service_hourly', 'license_subscription')),
  -- As observed
  price numeric(14, 4) not null check (price > 0),
  currency char(3) not null check (currency in ('MXN', 'USD', 'EUR')),
  unit text not null,
  quantity numeric(14, 4) not null default 1 check (quantity > 0),
  minimum_order integer check (minimum_order >= 0),
  lead_time_days integer check (lead_time_days >= 0),
  tax_state text not null default 'unknown' check (tax_state in ('included', 'excluded', 'unknown')),
  includes_shipping boolean not null default false,
  notes text,
  valid_until date,
  region text not null default 'Mexico' check (region in ('CDMX', 'Mexico', 'LATAM', 'Global')),
  -- Normalized (per base unit, USD at the rate in force on the observation date)
  base_unit text,
  unit_factor numeric(18, 8),
  fx_rate numeric(18, 8),
  fx_date date,
  price_usd numeric(18, 6),
  price_net_usd numeric(18, 6),
  price_gross_usd numeric(18, 6),
  -- Confidence, with its four components and their factors
  confidence_score numeric(5, 4) not null default 0 check (confidence_score between 0 and 1),
  confidence_source numeric(5, 4),
  confidence_completeness numeric(5, 4),
  confidence_consistency numeric(5, 4),
  confidence_freshness numeric(5, 4),
  confidence_factors jsonb not null default '{}',
  -- Metadata and evidence
  volume_cm3 numeric(14, 4),
  metadata jsonb not null default '{}',
  source_url text,
  screenshot_path text,
  html_snapshot_path text,
  extraction_selectors jsonb not null default '{}',
  extraction_confidence jsonb not null default '{}',
  captured_at timestamptz,
  observed_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index obs_observed_idx on price_observations (observed_at desc, id desc);
create index obs_vendor_idx on price_observations (vendor_id, observed_at desc);
create index obs_offer_idx on price_observations (offer_id, observed_at desc);
create index obs_category_idx on price_observations (category, observed_at desc);
create index obs_currency_idx on price_observations (currency, observed_at desc);
create index obs_technology_idx on price_observations (technology, observed_at desc);
create index obs_material_idx on price_observations (material, observed_at desc);
create index obs_price_type_idx on price_observations (price_type, observed_at desc);
create index obs_price_idx on price_observations (price);
create index obs_price_usd_idx on price_observations (price_usd);
create index obs_confidence_idx on price_observations (confidence_score);
create index obs_region_idx on price_observations (region, category, observed_at desc);
create index obs_offer_name_idx on price_observations (lower(offer_name));
create index obs_run_idx on price_observations (crawl_run_id);

create table benchmarks (
  id uuid primary key default gen_random_uuid(),
  calculation_id uuid not null,
  category text not null,
  subcategory text,
  base_unit text not null,
  region text not null check (region in ('CDMX', 'Mexico', 'LATAM', 'Global')),
  time_window_days integer not null,
  currency char(3) not null default 'USD',
  tax_basis text not null default 'net' check (tax_basis in ('net', 'gross')),
  price_p10 numeric(18, 6) not null,
  price_p25 numeric(18, 6) not null,
  price_p50 numeric(18, 6) not null,
  price_p75 numeric(18, 6) not null,
  price_p90 numeric(18, 6) not null,
  price_mean numeric(18, 6),
  price_stddev numeric(18, 6),
  observation_count integer not null,
  vendor_count integer not null,
  average_confidence numeric(5, 4),
  calculated_at timestamptz not null default now()
);
create index benchmarks_lookup_idx on benchmarks (category, region, time_window_days, calculated_at desc);
create index benchmarks_calculated_idx on benchmarks (calculated_at desc);

create table discovery_sources (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  type text not null check (type in ('search_engine', 'directory', 'association', 'sitemap', 'social_media', 'api')),
  config jsonb not null default '{}',
  schedule text not null default '0 6 * * *',
  active boolean not null default true,
  status text not null default 'idle' check (status in ('idle', 'queued', 'running', 'failed')),
  total_discovered integer not null default 0,
  total_approved integer not null default 0,
  last_run_at timestamptz,
  last_error text,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index discovery_sources_active_idx on discovery_sources (active, name);

create table discovery_candidates (
  id uuid primary key default gen_random_uuid(),
  source_id uuid references discovery_sources (id) on delete set null,
  title text,
  domain text not null,
  url text not null,
  description text,
  confidence_score numeric(5, 4) not null default 0 check (confidence_score between 0 and 1),
  category_suggestions text[] not null default '{}',
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'not_relevant')),
  decision_reason text,
  approved_category text,
  vendor_id uuid references vendors (id) on delete set null,
  decided_by uuid references users (id) on delete set null,
  decided_at timestamptz,
  discovered_at timestamptz not null default now()
);
create unique index discovery_candidates_domain_key on discovery_candidates (domain);
create index discovery_candidates_status_idx on discovery_candidates (status, confidence_score desc, discovered_at desc);

-- Domains an operator marked "not relevant": never proposed again.
create table excluded_domains (
  domain text primary key,
  reason text,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);

create table reports (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  type text not null check (type in ('pricing', 'vendor', 'benchmark', 'discovery')),
  description text,
  format text not null check (format in ('pdf', 'csv', 'xlsx')),
  period_days integer not null default 30 check (period_days in (30, 90, 180, 365)),
  language text not null default 'es' check (language in ('es', 'en')),
  parameters jsonb not null default '{}',
  schedule text,
  status text not null default 'queued' check (status in ('queued', 'generating', 'ready', 'failed')),
  error text,
  file_path text,
  file_size bigint,
  rows integer,
  last_generated timestamptz,
  requested_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index reports_type_idx on reports (type, created_at desc);
create index reports_created_idx on reports (created_at desc);

-- Date-effective exchange rates: units of the currency per one US dollar.
create table fx_rates (
  currency char(3) not null check (currency in ('MXN', 'USD', 'EUR')),
  effective_date date not null,
  units_per_usd numeric(18, 8) not null check (units_per_usd > 0),
  source text not null default 'manual',
  updated_by uuid references users (id) on delete set null,
  updated_at timestamptz not null default now(),
  primary key (currency, effective_date)
);

create table activity_log (
  id bigserial primary key,
  occurred_at timestamptz not null default now(),
  actor_id uuid references users (id) on delete set null,
  action text not null,
  entity_type text not null,
  entity_id text,
  summary text,
  details jsonb not null default '{}'
);
create index activity_log_occurred_idx on activity_log (occurred_at desc, id desc);
create index activity_log_entity_idx on activity_log (entity_type, entity_id);

-- The job queue (crawl runs, benchmark calculations, discovery runs, reports).
create table jobs (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  payload jsonb not null default '{}',
  state text not null default 'queued' check (state in ('queued', 'active', 'completed', 'failed', 'cancelled')),
  priority integer not null default 0,
  attempts integer not null default 0,
  max_attempts integer not null default 3,
  run_at timestamptz not null default now(),
  locked_by text,
  locked_until timestamptz,
  singleton_key text,
  last_error text,
  result jsonb,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index jobs_fetch_idx on jobs (state, priority desc, run_at) where state in ('queued', 'active');
create unique index jobs_singleton_key on jobs (singleton_key) where singleton_key is not null and state in ('queued', 'active');
create index jobs_name_idx on jobs (name, created_at desc);

create table workers (
  id text primary key,
  hostname text not null,
  pid integer not null,
  concurrency integer not null,
  active_jobs integer not null default 0,
  started_at timestamptz not null default now(),
  heartbeat_at timestamptz not null default now(),
  last_job_at timestamptz
);
