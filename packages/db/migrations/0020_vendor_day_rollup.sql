-- The Prices screen's heatmap (observations per vendor and day, week or month) from a rollup per
-- vendor and UTC day instead of the rows: at 1M observations about 110k rollup rows, grouped in a
-- tenth of the time. Kept like observation_rollup (migration 0015): every statement appends its
-- groups as new rows (`fresh`, negative for rows removed), a bounded merge before a read folds them
-- into one row per group and reads the newest time again for a group that lost rows. Only the
-- unfiltered or by-vendor heatmap reads it; the screen's other filters read the rows.
create table vendor_day_rollup (
  vendor_id uuid not null,
  day date not null,
  rows bigint not null,
  newest timestamptz,
  fresh boolean not null default true
);
create index vendor_day_rollup_vendor_day_idx on vendor_day_rollup (vendor_id, day);
create index vendor_day_rollup_fresh_idx on vendor_day_rollup (vendor_id, day) where fresh;

insert into vendor_day_rollup
select vendor_id, (observed_at at time zone 'UTC')::date, count(*), max(observed_at), false
  from price_observations group by 1, 2;

create function vendor_day_rollup_maintain() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into vendor_day_rollup
    select vendor_id, (observed_at at time zone 'UTC')::date, count(*), max(observed_at), true
      from inserted_rows group by 1, 2;
  elsif tg_op = 'DELETE' then
    insert into vendor_day_rollup
    select vendor_id, (observed_at at time zone 'UTC')::date, -count(*), null, true
      from deleted_rows group by 1, 2;
  elsif tg_op = 'UPDATE' then
    insert into vendor_day_rollup
    select o.vendor_id, (o.observed_at at time zone 'UTC')::date, -count(*), null, true
      from old_rows o join new_rows n on n.id = o.id
     where (o.vendor_id, o.observed_at) is distinct from (n.vendor_id, n.observed_at)
     group by 1, 2;
    insert into vendor_day_rollup
    select n.vendor_id, (n.observed_at at time zone 'UTC')::date, count(*), max(n.observed_at), true
      from old_rows o join new_rows n on n.id = o.id
     where (o.vendor_id, o.observed_at) is distinct from (n.vendor_id, n.observed_at)
     group by 1, 2;
  else
    delete from vendor_day_rollup;
  end if;
  return null;
end $$;

create trigger price_observations_vendor_day_insert after insert on price_observations
  referencing new table as inserted_rows for each statement execute function vendor_day_rollup_maintain();
create trigger price_observations_vendor_day_delete after delete on price_observations
  referencing old table as deleted_rows for each statement execute function vendor_day_rollup_maintain();
create trigger price_observations_vendor_day_update after update on price_observations
  referencing old table as old_rows new table as new_rows for each statement execute function vendor_day_rollup_maintain();
create trigger price_observations_vendor_day_truncate after truncate on price_observations
  for each statement execute function vendor_day_rollup_maintain();

create function vendor_day_rollup_compact(max_groups integer) returns integer language plpgsql as $$
declare
  merged integer;
begin
  if not pg_try_advisory_xact_lock(observation_rollup_lock_key() + 1) then
    return 0;
  end if;
  with g as (
    select distinct vendor_id, day from vendor_day_rollup where fresh limit max_groups
  ), gone as (
    delete from vendor_day_rollup r using g where r.vendor_id = g.vendor_id and r.day = g.day returning r.*
  ), m as (
    select vendor_id, day, sum(rows) as rows, max(newest) as newest, bool_or(rows < 0) as shrank
      from gone group by vendor_id, day having sum(rows) <> 0
  ), ins as (
    insert into vendor_day_rollup
    select m.vendor_id, m.day, m.rows,
           case when m.shrank
                then (select max(o.observed_at) from price_observations o
                       where o.vendor_id = m.vendor_id and o.observed_at >= m.day::timestamp at time zone 'UTC'
                         and o.observed_at < (m.day + 1)::timestamp at time zone 'UTC')
                else m.newest end,
           false
      from m
    returning 1
  )
  select count(*) into merged from ins;
  return merged;
end $$;

analyze vendor_day_rollup;
