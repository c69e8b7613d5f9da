-- What a candidate's home page says about the business, read when the run scores it: approval
-- prefills the new vendor with it, and turns the price page into a crawl target.
alter table discovery_candidates
  add column vendor_type text
    check (vendor_type in ('manufacturer', 'reseller', 'bureau', 'makerspace', 'freelancer', 'marketplace')),
  add column city text,
  add column state text,
  add column capabilities text[] not null default '{}',
  add column price_url text;

-- The per-item failures of a source's last successful run (a home page, a later directory page, one
-- search query that could not be read): the run went on without them, and the operator can see why.
alter table discovery_sources
  add column last_run_errors text[] not null default '{}';
