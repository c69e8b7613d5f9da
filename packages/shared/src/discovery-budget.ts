/**
 * The budgets a discovery run works within (bytes read, child sitemaps, URLs, wall-clock time),
 * and how a run a budget stopped says so. The worker writes the note as the first of the source's
 * last-run warnings (`last_run_errors`); the console finds it there and shows it in the reader's
 * language (`discovery.sources.budget_stop.<budget>`), with the limit in the reader's units.
 */
export const DISCOVERY_BUDGETS = ['bytes', 'sitemaps', 'urls', 'time'] as const;
export type DiscoveryBudget = (typeof DISCOVERY_BUDGETS)[number];

/** Which budget stopped a run, and its limit: bytes, a count, or milliseconds. */
export type BudgetStop = { budget: DiscoveryBudget; limit: number };

const NOTE = /^budget_stop:(bytes|sitemaps|urls|time):(\d+)$/;

export const budgetStopNote = (stop: BudgetStop): string => `budget_stop:${stop.budget}:${stop.limit}`;

/** The stop a warning notes, or null for any other warning. */
export function parseBudgetStopNote(note: string): BudgetStop | null {
  const m = NOTE.exec(note);
  return m ? { budget: m[1] as DiscoveryBudget, limit: Number(m[2]) } : null;
}

/** What one discovery run may take. `DISCOVERY_*` variables set them (discovery-config.ts). */
export type DiscoveryLimits = {
  /** Bytes the run reads, uncompressed: sitemaps as inflated, pages as received. */
  maxBytes: number;
  /** Sitemap files read, the first one included. */
  maxSitemaps: number;
  /** Entries read from sitemaps (pages and child sitemaps). */
  maxUrls: number;
  /** Wall-clock time from the start of the run. */
  timeMs: number;
  /** Time the discovery thread may spend on one page (parsing, scoring); past it the page is
   * scored from the collector's words instead. */
  pageTimeMs: number;
};

export const DEFAULT_DISCOVERY_LIMITS: DiscoveryLimits = {
  maxBytes: 100 * 1024 * 1024,
  maxSitemaps: 25,
  maxUrls: 50_000,
  timeMs: 120_000,
  pageTimeMs: 5_000,
};
