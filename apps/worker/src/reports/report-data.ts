import type { Db } from '@preciofab/db/client';
import { NOT_HELD } from '@preciofab/db/benchmark-calculation';
import type { ReportParameters } from '@preciofab/shared/contracts/reports';
import { REPORT_COLUMNS, type ReportColumn, type ReportType } from '@preciofab/shared/report-fields';

/** One cell: text, a number (money, count or 0–1 fraction), a date, or empty. */
export type CellValue = string | number | Date | null;
export type ReportRecord = Record<string, CellValue>;

export type ReportData = {
  columns: readonly ReportColumn[];
  rows: ReportRecord[];
};

export type ReportQuery = {
  type: ReportType;
  parameters: Record<string, unknown>;
  from: Date;
  to: Date;
  /** Rows per statement of a paged read (tests make it small); REPORT_PAGE_ROWS otherwise. */
  pageRows?: number;
};

/** A file holds at most this many rows; wider asks belong in the explorer's exports. */
export const MAX_REPORT_ROWS = 50_000;

// numeric comes back as text from both engines; the file wants numbers.
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

type Loader = (
  db: Db,
  p: Record<string, unknown>,
  from: Date,
  to: Date,
  pageRows?: number,
) => Promise<ReportRecord[]>;

/** Rows a pricing report reads per statement. One statement over the whole period (50,000 rows
 * with their vendors, sorted) held PGlite's one connection, so every writer, for 5–6 s at 100,000
 * prices on a loaded machine; a page of this many is about 25–50 ms there, and writers' statements
 * run between two pages. */
export const REPORT_PAGE_ROWS = 1000;

const pricing: Loader = async (db, p, from, to, pageRows = REPORT_PAGE_ROWS) => {
  const f = p as ReportParameters['pricing'];
  const rows: Record<string, unknown>[] = [];
  // Keyset pages in the order of obs_observed_idx (observed_at desc, id desc): each page starts
  // after the last row of the one before (its time as text: a Date would drop the microseconds).
  let after: { at: string; id: string } | null = null;
  while (rows.length < MAX_REPORT_ROWS) {
    // The page is picked from the observations alone, in the index's own order (observed_at is
    // never null: "nulls last" changes no row's place but lets the planner walk the index rather
    // than sort the whole period), then joined to its vendors.
    const r: { rows: Record<string, unknown>[] } = await db.query<Record<string, unknown>>(
      `select o.observed_at, o.observed_at::text as cursor_at, o.id::text as cursor_id, v.name as vendor,
              o.offer_name as offer, o.category, o.subcategory, o.region,
              o.price::text as price, o.currency, o.unit, o.price_usd::text as price_usd, o.base_unit,
              o.price_net_usd::text as price_net_usd,
              o.tax_state, o.confidence_score::text as confidence
         from (select o.* from price_observations o
                where o.observed_at >= $1 and o.observed_at <= $2
                  and ($3::text is null or o.category = $3) and ($4::text is null or o.region = $4)
                  and ($5::uuid is null or o.vendor_id = $5) and ($6::text is null or o.currency = $6)
                  and ($7::numeric is null or o.confidence_score >= $7)
                  and ${NOT_HELD}${
                    after
                      ? '\n                  and (o.observed_at, o.id) < ($9::timestamptz, $10::uuid)'
                      : ''
                  }
                order by o.observed_at desc nulls last, o.id desc limit $8) o
         join vendors v on v.id = o.vendor_id
        order by o.observed_at desc, o.id desc`,
      [
        from,
        to,
        f.category ?? null,
        f.region ?? null,
        f.vendor_id ?? null,
        f.currency ?? null,
        f.min_confidence ?? null,
        Math.min(pageRows, MAX_REPORT_ROWS - rows.length),
        ...(after ? [after.at, after.id] : []),
      ],
    );
    rows.push(...r.rows);
    const last = r.rows.at(-1);
    if (!last || r.rows.length < pageRows) break;
    after = { at: last.cursor_at as string, id: last.cursor_id as string };
  }
  return rows.map((x) => ({
    observed_at: x.observed_at as Date,
    vendor: x.vendor as string,
    offer: x.offer as string,
    category: x.category as string,
    subcategory: (x.subcategory as string | null) ?? null,
    region: x.region as string,
    price: num(x.price),
    currency: String(x.currency).trim(),
    unit: x.unit as string,
    // Null (an empty cell, never 0) when the price has no rate on or before its date yet.
    price_usd: num(x.price_usd),
    base_unit: (x.base_unit as string | null) ?? null,
    price_net_usd: num(x.price_net_usd),
    tax_state: x.tax_state as string,
    confidence: num(x.confidence),
  }));
};

const vendor: Loader = async (db, p, from, to) => {
  const f = p as ReportParameters['vendor'];
  // The price count and median cover the period (and the category, when given); vendors without
  // prices in it are listed with 0 so the directory stays whole.
  const r = await db.query<Record<string, unknown>>(
    `select v.name as vendor, v.type as vendor_type, v.city, v.region, v.trust_score::text as trust_score,
            count(o.id)::int as price_count,
            (percentile_cont(0.5) within group (order by o.price_net_usd))::text as median_price_usd
       from vendors v
       left join price_observations o on o.vendor_id = v.id and o.observed_at >= $1 and o.observed_at <= $2
            and ($3::text is null or o.category = $3) and ${NOT_HELD}
      where ($4::text is null or v.type = $4) and ($5::text is null or v.region = $5)
        and ($6::numeric is null or v.trust_score >= $6)
      group by v.id
     having $3::text is null or count(o.id) > 0
      order by lower(v.name), v.id limit $7`,
    [
      from,
      to,
      f.category ?? null,
      f.vendor_type ?? null,
      f.region ?? null,
      f.min_trust_score ?? null,
      MAX_REPORT_ROWS,
    ],
  );
  return r.rows.map((x) => ({
    vendor: x.vendor as string,
    vendor_type: x.vendor_type as string,
    city: (x.city as string | null) ?? null,
    region: x.region as string,
    trust_score: num(x.trust_score),
    price_count: Number(x.price_count),
    median_price_usd: num(x.median_price_usd),
  }));
};

const benchmark: Loader = async (db, p, from, to) => {
  const f = p as ReportParameters['benchmark'];
  // The latest calculation of each group within the period.
  const r = await db.query<Record<string, unknown>>(
    `select distinct on (b.category, b.subcategory, b.base_unit, b.region, b.time_window_days)
            b.category, b.subcategory, b.base_unit, b.region, b.time_window_days,
            b.price_p10::text as p10, b.price_p25::text as p25, b.price_p50::text as p50,
            b.price_p75::text as p75, b.price_p90::text as p90, b.price_mean::text as mean,
            b.price_stddev::text as stddev, b.observation_count, b.vendor_count,
            b.average_confidence::text as average_confidence, b.calculated_at
       from benchmarks b
      where b.calculated_at >= $1 and b.calculated_at <= $2
        and ($3::text is null or b.category = $3) and ($4::text is null or b.region = $4)
        and ($5::int is null or b.time_window_days = $5)
      order by b.category, b.subcategory, b.base_unit, b.region, b.time_window_days, b.calculated_at desc
      limit $6`,
    [from, to, f.category ?? null, f.region ?? null, f.time_window_days ?? null, MAX_REPORT_ROWS],
  );
  return r.rows.map((x) => ({
    category: x.category as string,
    subcategory: (x.subcategory as string | null) ?? null,
    base_unit: x.base_unit as string,
    region: x.region as string,
    time_window_days: Number(x.time_window_days),
    p10: num(x.p10),
    p25: num(x.p25),
    p50: num(x.p50),
    p75: num(x.p75),
    p90: num(x.p90),
    mean: num(x.mean),
    stddev: num(x.stddev),
    observation_count: Number(x.observation_count),
    vendor_count: Number(x.vendor_count),
    average_confidence: num(x.average_confidence),
    calculated_at: x.calculated_at as Date,
  }));
};

const discovery: Loader = async (db, p, from, to) => {
  const f = p as ReportParameters['discovery'];
  const r = await db.query<Record<string, unknown>>(
    `select c.title, c.domain, c.url, s.name as source, c.status, c.confidence_score::text as confidence,
            array_to_string(c.category_suggestions, ', ') as suggestions, c.discovered_at
       from discovery_candidates c left join discovery_sources s on s.id = c.source_id
      where c.discovered_at >= $1 and c.discovered_at <= $2
        and ($3::text is null or c.status = $3) and ($4::uuid is null or c.source_id = $4)
        and ($5::numeric is null or c.confidence_score >= $5)
      order by c.confidence_score desc, c.discovered_at desc, c.id limit $6`,
    [from, to, f.status ?? null, f.source_id ?? null, f.min_confidence ?? null, MAX_REPORT_ROWS],
  );
  return r.rows.map((x) => ({
    title: (x.title as string | null) ?? null,
    domain: x.domain as string,
    url: x.url as string,
    source: (x.source as string | null) ?? null,
    status: x.status as string,
    confidence: num(x.confidence),
    suggestions: (x.suggestions as string | null) || null,
    discovered_at: x.discovered_at as Date,
  }));
};

const LOADERS: Record<ReportType, Loader> = { pricing, vendor, benchmark, discovery };

/** The rows of a report from the live tables over [from, to]. */
export async function loadReportData(db: Db, q: ReportQuery): Promise<ReportData> {
  const rows = await LOADERS[q.type](db, q.parameters, q.from, q.to, q.pageRows);
  return { columns: REPORT_COLUMNS[q.type], rows };
}

/** A row as JSON for the stored preview: dates as ISO strings. */
export function toJsonRecord(row: ReportRecord): Record<string, string | number | null> {
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  );
}
