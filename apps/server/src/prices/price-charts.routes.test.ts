import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// The Prices screen's charts over every price matching its filters, on real storage. The rows are
// built here, so each expected figure is computed independently from the same list.

let t: TestApp;

type Seeded = {
  offer: number;
  currency: string;
  price_usd: number | null;
  confidence_score: number;
  price_type: string;
  observed_at: string;
};

const VENDORS = ['Impresiones Roma', 'Láser Norte', 'Euro Fab', 'Maker Sur'];
/** Offer n belongs to vendor n % 4; the offers of Euro Fab are in EUR, the others in MXN. */
const OFFERS = Array.from({ length: 10 }, (_, n) => ({ vendor: n % 4, name: `Servicio ${n}` }));
const rows: Seeded[] = [];
/** 900 prices over 2025, popular offers more often, one in twelve without a USD value. */
for (let i = 0; i < 900; i++) {
  const offer = Math.floor(((i * 37) % 100) ** 2 / 1000);
  rows.push({
    offer,
    currency: OFFERS[offer]!.vendor === 2 ? 'EUR' : 'MXN',
    price_usd: i % 12 === 5 ? null : Math.round(((i * 7919) % 1000) + 100) / 100,
    confidence_score: ((i * 13) % 100) / 100,
    price_type: i % 3 === 0 ? 'service_hourly' : 'service_per_part',
    observed_at: new Date(
      Date.UTC(2025, 0, 1) + ((i * 86_400_000 * 364) / 899 + (i % 7) * 3_600_000),
    ).toISOString(),
  });
}
const offerIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const vendorIds: string[] = [];
  for (const name of VENDORS) {
    const r = await t.db.query<{ id: string }>(
      `insert into vendors (name, type) values ($1, 'bureau') returning id`,
      [name],
    );
    vendorIds.push(r.rows[0]!.id);
  }
  for (const [n, offer] of OFFERS.entries()) {
    const r = await t.db.query<{ id: string }>(
      `insert into offers (vendor_id, offer_key, name, category, unit)
       values ($1, $2, $3, 'additive_manufacturing', 'cm3') returning id`,
      [vendorIds[offer.vendor], `chart-test|${n}`, offer.name],
    );
    offerIds.push(r.rows[0]!.id);
  }
  await t.db.query(
    `insert into price_observations (offer_id, vendor_id, offer_name, category, price, currency, unit, base_unit,
       price_usd, confidence_score, price_type, observed_at)
     select r.offer_id, f.vendor_id, f.name, 'additive_manufacturing', coalesce(r.price_usd, 1) * 17, r.currency,
            'cm3', 'cm3', r.price_usd, r.confidence_score, r.price_type, r.observed_at
       from json_to_recordset($1::json) as r(offer_id uuid, currency text, price_usd numeric,
              confidence_score numeric, price_type text, observed_at timestamptz)
       join offers f on f.id = r.offer_id`,
    [JSON.stringify(rows.map(({ offer, ...row }) => ({ ...row, offer_id: offerIds[offer] })))],
  );
});
afterAll(() => t.close());

const get = (
  chart: string,
  query: Record<string, string> = {},
  token: string | null = t.users.viewer.token,
) => t.call('GET', `/api/v1/prices/${chart}`, { token, query });

/** The Monday (UTC) of a date-time's week. */
function monday(iso: string): string {
  const d = new Date(iso);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7)))
    .toISOString()
    .slice(0, 10);
}

describe('GET /api/v1/prices/heatmap', () => {
  it('counts every price per vendor and week over the whole year', async () => {
    const res = await get('heatmap');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(900);
    expect(body.bucket).toBe('week');
    const weeks = [...new Set(rows.map((r) => monday(r.observed_at)))].sort();
    expect(body.buckets).toEqual(weeks);
    expect(body.buckets_total).toBe(weeks.length);
    expect(body.vendors_total).toBe(4);
    const expected = new Map<string, number>();
    for (const r of rows) {
      const k = `${VENDORS[OFFERS[r.offer]!.vendor]}|${monday(r.observed_at)}`;
      expected.set(k, (expected.get(k) ?? 0) + 1);
    }
    const names = new Map(
      body.vendors.map((v: { vendor_id: string; name: string }) => [v.vendor_id, v.name]),
    );
    expect(body.cells).toHaveLength(expected.size);
    for (const cell of body.cells) {
      expect(cell.observations).toBe(expected.get(`${names.get(cell.vendor_id)}|${cell.at}`));
    }
  });

  it('narrows to the list filters: the search by vendor or offer name, and the currency', async () => {
    const euro = (await get('heatmap', { currency: 'EUR' })).json();
    expect(euro.total).toBe(rows.filter((r) => r.currency === 'EUR').length);
    expect(euro.vendors.map((v: { name: string }) => v.name)).toEqual(['Euro Fab']);
    const byName = (await get('heatmap', { search: 'servicio 3' })).json();
    expect(byName.total).toBe(rows.filter((r) => r.offer === 3).length);
  });

  it('answers 401 without a token and 400 for a bad currency', async () => {
    expect((await get('heatmap', {}, null)).statusCode).toBe(401);
    expect((await get('heatmap', { currency: 'usd' })).statusCode).toBe(400);
  });
});

describe('GET /api/v1/prices/timeline', () => {
  it('draws the 8 most observed offers, a daily average of USD per base unit each', async () => {
    const body = (await get('timeline')).json();
    const priced = rows.filter((r) => r.price_usd !== null);
    expect(body).toMatchObject({ total: 900, priced: priced.length, bucket: 'day', series_limit: 8 });
    const perOffer = new Map<number, number>();
    for (const r of priced) perOffer.set(r.offer, (perOffer.get(r.offer) ?? 0) + 1);
    expect(body.offers_total).toBe(perOffer.size);
    const counts = body.offers.map((o: { observations: number }) => o.observations);
    expect(counts).toEqual([...perOffer.values()].sort((a, b) => b - a));
    expect(body.series).toHaveLength(Math.min(8, perOffer.size));
    for (const series of body.series) {
      const offer = offerIds.indexOf(series.offer_id);
      const days = new Map<string, number[]>();
      for (const r of priced.filter((p) => p.offer === offer)) {
        const day = r.observed_at.slice(0, 10);
        days.set(day, [...(days.get(day) ?? []), r.price_usd!]);
      }
      expect(series.points.map((p: { at: string }) => p.at)).toEqual([...days.keys()].sort());
      for (const point of series.points) {
        const values = days.get(point.at)!;
        expect(point.observations).toBe(values.length);
        expect(point.value).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 6);
        // A point carries no observation: a click asks for the day's newest of the offer.
        expect(point).not.toHaveProperty('observation_id');
      }
    }
    // Every point of the first series opens its day's newest observation of the offer.
    const first = body.series[0];
    for (const point of first.points) {
      const newest = await t.db.query<{ id: string }>(
        `select id::text from price_observations
          where offer_id = $1 and price_usd is not null
            and observed_at >= $2::date and observed_at < $2::date + 1
          order by observed_at desc, id desc limit 1`,
        [first.offer_id, point.at],
      );
      const opened = await get('timeline/point', { offer_id: first.offer_id, at: point.at, bucket: 'day' });
      expect(opened.statusCode).toBe(200);
      expect(opened.json()).toEqual({ observation_id: newest.rows[0]!.id });
    }
    const top = body.offers[0];
    expect(top.vendor_name).toBe(VENDORS[OFFERS[offerIds.indexOf(top.offer_id)]!.vendor]);
    expect(top.base_unit).toBe('cm3');
  });
});

describe('GET /api/v1/prices/timeline/point', () => {
  it("opens the newest observation of an offer's week or month, under the list's filters", async () => {
    const offer = offerIds[0]!;
    const priced = rows.filter((r) => r.offer === 0 && r.price_usd !== null);
    const newestOf = (match: (r: Seeded) => boolean) =>
      priced.filter(match).sort((a, b) => b.observed_at.localeCompare(a.observed_at))[0]?.observed_at;
    const idAt = async (observedAt: string) =>
      (
        await t.db.query<{ id: string }>(
          `select id::text from price_observations where offer_id = $1 and observed_at = $2
            order by id desc limit 1`,
          [offer, observedAt],
        )
      ).rows[0]!.id;
    const week = monday(priced[40]!.observed_at);
    const weekEnd = new Date(Date.parse(`${week}T00:00:00Z`) + 7 * 86_400_000).toISOString();
    const inWeek = newestOf((r) => r.observed_at >= `${week}T00:00:00` && r.observed_at < weekEnd)!;
    expect((await get('timeline/point', { offer_id: offer, at: week, bucket: 'week' })).json()).toEqual({
      observation_id: await idAt(inWeek),
    });
    const inMarch = newestOf((r) => r.observed_at.startsWith('2025-03'))!;
    expect(
      (await get('timeline/point', { offer_id: offer, at: '2025-03-01', bucket: 'month' })).json(),
    ).toEqual({
      observation_id: await idAt(inMarch),
    });
    // A filter that leaves nothing in the bucket (the offer is in MXN), and a bucket with no price.
    const none = { observation_id: null };
    expect(
      (
        await get('timeline/point', { offer_id: offer, at: '2025-03-01', bucket: 'month', currency: 'EUR' })
      ).json(),
    ).toEqual(none);
    expect(
      (await get('timeline/point', { offer_id: offer, at: '2019-03-01', bucket: 'month' })).json(),
    ).toEqual(none);
  });

  it('answers 401 without a token and 400 for a missing or malformed offer, day or bucket', async () => {
    const good = { offer_id: offerIds[0]!, at: '2025-03-01', bucket: 'month' };
    expect((await get('timeline/point', good, null)).statusCode).toBe(401);
    expect((await get('timeline/point', { ...good, offer_id: 'x' })).statusCode).toBe(400);
    expect((await get('timeline/point', { ...good, at: '2025-02-30' })).statusCode).toBe(400);
    expect((await get('timeline/point', { ...good, bucket: 'year' })).statusCode).toBe(400);
    expect((await get('timeline/point', { at: good.at, bucket: good.bucket })).statusCode).toBe(400);
  });
});

describe('GET /api/v1/prices/scatter', () => {
  it('sends every USD-priced price when they are fewer than the sample, with the counts', async () => {
    const body = (await get('scatter')).json();
    const priced = rows.filter((r) => r.price_usd !== null);
    expect(body).toMatchObject({
      total: 900,
      priced: priced.length,
      sample_size: priced.length,
      limit: 2000,
    });
    expect(
      body.points.map((p: { price_usd: number }) => p.price_usd).sort((a: number, b: number) => a - b),
    ).toEqual(priced.map((r) => r.price_usd).sort((a, b) => a! - b!));
    expect(new Set(body.points.map((p: { price_type: string }) => p.price_type))).toEqual(
      new Set(['service_hourly', 'service_per_part']),
    );
  });
});
