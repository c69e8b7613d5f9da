-- The explorer's pivot and heatmap over any number of observations (issue 14, item 1), read from
-- a rollup instead of the rows: per UTC day and per value of every column the explorer can filter
-- on that has few values (category, subcategory, technology, material, price type, unit, base unit,
-- currency), the number of rows and, per measure, how many have a value, their sum and the newest
-- time one was observed. A year of a million observations makes about 24k rollup rows; a view reads
-- the rollup rows of the filter's whole days and the observations of at most two partial days
-- (packages/db/src/observation-rollup.ts). Figures in docs/PERFORMANCE.md.
--
-- Writers never wait for each other here, and never for a lock: every statement that inserts,
-- deletes or updates observations appends its groups as new rows (`fresh`), with negative counts
-- and sums for the rows it removed (an update removes the old version of a changed row and adds
-- the new one; a crawl touching last_seen_at changes nothing here). A counter updated in place
-- would order concurrent writers of the same day and category, as table_counts does. A group may
-- then have several rows, which readers sum; observation_rollup_compact() merges them, a bounded
-- batch at a time, before a view reads the rollup. Counts and sums are exact. The newest time of a
-- group (what a chart's cell links to) is exact once merged: a merge reads it again from the day's
-- observations for a group that lost rows.
-- Technology, material and subcategory are kept lowercased: the explorer groups and filters them
-- case-insensitively.
create table observation_rollup (
  day date not null,
  category text not null,
  subcategory text,
  technology text,
  material text,
  price_type text not null,
  unit text not null,
  base_unit text,
  currency text not null,
  rows bigint not null,
  n_price bigint not null,
  sum_price numeric,
  newest_price timestamptz,
  n_confidence bigint not null,
  sum_confidence numeric,
  newest_confidence timestamptz,
  n_volume bigint not null,
  sum_volume numeric,
  newest_volume timestamptz,
  fresh boolean not null default true
);
create index observation_rollup_category_day_idx on observation_rollup (category, day);
create index observation_rollup_day_idx on observation_rollup (day);
create index observation_rollup_fresh_idx on observation_rollup (day, category) where fresh;

-- Every observation so far, merged. The trigger below groups each statement's rows the same way.
insert into observation_rollup
select (o.observed_at at time zone 'UTC')::date, o.category, lower(o.subcategory), lower(o.technology),
       lower(o.material), o.price_type, o.unit, o.base_unit, o.currency::text,
       count(*), count(o.price_usd), sum(o.price_usd),
       max(o.observed_at) filter (where o.price_usd is not null), count(o.confidence_score),
       sum(o.confidence_score), max(o.observed_at) filter (where o.confidence_score is not null),
       count(o.volume_cm3), sum(o.volume_cm3), max(o.observed_at) filter (where o.volume_cm3 is not null), false
  from price_observations o
 group by 1, 2, 3, 4, 5, 6, 7, 8, 9;

-- Two merges at once would only wait for each other: the second one skips (an arbitrary constant).
create function observation_rollup_lock_key() returns bigint language sql immutable as $$ select 7815001::bigint $$;

-- Static statements (PL/pgSQL keeps their plans for the session): a trigger that built its SQL
-- with EXECUTE planned it again on every statement, a cost every single-row write paid.
create function observation_rollup_maintain() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into observation_rollup
    select (o.observed_at at time zone 'UTC')::date, o.category, lower(o.subcategory), lower(o.technology),
           lower(o.material), o.price_type, o.unit, o.base_unit, o.currency::text,
           count(*), count(o.price_usd), sum(o.price_usd),
           max(o.observed_at) filter (where o.price_usd is not null), count(o.confidence_score),
           sum(o.confidence_score), max(o.observed_at) filter (where o.confidence_score is not null),
           count(o.volume_cm3), sum(o.volume_cm3), max(o.observed_at) filter (where o.volume_cm3 is not null), true
      from inserted_rows o
     group by 1, 2, 3, 4, 5, 6, 7, 8, 9;
  elsif tg_op = 'DELETE' then
    insert into observation_rollup
    select (o.observed_at at time zone 'UTC')::date, o.category, lower(o.subcategory), lower(o.technology),
           lower(o.material), o.price_type, o.unit, o.base_unit, o.currency::text,
           -count(*), -count(o.price_usd), -sum(o.price_usd), null, -count(o.confidence_score),
           -sum(o.confidence_score), null, -count(o.volume_cm3), -sum(o.volume_cm3), null, true
      from deleted_rows o
     group by 1, 2, 3, 4, 5, 6, 7, 8, 9;
  elsif tg_op = 'UPDATE' then
    -- Only the rows whose grouped or measured columns changed: removed as they were, added as they are.
    insert into observation_rollup
    select (o.observed_at at time zone 'UTC')::date, o.category, lower(o.subcategory), lower(o.technology),
           lower(o.material), o.price_type, o.unit, o.base_unit, o.currency::text,
           -count(*), -count(o.price_usd), -sum(o.price_usd), null, -count(o.confidence_score),
           -sum(o.confidence_score), null, -count(o.volume_cm3), -sum(o.volume_cm3), null, true
      from (select o.* from old_rows o join new_rows n on n.id = o.id
             where (o.observed_at, o.category, o.subcategory, o.technology, o.material, o.price_type, o.unit,
                    o.base_unit, o.currency, o.price_usd, o.confidence_score, o.volume_cm3)
                   is distinct from
                   (n.observed_at, n.category, n.subcategory, n.technology, n.material, n.price_type, n.unit,
                    n.base_unit, n.currency, n.price_usd, n.confidence_score, n.volume_cm3)) o
     group by 1, 2, 3, 4, 5, 6, 7, 8, 9;
    insert into observation_rollup
    select (o.observed_at at time zone 'UTC')::date, o.category, lower(o.subcategory), lower(o.technology),
           lower(o.material), o.price_type, o.unit, o.base_unit, o.currency::text,
           count(*), count(o.price_usd), sum(o.price_usd),
           max(o.observed_at) filter (where o.price_usd is not null), count(o.confidence_score),
           sum(o.confidence_score), max(o.observed_at) filter (where o.confidence_score is not null),
           count(o.volume_cm3), sum(o.volume_cm3), max(o.observed_at) filter (where o.volume_cm3 is not null), true
      from (select n.* from old_rows o join new_rows n on n.id = o.id
             where (o.observed_at, o.category, o.subcategory, o.technology, o.material, o.price_type, o.unit,
                    o.base_unit, o.currency, o.price_usd, o.confidence_score, o.volume_cm3)
                   is distinct from
                   (n.observed_at, n.category, n.subcategory, n.technology, n.material, n.price_type, n.unit,
                    n.base_unit, n.currency, n.price_usd, n.confidence_score, n.volume_cm3)) o
     group by 1, 2, 3, 4, 5, 6, 7, 8, 9;
  else
    delete from observation_rollup;
  end if;
  return null;
end $$;

create trigger price_observations_rollup_insert after insert on price_observations
  referencing new table as inserted_rows for each statement execute function observation_rollup_maintain();
create trigger price_observations_rollup_delete after delete on price_observations
  referencing old table as deleted_rows for each statement execute function observation_rollup_maintain();
create trigger price_observations_rollup_update after update on price_observations
  referencing old table as old_rows new table as new_rows for each statement execute function observation_rollup_maintain();
create trigger price_observations_rollup_truncate after truncate on price_observations
  for each statement execute function observation_rollup_maintain();

-- Merges the appended rows of up to `max_groups` groups into one row each (none for a group whose
-- rows are all gone); returns how many rows it wrote (0 when another session is merging). A group
-- that lost rows (a delete, or an update moving them away) gets its newest times read again from
-- its day's observations, so they name rows that exist.
create function observation_rollup_compact(max_groups integer) returns integer language plpgsql as $$
declare
  merged integer;
begin
  if not pg_try_advisory_xact_lock(observation_rollup_lock_key()) then
    return 0;
  end if;
  with g as (
    select distinct day, category, subcategory, technology, material, price_type, unit, base_unit, currency
      from observation_rollup where fresh limit max_groups
  ), gone as (
    delete from observation_rollup r using g
     where r.day = g.day and r.category = g.category and r.subcategory is not distinct from g.subcategory
       and r.technology is not distinct from g.technology and r.material is not distinct from g.material
       and r.price_type = g.price_type and r.unit = g.unit and r.base_unit is not distinct from g.base_unit
       and r.currency = g.currency
    returning r.*
  ), m as (
    select day, category, subcategory, technology, material, price_type, unit, base_unit, currency,
           sum(rows) as rows, sum(n_price) as n_price, sum(sum_price) as sum_price, max(newest_price) as newest_price,
           sum(n_confidence) as n_confidence, sum(sum_confidence) as sum_confidence,
           max(newest_confidence) as newest_confidence, sum(n_volume) as n_volume, sum(sum_volume) as sum_volume,
           max(newest_volume) as newest_volume, bool_or(rows < 0) as shrank
      from gone
     group by day, category, subcategory, technology, material, price_type, unit, base_unit, currency
    having sum(rows) <> 0
  ), ins as (
    insert into observation_rollup
    select m.day, m.category, m.subcategory, m.technology, m.material, m.price_type, m.unit, m.base_unit,
           m.currency, m.rows, m.n_price, m.sum_price, case when m.shrank then x.newest_price else m.newest_price end,
           m.n_confidence, m.sum_confidence,
           case when m.shrank then x.newest_confidence else m.newest_confidence end,
           m.n_volume, m.sum_volume, case when m.shrank then x.newest_volume else m.newest_volume end, false
      from m
      left join lateral (
        select max(o.observed_at) filter (where o.price_usd is not null) as newest_price,
               max(o.observed_at) filter (where o.confidence_score is not null) as newest_confidence,
               max(o.observed_at) filter (where o.volume_cm3 is not null) as newest_volume
          from price_observations o
         where o.observed_at >= m.day::timestamp at time zone 'UTC'
           and o.observed_at < (m.day + 1)::timestamp at time zone 'UTC'
           and o.category = m.category and lower(o.subcategory) is not distinct from m.subcategory
           and lower(o.technology) is not distinct from m.technology
           and lower(o.material) is not distinct from m.material and o.price_type = m.price_type
           and o.unit = m.unit and o.base_unit is not distinct from m.base_unit and o.currency::text = m.currency
      ) x on m.shrank
    returning 1
  )
  select count(*) into merged from ins;
  return merged;
end $$;

analyze observation_rollup;
