-- Speed at a million observations (issue #3, item 4). Figures in docs/PERFORMANCE.md.

-- Row counts kept by statement-level triggers, so the dashboard and the unfiltered lists read one
-- row instead of counting the observations table on every refresh. Transition tables add or
-- subtract a whole statement at once (a bulk insert of a crawl is one update, not one per row);
-- cascaded deletes (a vendor, an offer) are statements too and fire the delete trigger. The
-- counter row is locked until commit, which orders concurrent writers of observations; their
-- transactions are short (a page of a crawl), so the wait is too.
create table table_counts (
  table_name text primary key,
  n bigint not null check (n >= 0)
);
insert into table_counts (table_name, n) select 'price_observations', count(*) from price_observations;

create function table_counts_add() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update table_counts set n = n + (select count(*) from inserted_rows) where table_name = tg_table_name;
  elsif tg_op = 'DELETE' then
    update table_counts set n = n - (select count(*) from deleted_rows) where table_name = tg_table_name;
  else
    update table_counts set n = 0 where table_name = tg_table_name;
  end if;
  return null;
end $$;

create trigger price_observations_count_insert after insert on price_observations
  referencing new table as inserted_rows for each statement execute function table_counts_add();
create trigger price_observations_count_delete after delete on price_observations
  referencing old table as deleted_rows for each statement execute function table_counts_add();
create trigger price_observations_count_truncate after truncate on price_observations
  for each statement execute function table_counts_add();

-- The explorer's total and aggregations over a category and a period (its most used filters)
-- read this index alone (index-only scan): it carries the columns summed and averaged.
-- It replaces obs_category_idx, whose every use it serves.
drop index obs_category_idx;
create index obs_category_cover_idx on price_observations (category, observed_at)
  include (price_usd, price, confidence_score);

-- Newest first as the explorer sorts it (desc nulls last) and as the prices list pages it by
-- keyset ((observed_at, id) < cursor): observed_at is never null, so one index serves both. It
-- replaces obs_observed_idx (desc nulls first), which the explorer's order could not use.
drop index obs_observed_idx;
create index obs_observed_idx on price_observations (observed_at desc nulls last, id desc);

-- The benchmark list (latest row of each group, distinct on the group) and the dashboard's count
-- of groups walk this index in order instead of sorting the whole history.
create index benchmarks_group_latest_idx on benchmarks
  (category, subcategory, base_unit, region, time_window_days, calculated_at desc, id desc);
