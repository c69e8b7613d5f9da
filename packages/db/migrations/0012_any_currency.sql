-- Prices and exchange rates in any ISO 4217 currency, not only MXN, USD and EUR: the column checks
-- of 0001 become a shape check; which codes are active is the application's table
-- (packages/shared/src/currencies.ts), so a code ISO adds later needs no migration.
alter table price_observations drop constraint price_observations_currency_check;
alter table price_observations add constraint price_observations_currency_check check (currency ~ '^[A-Z]{3}$');
alter table fx_rates drop constraint fx_rates_currency_check;
alter table fx_rates add constraint fx_rates_currency_check check (currency ~ '^[A-Z]{3}$');

-- The rates list newest first, whole or by currency, a page at a time (an imported history holds
-- hundreds of thousands of rows); the primary key serves the per-currency look-ups.
create index fx_rates_date_idx on fx_rates (effective_date desc, currency);

-- The VAT an observation is netted with: its vendor's country's standard rate (packages/shared/src/
-- vat.ts), 0 where the country has no single national rate. Until now every price was netted with
-- Mexico's 16 % IVA; rows stored before keep it, as their stored net and gross were computed with it.
alter table price_observations add column tax_rate numeric(6, 4) not null default 0.16
  check (tax_rate >= 0 and tax_rate < 1);
