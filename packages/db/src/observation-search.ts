import {
  SEARCH_FIELDS,
  checkSearchFilters,
  checkSearchRequest,
  searchScalar,
  searchSorts,
  type ObservationSearch,
  type SearchField,
  type SearchFieldSpec,
  type SearchOperator,
} from '@preciofab/shared/contracts/observations';
import { AppError } from '@preciofab/shared/errors';
import type { Db } from './client.ts';
import {
  compactBandRollup,
  compactRollup,
  planBandRollup,
  planRollup,
  type BandPlan,
  type BandRange,
  type RollupPlan,
} from './observation-rollup.ts';
import {
  PRICE_ROW_COLUMNS,
  PRICE_ROW_FROM,
  cursorKeySql,
  decodeCursor,
  encodeCursor,
  escapeLike,
  type CursorKind,
  type PriceRowDb,
} from './repositories/prices.repository.ts';

/** Each searchable field as a fixed SQL expression; `fold` compares case-insensitively. The
 * request only ever picks a key of this table, and values only ever travel as parameters. */
const EXPRESSIONS: Record<SearchField, { sql: string; fold?: boolean }> = {
  vendor: { sql: 'v.name', fold: true },
  vendor_name: { sql: 'v.name', fold: true },
  vendor_id: { sql: 'o.vendor_id' },
  offer_name: { sql: 'o.offer_name', fold: true },
  price: { sql: 'o.price' },
  price_usd: { sql: 'o.price_usd' },
  currency: { sql: 'o.currency::text' },
  technology: { sql: 'o.technology', fold: true },
  material: { sql: 'o.material', fold: true },
  category: { sql: 'o.category' },
  subcategory: { sql: 'o.subcategory', fold: true },
  price_type: { sql: 'o.price_type' },
  unit: { sql: 'o.unit' },
  confidence: { sql: 'o.confidence_score' },
  confidence_score: { sql: 'o.confidence_score' },
  observed_at: { sql: 'o.observed_at' },
  region: { sql: 'o.region' },
  tax_state: { sql: 'o.tax_state' },
  volume_cm3: { sql: 'o.volume_cm3' },
};

const CAST: Record<SearchFieldSpec['kind'], string> = {
  number: 'numeric',
  text: 'text',
  enum: 'text',
  uuid: 'uuid',
  date: 'timestamptz',
};

/** Columns that may be null: a row without a value sorts last, after every cursor with one. */
const NULLABLE: ReadonlySet<SearchField> = new Set([
  'price_usd',
  'technology',
  'material',
  'subcategory',
  'volume_cm3',
]);

/** The column a sort key is ordered by, where it differs from the filter's expression: currency
 * is compared as text, but ordered as stored (char(3), the same order) so its index walks it. The
 * cast is what a bound on it is compared with, so that the bound is a range of that index. */
const SORT_SQL: Partial<Record<SearchField, { sql: string; cast: string }>> = {
  currency: { sql: 'o.currency', cast: 'bpchar' },
};
const sortSql = (field: SearchField) => SORT_SQL[field]?.sql ?? EXPRESSIONS[field].sql;

/** The same value under another expression, which no index keeps: ordering by it makes the planner
 * sort the matching rows instead of walking an index of the column. */
const UNWALKABLE: Partial<Record<SearchFieldSpec['kind'], (sql: string) => string>> = {
  number: (sql) => `(${sql} + 0)`,
  text: (sql) => `(${sql} || '')`,
  enum: (sql) => `(${sql} || '')`,
  date: (sql) => `(${sql} + interval '0 seconds')`,
};

/** How a sort key is written in ORDER BY, so that an index walks it (migration 0023), the id after
 * it breaking ties in the same direction (`o.id asc` or `o.id desc`, as the indexes keep it). A
 * column that may be null sorts its nulls last in both directions, as a dedicated descending index
 * keeps them; for one that is never null the placement of nulls changes no result and is written
 * as its index has it: observed_at as obs_observed_idx (desc nulls last, id desc) walks it either
 * way, the others as a plain ascending index (col, id) or (col) does, backwards for desc. */
function orderOf(field: SearchField, order: 'asc' | 'desc', sql = sortSql(field)): string {
  if (NULLABLE.has(field)) return `${sql} ${order === 'asc' ? 'asc' : 'desc nulls last'}`;
  if (field === 'observed_at') return `${sql} ${order === 'asc' ? 'asc nulls first' : 'desc nulls last'}`;
  return `${sql} ${order}`;
}

const CURSOR_KIND: Record<SearchFieldSpec['kind'], CursorKind> = {
  number: 'number',
  text: 'text',
  enum: 'text',
  uuid: 'uuid',
  date: 'date',
};

/** Each sort key's value as text (k0, k1, …), for the next page's cursor. */
const keyColumnsOf = (sorts: { field: SearchField }[]) =>
  sorts
    .map(
      (s, i) =>
        `, ${cursorKeySql(EXPRESSIONS[s.field].sql, CURSOR_KIND[SEARCH_FIELDS[s.field].kind])} as k${i}`,
    )
    .join('');

const COMPARE: Partial<Record<SearchOperator, string>> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

export type SqlQuery = { sql: string; params: unknown[] };

export type BuiltSearch = {
  /** The page of rows, with the sort key of each as k0, k1, … (text) for the next cursor. */
  data: SqlQuery;
  /** A bounded walk of the first sort key's index, for a filtered page (see runObservationSearch):
   * `probe` gives the key and id of the row the walk reaches (k and id; no row when there are not
   * that many); `page` is `data` restricted to the rows up to that one (its parameters number
   * `boundAt` and the next take them); `sorted` is `data` ordered so that no index walks it. */
  walk: { probe: SqlQuery; page: SqlQuery; boundAt: number; sorted: SqlQuery } | null;
  /** When the first sort key may be null and the cursor's is not: the rows without a value, which
   * come after every row in `data`'s range. Its last parameter is the number of rows still wanted. */
  tail: SqlQuery | null;
  limit: number;
  /** The offset asked for; null when paging by cursor. */
  offset: number | null;
  /** The sort, as a cursor names it. */
  sort: string;
  sortKeys: number;
  /** One row: the total (`total`) and each aggregation as a0, a1, … over the whole filtered set. */
  summary: SqlQuery;
  /** Alias of each aggregation column, in order. */
  aggregations: { alias: string; column: string }[];
  /** The rollup the summary reads, merged first: observation_rollup (whole days) or the band
   * rollups of migration 0026 (price and confidence bands); null when it counts the rows. */
  summaryFromRollup: 'days' | 'bands' | null;
};

/** The rollup's count and sum of each measure a search can aggregate (migration 0015). */
const ROLLUP_MEASURES: Partial<Record<SearchField, { n: string; sum: string }>> = {
  price_usd: { n: 'n_price', sum: 'sum_price' },
  confidence: { n: 'n_confidence', sum: 'sum_confidence' },
  confidence_score: { n: 'n_confidence', sum: 'sum_confidence' },
  volume_cm3: { n: 'n_volume', sum: 'sum_volume' },
};

/** A rollup plan's parts (observation-rollup.ts), to be joined by `union all`: `rollup(where)`
 * over `observation_rollup o` for its whole days (the filters the rollup keeps, which apply to it
 * unchanged), and `rows(where)` over `price_observations o` for each partial day (every filter and
 * the day's period; a plan never has a vendor filter, so no join). Values are added to `p`. */
export function rollupPlanParts(
  plan: RollupPlan,
  filters: ObservationSearch['filters'],
  p: ReturnType<typeof paramList>,
  select: { rollup: (where: string) => string; rows: (where: string) => string },
): string[] {
  const where = (conditions: string[]) => (conditions.length ? conditions.join(' and ') : 'true');
  const parts: string[] = [];
  if (plan.days) {
    const { conditions } = searchFilterSql(plan.rollupFilters, p);
    if (plan.days.from) conditions.push(`o.day >= ${p.add(plan.days.from, 'date')}`);
    if (plan.days.to) conditions.push(`o.day < ${p.add(plan.days.to, 'date')}`);
    parts.push(select.rollup(where(conditions)));
  }
  for (const edge of plan.edges) {
    const { conditions } = searchFilterSql(filters, p);
    if (edge.from) conditions.push(`o.observed_at >= ${p.add(edge.from, 'timestamptz')}`);
    if (edge.to) conditions.push(`o.observed_at < ${p.add(edge.to, 'timestamptz')}`);
    parts.push(select.rows(where(conditions)));
  }
  return parts;
}

/** The total and aggregations of a search from a rollup and the observations: from
 * observation_rollup (whole days) and the partial days at the ends of its date range, or, for a
 * price range or a confidence threshold, from the band rollups (whole days or months, and whole
 * bands) and the rows outside them (observation-rollup.ts), when the filters and every aggregation
 * allow; null otherwise. Each aggregation gives what the same aggregate over the rows gives: null
 * for a sum or an average over no value, a count of 0. */
function rollupSummary(req: ObservationSearch): { query: SqlQuery; rollup: 'days' | 'bands' } | null {
  if (!req.aggregations.every((a) => ROLLUP_MEASURES[a.field as SearchField])) return null;
  if (!req.filters.length && !req.aggregations.length) return null;
  const p = paramList();
  const measures = req.aggregations.map((a) => a.field as SearchField);
  const rollup = (table: string) => (where: string) => {
    const cols = measures.map(
      (f, i) => `, sum(o.${ROLLUP_MEASURES[f]!.n}) as n${i}, sum(o.${ROLLUP_MEASURES[f]!.sum}) as s${i}`,
    );
    return `select sum(o.rows) as total${cols.join('')} from ${table} o where ${where}`;
  };
  const rows = (where: string) => {
    const cols = measures.map(
      (f, i) => `, count(${EXPRESSIONS[f].sql}) as n${i}, sum(${EXPRESSIONS[f].sql}) as s${i}`,
    );
    return `select count(*) as total${cols.join('')} from price_observations o where ${where}`;
  };
  let parts: string[];
  let kind: 'days' | 'bands';
  const days = planRollup(req.filters);
  if (days) {
    parts = rollupPlanParts(days, req.filters, p, { rollup: rollup('observation_rollup'), rows });
    kind = 'days';
  } else {
    const bands = planBandRollup(req.filters);
    if (!bands) return null;
    parts = bandPlanParts(bands, req.filters, p, { rollup: rollup(bands.table), rows });
    kind = 'bands';
  }
  const out = req.aggregations.map((a, i) => {
    const n = `coalesce(sum(n${i}), 0)`;
    const value =
      a.type === 'count'
        ? n
        : a.type === 'sum'
          ? `case when ${n} > 0 then sum(s${i}) end`
          : `sum(s${i}) / nullif(${n}, 0)`;
    return `, (${value})::text as a${i}`;
  });
  return {
    query: {
      sql: `select coalesce(sum(total), 0)::int as total${out.join('')} from (${parts.join(' union all ')}) parts`,
      params: p.params,
    },
    rollup: kind,
  };
}

/** A band plan's parts (observation-rollup.ts, planBandRollup), to be joined by `union all`, as
 * rollupPlanParts gives a day plan's: `rollup(where)` over the plan's table as `o` for the whole
 * bands of its whole periods; `rows(where)` over `price_observations o` for the rest of those
 * periods (every filter, and per measure the rows outside its whole bands, each measure before it
 * within them, so that the parts are disjoint and each is a range of that measure's index), and
 * for the days around them. Values are added to `p`. */
export function bandPlanParts(
  plan: BandPlan,
  filters: ObservationSearch['filters'],
  p: ReturnType<typeof paramList>,
  select: { rollup: (where: string) => string; rows: (where: string) => string },
): string[] {
  const whole = plan.periods.days!;
  const parts = rollupPlanParts(plan.periods, filters, p, {
    rollup: (where) =>
      select.rollup(
        [
          where,
          ...plan.ranges.map((r) =>
            plan.table === 'observation_band_total_rollup'
              ? `o.${r.band} between ${p.add(r.first, 'int')} and ${p.add(r.last, 'int')}`
              : `o.measure = ${p.add(r.measure, 'text')} and o.band between ${p.add(r.first, 'int')} and ${p.add(r.last, 'int')}`,
          ),
        ].join(' and '),
      ),
    rows: select.rows,
  });
  const within = (r: BandRange) => [
    ...(r.from === null ? [] : [`o.${r.column} >= ${p.add(r.from, 'numeric')}`]),
    ...(r.to === null ? [] : [`o.${r.column} < ${p.add(r.to, 'numeric')}`]),
  ];
  plan.ranges.forEach((r, i) => {
    const pieces = [
      ...(r.below ? [`o.${r.column} < ${p.add(r.from, 'numeric')}`] : []),
      ...(r.above ? [`o.${r.column} >= ${p.add(r.to, 'numeric')}`] : []),
    ];
    for (const piece of pieces) {
      const { conditions } = searchFilterSql(filters, p);
      if (whole.from) conditions.push(`o.observed_at >= ${p.add(`${whole.from}T00:00:00Z`, 'timestamptz')}`);
      if (whole.to) conditions.push(`o.observed_at < ${p.add(`${whole.to}T00:00:00Z`, 'timestamptz')}`);
      conditions.push(...plan.ranges.slice(0, i).flatMap(within), piece);
      parts.push(select.rows(conditions.join(' and ')));
    }
  });
  return parts;
}

/** Collects parameters and hands out their $n placeholders. */
export function paramList() {
  const params: unknown[] = [];
  return {
    params,
    add(value: unknown, cast: string): string {
      params.push(value);
      return `$${params.length}::${cast}`;
    },
  };
}

function condition(
  field: SearchField,
  operator: SearchOperator,
  value: unknown,
  p: ReturnType<typeof paramList>,
): string {
  const spec: SearchFieldSpec = SEARCH_FIELDS[field];
  const { sql, fold } = EXPRESSIONS[field];
  const cast = CAST[spec.kind];
  const scalar = (v: unknown) => {
    const x = searchScalar(spec, v);
    // A bare date means its start in UTC, whatever the session time zone of the server.
    return spec.kind === 'date' && typeof x === 'string' && x.length === 10 ? `${x}T00:00:00Z` : x;
  };
  const expr = fold ? `lower(${sql})` : sql;
  const one = (v: unknown) => (fold ? `lower(${p.add(scalar(v), cast)})` : p.add(scalar(v), cast));
  switch (operator) {
    case 'eq':
      return `${expr} = ${one(value)}`;
    case 'neq':
      // A row without a value is "not equal" too.
      return `${expr} is distinct from ${one(value)}`;
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return `${sql} ${COMPARE[operator]} ${p.add(scalar(value), cast)}`;
    case 'between': {
      const [lo, hi] = value as unknown[];
      return `${sql} between ${p.add(scalar(lo), cast)} and ${p.add(scalar(hi), cast)}`;
    }
    case 'in': {
      const list = p.add((value as unknown[]).map(scalar), `${cast}[]`);
      return fold ? `${expr} = any(array(select lower(x) from unnest(${list}) x))` : `${sql} = any(${list})`;
    }
    case 'contains':
      return `${sql} ilike ${p.add(`%${escapeLike(String(scalar(value)))}%`, 'text')}`;
  }
}

const AGGREGATE = { avg: 'avg', sum: 'sum', count: 'count' } as const;

export type FilterSql = {
  /** One SQL condition per filter (over `o`, and `v` for the vendor's columns). */
  conditions: string[];
  /** Whether a condition reads a vendor column, so the statement must join vendors as `v`. */
  readsVendor: boolean;
};

const readsVendorColumn = (fields: readonly string[]) =>
  fields.some((f) => EXPRESSIONS[f as SearchField].sql.startsWith('v.'));

/** The conditions of a search's filters, their values added to `p`: what the search and the
 * explorer's chart views (packages/db/src/repositories/observation-views.repository.ts) share.
 * Refuses (AppError 400 naming the filter) anything outside the whitelist. */
export function searchFilterSql(filters: ObservationSearch['filters'], p = paramList()): FilterSql {
  const errors = checkSearchFilters(filters);
  if (errors.length) throw new AppError('validation', 'errors.invalid_request', { errors });
  return {
    conditions: filters.map((f) =>
      condition(f.field as SearchField, f.operator as SearchOperator, f.value, p),
    ),
    readsVendor: readsVendorColumn(filters.map((f) => f.field)),
  };
}

/** The SQL of a search request: refuses (AppError 400 naming the field) anything outside the
 * whitelist; pure, so it is tested without a database. */
export function buildObservationSearch(req: ObservationSearch): BuiltSearch {
  const errors = checkSearchRequest(req);
  if (errors.length) throw new AppError('validation', 'errors.invalid_request', { errors });

  const p = paramList();
  const { conditions } = searchFilterSql(req.filters, p);
  const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
  const filterParams = [...p.params];

  const sorts = searchSorts(req);
  const sort = sorts.map((s) => `${s.field}:${s.order}`).join(',');
  // Ties are broken by the id in the first key's direction: one index (col, id) serves both.
  const idOrder = sorts[0]!.order;
  const order = [...sorts.map((s) => orderOf(s.field, s.order)), `o.id ${idOrder}`].join(', ');
  const keyColumns = keyColumnsOf(sorts);
  const after = req.cursor
    ? decodeCursor(
        req.cursor,
        sort,
        sorts.map((s) => CURSOR_KIND[SEARCH_FIELDS[s.field].kind]),
      )
    : null;
  const keyset = after ? keysetCondition(sorts, after, idOrder, p) : null;
  const dataWhere = [...conditions, ...(keyset ? [keyset.condition] : [])];
  const n = p.params.length;
  const offset = after ? 0 : req.offset;
  const data: SqlQuery = {
    sql: `select ${PRICE_ROW_COLUMNS}${keyColumns} from ${PRICE_ROW_FROM} ${dataWhere.length ? `where ${dataWhere.join(' and ')}` : ''}
      order by ${order} limit $${n + 1} offset $${n + 2}`,
    params: [...p.params, req.limit, offset],
  };
  const walk = conditions.length
    ? boundedWalk(sorts, idOrder, after, req.limit, offset, p, dataWhere, req.filters)
    : null;
  const tailWhere = keyset?.tail ? [...conditions, keyset.tail] : null;
  const tail: SqlQuery | null = tailWhere
    ? {
        sql: `select ${PRICE_ROW_COLUMNS}${keyColumns} from ${PRICE_ROW_FROM} where ${tailWhere.join(' and ')}
      order by ${order} limit $${filterParams.length + 1}`,
        params: filterParams,
      }
    : null;

  const aggregations = req.aggregations.map((a, i) => ({ alias: a.alias, column: `a${i}` }));
  const aggColumns = req.aggregations.map((a, i) => {
    const fn = AGGREGATE[a.type as keyof typeof AGGREGATE];
    const expr = EXPRESSIONS[a.field as SearchField].sql;
    return `, ${fn}(${expr})::text as a${i}`;
  });
  // vendor_id is a non-null foreign key, so the join to vendors keeps every row: the total and the
  // aggregations need it only when they read a vendor column, and without it an index on the
  // filtered columns can answer alone (index-only scan).
  const readsVendor = readsVendorColumn([
    ...req.filters.map((f) => f.field),
    ...req.aggregations.map((a) => a.field),
  ]);
  const from = readsVendor ? PRICE_ROW_FROM : 'price_observations o';
  const fromRollup = rollupSummary(req);
  const summary: SqlQuery = fromRollup
    ? fromRollup.query
    : conditions.length === 0 && aggColumns.length === 0
      ? // Everything: the trigger-kept count, not a scan of the table.
        {
          sql: "select n::int as total from table_counts where table_name = 'price_observations'",
          params: [],
        }
      : {
          sql: `select count(*)::int as total${aggColumns.join('')} from ${from} ${where}`,
          params: filterParams,
        };
  return {
    data,
    walk,
    tail,
    summary,
    summaryFromRollup: fromRollup?.rollup ?? null,
    aggregations,
    limit: req.limit,
    offset: after ? null : req.offset,
    sort,
    sortKeys: sorts.length,
  };
}

/** Rows a bounded walk reads past the page's end, per row of the page (and at least WALK_MIN):
 * enough for a filter that keeps one row in 20, spread evenly along the sort order. */
const WALK_FACTOR = 20;
const WALK_MIN = 2_000;
/** Deeper offsets are left to the planner: a probe 20 × 10,000 rows along cost more than the walk
 * it bounded (a page at row 10,000 by offset: 40 ms unbounded, 2 s bounded at 1M rows). */
const WALK_MAX_DEPTH = 1_000;

/** The queries of a bounded walk (BuiltSearch.walk), or null for a sort by several keys, an offset
 * past WALK_MAX_DEPTH, or when the first key is not a column of the observations with an index to
 * walk (the vendor's name: the vendors are walked by name, each with its few thousand rows). `p`
 * holds the data query's parameters, `where` its conditions. Whatever key the probe finds, a bounded page that is full is
 * the page: the matching rows up to the key come before every other matching row. */
function boundedWalk(
  sorts: { field: SearchField; order: 'asc' | 'desc' }[],
  idOrder: 'asc' | 'desc',
  after: { keys: (string | null)[]; id: string } | null,
  limit: number,
  offset: number,
  p: ReturnType<typeof paramList>,
  where: string[],
  filters: ObservationSearch['filters'],
): BuiltSearch['walk'] {
  const first = sorts[0]!;
  const sql = sortSql(first.field);
  const unwalkable = UNWALKABLE[SEARCH_FIELDS[first.field].kind];
  // With a second key, the rows up to (key, id) are not a prefix of the order: left to the planner.
  if (sorts.length > 1 || !sql.startsWith('o.') || !unwalkable || offset + limit > WALK_MAX_DEPTH)
    return null;
  const order = (key: string) => `${orderOf(first.field, first.order, key)}, o.id ${idOrder}`;
  const reach = Math.max(WALK_MIN, WALK_FACTOR * (offset + limit));
  // The probe walks the index alone: the rows after the cursor, whatever the filters, except those on
  // the sorted column itself, which are a range of its index (a date range sorted by date starts
  // where the range does).
  const q = paramList();
  const own = filters.filter(
    (f) => EXPRESSIONS[f.field as SearchField].sql === sql && !EXPRESSIONS[f.field as SearchField].fold,
  );
  const probeWhere = [
    ...searchFilterSql(own, q).conditions,
    ...(after ? [keysetCondition(sorts, after, idOrder, q).condition] : []),
  ];
  const probe: SqlQuery = {
    sql: `select ${cursorKeySql(sql, CURSOR_KIND[SEARCH_FIELDS[first.field].kind])} as k, o.id from price_observations o
      ${probeWhere.length ? `where ${probeWhere.join(' and ')}` : ''} order by ${order(sql)} offset $${q.params.length + 1} limit 1`,
    params: [...q.params, reach],
  };
  const cast = SORT_SQL[first.field]?.cast ?? CAST[SEARCH_FIELDS[first.field].kind];
  const boundAt = p.params.length + 1;
  // The key and the id: a key shared by a third of the table (a currency) still bounds the walk.
  const bound = `(${sql}, o.id) ${idOrder === 'asc' ? '<=' : '>='} ($${boundAt}::${cast}, $${boundAt + 1}::uuid)`;
  const select = (conditions: string[], key: string, params: unknown[]) => ({
    sql: `select ${PRICE_ROW_COLUMNS}${keyColumnsOf(sorts)} from ${PRICE_ROW_FROM} where ${conditions.join(' and ')}
      order by ${order(key)} limit $${params.length - 1} offset $${params.length}`,
    params,
  });
  return {
    probe,
    page: select([...where, bound], sql, [...p.params, null, null, limit, offset]),
    boundAt,
    sorted: select(where, unwalkable(sql), [...p.params, limit, offset]),
  };
}

/** The rows after the cursor's row in the order `sorts, o.id <first key's direction>`, nulls last:
 * (k1 after c1) or (k1 = c1 and k2 after c2) or … or (every k = c and id after the cursor's id).
 * When the first key may be null and the cursor's has a value, the rows without a value (all after
 * it) are left to `tail`: `k1 > c1 or k1 is null` would keep an index from starting at the cursor,
 * and a deep page would read the index from its start. */
function keysetCondition(
  sorts: { field: SearchField; order: 'asc' | 'desc' }[],
  after: { keys: (string | null)[]; id: string },
  idOrder: 'asc' | 'desc',
  p: ReturnType<typeof paramList>,
): { condition: string; tail: string | null } {
  const branches: string[] = [];
  const equal: string[] = [];
  let bound: string | null = null;
  let tail: string | null = null;
  sorts.forEach((s, i) => {
    const expr = EXPRESSIONS[s.field].sql;
    const value = after.keys[i] ?? null;
    if (value === null) {
      // Nulls sort last: no row with a value follows this one on this key.
      equal.push(`${expr} is null`);
      return;
    }
    const ph = p.add(value, CAST[SEARCH_FIELDS[s.field].kind]);
    const beyond = `${expr} ${s.order === 'asc' ? '>' : '<'} ${ph}`;
    const splitNulls = i === 0 && NULLABLE.has(s.field);
    if (splitNulls) tail = `${expr} is null`;
    branches.push(
      [...equal, NULLABLE.has(s.field) && !splitNulls ? `(${beyond} or ${expr} is null)` : beyond].join(
        ' and ',
      ),
    );
    // A range on the first key, implied by the branches, lets an index on it start at the cursor.
    if (i === 0) bound = `${expr} ${s.order === 'asc' ? '>=' : '<='} ${ph}`;
    equal.push(`${expr} = ${ph}`);
  });
  branches.push([...equal, `o.id ${idOrder === 'asc' ? '>' : '<'} ${p.add(after.id, 'uuid')}`].join(' and '));
  const any = `(${branches.map((b) => `(${b})`).join(' or ')})`;
  return { condition: bound ? `${bound} and ${any}` : any, tail };
}

export type SearchResult = {
  rows: PriceRowDb[];
  total: number;
  aggregations: Record<string, { value: number | null }>;
  /** The cursor of the page after this one; null at the end. */
  nextCursor: string | null;
};

/** The page of a built search. Walking the first sort key's index and checking the filters on each
 * row stops at the page's last row: cheap when matching rows are spread along the order, ruinous
 * when they gather at its far end (the dearest prices are machining's, so additive manufacturing by
 * price descending walked 470k rows). So the walk is bounded: the probe finds the key `reach` rows
 * along the index, and the page is read among the rows up to that key; if they hold the whole page,
 * it is the page (the rows up to a key come before every other row). Otherwise the matching rows
 * are few or gathered elsewhere: they are sorted, which costs what they number. */
async function pageOf<Row extends Record<string, unknown>>(db: Db, built: BuiltSearch) {
  const walk = built.walk;
  if (walk) {
    const probe = await db.query<{ k: string | null; id: string }>(walk.probe.sql, walk.probe.params);
    const end = probe.rows[0];
    // Fewer rows than the reach (a walk costs no more than the probe did), or the reach ends among
    // the rows without a value, after every row with one: left to the planner.
    if (end === undefined || end.k === null) return db.query<Row>(built.data.sql, built.data.params);
    const params = [...walk.page.params];
    params[walk.boundAt - 1] = end.k;
    params[walk.boundAt] = end.id;
    const bounded = await db.query<Row>(walk.page.sql, params);
    if (bounded.rows.length === built.limit) return bounded;
    return db.query<Row>(walk.sorted.sql, walk.sorted.params);
  }
  return db.query<Row>(built.data.sql, built.data.params);
}

/** Runs a built search. */
export async function runObservationSearch(db: Db, built: BuiltSearch): Promise<SearchResult> {
  type Row = PriceRowDb & Record<`k${number}`, string | null>;
  const [rows, summary] = await Promise.all([
    pageOf<Row>(db, built),
    (built.summaryFromRollup === 'days'
      ? compactRollup(db)
      : built.summaryFromRollup === 'bands'
        ? compactBandRollup(db)
        : Promise.resolve(0)
    ).then(() => db.query<Record<string, string | number | null>>(built.summary.sql, built.summary.params)),
  ]);
  // The page ran past the last row with a value: it continues with the rows without one.
  if (built.tail && rows.rows.length < built.limit) {
    const rest = await db.query<Row>(built.tail.sql, [...built.tail.params, built.limit - rows.rows.length]);
    rows.rows.push(...rest.rows);
  }
  const s = summary.rows[0] ?? {};
  const aggregations: SearchResult['aggregations'] = {};
  for (const a of built.aggregations) {
    const v = s[a.column];
    aggregations[a.alias] = { value: v === null || v === undefined ? null : Number(v) };
  }
  const total = Number(s.total ?? 0);
  const last = rows.rows.at(-1);
  // A full page may have a successor; offset paging also knows the total.
  const more =
    rows.rows.length === built.limit && (built.offset === null || built.offset + built.limit < total);
  const nextCursor =
    more && last
      ? encodeCursor(
          built.sort,
          Array.from({ length: built.sortKeys }, (_, i) => last[`k${i}`] ?? null),
          last.id,
        )
      : null;
  return { rows: rows.rows, total, aggregations, nextCursor };
}
