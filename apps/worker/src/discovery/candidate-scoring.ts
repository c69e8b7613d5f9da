import type { Category } from '@preciofab/shared/catalogue';
import {
  COMMERCE_TERMS,
  FABRICATION_TERMS,
  foldText,
  matchTerms,
  NEGATIVE_HOST,
  NEGATIVE_TERMS,
  PRICE_PATTERN,
} from './fabrication-vocabulary.ts';
import { latamSignal } from './latam-signals.ts';
import { summarizePage, type PageSummary } from './html-page.ts';

export type RelevanceSignals = { fabrication: number; commerce: number; latam: number; penalty: number };
export type Relevance = { confidence: number; categories: Category[]; signals: RelevanceSignals };

export type ScoreInput = {
  url: string;
  text: string;
  lang?: string | null;
  ogType?: string | null;
  /** The source's keywords: a match adds a little, because the operator asked for exactly that. */
  keywords?: readonly string[];
};

/** Fabrication words' weight at which a page counts as fully about fabrication. */
const FULL_FABRICATION = 8;
/** How much a candidate known only from the collector's snippet is trusted, against its own page. */
export const EVIDENCE_ONLY_FACTOR = 0.6;

const round4 = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 10_000) / 10_000;

/** Categories whose words weigh enough on their own and against the page's main category. */
function categoriesOf(byCategory: Map<Category, number>): Category[] {
  const top = Math.max(0, ...byCategory.values());
  return [...byCategory.entries()]
    .filter(([, w]) => w >= 2.5 && w >= top * 0.35)
    .sort((a, b) => b[1] - a[1])
    .map(([c]) => c);
}

/**
 * Relevance of a text to PrecioFab, 0 to 1: mostly fabrication vocabulary (60%), then a price list
 * or shop (15%) and Mexico/LATAM signals (25%). The sum is scaled by the fabrication share, so a
 * Guadalajara restaurant with a price list stays low, and news, blog, job and unrelated-trade
 * words subtract.
 */
export function scoreRelevance(input: ScoreInput): Relevance {
  const folded = foldText(input.text);
  const hostname = new URL(input.url).hostname.toLowerCase();
  const fab = matchTerms(folded, FABRICATION_TERMS);
  const fabrication = Math.min(1, fab.total / FULL_FABRICATION);
  const prices = folded.match(PRICE_PATTERN)?.length ?? 0;
  const priceSignal = prices >= 3 ? 0.5 : prices >= 1 ? 0.3 : 0;
  const commerce = Math.min(1, matchTerms(folded, COMMERCE_TERMS).total + priceSignal);
  const latam = latamSignal(folded, hostname, input.lang?.toLowerCase() ?? null);
  const penalty = Math.min(
    0.6,
    matchTerms(folded, NEGATIVE_TERMS).total +
      (NEGATIVE_HOST.test(hostname) ? 0.25 : 0) +
      (input.ogType === 'article' ? 0.15 : 0),
  );
  const keywordHit = (input.keywords ?? []).some((k) => k.trim() && folded.includes(foldText(k.trim())));
  const base =
    0.6 * fabrication + 0.15 * commerce + 0.25 * latam + (keywordHit && fabrication > 0 ? 0.05 : 0);
  const confidence = round4(base * (0.3 + 0.7 * fabrication) - penalty);
  return {
    confidence,
    categories: categoriesOf(fab.byCategory),
    signals: { fabrication, commerce, latam, penalty },
  };
}

export type PageRelevance = Relevance & { title: string | null; description: string | null };

/** Scores a candidate's home page; `evidence` (the collector's snippet) is read along with it. */
export function scorePage(
  html: string,
  url: string,
  opts: { evidence?: string; keywords?: readonly string[] } = {},
) {
  return scoreSummary(summarizePage(html), url, opts);
}

/** `scorePage` from a page already summarized (the discovery thread parses a home page once). */
export function scoreSummary(
  page: PageSummary,
  url: string,
  opts: { evidence?: string; keywords?: readonly string[] } = {},
) {
  const text = [page.title, page.description, page.text, opts.evidence].filter(Boolean).join(' \n ');
  const relevance = scoreRelevance({
    url,
    text,
    lang: page.lang,
    ogType: page.ogType,
    keywords: opts.keywords,
  });
  return { ...relevance, title: page.title, description: page.description } satisfies PageRelevance;
}

/** Scores a candidate whose page could not be read, from what the collector saw: the same scale,
 * discounted, so it ranks below comparable candidates whose pages were read. */
export function scoreEvidence(url: string, evidence: string, keywords?: readonly string[]): Relevance {
  const r = scoreRelevance({ url, text: evidence, keywords });
  return { ...r, confidence: round4(r.confidence * EVIDENCE_ONLY_FACTOR) };
}
