-- Indexes for the explorer's remaining filters and sorts. Text filters compare case-insensitively
-- (lower(column) = lower($n)), which a plain index cannot serve.
create index obs_technology_ci_idx on price_observations (lower(technology), observed_at desc);
create index obs_material_ci_idx on price_observations (lower(material), observed_at desc);
create index obs_subcategory_ci_idx on price_observations (lower(subcategory), observed_at desc);
create index obs_unit_idx on price_observations (unit, observed_at desc);
create index obs_tax_state_idx on price_observations (tax_state, observed_at desc);
create index obs_volume_idx on price_observations (volume_cm3) where volume_cm3 is not null;
create index discovery_candidates_source_idx on discovery_candidates (source_id);
create index crawl_targets_category_idx on crawl_targets (category, priority desc);
create index vendors_name_ci_idx on vendors (lower(name), id);
