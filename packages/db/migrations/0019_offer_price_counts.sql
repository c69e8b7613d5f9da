-- Each offer's number of price observations and of those with a USD price, kept by statement-level
-- triggers (as vendors.price_count, migration 0007): the Prices screen's timeline draws the offers
-- with most priced observations, which took grouping every observation by offer (500-700 ms at 1M
-- rows). Figures in docs/PERFORMANCE.md.
--
-- A statement locks the offers it counts in id order before updating them (FOR NO KEY UPDATE, the
-- lock the update takes, which the foreign-key check's KEY SHARE does not block), so two statements
-- touching the same offers wait for each other instead of deadlocking. Observations never change
-- offer (the application does not update offer_id); an update that sets or clears price_usd (an FX
-- renormalization) moves the priced count.
alter table offers add column price_count integer not null default 0 check (price_count >= 0);
alter table offers add column priced_count integer not null default 0 check (priced_count >= 0);
update offers f set price_count = c.n, priced_count = c.p
  from (select offer_id, count(*)::int as n, count(price_usd)::int as p from price_observations group by offer_id) c
 where c.offer_id = f.id;
create index offers_priced_idx on offers (priced_count desc, id);

-- Static statements, whose plans PL/pgSQL keeps for the session (a single-row write pays little).
create function offer_price_counts_maintain() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform 1 from offers where id in (select offer_id from inserted_rows) order by id for no key update;
    update offers f set price_count = f.price_count + d.n, priced_count = f.priced_count + d.p
      from (select offer_id, count(*)::int as n, count(price_usd)::int as p from inserted_rows group by offer_id) d
     where f.id = d.offer_id;
  elsif tg_op = 'DELETE' then
    -- An offer deleted in the same statement is already gone: nothing to update for it.
    perform 1 from offers where id in (select offer_id from deleted_rows) order by id for no key update;
    update offers f set price_count = f.price_count - d.n, priced_count = f.priced_count - d.p
      from (select offer_id, count(*)::int as n, count(price_usd)::int as p from deleted_rows group by offer_id) d
     where f.id = d.offer_id;
  elsif tg_op = 'UPDATE' then
    update offers f set priced_count = f.priced_count + d.p
      from (select n.offer_id, sum(case when n.price_usd is null then -1 else 1 end)::int as p
              from old_rows o join new_rows n on n.id = o.id
             where (o.price_usd is null) <> (n.price_usd is null)
             group by n.offer_id
             order by n.offer_id) d
     where f.id = d.offer_id;
  else
    update offers set price_count = 0, priced_count = 0 where price_count <> 0 or priced_count <> 0;
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
