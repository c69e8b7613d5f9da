-- Default exchange rates, effective long before any observation, so a fresh install normalizes
-- prices to USD before an administrator sets real rates. Later rates take precedence by date;
-- an existing row for that date is kept.
insert into fx_rates (currency, effective_date, units_per_usd, source)
values
  ('USD', date '2000-01-01', 1, 'default'),
  ('MXN', date '2000-01-01', 17.0, 'default'),
  ('EUR', date '2000-01-01', 0.92, 'default')
on conflict (currency, effective_date) do nothing;
