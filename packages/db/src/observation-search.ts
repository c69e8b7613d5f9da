import {
  SEARCH_FIELDS,
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
  PRICE_ROW_COLUMNS,
  PRICE_ROW_FROM,
  escapeLike,
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

const COMPARE: Partial<Record<SearchOperator, string>> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

export type SqlQuery = { sql: string; params: unknown[] };

export type BuiltSearch = {
  /** The page of rows. */
  data: SqlQuery;
  /** One row: the total (`total`) and each aggregation as a0, a1, … over the whole filtered set. */
  summary: SqlQuery;
  /** Alias of each aggregation column, in order. */
  aggregations: { alias: string; column: string }[];
};

/** Collects parameters and hands out their $n placeholders. */
function paramList() {
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

/** The SQL of a search request: refuses (AppError 400 naming the field) anything outside the
 * whitelist; pure, so it is tested without a database. */
export function buildObservationSearch(req: ObservationSearch): BuiltSearch {
  const errors = checkSearchRequest(req);
  if (errors.length) throw new AppError('validation', 'errors.invalid_request', { errors });

  const p = paramList();
  const conditions = req.filters.map((f) =>
    condition(f.field as SearchField, f.operator as SearchOperator, f.value, p),
  );
  const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
  const filterParams = [...p.params];

  const order = searchSorts(req)
    .map((s) => `${EXPRESSIONS[s.field].sql} ${s.order === 'desc' ? 'desc nulls last' : 'asc nulls last'}`)
    .join(', ');
  const n = filterParams.length;
  const data: SqlQuery = {
    sql: `select ${PRICE_ROW_COLUMNS} from ${PRICE_ROW_FROM} ${where}
      order by ${order}, o.id desc limit $${n + 1} offset $${n + 2}`,
    params: [...filterParams, req.limit, req.offset],
  };

  const aggregations = req.aggregations.map((a, i) => ({ alias: a.alias, column: `a${i}` }));
  const aggColumns = req.aggregations.map((a, i) => {
    const fn = AGGREGATE[a.type as keyof typeof AGGREGATE];
    const expr = EXPRESSIONS[a.field as SearchField].sql;
    return `, ${fn}(${expr})::text as a${i}`;
  });
  const summary: SqlQuery = {
    sql: `select count(*)::int as total${aggColumns.join('')} from ${PRICE_ROW_FROM} ${where}`,
    params: filterParams,
  };
  return { data, summary, aggregations };
}

export type SearchResult = {
  rows: PriceRowDb[];
  total: number;
  aggregations: Record<string, { value: number | null }>;
};

/** Runs a built search. */
export async function runObservationSearch(db: Db, built: BuiltSearch): Promise<SearchResult> {
  const [rows, summary] = await Promise.all([
    db.query<PriceRowDb>(built.data.sql, built.data.params),
    db.query<Record<string, string | number | null>>(built.summary.sql, built.summary.params),
  ]);
  const s = summary.rows[0] ?? {};
  const aggregations: SearchResult['aggregations'] = {};
  for (const a of built.aggregations) {
    const v = s[a.column];
    aggregations[a.alias] = { value: v === null || v === undefined ? null : Number(v) };
  }
  return { rows: rows.rows, total: Number(s.total ?? 0), aggregations };
}
