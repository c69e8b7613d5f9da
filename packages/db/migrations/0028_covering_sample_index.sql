-- The explorer's scatter over the whole table keeps the 2,000 rows whose id hashes lowest, read in
-- hash order through this index (migration 0014). It read each of them from the table as well:
-- 2,000 random page reads, 18 ms p50 and 27 ms p95 at 1M rows (the target is 20). With what a
-- point shows carried in the index, as migration 0024's per-category sample index does, the sample
-- is an index-only scan: about 2 ms. Same entries, same order: only wider.
drop index obs_sample_idx;
create index obs_sample_idx on price_observations (uuid_hash(id), id)
  include (observed_at, price_usd, confidence_score, volume_cm3, technology, material, base_unit, vendor_id);
