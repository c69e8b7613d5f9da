-- Each offer's number of price observations and of those with a USD price, kept by statement-level
-- triggers (as vendors.price_count, migration 0007): the Prices screen's timeline draws the offers
-- with most priced observations, which took grouping every observation by offer (500-700 ms at 1M
-- rows). Figures in docs/PERFORMANCE.md.
--
-- A statement locks the offers it counts in id order before updating them, so two statements
-- touching the same offers wait for each other instead of deadlocking. Observations never change
-- offer (the application does not update offer_id); an update that sets or clears price_usd (an FX
-- renormalization) moves the priced count.
alter table offers add column price_count integer not null default 0 check (price_count >= 0);
alter table offers add column priced_count integer not null default 0 check (priced_count >= 0);
update offers f set price_count = c.n, priced_count = c.p
  from (select offer_id, count(*)::int as n, count(price_usd)::int as p from price_observations group by offer_id) c
 where c.offer_id = f.id;
create index offers_priced_idx on offers (priced_count desc, id);

create function offer_price_counts_apply(changes jsonb) returns void language plpgsql as $$
begin
  perform 1 from offers
   where id in (select (x ->> 'offer_id')::uuid from jsonb_array_elements(changes) x)
   order by id for update;
  update offers f set price_count = f.price_count + d.n, priced_count = f.priced_count + d.p
    from (select (x ->> 'offer_id')::uuid as offer_id, (x ->> 'n')::int as n, (x ->> 'p')::int as p
            from jsonb_array_elements(changes) x) d
   where f.id = d.offer_id;
end $$;

create function offer_price_counts_maintain() returns trigger language plpgsql as $$
declare
  changes jsonb;
begin
  if tg_op = 'INSERT' then
    select jsonb_agg(jsonb_build_object('offer_id', offer_id, 'n', n, 'p', p)) into changes
      from (select offer_id, count(*) as n, count(price_usd) as p from inserted_rows group by offer_id) c;
  elsif tg_op = 'DELETE' then
    -- An offer deleted in the same statement is already gone: nothing to update for it.
    select jsonb_agg(jsonb_build_object('offer_id', offer_id, 'n', -n, 'p', -p)) into changes
      from (select offer_id, count(*) as n, count(price_usd) as p from deleted_rows group by offer_id) c;
  elsif tg_op = 'UPDATE' then
    select jsonb_agg(jsonb_build_object('offer_id', offer_id, 'n', 0, 'p', p)) into changes
      from (select n.offer_id, sum(case when n.price_usd is null then -1 else 1 end) as p
              from old_rows o join new_rows n on n.id = o.id
             where (o.price_usd is null) <> (n.price_usd is null)
             group by n.offer_id) c;
  else
    update offers set price_count = 0, priced_count = 0 where price_count <> 0 or priced_count <> 0;
  end if;
  if changes is not null then
    perform offer_price_counts_apply(changes);
  end if;
  return null;
end $$;

create trigger price_observations_offer_count_insert after insert on price_observations
  referencing new table as inserted_rows for each statement execute function offer_price_counts_maintain();
create trigger price_observations_offer_count_delete after delete on price_observations
  referencing old table as deleted_rows for each statement execute function offer_price_counts_maintain();
create trigger price_observations_offer_count_update after update on price_observations
  referencing old table as old_rows new table as new_rows for each statement execute function offer_price_counts_maintain();
create trigger price_observations_offer_count_truncate after truncate on price_observations
  for each statement execute function offer_price_counts_maintain();

-- The timeline then reads the history of those offers, the most observed ones (about 12k rows for
-- eight at 1M): from the index alone once it carries the USD price and the id (a bitmap heap scan of
-- those rows took 80 ms). It replaces obs_offer_idx, whose every use it serves.
create index obs_offer_cover_idx on price_observations (offer_id, observed_at desc) include (price_usd, id);
drop index obs_offer_idx;
