-- The explorer's box plot over a large set (issue 14, item 1), and the Prices heatmap's bounded
-- reads. Figures in docs/PERFORMANCE.md.
--
-- An exact box plot sorts every value of its set (91k for a category's 90 days at 1M rows: 230 ms).
-- Above 20,000 values the explorer reads its quartiles from this histogram instead (a product
-- decision, docs/ARCHITECTURE.md, "Analysis views"): per UTC month, category, subcategory,
-- technology, material and base unit (lowercased as in observation_rollup, migration 0015), how
-- many USD prices per base unit fall in each log-scaled bucket [1.01^b, 1.01^(b+1)). Filters on
-- other columns (price type, unit, currency…) read the exact box plot. Every value of a bucket is
-- within 0.5 % of the bucket's geometric middle 1.01^(b+0.5), so is any quartile read from it.
-- Months, not days: a month of a group holds many values per bucket (~60k rows at 1M observations,
-- where per day there would be 800k, nearly one per observation); the days at the ends of a range
-- that do not make a whole month are read from the observations (observation-rollup.ts, monthPlan).
--
-- Kept like observation_rollup: every statement appends its groups as new signed rows (`fresh`), a
-- bounded merge before a read folds them (observation_price_histogram_compact). Counts are exact.

-- The bucket of a USD price: b with 1.01^b <= v < 1.01^(b+1). 0 (a price rounded to 0) has a
-- bucket of its own, whose value is exact; a negative value (an adjustment) too, which makes a
-- reader fall back to the exact box plot.
create function price_bucket(v numeric) returns integer language sql immutable parallel safe as $$
  select case when v > 0 then floor(ln(v::float8) / ln(1.01::float8))::integer
              when v = 0 then -2147483647 else -2147483648 end
$$;

create table observation_price_histogram (
  -- The UTC month's first day (named as observation_rollup's day, so the same conditions apply).
  day date not null,
  category text not null,
  subcategory text,
  technology text,
  material text,
  base_unit text,
  bucket integer not null,
  n bigint not null,
  fresh boolean not null default true
);
-- A category's months from the index alone (a bitmap scan of the table cost most of the read).
create index observation_price_histogram_category_day_idx on observation_price_histogram (category, day)
  include (subcategory, technology, material, base_unit, bucket, n);
create index observation_price_histogram_day_idx on observation_price_histogram (day);
create index observation_price_histogram_fresh_idx on observation_price_histogram (day, category) where fresh;

insert into observation_price_histogram
select date_trunc('month', o.observed_at at time zone 'UTC')::date, o.category, lower(o.subcategory),
       lower(o.technology), lower(o.material), o.base_unit, price_bucket(o.price_usd), count(*), false
  from price_observations o
 where o.price_usd is not null
 group by 1, 2, 3, 4, 5, 6, 7;

create function observation_price_histogram_maintain() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into observation_price_histogram
    select date_trunc('month', o.observed_at at time zone 'UTC')::date, o.category, lower(o.subcategory),
           lower(o.technology), lower(o.material), o.base_unit, price_bucket(o.price_usd), count(*), true
      from inserted_rows o
     where o.price_usd is not null
     group by 1, 2, 3, 4, 5, 6, 7;
  elsif tg_op = 'DELETE' then
    insert into observation_price_histogram
    select date_trunc('month', o.observed_at at time zone 'UTC')::date, o.category, lower(o.subcategory),
           lower(o.technology), lower(o.material), o.base_unit, price_bucket(o.price_usd), -count(*), true
      from deleted_rows o
     where o.price_usd is not null
     group by 1, 2, 3, 4, 5, 6, 7;
  elsif tg_op = 'UPDATE' then
    -- Only the rows whose grouped columns or price changed: removed as they were, added as they are.
    insert into observation_price_histogram
    select date_trunc('month', o.observed_at at time zone 'UTC')::date, o.category, lower(o.subcategory),
           lower(o.technology), lower(o.material), o.base_unit, price_bucket(o.price_usd), sum(o.sign), true
      from (select o.*, -1 as sign from old_rows o join new_rows n on n.id = o.id
             where (o.observed_at, o.category, o.subcategory, o.technology, o.material, o.base_unit, o.price_usd)
                   is distinct from
                   (n.observed_at, n.category, n.subcategory, n.technology, n.material, n.base_unit, n.price_usd)
            union all
            select n.*, 1 as sign from old_rows o join new_rows n on n.id = o.id
             where (o.observed_at, o.category, o.subcategory, o.technology, o.material, o.base_unit, o.price_usd)
                   is distinct from
                   (n.observed_at, n.category, n.subcategory, n.technology, n.material, n.base_unit, n.price_usd)) o
     where o.price_usd is not null
     group by 1, 2, 3, 4, 5, 6, 7
    having sum(o.sign) <> 0;
  else
    delete from observation_price_histogram;
  end if;
  return null;
end $$;

create trigger price_observations_price_histogram_insert after insert on price_observations
  referencing new table as inserted_rows for each statement execute function observation_price_histogram_maintain();
create trigger price_observations_price_histogram_delete after delete on price_observations
  referencing old table as deleted_rows for each statement execute function observation_price_histogram_maintain();
create trigger price_observations_price_histogram_update after update on price_observations
  referencing old table as old_rows new table as new_rows for each statement execute function observation_price_histogram_maintain();
create trigger price_observations_price_histogram_truncate after truncate on price_observations
  for each statement execute function observation_price_histogram_maintain();

-- Merges the appended rows of up to `max_groups` groups into one row each (none for an emptied
-- group); returns how many rows it wrote (0 when another session is merging).
create function observation_price_histogram_compact(max_groups integer) returns integer language plpgsql as $$
declare
  merged integer;
begin
  if not pg_try_advisory_xact_lock(observation_rollup_lock_key() + 2) then
    return 0;
  end if;
  with g as (
    select distinct day, category, subcategory, technology, material, base_unit, bucket
      from observation_price_histogram where fresh limit max_groups
  ), gone as (
    delete from observation_price_histogram r using g
     where r.day = g.day and r.category = g.category and r.subcategory is not distinct from g.subcategory
       and r.technology is not distinct from g.technology and r.material is not distinct from g.material
       and r.base_unit is not distinct from g.base_unit and r.bucket = g.bucket
    returning r.*
  ), ins as (
    insert into observation_price_histogram
    select day, category, subcategory, technology, material, base_unit, bucket, sum(n), false
      from gone
     group by day, category, subcategory, technology, material, base_unit, bucket
    having sum(n) <> 0
    returning 1
  )
  select count(*) into merged from ins;
  return merged;
end $$;

-- The approximate box plot's whiskers, outliers and outlier counts are real observations found by
-- index range queries beyond (and just within) each group's fences: the group's prices in order,
-- per dimension the box plot groups by (written as the explorer's keys, so its queries match).
-- Each range reads the group's values of every date beyond a fence: a few percent of the group.
-- The columns the keys are written from are included too: PostgreSQL answers from the index alone
-- only when every column a query names is in it (an expression's value is not enough).
create index obs_box_technology_idx on price_observations
  ((coalesce(lower(technology), '')), (coalesce(base_unit, '')), price_usd)
  include (category, observed_at, id, technology, base_unit) where price_usd is not null;
create index obs_box_material_idx on price_observations
  ((coalesce(lower(material), '')), (coalesce(base_unit, '')), price_usd)
  include (category, observed_at, id, material, base_unit) where price_usd is not null;
create index obs_box_month_idx on price_observations
  ((date_trunc('month', observed_at at time zone 'UTC')), (coalesce(base_unit, '')), price_usd)
  include (category, observed_at, id, base_unit) where price_usd is not null;

-- The explorer's scatter of a category: its rows in the sample's order (migration 0014's
-- uuid_hash(id), then id), with what a point shows, so the sample below the hash cut is an index
-- range read in order (about 1.5 times the sample's rows over the whole time of the category, the
-- date filter checked from the index) instead of hashing and sorting every row of the set.
create index obs_category_sample_idx on price_observations (category, uuid_hash(id), id)
  include (observed_at, price_usd, confidence_score, volume_cm3, technology, material, base_unit, vendor_id);

-- The Prices heatmap's buckets: the days that have observations, found by skipping through this
-- index (a few hundred probes) instead of grouping the 110k vendor-day rows.
create index vendor_day_rollup_day_idx on vendor_day_rollup (day);

analyze observation_price_histogram;
