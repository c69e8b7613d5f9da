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

/** Groups merged per call: a bounded statement, whatever piled up since the last view. */
const COMPACT_GROUPS = 20_000;

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

/** The same for the rollup per vendor and day (migration 0020). */
export async function compactVendorDays(db: Db): Promise<number> {
  const r = await db.query<{ n: number }>('select vendor_day_rollup_compact($1::int) as n', [COMPACT_GROUPS]);
  return r.rows[0]?.n ?? 0;
}
