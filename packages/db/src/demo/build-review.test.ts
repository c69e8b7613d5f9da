import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb, type Db } from '../client.ts';
import { migrate } from '../migrate.ts';
import { seedDemo } from './seed-demo.ts';

const NOW = new Date('2025-06-15T12:00:00Z');

describe('the demo’s review queue', { timeout: 120_000 }, () => {
  let db: Db;

  beforeAll(async () => {
    db = await createPgliteDb();
    await migrate(db);
    await seedDemo(db, { seed: 4242, now: NOW });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it('has a few dozen readings waiting, for varied reasons, each with the figures behind it', async () => {
    const r = await db.query<{ code: string; n: number }>(
      `select e ->> 'code' as code, count(*)::int as n
         from observation_reviews r cross join lateral jsonb_array_elements(r.reasons) e
        where r.status = 'pending' group by 1 order by 1`,
    );
    const byCode = Object.fromEntries(r.rows.map((x) => [x.code, x.n]));
    expect(Object.keys(byCode)).toEqual(
      expect.arrayContaining(['currency_uncertain', 'outlier', 'price_jump']),
    );
    const pending = await db.query<{ n: number }>(
      "select count(*)::int as n from observation_reviews where status = 'pending'",
    );
    expect(pending.rows[0]!.n).toBeGreaterThanOrEqual(24);
    expect(pending.rows[0]!.n).toBeLessThanOrEqual(60);
    // A currency held as inferred says so in its evidence too.
    const guessed = await db.query<{ basis: string }>(
      `select o.metadata -> 'currency_evidence' ->> 'basis' as basis
         from observation_reviews r join price_observations o on o.id = r.observation_id
        where r.reasons @> '[{"code":"currency_uncertain"}]'`,
    );
    expect(guessed.rows.length).toBeGreaterThan(0);
    for (const g of guessed.rows) expect(['page_locale', 'domain']).toContain(g.basis);
    const jump = await db.query<{ reasons: { code: string; jump_percent?: number }[] }>(
      `select reasons from observation_reviews where reasons @> '[{"code":"price_jump"}]' limit 1`,
    );
    expect(jump.rows[0]!.reasons.find((x) => x.code === 'price_jump')!.jump_percent).toBeGreaterThan(50);
  });

  it('has two decided readings with their audit rows', async () => {
    const r = await db.query<{ status: string; action: string; note: string }>(
      `select r.status, d.action, d.note from observation_reviews r
         join review_decisions d on d.observation_id = r.observation_id
        where r.status <> 'pending' order by r.status`,
    );
    expect(r.rows.map((x) => [x.status, x.action])).toEqual([
      ['approved', 'approve'],
      ['rejected', 'reject'],
    ]);
  });

  it('keeps the waiting and rejected readings out of the benchmarks it calculates', async () => {
    const r = await db.query<{ held_max: string; bench_max: string }>(
      `select (select max(o.price_net_usd)::text from observation_reviews r join price_observations o on o.id = r.observation_id
                where r.status = 'rejected') as held_max,
              (select max(price_p90)::text from benchmarks) as bench_max`,
    );
    expect(r.rows[0]!.held_max).not.toBeNull();
    // The per-group sums of counts match the prices that may count, not those held.
    const counts = await db.query<{ bench: number; eligible: number; all: number }>(
      `with g as (select * from benchmarks where region = 'Global' and time_window_days = 30)
       select (select sum(observation_count)::int from g) as bench,
              (select count(*)::int from price_observations o
                where o.price_net_usd is not null and o.base_unit is not null
                  and o.observed_at > $1::timestamptz - interval '30 days' and o.observed_at <= $1::timestamptz
                  and not exists (select 1 from observation_reviews r where r.observation_id = o.id
                                   and r.status in ('pending', 'rejected', 'corrected'))
                  and exists (select 1 from g where g.category = o.category and g.base_unit = o.base_unit
                               and g.subcategory is not distinct from o.subcategory)) as eligible,
              (select count(*)::int from price_observations o
                where o.observed_at > $1::timestamptz - interval '30 days' and o.observed_at <= $1::timestamptz
                  and exists (select 1 from g where g.category = o.category and g.base_unit = o.base_unit
                               and g.subcategory is not distinct from o.subcategory)) as all`,
      [NOW.toISOString()],
    );
    const c = counts.rows[0]!;
    expect(c.bench).toBe(c.eligible);
    expect(c.all).toBeGreaterThan(c.eligible);
  });
});
