-- The Data Explorer's charts over the whole filtered set (issue 14). Figures in docs/PERFORMANCE.md.
-- Over the explorer's most used filters (a category and a period) the pivot, heatmap, box plot and
-- scatter read this index alone (index-only scan): it carries every column they group by or
-- measure, and the id the scatter's sample is drawn by. At 1M rows a pivot of a category's last
-- 90 days takes 35-45 ms with it and 215 ms without (a parallel scan of the table). It is an index
-- of its own rather than a wider obs_category_cover_idx (0005), which the search's total and
-- aggregations keep reading: three times the columns there made that part 4 ms slower (12 → 16 ms).
create index obs_category_views_idx on price_observations (category, observed_at)
  include (price_usd, confidence_score, volume_cm3, technology, material, base_unit, vendor_id, id);
-- The scatter's deterministic sample: the observations whose id hashes lowest. In this order an
-- unfiltered sample reads only the rows it keeps instead of hashing and sorting the whole table.
create index obs_sample_idx on price_observations (uuid_hash(id), id);
-- The planner cannot tell how many groups a bucketed date makes and, guessing one per row, would
-- sort a million rows to group them where a hash of a hundred groups does (at 1M rows the pivot by
-- month took 550 ms instead of 360 ms). These statistics tell it, once the table is analyzed.
create statistics obs_month_stats on (date_trunc('month', observed_at at time zone 'UTC'))
  from price_observations;
create statistics obs_vendor_week_stats (ndistinct) on vendor_id, (date_trunc('week', observed_at at time zone 'UTC'))
  from price_observations;
