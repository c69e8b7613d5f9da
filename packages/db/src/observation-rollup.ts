import type { ObservationSearch } from '@preciofab/shared/contracts/observations';
import type { Db } from './client.ts';

// When the explorer's chart views can read observation_rollup (migration 0015) instead of the
// observations: a filter set whose every condition is on a column the rollup keeps (or on the
// date), and a date range whose whole UTC days the rollup answers, the partial days at its ends
// being read from the observations. Pure: tested without a database.

type Filters = ObservationSearch['filters'];

/** The search fields the rollup keeps, under the same column names (so the search's own
 * conditions apply to it unchanged). Technology, material and subcategory are stored lowercased,
 * which their case-insensitive conditions (eq, neq, in, contains) cannot tell apart. */
const ROLLUP_FIELDS: ReadonlySet<string> = new Set([
  'category',
  'subcategory',
  'technology',
  'material',
  'price_type',
  'unit',
  'currency',
]);

const DAY = 86_400_000;
const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Instants JavaScript reads exactly as PostgreSQL does: a zone always given, milliseconds at most. */
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

function instant(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  if (BARE_DATE.test(value)) return Date.parse(`${value}T00:00:00Z`);
  if (ZONED.test(value)) return Date.parse(value);
  return undefined;
}

type Bound = { t: number; inclusive: boolean };

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const iso = (t: number) => new Date(t).toISOString();
const floorDay = (t: number) => Math.floor(t / DAY) * DAY;

export type RollupPlan = {
  /** The filters the rollup rows are read with (every one but the dates'). */
  rollupFilters: Filters;
  /** The whole UTC days read from the rollup: from (inclusive) to (exclusive), YYYY-MM-DD; null is
   * unbounded. Absent when the range holds no whole day. */
  days?: { from: string | null; to: string | null };
  /** Periods (ISO instants, half-open) read from the observations with every filter: the partial
   * days at the ends of the range. A range shorter than a whole day is one period, unbounded
   * (null), read with the filters alone. */
  edges: { from: string | null; to: string | null }[];
};

/** The plan for reading these filters from the rollup, or null when it cannot answer them. */
export function planRollup(filters: Filters): RollupPlan | null {
  let lo: Bound | undefined;
  let hi: Bound | undefined;
  const raise = (b: Bound) => {
    if (!lo || b.t > lo.t || (b.t === lo.t && !b.inclusive)) lo = b;
  };
  const lower = (b: Bound) => {
    if (!hi || b.t < hi.t || (b.t === hi.t && !b.inclusive)) hi = b;
  };
  const rollupFilters: Filters = [];
  for (const f of filters) {
    if (f.field !== 'observed_at') {
      if (!ROLLUP_FIELDS.has(f.field)) return null;
      rollupFilters.push(f);
      continue;
    }
    const values = f.operator === 'between' && Array.isArray(f.value) ? f.value : [f.value];
    const ts = values.map(instant);
    if (ts.some((t) => t === undefined)) return null;
    const [a, b] = ts as number[];
    switch (f.operator) {
      case 'gt':
        raise({ t: a!, inclusive: false });
        break;
      case 'gte':
        raise({ t: a!, inclusive: true });
        break;
      case 'lt':
        lower({ t: a!, inclusive: false });
        break;
      case 'lte':
        lower({ t: a!, inclusive: true });
        break;
      case 'between':
        raise({ t: a!, inclusive: true });
        lower({ t: b!, inclusive: true });
        break;
      default:
        return null;
    }
  }
  const low = lo as Bound | undefined;
  const high = hi as Bound | undefined;
  // The first whole day and the end (exclusive) of the last one.
  const first = low === undefined ? null : low.inclusive && low.t % DAY === 0 ? low.t : floorDay(low.t) + DAY;
  const end = high === undefined ? null : floorDay(high.t);
  if (first !== null && end !== null && first >= end) {
    // Less than a whole day: the observations answer alone, cheaply.
    return { rollupFilters, edges: [{ from: null, to: null }] };
  }
  const edges: RollupPlan['edges'] = [];
  if (low !== undefined && first !== low.t) edges.push({ from: iso(floorDay(low.t)), to: iso(first!) });
  if (high !== undefined && !(!high.inclusive && high.t === end))
    edges.push({ from: iso(end!), to: iso(end! + DAY) });
  return {
    rollupFilters,
    days: { from: first === null ? null : isoDay(first), to: end === null ? null : isoDay(end) },
    edges,
  };
}

/** The plan for the monthly price histogram (migration 0024): the whole UTC months within a
 * plan's whole days from the histogram (`days` then holds month starts), and the days before the
 * first and after the last of them, with the partial days at the ends, from the observations.
 * Null when the range holds no whole month (the observations answer it alone). */
export function monthPlan(plan: RollupPlan): RollupPlan | null {
  if (!plan.days) return null;
  const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
  const nextMonth = (day: string) => {
    const d = new Date(`${monthStart(day)}T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() + 1);
    return isoDay(d.getTime());
  };
  const { from, to } = plan.days;
  const first = from === null ? null : from === monthStart(from) ? from : nextMonth(from);
  const end = to === null ? null : monthStart(to);
  if (first !== null && end !== null && first >= end) return null;
  const edges = [...plan.edges];
  const midnight = (day: string) => `${day}T00:00:00.000Z`;
  if (from !== null && first !== from) edges.push({ from: midnight(from), to: midnight(first!) });
  if (to !== null && end !== to) edges.push({ from: midnight(end!), to: midnight(to) });
  return { rollupFilters: plan.rollupFilters, days: { from: first, to: end }, edges };
}

/** The bounds of the price and confidence bands of observation_band_rollup (migration 0026, whose
 * price_band and confidence_band functions repeat them; a test checks they agree). Band i holds
 * bounds[i - 1] <= v < bounds[i] (1-based, as width_bucket counts), band 0 what is below the first
 * bound, the last band what is at or above the last. Round values, so typed ranges are whole bands. */
export const PRICE_BAND_BOUNDS: readonly string[] = [
  '0',
  ...Array.from({ length: 10 }, (_, i) => i - 3).flatMap((e) =>
    ['1', '1.5', '2', '2.5', '3', '4', '5', '7'].map((m) => String(Number(`${m}e${e}`))),
  ),
];
export const CONFIDENCE_BAND_BOUNDS: readonly string[] = Array.from({ length: 21 }, (_, i) => String(i / 20));

/** The measures a band plan reads, by search field: the observations' column and the band's. */
type BandMeasure = {
  column: string;
  measure: 'price' | 'confidence';
  band: string;
  bounds: readonly string[];
};
const PRICE: BandMeasure = {
  column: 'price_usd',
  measure: 'price',
  band: 'price_band',
  bounds: PRICE_BAND_BOUNDS,
};
const CONFIDENCE: BandMeasure = {
  column: 'confidence_score',
  measure: 'confidence',
  band: 'confidence_band',
  bounds: CONFIDENCE_BAND_BOUNDS,
};
const BAND_MEASURES: Record<string, BandMeasure> = {
  price_usd: PRICE,
  confidence: CONFIDENCE,
  confidence_score: CONFIDENCE,
};

export type BandRange = {
  /** The observations' column; the measure as the day and month tables name it, and the total
   * table's band column. */
  column: string;
  measure: 'price' | 'confidence';
  band: string;
  /** The whole bands, first to last (inclusive). */
  first: number;
  last: number;
  /** Their values: from (inclusive; null is unbounded) to (exclusive; null is unbounded). */
  from: string | null;
  to: string | null;
  /** Whether the range holds values below `from` (at or above `to`), read from the rows. */
  below: boolean;
  above: boolean;
};

export type BandPlan = {
  /** The rollup read: observation_band_total_rollup (both bands) without other filters; with one
   * measure, observation_band_day_rollup (per UTC day) when the only other filter is a date range,
   * observation_band_rollup (per UTC month and the grouping columns) otherwise. */
  table: 'observation_band_total_rollup' | 'observation_band_day_rollup' | 'observation_band_rollup';
  /** Its whole periods and the periods around them read from the rows: whole days and the partial
   * days at the ends, as planRollup gives, or whole months (`days` holds month starts) and the days
   * around them, as monthPlan gives. */
  periods: RollupPlan;
  /** Per measure filtered on, the whole bands inside its range. The rows of the range outside
   * them are read from the observations. */
  ranges: BandRange[];
};

type Interval = { lo: number; loIn: boolean; hi: number; hiIn: boolean };

/** The plan for reading a filter set with a price range or a confidence threshold from
 * observation_band_rollup (migration 0026), or null when it cannot help: a filter it does not keep,
 * a measure compared otherwise than by a range (eq, in…), a range holding no whole band, both
 * measures with other filters, or a date range holding no whole day (or, with other filters, no
 * whole month). */
export function planBandRollup(filters: Filters): BandPlan | null {
  const intervals = new Map<string, Interval>();
  const rest: Filters = [];
  for (const f of filters) {
    const measure = BAND_MEASURES[f.field];
    if (!measure) {
      rest.push(f);
      continue;
    }
    const values = f.operator === 'between' && Array.isArray(f.value) ? f.value : [f.value];
    // Numbers only: a JSON number and its decimal text compare with the bounds the same way in
    // JavaScript and in PostgreSQL (the bounds are the shortest text of their double).
    if (!values.every((v) => typeof v === 'number' && Number.isFinite(v))) return null;
    const [a, b] = values as number[];
    const i = intervals.get(measure.column) ?? { lo: -Infinity, loIn: false, hi: Infinity, hiIn: false };
    const raise = (lo: number, loIn: boolean) => {
      if (lo > i.lo || (lo === i.lo && !loIn)) Object.assign(i, { lo, loIn });
    };
    const lower = (hi: number, hiIn: boolean) => {
      if (hi < i.hi || (hi === i.hi && !hiIn)) Object.assign(i, { hi, hiIn });
    };
    switch (f.operator) {
      case 'gt':
        raise(a!, false);
        break;
      case 'gte':
        raise(a!, true);
        break;
      case 'lt':
        lower(a!, false);
        break;
      case 'lte':
        lower(a!, true);
        break;
      case 'between':
        raise(a!, true);
        lower(b!, true);
        break;
      default:
        return null;
    }
    intervals.set(measure.column, i);
  }
  if (!intervals.size) return null;
  const plan = planRollup(rest);
  if (!plan) return null;
  // Only a date range besides the measures: the day table, so no day is read from the rows but
  // the partial ones at the ends.
  const byDay = plan.rollupFilters.length === 0;
  const periods = byDay ? plan : monthPlan(plan);
  if (!periods?.days) return null;
  // The day and month tables keep one measure's band at a time (both would make nearly a row per
  // observation): a price range with a confidence threshold and other filters counts the rows.
  if (rest.length && intervals.size > 1) return null;
  const ranges: BandRange[] = [];
  for (const [column, i] of intervals) {
    const { measure, band, bounds } = Object.values(BAND_MEASURES).find((m) => m.column === column)!;
    const n = bounds.length;
    // Band k (0..n) spans [lower(k), upper(k)).
    const lowerOf = (k: number) => (k === 0 ? -Infinity : Number(bounds[k - 1]));
    const upperOf = (k: number) => (k === n ? Infinity : Number(bounds[k]));
    const whole: number[] = [];
    for (let k = 0; k <= n; k++) {
      const lo = lowerOf(k);
      const inside = (lo > i.lo || (lo === i.lo && (i.loIn || lo === -Infinity))) && upperOf(k) <= i.hi;
      if (inside) whole.push(k);
    }
    if (!whole.length) return null;
    const first = whole[0]!;
    const last = whole.at(-1)!;
    const from = first === 0 ? null : bounds[first - 1]!;
    const to = last === n ? null : bounds[last]!;
    ranges.push({
      column,
      measure,
      band,
      first,
      last,
      from,
      to,
      below: from !== null && Number(from) !== i.lo,
      above: to !== null && (Number(to) !== i.hi || i.hiIn),
    });
  }
  const table = !rest.length
    ? 'observation_band_total_rollup'
    : byDay
      ? 'observation_band_day_rollup'
      : 'observation_band_rollup';
  return { table, periods, ranges };
}

/** Groups merged per call: a bounded statement, whatever piled up since the last view. */
const COMPACT_GROUPS = 20_000;

/** What a box plot reads, merged in one round trip: the rollup (compactRollup) and the price
 * histogram (compactPriceHistogram). */
export async function compactBoxRollups(db: Db): Promise<void> {
  await db.query('select observation_rollup_compact($1::int), observation_price_histogram_compact($1::int)', [
    COMPACT_GROUPS,
  ]);
}

/** Merges the rollup rows appended by inserts since the last call (see migration 0015), so a view
 * reads one row per group. Skipped, not waited for, while another session merges or recomputes. */
export async function compactRollup(db: Db): Promise<number> {
  const r = await db.query<{ n: number }>('select observation_rollup_compact($1::int) as n', [
    COMPACT_GROUPS,
  ]);
  return r.rows[0]?.n ?? 0;
}

/** The same for the monthly price histogram (migration 0024). */
export async function compactPriceHistogram(db: Db): Promise<number> {
  const r = await db.query<{ n: number }>('select observation_price_histogram_compact($1::int) as n', [
    COMPACT_GROUPS,
  ]);
  return r.rows[0]?.n ?? 0;
}

/** The same for the rollup per month and price and confidence band (migration 0026). */
export async function compactBandRollup(db: Db): Promise<number> {
  const r = await db.query<{ n: number }>('select observation_band_rollup_compact($1::int) as n', [
    COMPACT_GROUPS,
  ]);
  return r.rows[0]?.n ?? 0;
}

/** The same for the rollup per vendor and day (migration 0020). */
export async function compactVendorDays(db: Db): Promise<number> {
  const r = await db.query<{ n: number }>('select vendor_day_rollup_compact($1::int) as n', [COMPACT_GROUPS]);
  return r.rows[0]?.n ?? 0;
}
