-- The Data Explorer's table sorted by any of its columns, whatever the filters (issue 15, item 5).
-- Figures in docs/PERFORMANCE.md (`npm run bench:reads`).
--
-- A page of 50 sorted rows is cheap when an index hands the rows over in the order asked: the
-- search walks it, checks the filters on each row and stops at the 50th. Without one it sorts every
-- row that matches (300k of 1M for a category: 400-900 ms). The search writes its ORDER BY as these
-- indexes keep it (packages/db/src/observation-search.ts, orderOf): ties broken by the id in the
-- sort's direction, so one index (col, id) walks both orders of a column that is never null; a
-- column that may be null sorts its nulls last either way, and descending needs an index of its own.
-- Already served: observed_at (obs_observed_idx), price and confidence_score (obs_price_idx,
-- obs_confidence_idx: many distinct values, so the few ties are sorted on the fly), price_usd
-- ascending (obs_price_usd_idx).

-- Few distinct values: the id is part of the order, or every tie group (a third of the table) is
-- sorted. These replace the indexes on (technology, observed_at desc) and (material, observed_at
-- desc) of migration 0001, which no statement reads (filters compare lower(technology), served by
-- migration 0003).
drop index obs_technology_idx;
drop index obs_material_idx;
create index obs_technology_sort_idx on price_observations (technology, id);
create index obs_material_sort_idx on price_observations (material, id);
create index obs_currency_sort_idx on price_observations (currency, id);

-- Descending with nulls last (prices without a USD value, rows without a technology or material come
-- last in both orders).
create index obs_price_usd_desc_idx on price_observations (price_usd desc nulls last, id desc);
create index obs_technology_desc_idx on price_observations (technology desc nulls last, id desc);
create index obs_material_desc_idx on price_observations (material desc nulls last, id desc);

-- Sorted by vendor name: the vendors in name order, each one's observations in id order.
create index vendors_name_sort_idx on vendors (name, id);

-- A vendor's total and aggregations (the explorer's vendor filter counts its rows: the rollup keeps
-- no vendor) from this index alone, instead of a few thousand rows fetched from all over the table
-- (at 1M rows 78 ms). Same key as the index of migration 0001 it replaces, so it serves every
-- statement that one did.
drop index obs_vendor_idx;
create index obs_vendor_idx on price_observations (vendor_id, observed_at desc)
  include (price_usd, confidence_score, volume_cm3);
