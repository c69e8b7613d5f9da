-- Bulk import at speed (issue 15, item 4). Figures in docs/PERFORMANCE.md ("Bulk import").
--
-- 1. Time-ordered observation ids. A random (v4) id sends each new row's primary-key entry, and its
-- entry in every index that orders by id after a low-distinct column (technology, material,
-- currency: migration 0023), to a random leaf page: a 5,000-row insert at 200k rows dirtied 66k
-- pages, most of them written whole to the WAL after each checkpoint. A UUIDv7 starts with the
-- time in milliseconds, so those entries append at the right edge of the index or of their group
-- (40k pages). Nothing reads meaning into an id's randomness: the scatter's sample orders by
-- uuid_hash(id), a hash of all 16 bytes, which stays uniform over v7 ids (observation-id.test.ts);
-- ties broken by id now also put the newer row on the side of "newest". PostgreSQL 18 (PGlite) has
-- uuidv7(); older servers build one from the clock and gen_random_uuid() (RFC 9562: 48-bit
-- milliseconds, version 7, the v4 value's random bits and variant).
do $do$
begin
  if current_setting('server_version_num')::int >= 180000 then
    execute $f$create function observation_id() returns uuid language sql volatile parallel safe
      as 'select uuidv7()'$f$;
  else
    execute $f$create function observation_id() returns uuid language sql volatile parallel safe as $b$
      select encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
        placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
        from 1 for 6), 52, 1), 53, 1), 'hex')::uuid
    $b$$f$;
  end if;
end $do$;
alter table price_observations alter column id set default observation_id();

-- 2. Counts an import applies once, at its end. The vendor and offer counts (migrations 0007 and
-- 0019) update their rows in each insert statement, and those row locks last until commit: a
-- 20,000-row import held every single-price write to any of its vendors or offers for its whole
-- length (seconds). A transaction that sets preciofab.defer_counts = 'on' (set_config(..., true):
-- that transaction only) skips them on insert and applies the same counts itself just before it
-- commits (pricesRepository.applyImportOffersSteps), so the locks last that statement and the commit.
-- Deletes, updates and truncates count as before.
create or replace function offer_price_counts_maintain() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if current_setting('preciofab.defer_counts', true) = 'on' then
      return null;
    end if;
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

create or replace function vendor_price_counts_add() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if current_setting('preciofab.defer_counts', true) = 'on' then
      return null;
    end if;
    update vendors v set price_count = v.price_count + d.n
      from (select vendor_id, count(*)::int as n from inserted_rows group by vendor_id) d
     where v.id = d.vendor_id;
  elsif tg_op = 'DELETE' then
    -- A vendor deleted in the same statement is already gone: nothing to update for it.
    update vendors v set price_count = v.price_count - d.n
      from (select vendor_id, count(*)::int as n from deleted_rows group by vendor_id) d
     where v.id = d.vendor_id;
  else
    update vendors set price_count = 0;
  end if;
  return null;
end $$;

-- 3. Two indexes no read uses. The explorer's price-type and unit filters take their total and
-- aggregations from observation_rollup (both are among its grouping columns) and their page from
-- the sort's index, filtering as they walk: at 1M rows the planner chose (price_type, observed_at)
-- for none of them, and (unit, observed_at) only ANDed with the vendor index, 6 ms slower than
-- without it. Neither was scanned once over `npm run bench:reads` (234 cells) and `npm run bench`.
-- Each cost about 5 % of an insert. The other (column, observed_at) indexes stay: currency's serves
-- the FX renormalization (renormalizeFx), tax_state's the total of a tax filter with a date range
-- (tax_state is not in the rollup: 188 ms without it, 50 with it), region's the reports, and the
-- lower(technology|material|subcategory) ones the deep pages of those filters (27 ms with, 690
-- without, at row 10,000).
drop index obs_price_type_idx;
drop index obs_unit_idx;

-- 4. An import creates its new offers at its end, in the order every writer of offers locks them,
-- rather than at its start (where a single price for one of them waited for the whole import, and
-- an import locking the rest at its end could deadlock with it). Its rows name those offers before
-- they exist: the check of that foreign key may wait for the commit in a transaction that asks
-- (SET CONSTRAINTS … DEFERRED); every other writer keeps the immediate check.
alter table price_observations alter constraint price_observations_offer_id_fkey deferrable initially immediate;
