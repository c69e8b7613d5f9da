/** Where a lane's time goes, per page, summed over the pages this process read since the last
 * summary: what `crawl lanes: phases` logs when the lanes run out of work. */
export type LanePhase =
  /** The dispatcher's statement: sites given back, pages claimed (one round trip, several pages). */
  | 'claim'
  /** How late a site was claimed after its pause ended (the database's clock): sites waiting for a
   * free lane. */
  | 'late'
  /** The page's lane, held while its requests are in flight (from the claim to its answer, and
   * again for its store's catalogue). */
  | 'lane'
  /** The page's site, held by this process from the claim until the page can ask it for nothing
   * more (its answer; or, when it may ask for its store's catalogue, the end of its reading). */
  | 'site'
  /** The page's requests through the polite fetcher: robots.txt (from the caches or the site), the
   * host queue, the answer and its decoding (the page, and its store's catalogue when asked for). */
  | 'fetch'
  /** From the lane's end to the page's reading: extraction in the thread, queued. */
  | 'extract';

export type PhaseSummary = {
  pages: number;
  claims: number;
  /** Mean ms per page (per claim statement for `claim`). */
  meanMs: Partial<Record<LanePhase, number>>;
};

export type LanePhases = {
  add(phase: LanePhase, ms: number): void;
  page(): void;
  claimed(pages: number): void;
  /** The sums since the last call, as means; null when no page was read. */
  take(): PhaseSummary | null;
};

export function createLanePhases(): LanePhases {
  let sums = new Map<LanePhase, { ms: number; n: number }>();
  let pages = 0;
  let claims = 0;
  return {
    add(phase, ms) {
      const s = sums.get(phase) ?? { ms: 0, n: 0 };
      s.ms += Math.max(0, ms);
      s.n += 1;
      sums.set(phase, s);
    },
    page() {
      pages += 1;
    },
    claimed(n) {
      if (n > 0) claims += 1;
    },
    take() {
      if (pages === 0) return null;
      const meanMs: PhaseSummary['meanMs'] = {};
      for (const [phase, s] of sums) meanMs[phase] = Math.round((s.ms / s.n) * 10) / 10;
      const summary = { pages, claims, meanMs };
      sums = new Map();
      pages = 0;
      claims = 0;
      return summary;
    },
  };
}
