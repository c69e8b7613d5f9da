import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEARCH_FIELDS, observationSearchBody } from '@preciofab/shared/contracts/observations';
import { AppError } from '@preciofab/shared/errors';
import { buildObservationSearch } from './observation-search.ts';

const req = (body: Record<string, unknown>) => observationSearchBody.parse(body);
const oneLine = (sql: string) => sql.replace(/\s+/g, ' ').trim();

function refusal(body: Record<string, unknown>) {
  try {
    buildObservationSearch(req(body));
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return (err as AppError).errors.map(({ field, message, values }) => ({ field, message, values }));
  }
  throw new Error('the request was not refused');
}

describe('buildObservationSearch', () => {
  it('defaults to newest first with the id as tie-breaker, page 50 from 0', () => {
    const b = buildObservationSearch(req({}));
    expect(oneLine(b.data.sql)).toMatch(
      /from price_observations o join vendors v on v\.id = o\.vendor_id order by o\.observed_at desc nulls last, o\.id desc limit \$1 offset \$2$/,
    );
    expect(b.data.params).toEqual([50, 0]);
    // Everything, without aggregations: the trigger-kept count instead of a scan.
    expect(oneLine(b.summary.sql)).toBe(
      "select n::int as total from table_counts where table_name = 'price_observations'",
    );
    expect(b.summary.params).toEqual([]);
  });

  it('leaves vendors out of the total unless a filter or aggregation reads them', () => {
    const b = buildObservationSearch(
      req({
        filters: [{ field: 'category', operator: 'eq', value: 'materials' }],
        aggregations: [{ field: 'price_usd', type: 'avg', alias: 'avg_price_usd' }],
      }),
    );
    // (With a filter the rollup answers, the total and average come from it: read a region.)
    const byRegion = buildObservationSearch(
      req({
        filters: [{ field: 'region', operator: 'eq', value: 'CDMX' }],
        aggregations: [{ field: 'price_usd', type: 'avg', alias: 'avg_price_usd' }],
      }),
    );
    expect(oneLine(byRegion.summary.sql)).toBe(
      'select count(*)::int as total, avg(o.price_usd)::text as a0 from price_observations o where o.region = $1::text',
    );
    expect(oneLine(byRegion.data.sql)).toContain('join vendors v');
    expect(byRegion.summaryFromRollup).toBeNull();
    expect(b.summaryFromRollup).toBe('days');
    expect(oneLine(b.summary.sql)).toContain('from observation_rollup o where o.category = $1::text');
    expect(b.summary.sql).not.toContain('vendors');
  });

  it('reads a price range and a confidence threshold from the band rollup, the rows outside its bands by index', () => {
    const aggregations = [{ field: 'price_usd', type: 'avg', alias: 'avg_price_usd' }];
    // Whole bands (0.5 to 5 inclusive, 0.7 up): the band rollup alone.
    const whole = buildObservationSearch(
      req({
        filters: [
          { field: 'price_usd', operator: 'between', value: [0.5, 5] },
          { field: 'confidence', operator: 'gte', value: 0.7 },
        ],
        aggregations,
      }),
    );
    expect(whole.summaryFromRollup).toBe('bands');
    expect(oneLine(whole.summary.sql)).toContain(
      'from observation_band_total_rollup o where true and o.price_band between $1::int and $2::int and o.confidence_band between $3::int and $4::int',
    );
    // 5 itself is kept: the band from 5 to 7 holds it, and is read from the rows, nothing else.
    expect(oneLine(whole.summary.sql).split(' union all ')).toHaveLength(2);
    expect(oneLine(whole.summary.sql)).toContain('o.price_usd >= $');
    expect(whole.summary.sql).not.toContain('o.confidence_score < $');
    // Ends inside bands: the rows of the partial bands, and of the whole price bands outside the
    // confidence's whole bands, each a range of one index.
    const partial = buildObservationSearch(
      req({
        filters: [
          { field: 'price_usd', operator: 'between', value: [0.55, 4.7] },
          { field: 'confidence', operator: 'gt', value: 0.7 },
        ],
        aggregations,
      }),
    );
    expect(partial.summaryFromRollup).toBe('bands');
    const sql = oneLine(partial.summary.sql);
    expect(sql.split(' union all ')).toHaveLength(4);
    expect(partial.summary.params).toEqual(expect.arrayContaining(['0.7', '4', '0.75']));
    // A range inside one band, an equality, or a vendor: the rows are counted.
    for (const filters of [
      [{ field: 'price_usd', operator: 'between', value: [1.1, 1.4] }],
      [{ field: 'price_usd', operator: 'eq', value: 2 }],
      [
        { field: 'confidence', operator: 'gte', value: 0.7 },
        { field: 'vendor_name', operator: 'eq', value: 'Acme' },
      ],
    ]) {
      expect(buildObservationSearch(req({ filters, aggregations })).summaryFromRollup).toBeNull();
    }
  });

  it('pages by cursor with the key values as parameters and the offset at 0', () => {
    const first = buildObservationSearch(req({ sort: { field: 'price', order: 'asc' }, offset: 30 }));
    expect(first.offset).toBe(30);
    const cursor = Buffer.from(
      JSON.stringify({ s: 'price:asc', k: ['12.5000'], id: '00000000-0000-4000-8000-000000000001' }),
    ).toString('base64url');
    const b = buildObservationSearch(req({ sort: { field: 'price', order: 'asc' }, offset: 30, cursor }));
    expect(oneLine(b.data.sql)).toContain(
      'where o.price >= $1::numeric and ((o.price > $1::numeric) or (o.price = $1::numeric and o.id > $2::uuid))',
    );
    expect(b.data.params).toEqual(['12.5000', '00000000-0000-4000-8000-000000000001', 50, 0]);
    expect(b.offset).toBeNull();
    expect(b.data.sql).not.toContain('12.5');
  });

  it('orders as the indexes keep each column, ties by the id in the same direction', () => {
    const orderOf = (field: string, order: string) =>
      oneLine(buildObservationSearch(req({ sort: { field, order } })).data.sql).match(
        /order by (.*) limit/,
      )![1];
    // Never null: as its index walks it (currency as stored, char(3), so its index serves).
    expect(orderOf('currency', 'asc')).toBe('o.currency asc, o.id asc');
    expect(orderOf('currency', 'desc')).toBe('o.currency desc, o.id desc');
    expect(orderOf('observed_at', 'asc')).toBe('o.observed_at asc nulls first, o.id asc');
    // May be null: nulls last in both orders.
    expect(orderOf('price_usd', 'asc')).toBe('o.price_usd asc, o.id asc');
    expect(orderOf('price_usd', 'desc')).toBe('o.price_usd desc nulls last, o.id desc');
    expect(orderOf('technology', 'desc')).toBe('o.technology desc nulls last, o.id desc');
  });

  it('bounds the walk of a filtered page by the key and id a probe of the index reaches', () => {
    const filters = [
      { field: 'category', operator: 'eq', value: 'materials' },
      { field: 'price_usd', operator: 'gte', value: 2 },
    ];
    const b = buildObservationSearch(
      req({ filters, sort: { field: 'price_usd', order: 'desc' }, offset: 100 }),
    );
    const walk = b.walk!;
    // The probe reads the index alone, with the filter on the sorted column (a range of it), 20 ×
    // (offset + limit) rows along.
    expect(oneLine(walk.probe.sql)).toBe(
      'select (o.price_usd)::text as k, o.id from price_observations o where o.price_usd >= $1::numeric ' +
        'order by o.price_usd desc nulls last, o.id desc offset $2 limit 1',
    );
    expect(walk.probe.params).toEqual([2, 3_000]);
    expect(oneLine(walk.page.sql)).toContain(
      'where o.category = $1::text and o.price_usd >= $2::numeric and (o.price_usd, o.id) >= ($3::numeric, $4::uuid) ' +
        'order by o.price_usd desc nulls last, o.id desc limit $5 offset $6',
    );
    expect(walk.boundAt).toBe(3);
    expect(walk.page.params).toEqual(['materials', 2, null, null, 50, 100]);
    // The fallback sorts: an expression no index keeps, the same order.
    expect(oneLine(walk.sorted.sql)).toContain(
      'order by (o.price_usd + 0) desc nulls last, o.id desc limit $3 offset $4',
    );
    // Nothing to bound: no filter, the vendor's name, or several keys.
    expect(buildObservationSearch(req({ sort: { field: 'price', order: 'asc' } })).walk).toBeNull();
    expect(
      buildObservationSearch(req({ filters, sort: { field: 'price', order: 'asc' }, offset: 10_000 })).walk,
    ).toBeNull();
    expect(
      buildObservationSearch(req({ filters, sort: { field: 'vendor_name', order: 'asc' } })).walk,
    ).toBeNull();
    const twoKeys = [
      { field: 'currency', order: 'asc' },
      { field: 'price', order: 'desc' },
    ];
    expect(buildObservationSearch(req({ filters, sort: twoKeys })).walk).toBeNull();
  });

  it('maps each filter to a fixed expression with its value as a parameter', () => {
    const b = buildObservationSearch(
      req({
        filters: [
          { field: 'technology', operator: 'eq', value: 'FDM' },
          { field: 'price_usd', operator: 'between', value: [1, '2.5'] },
          { field: 'currency', operator: 'in', value: ['MXN', 'USD'] },
          { field: 'vendor', operator: 'contains', value: '50%_off\\' },
          { field: 'observed_at', operator: 'gte', value: '2025-01-01' },
          { field: 'material', operator: 'neq', value: 'pla' },
          { field: 'offer_name', operator: 'in', value: ['Impresión', 'Corte'] },
        ],
        sort: [
          { field: 'vendor', order: 'asc' },
          { field: 'price', order: 'desc' },
        ],
        offset: 100,
        limit: 25,
      }),
    );
    const where = oneLine(b.summary.sql).split(' where ')[1];
    expect(where).toBe(
      [
        'lower(o.technology) = lower($1::text)',
        'o.price_usd between $2::numeric and $3::numeric',
        'o.currency::text = any($4::text[])',
        'v.name ilike $5::text',
        'o.observed_at >= $6::timestamptz',
        'lower(o.material) is distinct from lower($7::text)',
        'lower(o.offer_name) = any(array(select lower(x) from unnest($8::text[]) x))',
      ].join(' and '),
    );
    expect(b.summary.params).toEqual([
      'FDM',
      1,
      2.5,
      ['MXN', 'USD'],
      '%50\\%\\_off\\\\%',
      '2025-01-01T00:00:00Z',
      'pla',
      ['Impresión', 'Corte'],
    ]);
    expect(oneLine(b.data.sql)).toContain('order by v.name asc, o.price desc, o.id asc limit $9 offset $10');
    expect(b.data.params.slice(-2)).toEqual([25, 100]);
  });

  it('aggregates over the filtered set with aliases kept out of the SQL', () => {
    const b = buildObservationSearch(
      req({
        filters: [{ field: 'category', operator: 'eq', value: 'materials' }],
        aggregations: [
          { field: 'price_usd', type: 'avg', alias: 'avg_price_usd' },
          { field: 'confidence', type: 'sum', alias: 'sum_confidence' },
          { field: 'vendor', type: 'count', alias: 'count_vendor' },
        ],
      }),
    );
    expect(oneLine(b.summary.sql)).toBe(
      'select count(*)::int as total, avg(o.price_usd)::text as a0, sum(o.confidence_score)::text as a1, ' +
        'count(v.name)::text as a2 from price_observations o join vendors v on v.id = o.vendor_id ' +
        'where o.category = $1::text',
    );
    expect(b.summary.params).toEqual(['materials']);
    expect(b.aggregations).toEqual([
      { alias: 'avg_price_usd', column: 'a0' },
      { alias: 'sum_confidence', column: 'a1' },
      { alias: 'count_vendor', column: 'a2' },
    ]);
  });

  it('refuses a hostile field name, naming it', () => {
    expect(refusal({ filters: [{ field: 'price; drop table vendors', operator: 'eq', value: 1 }] })).toEqual([
      {
        field: 'filters.0.field',
        message: 'validation.filter_field_unknown',
        values: { field: 'price; drop table vendors' },
      },
    ]);
    expect(refusal({ sort: { field: 'price; drop table vendors', order: 'asc' } })).toEqual([
      {
        field: 'sort.field',
        message: 'validation.sort_field_unknown',
        values: { field: 'price; drop table vendors' },
      },
    ]);
    expect(
      refusal({
        aggregations: [
          { field: 'price) from vendors; --', type: 'avg', alias: 'avg_price) from vendors; --' },
        ],
      }),
    ).toEqual([
      {
        field: 'aggregations.0.field',
        message: 'validation.aggregation_field_unknown',
        values: { field: 'price) from vendors; --' },
      },
    ]);
    // Inherited object keys are not fields either.
    expect(refusal({ filters: [{ field: 'constructor', operator: 'eq', value: 1 }] })[0]?.message).toBe(
      'validation.filter_field_unknown',
    );
  });

  it('refuses unknown and disallowed operators, bad values, bad sorts and aliases', () => {
    expect(
      refusal({
        filters: [
          { field: 'price', operator: 'like', value: 1 },
          { field: 'price', operator: 'contains', value: '1' },
          { field: 'price', operator: 'gt', value: '1; drop table vendors' },
          { field: 'price', operator: 'between', value: [1] },
          { field: 'currency', operator: 'eq', value: 'XYZ' },
          { field: 'vendor_id', operator: 'eq', value: 'not-a-uuid' },
          { field: 'observed_at', operator: 'gt', value: 'yesterday' },
          { field: 'technology', operator: 'in', value: [] },
        ],
        sort: [
          { field: 'observed_at', order: 'asc' },
          { field: 'colour', order: 'asc' },
        ],
        aggregations: [
          { field: 'price', type: 'median', alias: 'median_price' },
          { field: 'technology', type: 'avg', alias: 'avg_technology' },
          { field: 'price', type: 'avg', alias: 'average' },
        ],
      }),
    ).toEqual([
      {
        field: 'filters.0.operator',
        message: 'validation.filter_operator_unknown',
        values: { operator: 'like' },
      },
      {
        field: 'filters.1.operator',
        message: 'validation.filter_operator_not_allowed',
        values: { operator: 'contains', field: 'price' },
      },
      { field: 'filters.2.value', message: 'validation.filter_value_invalid', values: { field: 'price' } },
      { field: 'filters.3.value', message: 'validation.filter_value_invalid', values: { field: 'price' } },
      { field: 'filters.4.value', message: 'validation.filter_value_invalid', values: { field: 'currency' } },
      {
        field: 'filters.5.value',
        message: 'validation.filter_value_invalid',
        values: { field: 'vendor_id' },
      },
      {
        field: 'filters.6.value',
        message: 'validation.filter_value_invalid',
        values: { field: 'observed_at' },
      },
      {
        field: 'filters.7.value',
        message: 'validation.filter_value_invalid',
        values: { field: 'technology' },
      },
      { field: 'sort.1.field', message: 'validation.sort_field_unknown', values: { field: 'colour' } },
      {
        field: 'aggregations.0.type',
        message: 'validation.aggregation_type_unknown',
        values: { type: 'median' },
      },
      {
        field: 'aggregations.1.field',
        message: 'validation.aggregation_field_unknown',
        values: { field: 'technology' },
      },
      {
        field: 'aggregations.2.alias',
        message: 'validation.aggregation_alias_invalid',
        values: { expected: 'avg_price' },
      },
    ]);
  });

  it('never puts a value into the SQL text', () => {
    const textFields = Object.entries(SEARCH_FIELDS)
      .filter(([, s]) => s.kind === 'text')
      .map(([f]) => f);
    fc.assert(
      fc.property(
        fc.constantFrom(...textFields),
        fc.constantFrom('eq', 'neq', 'contains'),
        fc.string({ minLength: 1, maxLength: 200 }).map((s) => `'x${s}`),
        (field, operator, value) => {
          const b = buildObservationSearch(req({ filters: [{ field, operator, value }] }));
          expect(b.data.sql).not.toContain(value);
          expect(b.summary.sql).not.toContain(value);
          expect(b.summary.params).toHaveLength(1);
        },
      ),
    );
  });

  it('refuses every field name outside the whitelist', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 100 }).filter((f) => !Object.hasOwn(SEARCH_FIELDS, f)),
        (field) => {
          expect(refusal({ filters: [{ field, operator: 'eq', value: 1 }] })[0]?.message).toBe(
            'validation.filter_field_unknown',
          );
          expect(refusal({ sort: { field, order: 'desc' } })[0]?.message).toBe(
            'validation.sort_field_unknown',
          );
        },
      ),
    );
  });
});
