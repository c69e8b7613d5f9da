-- Each vendor's number of price observations, kept by statement-level triggers like table_counts:
-- the vendor list showed it with a count per row, 350 ms for a page of 100 at 1M observations.
-- Observations never change vendor (the application does not update vendor_id), so inserts,
-- deletes (cascades from offers included) and truncate are all that move it.
alter table vendors add column price_count integer not null default 0 check (price_count >= 0);
update vendors v set price_count = c.n
  from (select vendor_id, count(*)::int as n from price_observations group by vendor_id) c
 where c.vendor_id = v.id;

create function vendor_price_counts_add() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
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

create trigger price_observations_vendor_count_insert after insert on price_observations
  referencing new table as inserted_rows for each statement execute function vendor_price_counts_add();
create trigger price_observations_vendor_count_delete after delete on price_observations
  referencing old table as deleted_rows for each statement execute function vendor_price_counts_add();
create trigger price_observations_vendor_count_truncate after truncate on price_observations
  for each statement execute function vendor_price_counts_add();
