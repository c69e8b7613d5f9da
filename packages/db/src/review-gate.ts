import type { CurrencyBasis } from '@preciofab/shared/catalogue';
import { CURRENCY_BASES } from '@preciofab/shared/catalogue';
import {
  DEFAULT_REVIEW_SETTINGS,
  holdReasons,
  type ReviewReason,
  type ReviewSettings,
} from '@preciofab/shared/review-hold';
import type { Db } from './client.ts';
import type { ObservationWrite } from './repositories/observations.repository.ts';
import {
  bandKey,
  reviewRepository,
  type BandMap,
  type PreviousPrice,
} from './repositories/review.repository.ts';
import { known, type Step } from './steps.ts';

/** What the hold decision needs beyond the observation: the rules and every group's band. */
export type ReviewContext = { settings: ReviewSettings; bands: BandMap };

/** How long a process trusts its copy of the rules and bands. Benchmarks change a few times a day
 * and settings rarely; a change made in this process clears the copy at once (`invalidate`). */
export const REVIEW_CONTEXT_TTL_MS = 60_000;

/** A process's cached review context per database (tests open several). */
const cache = new WeakMap<Db, { at: number; context: ReviewContext }>();

export const reviewGate = {
  /** The context as a step of a write batch's first round trip: known when the cached copy is
   * fresh, else one statement that refreshes it. Key it by the pool (not a transaction). */
  contextStep(db: Db, now = Date.now()): Step<ReviewContext> {
    const hit = cache.get(db);
    if (hit && now - hit.at < REVIEW_CONTEXT_TTL_MS) return known(hit.context);
    const step = reviewRepository.contextStep();
    if ('value' in step) throw new Error('unreachable');
    return {
      statement: step.statement,
      read: (r) => {
        const read = step.read(r);
        const context = { settings: { ...DEFAULT_REVIEW_SETTINGS, ...read.settings }, bands: read.bands };
        cache.set(db, { at: now, context });
        return context;
      },
    };
  },

  /** Forgets the cached context (settings changed, benchmarks were calculated in this process). */
  invalidate(db?: Db): void {
    if (db) cache.delete(db);
  },
};

const isBasis = (v: unknown): v is CurrencyBasis =>
  typeof v === 'string' && (CURRENCY_BASES as readonly string[]).includes(v);

/** The reasons to hold one observation about to be stored. `previous` is its offer's latest stored
 * price; `newVendor` that its vendor had no observation before it. The currency is uncertain only
 * when the crawler inferred it (its evidence says how); a person's price states its currency. */
export function holdReasonsOf(
  w: ObservationWrite,
  context: ReviewContext,
  facts: { previous: PreviousPrice | null; newVendor: boolean },
): ReviewReason[] {
  const evidence = (w.origin === 'crawl' ? w.metadata.currency_evidence : undefined) as
    { basis?: unknown; mark?: unknown } | undefined;
  return holdReasons(
    {
      confidence: w.confidenceScore,
      priceNetUsd: w.priceNetUsd === null ? null : Number(w.priceNetUsd),
      price: Number(w.price),
      quantity: Number(w.quantity),
      currency: w.currency,
      unit: w.unit,
      currencyBasis: isBasis(evidence?.basis) ? evidence.basis : null,
      currencyMark: typeof evidence?.mark === 'string' ? evidence.mark : null,
      previous: facts.previous,
      band: w.baseUnit ? (context.bands.get(bandKey(w.category, w.subcategory, w.baseUnit)) ?? null) : null,
      newVendor: facts.newVendor,
      crawled: w.origin === 'crawl',
    },
    context.settings,
  );
}
