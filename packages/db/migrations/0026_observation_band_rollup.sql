-- The explorer's total and aggregations under a price range or a confidence threshold (issue 15,
-- item 5), read from rollups instead of counting the matching rows (300-900 ms at 1M rows). Figures
-- in docs/PERFORMANCE.md (`npm run bench:reads`).
--
-- observation_rollup (migration 0015) keeps no measure range. These keep, per band of the USD price
-- per base unit and per band of the confidence score, the rows and, per measure, how many have a
-- value and their sum. A range's whole bands come from here; the rows of the partial bands at its
-- ends are read from the observations through the price or confidence index
-- (packages/db/src/observation-rollup.ts, planBandRollup). Bands end at round values (prices 1, 1.5,
-- 2, 2.5, 3, 4, 5, 7 per decade; confidences every 0.05), so the ranges people type (0.5-5, >= 0.7)
-- are whole bands and read nothing else. Three grains, each as small as the filters it answers:
--   - observation_band_total_rollup: the price band and confidence band, over all time (the bands
--     alone, a few hundred rows): a price range, a confidence threshold, or both, and nothing else.
--   - observation_band_day_rollup: per UTC day, one measure's band (a row per day, measure and band:
--     tens per day): one of them with a date range (whole days; the partial days at its ends from
--     the rows, as observation_rollup).
--   - observation_band_rollup: per UTC month, the rollup's grouping columns (the same names,
--     lowercased the same way, so the search's conditions apply unchanged) and one measure's band:
--     one of them with category, technology, material, currency… and any date range (whole months;
--     the days around them from the rows, as the price histogram's monthPlan). Per day, every
--     grouping column and both bands there would be nearly a rollup row per observation.
-- A price range with a confidence threshold and other filters counts the rows, as before.
--
-- Kept like observation_rollup: one statement-level trigger with transition tables appends each
-- statement's groups as new signed rows (`fresh`), so writers never wait for one another; a bounded
-- merge before a read folds them (observation_band_rollup_compact). Counts and sums are exact.

-- Band i of a value: bounds[i] <= v < bounds[i + 1] (0 below the first bound, the last band open
-- above). The bounds are repeated in observation-rollup.ts (PRICE_BAND_BOUNDS,
-- CONFIDENCE_BAND_BOUNDS); a test checks they agree.
create function price_band(v numeric) returns integer language sql immutable parallel safe as $$
  select width_bucket(v, '{0, 0.001, 0.0015, 0.002, 0.0025, 0.003, 0.004, 0.005, 0.007, 0.01, 0.015,
    0.02, 0.025, 0.03, 0.04, 0.05, 0.07, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.7, 1, 1.5, 2, 2.5, 3,
    4, 5, 7, 10, 15, 20, 25, 30, 40, 50, 70, 100, 150, 200, 250, 300, 400, 500, 700, 1000, 1500,
    2000, 2500, 3000, 4000, 5000, 7000, 10000, 15000, 20000, 25000, 30000, 40000, 50000, 70000,
    100000, 150000, 200000, 250000, 300000, 400000, 500000, 700000, 1000000, 1500000, 2000000,
    2500000, 3000000, 4000000, 5000000, 7000000}'::numeric[])
$$;
create function confidence_band(v numeric) returns integer language sql immutable parallel safe as $$
  select width_bucket(v, '{0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65,
    0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1}'::numeric[])
$$;

create table observation_band_total_rollup (
  -- Null for a row without a USD price: no price range keeps it.
  price_band integer,
  confidence_band integer not null,
  rows bigint not null,
  n_price bigint not null,
  sum_price numeric,
  n_confidence bigint not null,
  sum_confidence numeric,
  n_volume bigint not null,
  sum_volume numeric,
  fresh boolean not null default true
);
create index observation_band_total_rollup_fresh_idx on observation_band_total_rollup (price_band) where fresh;

-- `measure` is 'price' (band: price_band of the USD price, null without one) or 'confidence'; each
-- observation is counted once under each.
create table observation_band_day_rollup (
  day date not null,
  measure text not null,
  band integer,
  rows bigint not null,
  n_price bigint not null,
  sum_price numeric,
  n_confidence bigint not null,
  sum_confidence numeric,
  n_volume bigint not null,
  sum_volume numeric,
  fresh boolean not null default true
);
create index observation_band_day_rollup_idx on observation_band_day_rollup (measure, band, day);
create index observation_band_day_rollup_fresh_idx on observation_band_day_rollup (day) where fresh;

create table observation_band_rollup (
  -- The UTC month's first day (named as observation_rollup's day, so the same conditions apply).
  day date not null,
  category text not null,
  subcategory text,
  technology text,
  material text,
  price_type text not null,
  unit text not null,
  base_unit text,
  currency text not null,
  measure text not null,
  band integer,
  rows bigint not null,
  n_price bigint not null,
  sum_price numeric,
  n_confidence bigint not null,
  sum_confidence numeric,
  n_volume bigint not null,
  sum_volume numeric,
  fresh boolean not null default true
);
create index observation_band_rollup_idx on observation_band_rollup (measure, band, day);
create index observation_band_rollup_fresh_idx on observation_band_rollup (day, category) where fresh;

-- Every observation so far, merged.
insert into observation_band_rollup
select date_trunc('month', o.observed_at at time zone 'UTC')::date,
       o.category, lower(o.subcategory), lower(o.technology), lower(o.material), o.price_type,
       o.unit, o.base_unit, o.currency::text, b.measure, b.band,
       count(*), count(o.price_usd), sum(o.price_usd), count(o.confidence_score), sum(o.confidence_score),
       count(o.volume_cm3), sum(o.volume_cm3), false
  from price_observations o
 cross join lateral (values ('price', price_band(o.price_usd)),
                            ('confidence', confidence_band(o.confidence_score))) b(measure, band)
 group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;
insert into observation_band_day_rollup
select (o.observed_at at time zone 'UTC')::date, b.measure, b.band,
       count(*), count(o.price_usd), sum(o.price_usd), count(o.confidence_score), sum(o.confidence_score),
       count(o.volume_cm3), sum(o.volume_cm3), false
  from price_observations o
 cross join lateral (values ('price', price_band(o.price_usd)),
                            ('confidence', confidence_band(o.confidence_score))) b(measure, band)
 group by 1, 2, 3;
insert into observation_band_total_rollup
select price_band(o.price_usd), confidence_band(o.confidence_score),
       count(*), count(o.price_usd), sum(o.price_usd), count(o.confidence_score), sum(o.confidence_score),
       count(o.volume_cm3), sum(o.volume_cm3), false
  from price_observations o
 group by 1, 2;

-- Static statements, as observation_rollup_maintain (a plan kept for the session); one trigger
-- keeps the three tables, one call per statement.
create function observation_band_rollup_maintain() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into observation_band_rollup
    select date_trunc('month', o.observed_at at time zone 'UTC')::date,
           o.category, lower(o.subcategory), lower(o.technology), lower(o.material), o.price_type,
           o.unit, o.base_unit, o.currency::text, b.measure, b.band,
           count(*), count(o.price_usd), sum(o.price_usd), count(o.confidence_score), sum(o.confidence_score),
           count(o.volume_cm3), sum(o.volume_cm3), true
      from inserted_rows o
     cross join lateral (values ('price', price_band(o.price_usd)),
                                ('confidence', confidence_band(o.confidence_score))) b(measure, band)
     group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;
    insert into observation_band_day_rollup
    select (o.observed_at at time zone 'UTC')::date, b.measure, b.band,
           count(*), count(o.price_usd), sum(o.price_usd), count(o.confidence_score), sum(o.confidence_score),
           count(o.volume_cm3), sum(o.volume_cm3), true
      from inserted_rows o
     cross join lateral (values ('price', price_band(o.price_usd)),
                                ('confidence', confidence_band(o.confidence_score))) b(measure, band)
     group by 1, 2, 3;
    insert into observation_band_total_rollup
    select price_band(o.price_usd), confidence_band(o.confidence_score),
           count(*), count(o.price_usd), sum(o.price_usd), count(o.confidence_score), sum(o.confidence_score),
           count(o.volume_cm3), sum(o.volume_cm3), true
      from inserted_rows o
     group by 1, 2;
  elsif tg_op = 'DELETE' then
    insert into observation_band_rollup
    select date_trunc('month', o.observed_at at time zone 'UTC')::date,
           o.category, lower(o.subcategory), lower(o.technology), lower(o.material), o.price_type,
           o.unit, o.base_unit, o.currency::text, b.measure, b.band,
           -count(*), -count(o.price_usd), -sum(o.price_usd), -count(o.confidence_score),
           -sum(o.confidence_score), -count(o.volume_cm3), -sum(o.volume_cm3), true
      from deleted_rows o
     cross join lateral (values ('price', price_band(o.price_usd)),
                                ('confidence', confidence_band(o.confidence_score))) b(measure, band)
     group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;
    insert into observation_band_day_rollup
    select (o.observed_at at time zone 'UTC')::date, b.measure, b.band,
           -count(*), -count(o.price_usd), -sum(o.price_usd), -count(o.confidence_score),
           -sum(o.confidence_score), -count(o.volume_cm3), -sum(o.volume_cm3), true
      from deleted_rows o
     cross join lateral (values ('price', price_band(o.price_usd)),
                                ('confidence', confidence_band(o.confidence_score))) b(measure, band)
     group by 1, 2, 3;
    insert into observation_band_total_rollup
    select price_band(o.price_usd), confidence_band(o.confidence_score),
           -count(*), -count(o.price_usd), -sum(o.price_usd), -count(o.confidence_score),
           -sum(o.confidence_score), -count(o.volume_cm3), -sum(o.volume_cm3), true
      from deleted_rows o
     group by 1, 2;
  elsif tg_op = 'UPDATE' then
    -- Only the rows whose grouped or measured columns changed: removed as they were (-1), added as
    -- they are (+1).
    insert into observation_band_rollup
    select date_trunc('month', o.observed_at at time zone 'UTC')::date,
           o.category, lower(o.subcategory), lower(o.technology), lower(o.material), o.price_type,
           o.unit, o.base_unit, o.currency::text, b.measure, b.band,
           sum(o.sign), coalesce(sum(o.sign) filter (where o.price_usd is not null), 0), sum(o.sign * o.price_usd),
           coalesce(sum(o.sign) filter (where o.confidence_score is not null), 0), sum(o.sign * o.confidence_score),
           coalesce(sum(o.sign) filter (where o.volume_cm3 is not null), 0), sum(o.sign * o.volume_cm3), true
      from (select o.*, -1 as sign from old_rows o join new_rows n on n.id = o.id
             where (o.observed_at, o.category, o.subcategory, o.technology, o.material, o.price_type, o.unit,
                    o.base_unit, o.currency, o.price_usd, o.confidence_score, o.volume_cm3)
                   is distinct from
                   (n.observed_at, n.category, n.subcategory, n.technology, n.material, n.price_type, n.unit,
                    n.base_unit, n.currency, n.price_usd, n.confidence_score, n.volume_cm3)
            union all
            select n.*, 1 as sign from old_rows o join new_rows n on n.id = o.id
             where (o.observed_at, o.category, o.subcategory, o.technology, o.material, o.price_type, o.unit,
                    o.base_unit, o.currency, o.price_usd, o.confidence_score, o.volume_cm3)
                   is distinct from
                   (n.observed_at, n.category, n.subcategory, n.technology, n.material, n.price_type, n.unit,
                    n.base_unit, n.currency, n.price_usd, n.confidence_score, n.volume_cm3)) o
     cross join lateral (values ('price', price_band(o.price_usd)),
                                ('confidence', confidence_band(o.confidence_score))) b(measure, band)
     group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;
    insert into observation_band_day_rollup
    select (o.observed_at at time zone 'UTC')::date, b.measure, b.band,
           sum(o.sign), coalesce(sum(o.sign) filter (where o.price_usd is not null), 0), sum(o.sign * o.price_usd),
           coalesce(sum(o.sign) filter (where o.confidence_score is not null), 0), sum(o.sign * o.confidence_score),
           coalesce(sum(o.sign) filter (where o.volume_cm3 is not null), 0), sum(o.sign * o.volume_cm3), true
      from (select o.*, -1 as sign from old_rows o join new_rows n on n.id = o.id
             where (o.observed_at, o.category, o.subcategory, o.technology, o.material, o.price_type, o.unit,
                    o.base_unit, o.currency, o.price_usd, o.confidence_score, o.volume_cm3)
                   is distinct from
                   (n.observed_at, n.category, n.subcategory, n.technology, n.material, n.price_type, n.unit,
                    n.base_unit, n.currency, n.price_usd, n.confidence_score, n.volume_cm3)
            union all
            select n.*, 1 as sign from old_rows o join new_rows n on n.id = o.id
             where (o.observed_at, o.category, o.subcategory, o.technology, o.material, o.price_type, o.unit,
                    o.base_unit, o.currency, o.price_usd, o.confidence_score, o.volume_cm3)
                   is distinct from
                   (n.observed_at, n.category, n.subcategory, n.technology, n.material, n.price_type, n.unit,
                    n.base_unit, n.currency, n.price_usd, n.confidence_score, n.volume_cm3)) o
     cross join lateral (values ('price', price_band(o.price_usd)),
                                ('confidence', confidence_band(o.confidence_score))) b(measure, band)
     group by 1, 2, 3;
    insert into observation_band_total_rollup
    select price_band(o.price_usd), confidence_band(o.confidence_score),
           sum(o.sign), coalesce(sum(o.sign) filter (where o.price_usd is not null), 0), sum(o.sign * o.price_usd),
           coalesce(sum(o.sign) filter (where o.confidence_score is not null), 0), sum(o.sign * o.confidence_score),
           coalesce(sum(o.sign) filter (where o.volume_cm3 is not null), 0), sum(o.sign * o.volume_cm3), true
      from (select o.*, -1 as sign from old_rows o join new_rows n on n.id = o.id
             where (o.observed_at, o.category, o.subcategory, o.technology, o.material, o.price_type, o.unit,
                    o.base_unit, o.currency, o.price_usd, o.confidence_score, o.volume_cm3)
                   is distinct from
                   (n.observed_at, n.category, n.subcategory, n.technology, n.material, n.price_type, n.unit,
                    n.base_unit, n.currency, n.price_usd, n.confidence_score, n.volume_cm3)
            union all
            select n.*, 1 as sign from old_rows o join new_rows n on n.id = o.id
             where (o.observed_at, o.category, o.subcategory, o.technology, o.material, o.price_type, o.unit,
                    o.base_unit, o.currency, o.price_usd, o.confidence_score, o.volume_cm3)
                   is distinct from
                   (n.observed_at, n.category, n.subcategory, n.technology, n.material, n.price_type, n.unit,
                    n.base_unit, n.currency, n.price_usd, n.confidence_score, n.volume_cm3)) o
     group by 1, 2;
  else
    delete from observation_band_rollup;
    delete from observation_band_day_rollup;
    delete from observation_band_total_rollup;
  end if;
  return null;
end $$;

create trigger price_observations_band_rollup_insert after insert on price_observations
  referencing new table as inserted_rows for each statement execute function observation_band_rollup_maintain();
create trigger price_observations_band_rollup_delete after delete on price_observations
  referencing old table as deleted_rows for each statement execute function observation_band_rollup_maintain();
create trigger price_observations_band_rollup_update after update on price_observations
  referencing old table as old_rows new table as new_rows for each statement execute function observation_band_rollup_maintain();
create trigger price_observations_band_rollup_truncate after truncate on price_observations
  for each statement execute function observation_band_rollup_maintain();

-- Merges the appended rows of up to `max_groups` groups of each table into one row each (none for an
-- emptied group); returns how many rows it wrote (0 when another session is merging).
create function observation_band_rollup_compact(max_groups integer) returns integer language plpgsql as $$
declare
  merged integer := 0;
begin
  if not pg_try_advisory_xact_lock(observation_rollup_lock_key() + 26) then
    return 0;
  end if;
  with g as (
    select distinct day, category, subcategory, technology, material, price_type, unit, base_unit,
    currency, measure, band from observation_band_rollup where fresh limit max_groups
  ), gone as (
    delete from observation_band_rollup r using g
     where r.day = g.day and r.category = g.category and r.subcategory is not distinct from g.subcategory
       and r.technology is not distinct from g.technology and r.material is not distinct from g.material
       and r.price_type = g.price_type and r.unit = g.unit and r.base_unit is not distinct from g.base_unit
       and r.currency = g.currency and r.measure = g.measure and r.band is not distinct from g.band
    returning r.*
  ), ins as (
    insert into observation_band_rollup
    select day, category, subcategory, technology, material, price_type, unit, base_unit, currency,
           measure, band, sum(rows), sum(n_price), sum(sum_price), sum(n_confidence),
           sum(sum_confidence), sum(n_volume), sum(sum_volume), false
      from gone
     group by day, category, subcategory, technology, material, price_type, unit, base_unit,
              currency, measure, band
    having sum(rows) <> 0
    returning 1
  )
  select merged + count(*) into merged from ins;
  with g as (
    select distinct day, measure, band from observation_band_day_rollup where fresh limit max_groups
  ), gone as (
    delete from observation_band_day_rollup r using g
     where r.day = g.day and r.measure = g.measure and r.band is not distinct from g.band
    returning r.*
  ), ins as (
    insert into observation_band_day_rollup
    select day, measure, band, sum(rows), sum(n_price), sum(sum_price), sum(n_confidence),
           sum(sum_confidence), sum(n_volume), sum(sum_volume), false
      from gone
     group by day, measure, band
    having sum(rows) <> 0
    returning 1
  )
  select merged + count(*) into merged from ins;
  with g as (
    select distinct price_band, confidence_band from observation_band_total_rollup where fresh limit
    max_groups
  ), gone as (
    delete from observation_band_total_rollup r using g
     where r.price_band is not distinct from g.price_band and r.confidence_band = g.confidence_band
    returning r.*
  ), ins as (
    insert into observation_band_total_rollup
    select price_band, confidence_band, sum(rows), sum(n_price), sum(sum_price), sum(n_confidence),
           sum(sum_confidence), sum(n_volume), sum(sum_volume), false
      from gone
     group by price_band, confidence_band
    having sum(rows) <> 0
    returning 1
  )
  select merged + count(*) into merged from ins;
  return merged;
end $$;

analyze observation_band_rollup;
analyze observation_band_day_rollup;
analyze observation_band_total_rollup;
