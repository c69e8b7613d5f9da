-- Writes that stay fast as data grows (issue 15, item 4). Figures in docs/PERFORMANCE.md.

-- The observation count (migration 0005) was one row every insert updated: its lock, held until
-- commit, ordered every writer of observations behind the others. It is now kept in shards: a
-- statement adds its rows to any shard no other transaction holds (FOR UPDATE SKIP LOCKED), or to
-- a new one when all are held, so writers never wait for each other here. There are at most as
-- many shards as writers were ever at once (connections), and readers sum them through the view
-- that keeps the old name and columns: `select n from table_counts where table_name = …` reads the
-- same as before. A shard may go below zero (rows deleted after they were counted in another
-- shard); the sum cannot.
create table table_count_shards (
  id bigint generated always as identity primary key,
  table_name text not null,
  n bigint not null
);
create index table_count_shards_table_idx on table_count_shards (table_name);
insert into table_count_shards (table_name, n) select table_name, n from table_counts;

drop table table_counts;
create view table_counts as
  select table_name, sum(n)::bigint as n from table_count_shards group by table_name;

-- The triggers of migration 0005 stay and call this body.
create or replace function table_counts_add() returns trigger language plpgsql as $$
declare
  delta bigint;
begin
  if tg_op = 'TRUNCATE' then
    delete from table_count_shards where table_name = tg_table_name;
    insert into table_count_shards (table_name, n) values (tg_table_name, 0);
    return null;
  elsif tg_op = 'INSERT' then
    select count(*) into delta from inserted_rows;
  else
    select -count(*) into delta from deleted_rows;
  end if;
  if delta = 0 then
    return null;
  end if;
  update table_count_shards set n = n + delta
   where id = (select id from table_count_shards where table_name = tg_table_name
                limit 1 for update skip locked);
  if not found then
    insert into table_count_shards (table_name, n) values (tg_table_name, delta);
  end if;
  return null;
end $$;

-- A new price is scored against the median of similar prices (same category and base unit, the
-- last 90 days; observation-enrichment.ts). That median read the category's rows of the window
-- through the (category, observed_at) index and the table: its cost grew with the table. This
-- index holds the group, the time and the price, so a bounded count reads at most a few thousand
-- entries of the group alone, and a large group's full median (computed at most once per group
-- every few minutes) reads the index only.
create index obs_similar_idx on price_observations (category, base_unit, observed_at)
  include (price_net_usd) where price_net_usd is not null;
