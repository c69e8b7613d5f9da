import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb, type Db } from '../client.ts';
import { migrate } from '../migrate.ts';
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
              count(*) filter (where website_domain ~ '\\.example\\.(mx|com)$' and website = 'https://' || website_domain)::int as example
         from vendors`,
    );
    expect(r.n).toBeGreaterThanOrEqual(40);
    expect(r.types).toBe(6);
    expect(r.labelled).toBe(r.n);
    expect(r.example).toBe(r.n);
    expect(summary.counts.vendors).toBe(r.n);
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

  it('normalizes prices to USD at the stored rate, net and gross of 16% VAT', async () => {
    const r = await one<{ usd: number; net: number; gross: number; fx: number }>(
      db,
      `select count(*) filter (where abs(price_usd - price / quantity / fx_rate) > 0.000001)::int as usd,
              count(*) filter (where abs(price_net_usd - price / quantity / fx_rate
                / case when tax_state = 'included' then 1.16 else 1 end) > 0.000001)::int as net,
              count(*) filter (where abs(price_gross_usd - price / quantity / fx_rate
                * case when tax_state = 'included' then 1 else 1.16 end) > 0.000001)::int as gross,
              count(*) filter (where not exists (select 1 from fx_rates f where f.currency = o.currency
                and f.effective_date = o.fx_date and f.units_per_usd = o.fx_rate))::int as fx
         from price_observations o`,
    );
    expect(r).toEqual({ usd: 0, net: 0, gross: 0, fx: 0 });
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
