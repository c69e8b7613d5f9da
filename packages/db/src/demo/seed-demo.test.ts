import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxRateForCountry } from '@preciofab/shared/vat';
import { createPgliteDb, type Db } from '../client.ts';
import { migrate } from '../migrate.ts';
import { enrichObservation } from '../observation-enrichment.ts';
import { isReservedName, namedHosts } from '../testing/named-hosts.ts';
import { seedDemo, type DemoSummary } from './seed-demo.ts';

const NOW = new Date('2025-06-15T12:00:00Z');
const SEED = 4242;

async function freshDb(): Promise<Db> {
  const db = await createPgliteDb();
  await migrate(db);
  return db;
}

async function one<T>(db: Db, sql: string, params: unknown[] = []): Promise<T> {
  const row = (await db.query<T>(sql, params)).rows[0];
  if (!row) throw new Error(`no row: ${sql}`);
  return row;
}

describe('seedDemo', { timeout: 120_000 }, () => {
  let db: Db;
  let summary: DemoSummary;

  beforeAll(async () => {
    db = await freshDb();
    summary = await seedDemo(db, { seed: SEED, now: NOW });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it('creates at least 40 clearly labelled vendors of all six types', async () => {
    const r = await one<{ n: number; types: number; labelled: number; example: number }>(
      db,
      `select count(*)::int as n, count(distinct type)::int as types,
              count(*) filter (where description like '[DEMO]%')::int as labelled,
              count(*) filter (where website_domain ~ '\\.[a-z]{2}\\.example$' and website = 'https://' || website_domain)::int as example
         from vendors`,
    );
    expect(r.n).toBeGreaterThanOrEqual(40);
    expect(r.types).toBe(6);
    expect(r.labelled).toBe(r.n);
    expect(r.example).toBe(r.n);
    expect(summary.counts.vendors).toBe(r.n);
  });

  it('names only reserved hosts (.example, .test): no seeded URL, address or domain can reach a real site', async () => {
    const hosts = [...(await namedHosts(db))];
    expect(hosts.length).toBeGreaterThan(60);
    expect(hosts.filter((h) => !isReservedName(h))).toEqual([]);
  });

  it('seeds its discovery sources paused, schedules kept: none runs before someone resumes it', async () => {
    const r = await one<{ n: number; active: number; scheduled: number }>(
      db,
      `select count(*)::int as n, count(*) filter (where active)::int as active,
              count(*) filter (where schedule <> '')::int as scheduled
         from discovery_sources`,
    );
    expect(r).toMatchObject({ n: 6, active: 0 });
    expect(r.scheduled).toBeGreaterThan(0);
  });

  it('creates 5,000+ observations over most of a year in every category', async () => {
    const r = await one<{ n: number; days: number; categories: number; origins: string[] }>(
      db,
      `select count(*)::int as n, extract(day from max(observed_at) - min(observed_at))::int as days,
              count(distinct category)::int as categories, array_agg(distinct origin) as origins
         from price_observations`,
    );
    expect(r.n).toBeGreaterThanOrEqual(5_000);
    expect(r.days).toBeGreaterThanOrEqual(330);
    expect(r.categories).toBe(4);
    expect(r.origins).toEqual(['demo']);
    expect(summary.counts.price_observations).toBe(r.n);
  });

  it('stores a confidence score equal to the weighted components', async () => {
    const r = await one<{ off: number; n: number }>(
      db,
      `select count(*) filter (where abs(confidence_score - (0.25 * confidence_source + 0.30 * confidence_completeness
                + 0.25 * confidence_consistency + 0.20 * confidence_freshness)) > 0.0001)::int as off,
              count(*)::int as n
         from price_observations`,
    );
    expect(r.n).toBeGreaterThan(0);
    expect(r.off).toBe(0);
  });

  it("normalizes prices to USD at the stored rate, net and gross of the vendor's country's VAT", async () => {
    const r = await one<{ usd: number; net: number; gross: number; fx: number }>(
      db,
      `select count(*) filter (where abs(price_usd - price / quantity / fx_rate) > 0.000001)::int as usd,
              count(*) filter (where abs(price_net_usd - price / quantity / fx_rate
                / case when tax_state = 'included' then 1 + tax_rate else 1 end) > 0.000001)::int as net,
              count(*) filter (where abs(price_gross_usd - price / quantity / fx_rate
                * case when tax_state = 'included' then 1 else 1 + tax_rate end) > 0.000001)::int as gross,
              count(*) filter (where not exists (select 1 from fx_rates f where f.currency = o.currency
                and f.effective_date = o.fx_date and f.units_per_usd = o.fx_rate))::int as fx
         from price_observations o`,
    );
    expect(r).toEqual({ usd: 0, net: 0, gross: 0, fx: 0 });
    const vat = await db.query<{ country: string; rate: string }>(
      `select distinct v.country_code as country, o.tax_rate::text as rate
         from price_observations o join vendors v on v.id = o.vendor_id order by 1`,
    );
    expect(vat.rows.length).toBeGreaterThanOrEqual(8);
    for (const x of vat.rows) expect(Number(x.rate), x.country).toBe(Number(taxRateForCountry(x.country)));
  });

  it('prices vendors of five more countries in their own currencies, converted to USD', async () => {
    const r = await db.query<{
      currency: string;
      countries: string[];
      vendors: number;
      n: number;
      usd: number;
      cents: number;
    }>(
      `select o.currency, array_agg(distinct v.country_code) as countries, count(distinct o.vendor_id)::int as vendors,
              count(*)::int as n, count(o.price_usd)::int as usd,
              count(*) filter (where o.price <> trunc(o.price))::int as cents
         from price_observations o join vendors v on v.id = o.vendor_id
        where o.currency in ('COP', 'CLP', 'ARS', 'PEN', 'BRL')
        group by o.currency order by o.currency`,
    );
    expect(r.rows.map((x) => [x.currency, x.countries])).toEqual([
      ['ARS', ['AR']],
      ['BRL', ['BR']],
      ['CLP', ['CL']],
      ['COP', ['CO']],
      ['PEN', ['PE']],
    ]);
    for (const x of r.rows) {
      expect(x.vendors, x.currency).toBeGreaterThanOrEqual(2);
      expect(x.n, x.currency).toBeGreaterThan(50);
      // Every one converts: each currency has a rate on or before every observation's date.
      expect(x.usd, x.currency).toBe(x.n);
    }
    // Shops in Chile, Colombia and Argentina tag whole pesos.
    expect(r.rows.filter((x) => ['ARS', 'CLP', 'COP'].includes(x.currency)).map((x) => x.cents)).toEqual([
      0, 0, 0,
    ]);
  });

  it('converts each price at the daily rate in force on its date, as the server would', async () => {
    const stale = await one<{ n: number }>(
      db,
      `select count(*)::int as n from price_observations o
        where o.fx_date is distinct from (select max(f.effective_date) from fx_rates f
                where f.currency = o.currency and f.effective_date <= (o.observed_at at time zone 'UTC')::date)`,
    );
    expect(stale.n).toBe(0);
    // Business-day rates over the whole history; the peso argentino loses about 1 % a week.
    const ars = await one<{ days: number; first: string; last: string; rise: number }>(
      db,
      `select count(*)::int as days, min(effective_date)::text as first, max(effective_date)::text as last,
              ((array_agg(units_per_usd order by effective_date desc))[1]
                / (array_agg(units_per_usd order by effective_date))[1])::float8 as rise
         from fx_rates where currency = 'ARS' and source = 'demo'`,
    );
    expect(ars.days).toBeGreaterThan(250);
    expect(ars.first <= '2024-06-03' && ars.last >= '2025-06-13').toBe(true);
    expect(ars.rise).toBeGreaterThan(1.4);
    expect(ars.rise).toBeLessThan(2.1);
    // The product's own enrichment, given a stored price, finds the same rate and USD values.
    const sample = await db.query<{
      vendor_id: string;
      country: string;
      price: string;
      quantity: string;
      unit: string;
      currency: string;
      tax_state: 'included' | 'excluded' | 'unknown';
      category: string;
      observed_at: Date;
      fx_rate: string;
      fx_date: string;
      base_unit: string;
      price_usd: string;
      price_net_usd: string;
      price_gross_usd: string;
    }>(
      `select * from (
         select o.vendor_id, v.country_code as country, o.price::text, o.quantity::text, o.unit, o.currency,
                o.tax_state, o.category, o.observed_at, o.fx_rate::text, o.fx_date::text, o.base_unit,
                o.price_usd::text, o.price_net_usd::text, o.price_gross_usd::text,
                row_number() over (partition by o.currency, o.tax_state order by o.id) as k
           from price_observations o join vendors v on v.id = o.vendor_id) s
        where k <= 5`,
    );
    // Every currency, with and without tax included.
    expect(new Set(sample.rows.map((x) => x.currency)).size).toBe(8);
    expect(new Set(sample.rows.map((x) => x.tax_state))).toEqual(
      new Set(['included', 'excluded', 'unknown']),
    );
    for (const o of sample.rows) {
      const e = await enrichObservation(db, {
        vendorId: o.vendor_id,
        trustScore: 0.8,
        price: o.price,
        quantity: o.quantity,
        unit: o.unit,
        currency: o.currency,
        taxState: o.tax_state,
        taxRate: taxRateForCountry(o.country),
        category: o.category,
        fields: {},
        observedAt: o.observed_at,
      });
      expect(
        [e.fxRate, e.fxDate, e.baseUnit, e.priceUsd, e.priceNetUsd, e.priceGrossUsd].map(String),
        `${o.currency} ${o.price} on ${o.observed_at.toISOString()}`,
      ).toEqual(
        [o.fx_rate, o.fx_date, o.base_unit, o.price_usd, o.price_net_usd, o.price_gross_usd].map(String),
      );
    }
  });

  it('compares several countries in the LATAM benchmarks', async () => {
    // Each LATAM benchmark group, recomputed from its observations with their vendors' countries.
    const groups = await db.query<{
      subcategory: string;
      base_unit: string;
      days: number;
      vendors: number;
      again: number;
      countries: number;
    }>(
      `select b.subcategory, b.base_unit, b.time_window_days as days, b.vendor_count as vendors,
              count(distinct o.vendor_id)::int as again, count(distinct v.country_code)::int as countries
         from benchmarks b
         join price_observations o on o.category = b.category and o.subcategory is not distinct from b.subcategory
              and o.base_unit = b.base_unit and o.price_net_usd is not null
              and o.region in ('CDMX', 'Mexico', 'LATAM')
              and o.observed_at between b.calculated_at - make_interval(days => b.time_window_days) and b.calculated_at
         join vendors v on v.id = o.vendor_id
        where b.region = 'LATAM'
        group by b.id`,
    );
    expect(groups.rows.length).toBeGreaterThan(20);
    for (const g of groups.rows) expect(g.again, `${g.subcategory}/${g.base_unit}`).toBe(g.vendors);
    const wide = groups.rows.filter((g) => g.countries >= 3);
    expect(wide.length).toBeGreaterThan(0);
    // The everyday lines are carried in Mexico and three more countries by construction.
    const yearly = (sub: string, unit: string) =>
      groups.rows.find((g) => g.days === 365 && g.subcategory === sub && g.base_unit === unit)?.countries;
    expect(yearly('FDM', 'cm3')).toBeGreaterThanOrEqual(4);
    expect(yearly('Filaments', 'kg')).toBeGreaterThanOrEqual(4);
    expect(yearly('Milling', 'hour')).toBeGreaterThanOrEqual(4);
  });

  it('computes benchmarks and keeps the activity log pointing at real rows', async () => {
    const b = await one<{ categories: number; calcs: number }>(
      db,
      `select count(distinct category)::int as categories, count(distinct calculation_id)::int as calcs from benchmarks`,
    );
    expect(b).toEqual({ categories: 4, calcs: 1 });
    const dangling = await one<{ n: number }>(
      db,
      `select count(*)::int as n from activity_log a where not (
         (a.entity_type = 'vendor' and exists (select 1 from vendors v where v.id::text = a.entity_id)) or
         (a.entity_type = 'crawl_target' and exists (select 1 from crawl_targets t where t.id::text = a.entity_id)) or
         (a.entity_type = 'crawl_run' and exists (select 1 from crawl_runs r where r.id::text = a.entity_id)) or
         (a.entity_type = 'price_observation' and exists (select 1 from price_observations p where p.id::text = a.entity_id)) or
         (a.entity_type = 'benchmark_calculation' and exists (select 1 from benchmarks b where b.calculation_id::text = a.entity_id)) or
         (a.entity_type = 'discovery_source' and exists (select 1 from discovery_sources s where s.id::text = a.entity_id)) or
         (a.entity_type = 'discovery_candidate' and exists (select 1 from discovery_candidates c where c.id::text = a.entity_id)))`,
    );
    expect(dangling.n).toBe(0);
    expect(summary.counts.activity_log).toBeGreaterThanOrEqual(30);
  });

  it('gives the same data for the same seed on another database', async () => {
    const other = await freshDb();
    try {
      await seedDemo(other, { seed: SEED, now: NOW });
      const fingerprint = (d: Db) =>
        one<{ names: string[]; total: string }>(
          d,
          `select (select array_agg(name order by name) from vendors) as names,
                  (select sum(price)::text from price_observations) as total`,
        );
      const [a, b] = await Promise.all([fingerprint(db), fingerprint(other)]);
      expect(b.names).toEqual(a.names);
      expect(b.total).toBe(a.total);
    } finally {
      await other.close();
    }
  });

  it('refuses to seed a database that already has vendors', async () => {
    await expect(seedDemo(db, { seed: SEED, now: NOW })).rejects.toThrow(/already has \d+ vendor/);
  });
});
