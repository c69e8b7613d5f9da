import type { Db } from '../client.ts';
import { known, runSteps, type Step } from '../steps.ts';

/** Everything stored for one observation; numerics are decimal text. */
export type ObservationWrite = {
  /** The new row's id when the writer chose it (a batch that answers each price with its id);
   * the database's default otherwise. */
  id?: string;
  offerId: string;
  vendorId: string;
  crawlRunId: string | null;
  crawlTargetId: string | null;
  origin: 'manual' | 'crawl' | 'import' | 'demo';
  offerName: string;
  category: string;
  subcategory: string | null;
  technology: string | null;
  material: string | null;
  priceType: string;
  price: string;
  currency: string;
  unit: string;
  quantity: string;
  minimumOrder: number | null;
  leadTimeDays: number | null;
  taxState: string;
  includesShipping: boolean;
  notes: string | null;
  validUntil: string | null;
  region: string;
  volumeCm3: string | null;
  metadata: Record<string, unknown>;
  sourceUrl: string | null;
  observedAt: Date;
  createdBy: string | null;
  /** Evidence of a crawled observation (evidence_files ids, the selector or JSON path behind each
   * field and its confidence); absent for prices typed by hand. */
  evidence?: ObservationEvidence;
} & Enrichment;

export type ObservationEvidence = {
  screenshotId: string | null;
  snapshotId: string | null;
  selectors: Record<string, string>;
  fieldConfidence: Record<string, number>;
  capturedAt: Date;
};

/** The derived columns of an observation: normalization to USD per base unit and confidence. */
export type Enrichment = {
  baseUnit: string | null;
  /** 1 observed unit = unitFactor / unitFactorDen base units. */
  unitFactor: string | null;
  unitFactorDen: number;
  fxRate: string | null;
  fxDate: string | null;
  /** The VAT the net and gross were computed with (the vendor's country's). */
  taxRate: string;
  priceUsd: string | null;
  priceNetUsd: string | null;
  priceGrossUsd: string | null;
  confidenceScore: number;
  confidenceSource: number;
  confidenceCompleteness: number;
  confidenceConsistency: number;
  confidenceFreshness: number;
  confidenceFactors: Record<string, unknown>;
};

export type ObservationDetailRow = {
  id: string;
  vendor_id: string;
  offer_id: string;
  vendor_name: string;
  vendor_type: string;
  vendor_trust: string;
  vendor_website: string | null;
  offer_name: string;
  price: string;
  currency: string;
  unit: string;
  quantity: string;
  category: string;
  subcategory: string | null;
  technology: string | null;
  material: string | null;
  price_type: string;
  tax_state: string;
  volume_cm3: string | null;
  confidence_score: string;
  confidence_source: string | null;
  confidence_completeness: string | null;
  confidence_consistency: string | null;
  confidence_freshness: string | null;
  confidence_factors: Record<string, unknown>;
  base_unit: string | null;
  price_usd: string | null;
  price_net_usd: string | null;
  price_gross_usd: string | null;
  fx_rate: string | null;
  fx_date: string | null;
  tax_rate: string;
  source_url: string | null;
  screenshot_path: string | null;
  html_snapshot_path: string | null;
  crawl_run_id: string | null;
  extraction_selectors: Record<string, unknown>;
  extraction_confidence: Record<string, unknown>;
  /** metadata.currency_evidence as the crawler wrote it, or null. */
  currency_evidence: unknown;
  /** manual, crawl, import or demo. */
  origin: string;
  /** metadata.screenshot_skipped: why the crawler kept the page without a screenshot, or null. */
  screenshot_skipped: unknown;
  captured_at: Date | null;
  observed_at: Date;
};

/** The stored columns and how to read each off a write; `json` marks the jsonb ones. */
const COLUMNS: [string, (o: ObservationWrite) => unknown, 'json'?][] = [
  ['offer_id', (o) => o.offerId],
  ['vendor_id', (o) => o.vendorId],
  ['crawl_run_id', (o) => o.crawlRunId],
  ['crawl_target_id', (o) => o.crawlTargetId],
  ['origin', (o) => o.origin],
  ['offer_name', (o) => o.offerName],
  ['category', (o) => o.category],
  ['subcategory', (o) => o.subcategory],
  ['technology', (o) => o.technology],
  ['material', (o) => o.material],
  ['price_type', (o) => o.priceType],
  ['price', (o) => o.price],
  ['currency', (o) => o.currency],
  ['unit', (o) => o.unit],
  ['quantity', (o) => o.quantity],
  ['minimum_order', (o) => o.minimumOrder],
  ['lead_time_days', (o) => o.leadTimeDays],
  ['tax_state', (o) => o.taxState],
  ['includes_shipping', (o) => o.includesShipping],
  ['notes', (o) => o.notes],
  ['valid_until', (o) => o.validUntil],
  ['region', (o) => o.region],
  ['base_unit', (o) => o.baseUnit],
  ['unit_factor', (o) => o.unitFactor],
  ['unit_factor_den', (o) => o.unitFactorDen],
  ['fx_rate', (o) => o.fxRate],
  ['fx_date', (o) => o.fxDate],
  ['tax_rate', (o) => o.taxRate],
  ['price_usd', (o) => o.priceUsd],
  ['price_net_usd', (o) => o.priceNetUsd],
  ['price_gross_usd', (o) => o.priceGrossUsd],
  ['confidence_score', (o) => o.confidenceScore],
  ['confidence_source', (o) => o.confidenceSource],
  ['confidence_completeness', (o) => o.confidenceCompleteness],
  ['confidence_consistency', (o) => o.confidenceConsistency],
  ['confidence_freshness', (o) => o.confidenceFreshness],
  ['confidence_factors', (o) => o.confidenceFactors, 'json'],
  ['volume_cm3', (o) => o.volumeCm3],
  ['metadata', (o) => o.metadata, 'json'],
  ['source_url', (o) => o.sourceUrl],
  ['observed_at', (o) => o.observedAt],
  ['last_seen_at', (o) => o.observedAt],
  ['created_by', (o) => o.createdBy],
  ['screenshot_path', (o) => o.evidence?.screenshotId ?? null],
  ['html_snapshot_path', (o) => o.evidence?.snapshotId ?? null],
  ['extraction_selectors', (o) => o.evidence?.selectors ?? {}, 'json'],
  ['extraction_confidence', (o) => o.evidence?.fieldConfidence ?? {}, 'json'],
  ['captured_at', (o) => o.evidence?.capturedAt ?? null],
];

const INSERT = `insert into price_observations (${COLUMNS.map(([c]) => c).join(', ')})
  values (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}) returning id`;

/** USD per base unit from the stored price, quantity, unit factor (a ratio) and rate, in SQL: round() is
 * half away from zero like money.ts, and the wide cast keeps 20 decimals through the division. */
const usd = (extra: string) =>
  `round(o.price::numeric(38, 20) * o.unit_factor_den / (o.quantity * coalesce(o.unit_factor, 1) * r.units_per_usd${extra}), 6)`;

export const observationsRepository = {
  /** Several observations in one statement (a crawled page's offers): one round trip, and the
   * count triggers fire once. The rows travel as one JSON parameter rather than 47 per row, which
   * spares parsing and planning a VALUES list of thousands of parameters. Reads back how many it
   * inserted (no ids: the crawl never needs them, and sending them back costs). */
  insertManyStep(rows: readonly ObservationWrite[]): Step<number> {
    if (rows.length === 0) return known(0);
    // Ids go in when every row has one: the writer answers each price with the id it chose.
    const columns: typeof COLUMNS = rows.every((o) => o.id !== undefined)
      ? [['id', (o) => o.id], ...COLUMNS]
      : COLUMNS;
    const names = columns.map(([c]) => c).join(', ');
    const payload = rows.map((o) => Object.fromEntries(columns.map(([c, get]) => [c, get(o)])));
    return {
      statement: {
        sql: `insert into price_observations (${names})
              select ${names} from json_populate_recordset(null::price_observations, $1::json)`,
        params: [JSON.stringify(payload)],
      },
      read: (r) => r.rowCount,
    };
  },

  /** Prices read again unchanged: their latest observation was seen now. */
  markSeenStep(ids: readonly string[]): Step<void> {
    if (ids.length === 0) return known(undefined);
    return {
      statement: {
        sql: 'update price_observations set last_seen_at = greatest(last_seen_at, now()) where id = any($1::uuid[])',
        params: [ids],
      },
      read: () => undefined,
    };
  },

  async insert(db: Db, o: ObservationWrite): Promise<string> {
    const r = await db.query<{ id: string }>(
      INSERT,
      COLUMNS.map(([, get, json]) => (json ? JSON.stringify(get(o)) : get(o))),
    );
    return r.rows[0]!.id;
  },

  async findDetail(db: Db, id: string): Promise<ObservationDetailRow | undefined> {
    const r = await db.query<ObservationDetailRow>(
      `select o.id, o.vendor_id, o.offer_id, v.name as vendor_name, v.type as vendor_type, v.trust_score as vendor_trust,
              v.website as vendor_website, o.offer_name, o.price, o.currency, o.unit, o.quantity, o.category,
              o.subcategory, o.technology, o.material, o.price_type, o.tax_state, o.volume_cm3, o.confidence_score,
              o.confidence_source, o.confidence_completeness, o.confidence_consistency, o.confidence_freshness,
              o.confidence_factors, o.base_unit, o.price_usd, o.price_net_usd, o.price_gross_usd, o.fx_rate, o.tax_rate,
              o.fx_date::text as fx_date, o.source_url, o.screenshot_path, o.html_snapshot_path, o.crawl_run_id,
              o.extraction_selectors, o.extraction_confidence, o.metadata -> 'currency_evidence' as currency_evidence,
              o.origin, o.metadata ->> 'screenshot_skipped' as screenshot_skipped, o.captured_at, o.observed_at
         from price_observations o join vendors v on v.id = o.vendor_id
        where o.id = $1`,
      [id],
    );
    return r.rows[0];
  },

  /** The vendor's observation count, kept by triggers (migration 0007): no scan of its rows. */
  async countByVendor(db: Db, vendorId: string): Promise<number> {
    const r = await db.query<{ n: number }>('select price_count as n from vendors where id = $1', [vendorId]);
    return r.rows[0]?.n ?? 0;
  },

  /** Count and median net USD price of the observations of a category and base unit seen in
   * [since, until]: what a new price is compared with. With `limit`, of at most that many of them
   * (a bounded read: a count equal to the limit says the group is larger). The partial index of
   * migration 0022 holds the group, the time and the price: the read touches that group alone. */
  async similarStats(
    db: Db,
    s: { category: string; baseUnit: string; since: Date; until: Date; limit?: number },
  ): Promise<{ count: number; median: number | null }> {
    const [stats] = await runSteps(db, [observationsRepository.similarStatsStep(s)] as const);
    return stats;
  },
  /** `similarStats` as a step, to send with other statements. */
  similarStatsStep(s: {
    category: string;
    baseUnit: string;
    since: Date;
    until: Date;
    limit?: number;
  }): Step<{ count: number; median: number | null }> {
    return {
      statement: {
        sql: `select count(*)::int as n, percentile_cont(0.5) within group (order by price_net_usd)::text as median
                from (select price_net_usd from price_observations
                       where category = $1 and base_unit = $2 and price_net_usd is not null
                         and observed_at between $3 and $4
                       limit $5) s`,
        params: [s.category, s.baseUnit, s.since, s.until, s.limit ?? null],
      },
      read: (r) => {
        const row = r.rows[0] as { n: number; median: string | null } | undefined;
        return { count: row?.n ?? 0, median: row?.median == null ? null : Number(row.median) };
      },
    };
  },

  /** After rates of `currency` effective on or after `since` were written (one rate set by hand,
   * or an imported history): every observation of that currency observed on or after `since` is
   * normalized again at the rate now in force on its date, the latest effective on or before it.
   * Those that had no rate ("not convertible") are converted when one now exists. One statement;
   * rows whose rate did not change are left alone. Returns how many changed. */
  async renormalizeFx(db: Db, currency: string, since: string): Promise<number> {
    const r = await db.query(
      `with m as (
         select o.id, rate.units_per_usd, rate.effective_date
           from price_observations o
           cross join lateral (
             select f.units_per_usd, f.effective_date from fx_rates f
              where f.currency = o.currency and f.effective_date <= (o.observed_at at time zone 'UTC')::date
              order by f.effective_date desc limit 1) rate
          where o.currency = $1
            -- The bare column against a bound, so the (currency, observed_at) index finds the range.
            and o.observed_at >= ($2::date)::timestamp at time zone 'UTC'
            and o.base_unit is not null
            and (o.fx_date is distinct from rate.effective_date or o.fx_rate is distinct from rate.units_per_usd))
       update price_observations o
          set fx_rate = r.units_per_usd,
              fx_date = r.effective_date,
              price_usd = ${usd('')},
              price_net_usd = ${usd(" * (case when o.tax_state = 'included' then 1 + o.tax_rate else 1 end)")},
              price_gross_usd = case when o.tax_state = 'included' then ${usd('')}
                                     else round(o.price::numeric(38, 20) * o.unit_factor_den * (1 + o.tax_rate)
                                       / (o.quantity * coalesce(o.unit_factor, 1) * r.units_per_usd), 6) end
         from m r
        where o.id = r.id`,
      [currency, since],
    );
    return r.rowCount;
  },
};
