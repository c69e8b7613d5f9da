import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// The explorer's chart views over the whole filtered set, on real storage. The rows are built
// here and inserted as they are, so every expected figure is computed independently, in
// JavaScript, from the same list.

let t: TestApp;

type Seeded = {
  vendor: number;
  category: 'additive_manufacturing' | 'laser_cutting' | 'materials';
  technology: string | null;
  material: string | null;
  base_unit: string | null;
  price_usd: number | null;
  confidence_score: number;
  volume_cm3: number | null;
  observed_at: string;
};

const rows: Seeded[] = [];
const vendorIds: string[] = [];
const vendorNames: string[] = [];

const TECHNOLOGIES = ['fdm', 'sla', 'FDM', null, 'mjf'];
const MATERIALS = ['pla', 'resin', null];
const month = (i: number) => i % 12;
const at = (i: number) =>
  new Date(Date.UTC(2025, month(i), 1 + ((i * 7) % 27), i % 24, (i * 11) % 60)).toISOString();

/** 720 additive prices over the 12 months of 2025: four technologies (one written in two cases)
 * and none, three materials and none, USD per cm³ or per hour, one in ten without a USD value. */
for (let i = 0; i < 720; i++) {
  const technology = TECHNOLOGIES[i % 5]!;
  const hourly = technology?.toLowerCase() === 'fdm' && i % 2 === 0;
  rows.push({
    vendor: i % 3,
    category: 'additive_manufacturing',
    technology,
    material: MATERIALS[i % 3]!,
    base_unit: hourly ? 'hour' : 'cm3',
    price_usd: i % 10 === 9 ? null : Math.round(((i * 7919) % 1000) + 50) / 100,
    confidence_score: ((i * 13) % 100) / 100,
    volume_cm3: hourly ? null : (i % 50) + 1,
    observed_at: at(i),
  });
}
/** 400 laser prices per m², 60 of them far above the rest: more outliers than a box lists. */
for (let i = 0; i < 400; i++) {
  rows.push({
    vendor: i % 3,
    category: 'laser_cutting',
    technology: 'laser',
    material: 'acrylic',
    base_unit: 'm2',
    price_usd: i % 20 < 3 ? 1000 + i : 20 + (i % 37),
    confidence_score: 0.5,
    volume_cm3: null,
    observed_at: at(i),
  });
}
/** 105 vendors of materials, one price each: more groups than the pivot keeps. */
for (let i = 0; i < 105; i++) {
  rows.push({
    vendor: 3 + i,
    category: 'materials',
    technology: null,
    material: 'pla',
    base_unit: 'kg',
    price_usd: 20 + (i % 7),
    confidence_score: 0.7,
    volume_cm3: null,
    observed_at: at(i + 5),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  for (let v = 0; v < 108; v++) {
    const name = v < 3 ? ['Impresiones Roma', 'Láser Norte', 'Euro Fab'][v]! : `Materiales ${v}`;
    const r = await t.db.query<{ id: string }>(
      `insert into vendors (name, type) values ($1, 'bureau') returning id`,
      [name],
    );
    vendorIds.push(r.rows[0]!.id);
    vendorNames.push(name);
  }
  await t.db.query(
    `with r as (
       select * from json_to_recordset($1::json) as r(vendor_id uuid, category text, technology text, material text,
         base_unit text, price_usd numeric, confidence_score numeric, volume_cm3 numeric, observed_at timestamptz)
     ), offers_made as (
       insert into offers (vendor_id, offer_key, name, category, unit)
       select distinct vendor_id, 'view-test|' || vendor_id || '|' || category, 'Offer ' || category, category, 'cm3'
         from r
       returning id, vendor_id, category
     )
     insert into price_observations (offer_id, vendor_id, offer_name, category, technology, material, price, currency,
       unit, base_unit, price_usd, confidence_score, volume_cm3, observed_at)
     select f.id, r.vendor_id, 'Offer ' || r.category, r.category, r.technology, r.material,
            coalesce(r.price_usd, 1) * 17, 'MXN', coalesce(r.base_unit, 'piece'), r.base_unit, r.price_usd,
            r.confidence_score, r.volume_cm3, r.observed_at
       from r join offers_made f on f.vendor_id = r.vendor_id and f.category = r.category`,
    [JSON.stringify(rows.map(({ vendor, ...row }) => ({ ...row, vendor_id: vendorIds[vendor] })))],
  );
});
afterAll(() => t.close());

const post = (path: string, body: unknown, token: string | null = t.users.viewer.token) =>
  t.call('POST', `/api/v1/observations/${path}`, { token, body });

/** PostgreSQL's percentile_cont: linear interpolation between the closest ranks. */
function quantile(sorted: readonly number[], p: number): number {
  const rank = (sorted.length - 1) * p;
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

const lower = (v: string | null) => v?.toLowerCase() ?? null;
const additive = rows.filter((r) => r.category === 'additive_manufacturing');
const categoryIs = (value: string) => [{ field: 'category', operator: 'eq', value }];

type Cell = {
  x: { value: string | null; label: string | null };
  y: { value: string | null } | null;
  base_unit: string | null;
  value: number;
  observations: number;
  observation_id: string | null;
};

describe('POST /api/v1/observations/pivot', () => {
  it('groups every observation by month: 12 months of data give 12 rows, oldest first', async () => {
    const res = await post('pivot', { dimension: 'date', measure: 'confidence', aggregation: 'count' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(rows.length);
    expect(body.measured).toBe(rows.length);
    expect(body.cells.map((c: Cell) => c.x.value)).toEqual(
      Array.from({ length: 12 }, (_, m) => `2025-${String(m + 1).padStart(2, '0')}`),
    );
    for (const cell of body.cells as Cell[]) {
      const inMonth = rows.filter((r) => r.observed_at.startsWith(cell.x.value!)).length;
      expect(cell.observations).toBe(inMonth);
      expect(cell.value).toBe(inMonth);
    }
    expect(body).toMatchObject({ x_groups: 12, x_limit: 100, y_groups: 0 });
  });

  it('averages USD per base unit by technology, case-insensitively, one row per base unit', async () => {
    const res = await post('pivot', {
      filters: categoryIs('additive_manufacturing'),
      dimension: 'technology',
      measure: 'price',
      aggregation: 'avg',
    });
    const body = res.json();
    expect(body.total).toBe(720);
    // Prices without a USD value are counted in the total and left out of the averages.
    expect(body.measured).toBe(additive.filter((r) => r.price_usd !== null).length);
    const expected = new Map<string, number[]>();
    for (const r of additive) {
      if (r.price_usd === null) continue;
      const k = JSON.stringify([lower(r.technology), r.base_unit]);
      expected.set(k, [...(expected.get(k) ?? []), r.price_usd]);
    }
    expect(body.cells).toHaveLength(expected.size);
    for (const cell of body.cells as Cell[]) {
      const values = expected.get(JSON.stringify([cell.x.value, cell.base_unit]))!;
      expect(cell.observations).toBe(values.length);
      expect(cell.value).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 6);
    }
    // The largest groups first; "not specified" last.
    expect(body.cells.at(-1).x.value).toBeNull();
    const sizes = body.cells.slice(0, -1).map((c: Cell) => c.observations);
    expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
    expect(new Set(body.cells.map((c: Cell) => c.base_unit))).toEqual(new Set(['cm3', 'hour']));
  });

  it('opens the newest observation of a group', async () => {
    const body = (
      await post('pivot', {
        filters: [
          ...categoryIs('additive_manufacturing'),
          { field: 'technology', operator: 'eq', value: 'sla' },
        ],
        dimension: 'technology',
        measure: 'price',
      })
    ).json();
    expect(body.cells).toHaveLength(1);
    const newest = additive
      .filter((r) => r.technology === 'sla' && r.price_usd !== null)
      .map((r) => r.observed_at)
      .sort()
      .at(-1);
    const opened = await t.db.query<{ observed_at: Date }>(
      'select observed_at from price_observations where id = $1',
      [body.cells[0].observation_id],
    );
    expect(opened.rows[0]!.observed_at.toISOString()).toBe(newest);
  });

  it('sums and crosses two dimensions for the heatmap, on the whole filtered set', async () => {
    const body = (
      await post('pivot', {
        filters: categoryIs('additive_manufacturing'),
        dimension: 'technology',
        cross: 'material',
        measure: 'volume',
        aggregation: 'sum',
      })
    ).json();
    const expected = new Map<string, number>();
    for (const r of additive) {
      if (r.volume_cm3 === null) continue;
      const k = JSON.stringify([lower(r.technology), r.material]);
      expected.set(k, (expected.get(k) ?? 0) + r.volume_cm3);
    }
    expect(body.cells).toHaveLength(expected.size);
    for (const cell of body.cells as Cell[]) {
      expect(cell.value).toBe(expected.get(JSON.stringify([cell.x.value, cell.y!.value])));
      expect(cell.base_unit).toBeNull();
    }
    expect(body.y_groups).toBe(3);
    expect(body.y_limit).toBe(20);
  });

  it('keeps the 100 largest of 105 vendors, says so, and names them', async () => {
    const body = (
      await post('pivot', { filters: categoryIs('materials'), dimension: 'vendor', aggregation: 'count' })
    ).json();
    expect(body.x_groups).toBe(105);
    expect(body.x_limit).toBe(100);
    expect(body.cells).toHaveLength(100);
    const cell = body.cells[0] as Cell;
    expect(vendorIds).toContain(cell.x.value);
    expect(cell.x.label).toBe(vendorNames[vendorIds.indexOf(cell.x.value!)]);
  });

  it('refuses an unknown filter field, naming it, and a cross equal to the dimension', async () => {
    const bad = await post('pivot', {
      filters: [{ field: 'password_hash', operator: 'eq', value: 'x' }],
      dimension: 'technology',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'filters.0.field' })]);
    const same = await post('pivot', { dimension: 'technology', cross: 'technology' });
    expect(same.statusCode).toBe(400);
    expect((await post('pivot', { dimension: 'technology' }, null)).statusCode).toBe(401);
  });
});

describe('POST /api/v1/observations/box-plot', () => {
  it('gives quartiles, Tukey whiskers and outliers equal to an independent computation', async () => {
    const res = await post('box-plot', {
      filters: categoryIs('additive_manufacturing'),
      dimension: 'technology',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(720);
    for (const group of body.groups) {
      const values = additive
        .filter((r) => lower(r.technology) === group.key.value && r.base_unit === group.base_unit)
        .flatMap((r) => (r.price_usd === null ? [] : [r.price_usd]))
        .sort((a, b) => a - b);
      expect(group.observations).toBe(values.length);
      const q1 = quantile(values, 0.25);
      const q3 = quantile(values, 0.75);
      expect(group.q1).toBeCloseTo(q1, 9);
      expect(group.median).toBeCloseTo(quantile(values, 0.5), 9);
      expect(group.q3).toBeCloseTo(q3, 9);
      const inside = values.filter((v) => v >= q1 - 1.5 * (q3 - q1) && v <= q3 + 1.5 * (q3 - q1));
      expect(group.min).toBe(inside[0]);
      expect(group.max).toBe(inside.at(-1));
      expect(group.outliers_total).toBe(values.length - inside.length);
    }
  });

  it('counts every outlier and lists the 50 furthest from the median', async () => {
    const body = (
      await post('box-plot', { filters: categoryIs('laser_cutting'), dimension: 'material' })
    ).json();
    expect(body.groups).toHaveLength(1);
    const [group] = body.groups;
    expect(group.key.value).toBe('acrylic');
    expect(group.base_unit).toBe('m2');
    expect(group.outliers_total).toBe(60);
    expect(group.outliers).toHaveLength(50);
    const listed = group.outliers.map((o: { value: number }) => o.value);
    expect(listed).toEqual([...listed].sort((a, b) => b - a));
    expect(listed[0]).toBe(1000 + 382);
    expect(body.outlier_limit).toBe(50);
    expect(group.max).toBe(20 + 36);
    // A few hundred values: sorted, exact (the histogram answers above 20,000).
    expect(body.approximate).toBeNull();
  });

  it('keeps the latest months of a date box plot in order', async () => {
    const body = (await post('box-plot', { dimension: 'date', measure: 'confidence' })).json();
    expect(body.groups.map((g: { key: { value: string } }) => g.key.value)).toEqual(
      Array.from({ length: 12 }, (_, m) => `2025-${String(m + 1).padStart(2, '0')}`),
    );
    expect(body.groups_total).toBe(12);
  });
});

describe('POST /api/v1/observations/scatter', () => {
  type Point = { observation_id: string; observed_at: string; value: number; key: { value: string | null } };

  it('draws a repeatable sample of the whole set, and says how large it is', async () => {
    const request = { filters: categoryIs('additive_manufacturing'), dimension: 'date', limit: 120 };
    const first = (await post('scatter', request)).json();
    expect(first.total).toBe(720);
    expect(first.measured).toBe(additive.filter((r) => r.price_usd !== null).length);
    expect(first.sample_size).toBe(120);
    expect(first.points).toHaveLength(120);
    expect(first.limit).toBe(120);
    const again = (await post('scatter', request)).json();
    expect(again.points.map((p: Point) => p.observation_id)).toEqual(
      first.points.map((p: Point) => p.observation_id),
    );
    // Drawn from every month, not from the newest rows; coloured by technology.
    expect(new Set(first.points.map((p: Point) => p.observed_at.slice(0, 7))).size).toBe(12);
    const techs = new Set(first.points.map((p: Point) => p.key.value));
    expect([...techs].every((v) => v === null || ['fdm', 'sla', 'mjf'].includes(v as string))).toBe(true);
  });

  it('sends every point when there are fewer than the limit', async () => {
    const body = (
      await post('scatter', { filters: categoryIs('materials'), dimension: 'vendor', measure: 'price' })
    ).json();
    expect(body).toMatchObject({ total: 105, measured: 105, sample_size: 105, limit: 2000 });
    expect(
      body.points.every((p: Point & { key: { label: string } }) => p.key.label.startsWith('Materiales')),
    ).toBe(true);
  });
});

describe('the explorer order: USD per base unit across currencies', () => {
  it('ranks MXN 2,400 (about USD 141) below USD 220, with a price of no rate last either way', async () => {
    const vendor = (
      await t.call('POST', '/api/v1/vendors', {
        body: { name: 'Cotizaciones Mixtas', type: 'bureau', city: 'Puebla', capabilities: ['fdm_printing'] },
      })
    ).json().id as string;
    const ids: Record<string, string> = {};
    for (const [key, price, currency] of [
      ['mxn', 2400, 'MXN'],
      ['usd', 220, 'USD'],
      // No rate of Chilean pesos is stored: not convertible, so no USD value.
      ['clp', 90_000, 'CLP'],
    ] as const) {
      const res = await t.call('POST', '/api/v1/prices', {
        body: {
          vendor_id: vendor,
          service_name: `Pieza FDM ${currency}`,
          category: 'additive_manufacturing',
          unit: 'piece',
          price,
          currency,
        },
      });
      expect(res.statusCode).toBe(201);
      ids[key] = res.json().id;
    }
    const order = async (field: string, direction: 'asc' | 'desc') =>
      (
        await post('search', {
          filters: [{ field: 'vendor_id', operator: 'eq', value: vendor }],
          sort: { field, order: direction },
        })
      )
        .json()
        .data.map((r: { id: string; price_usd: number | null; usd_status: string }) => ({
          id: r.id,
          usd: r.price_usd,
          status: r.usd_status,
        }));
    const cheapest = await order('price_usd', 'asc');
    expect(cheapest.map((r: { id: string }) => r.id)).toEqual([ids.mxn, ids.usd, ids.clp]);
    expect(cheapest[0].usd).toBeCloseTo(2400 / 17, 4);
    // Missing is not zero: labelled as such, and last in both directions.
    expect(cheapest[2]).toEqual({ id: ids.clp, usd: null, status: 'no_rate' });
    expect((await order('price_usd', 'desc')).map((r: { id: string }) => r.id)).toEqual([
      ids.usd,
      ids.mxn,
      ids.clp,
    ]);
    // The observed amount alone would put 90,000 pesos and 2,400 pesos above 220 dollars.
    expect((await order('price', 'desc')).map((r: { id: string }) => r.id)).toEqual([
      ids.clp,
      ids.mxn,
      ids.usd,
    ]);
    // And the explorer's price measure averages USD per base unit, not the observed amounts.
    const pivot = (
      await post('pivot', {
        filters: [{ field: 'vendor_id', operator: 'eq', value: vendor }],
        dimension: 'vendor',
        measure: 'price',
      })
    ).json();
    expect(pivot).toMatchObject({ total: 3, measured: 2 });
    expect(pivot.cells[0].value).toBeCloseTo((2400 / 17 + 220) / 2, 4);
    expect(pivot.cells[0].base_unit).toBe('piece');
  });
});
