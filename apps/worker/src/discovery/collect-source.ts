import { discoveryDomain, type DiscoverySourceType } from '@preciofab/shared/contracts/discovery';
import type { BudgetStop } from '@preciofab/shared/discovery-budget';
import type { CollectedCandidate } from '../jobs/discovery-collect.ts';
import { collectApi } from './api.collector.ts';
import { collectAssociation } from './association.collector.ts';
import { scoreEvidence } from './candidate-scoring.ts';
import { readSourceConfig, type Collector, type CollectorResult, type Finding } from './collector-types.ts';
import { collectDirectory } from './directory.collector.ts';
import { foldText } from './fabrication-vocabulary.ts';
import { DiscoveryError, errorNote } from './discovery-issue.ts';
import { ACCEPT_HTML, fetchOk, mapBounded, type FetchText } from './fetch-port.ts';
import { collectSearchEngine } from './search-engine.collector.ts';
import { isNonVendorSite, siteOf, type Site } from './site-url.ts';
import { collectSitemap } from './sitemap.collector.ts';
import { collectSocialMedia } from './social-media.collector.ts';
import { DEFAULT_DISCOVERY_LIMITS, type DiscoveryLimits } from '@preciofab/shared/discovery-budget';
import { BudgetSpentError, createRunBudget } from './run-budget.ts';
import {
  createDiscoveryReader,
  ReaderTimeoutError,
  type DiscoveryReader,
} from './thread/discovery-reader.ts';

const COLLECTORS: Record<DiscoverySourceType, Collector> = {
  search_engine: collectSearchEngine,
  directory: collectDirectory,
  association: collectAssociation,
  sitemap: collectSitemap,
  social_media: collectSocialMedia,
  api: collectApi,
};

export const DEFAULT_MAX_CANDIDATES = 50;
/** Home pages read at once: a run should not look like a crawl burst to anyone. */
const HOME_PAGE_CONCURRENCY = 3;
const MAX_EVIDENCE = 2000;

/** How far a run has got: the collector's sites are known, then each home page is read. */
export type CollectProgress =
  { phase: 'collected'; sites: number; errors: number } | { phase: 'home_page'; done: number; total: number };

export type CollectDeps = {
  fetchText: FetchText;
  /** Domains not to propose (`discoveryDomain`: no www, the port kept for IP hosts): known vendors,
   * earlier candidates, domains marked not relevant. */
  excluded?: (domain: string) => boolean;
  maxCandidates?: number;
  /** SearXNG base URL for search_engine sources without an api_endpoint of their own. */
  searchEndpoint?: string;
  /** Awaited, so a slow listener paces the run rather than piling up messages. */
  onProgress?: (progress: CollectProgress) => Promise<void> | void;
  /** The run's budgets; the defaults for any not given. */
  limits?: Partial<DiscoveryLimits>;
  /** A reader to share; by default the run starts its own thread and ends it when done. */
  reader?: DiscoveryReader;
};

export type CollectResult = {
  candidates: CollectedCandidate[];
  errors: string[];
  fetched: number;
  /** The budget that stopped the run early, or null when it read all it found. */
  stopped: BudgetStop | null;
};

type Pending = Site & { title?: string | null; description?: string | null; evidence: string; hits: number };

/** Findings reduced between two yields to the event loop: a sitemap or an API may list 50,000,
 * about 0.7 s of work in one piece on the thread that answers HTTP; 500 take some 10 ms. */
const REDUCE_SLICE = 500;
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Reduces findings to distinct candidate sites, merging what was said about each. */
export async function reduceFindings(
  findings: readonly Finding[],
  keywords: readonly string[],
  excluded?: (d: string) => boolean,
): Promise<Pending[]> {
  const folded = keywords.map((k) => foldText(k.trim())).filter(Boolean);
  const sites = new Map<string, Pending>();
  for (let i = 0; i < findings.length; i++) {
    if (i > 0 && i % REDUCE_SLICE === 0) await breathe();
    const f = findings[i]!;
    const site = siteOf(f.url);
    if (!site || isNonVendorSite(site)) continue;
    const domain = discoveryDomain(site.url);
    if (!domain || excluded?.(domain)) continue;
    const known = sites.get(site.key);
    const evidence = [known?.evidence, f.evidence ?? [f.title, f.description].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(' | ')
      .slice(0, MAX_EVIDENCE);
    sites.set(site.key, {
      ...(known ?? site),
      title: known?.title ?? f.title,
      description: known?.description ?? f.description,
      evidence,
      hits: 0,
    });
  }
  const list: Pending[] = [];
  for (const s of sites.values()) {
    if (list.length > 0 && list.length % REDUCE_SLICE === 0) await breathe();
    const text = foldText(s.evidence);
    list.push({ ...s, hits: folded.filter((k) => text.includes(k)).length });
  }
  // Sites the collector already tied to a keyword are read first when the cap leaves some out.
  return list.sort((a, b) => b.hits - a.hits);
}

/**
 * One run of a discovery source: its collector finds sites, each distinct site's home page is read
 * and scored, and what it says about the business (type, place, capabilities) and its price page
 * are kept for approval. Sitemaps and pages are parsed in the run's own thread. A site whose home
 * page cannot be read is kept, scored from the collector's evidence at a discount
 * (EVIDENCE_ONLY_FACTOR), and its failure is listed in `errors`. `fetched` counts the documents
 * that answered. The run works within its budgets (bytes, sitemaps, URLs, time): when one runs
 * out it stops reading, keeps what it found (sites not read yet are scored from the collector's
 * words) and says which in `stopped`. Throws when the source's own URL fails or the type is unknown.
 */
export async function collectFromSource(
  source: { type: string; config: Record<string, unknown> },
  deps: CollectDeps,
): Promise<CollectResult> {
  const collector = COLLECTORS[source.type as DiscoverySourceType];
  if (!collector) throw new Error(`Unknown discovery source type: ${source.type}`);
  const config = readSourceConfig(source.config);
  const limits = { ...DEFAULT_DISCOVERY_LIMITS, ...deps.limits };
  const budget = createRunBudget(limits);
  const reader = deps.reader ?? createDiscoveryReader({ pageTimeMs: limits.pageTimeMs });
  let fetched = 0;
  /** Every request of the run: none once its budget is spent, and none waited for past its end. */
  const fetchText: FetchText = async (url, opts) => {
    if (budget.spent()) throw new BudgetSpentError();
    const doc = await budget.race(deps.fetchText(url, opts));
    fetched++;
    return doc;
  };

  try {
    let found: CollectorResult;
    try {
      found = await collector(config, { fetchText, reader, budget, searchEndpoint: deps.searchEndpoint });
    } catch (error) {
      // The source's own URL could not be read because the run's time ran out: nothing found.
      if (!budget.spent()) throw error;
      found = { findings: [], errors: [], fetched: 0 };
    }
    const errors = [...found.errors];
    const keywords = config.keywords ?? [];
    const sites = (await reduceFindings(found.findings, keywords, deps.excluded)).slice(
      0,
      deps.maxCandidates ?? DEFAULT_MAX_CANDIDATES,
    );

    /** Scored from the collector's text alone: the page could not be read, or the run is out of budget. */
    const fromEvidence = (site: Pending): CollectedCandidate => {
      const scored = scoreEvidence(
        site.url,
        [site.title, site.description, site.evidence].join(' '),
        keywords,
      );
      return {
        url: site.url,
        title: site.title ?? null,
        description: site.description ?? null,
        confidence_score: scored.confidence,
        category_suggestions: scored.categories,
      };
    };

    const readHomePage = async (site: Pending): Promise<CollectedCandidate> => {
      if (budget.spent()) return fromEvidence(site);
      try {
        const doc = await fetchOk(fetchText, site.url, ACCEPT_HTML);
        budget.addBytes(doc.bytes.length);
        if (doc.contentType && !/html|xml|text\/plain/i.test(doc.contentType)) {
          throw new DiscoveryError('not_a_page', `not a web page (${doc.contentType})`);
        }
        // Keep the address the site settled on (https, www) when it stayed on the same site.
        const settled = siteOf(doc.finalUrl);
        const sameSite = settled?.key === site.key;
        const read = await reader.homePage(
          {
            html: doc.text,
            siteUrl: site.url,
            finalUrl: doc.finalUrl,
            // Links resolve against where the page was served; a page that left the site has none.
            sameSite,
            evidence: site.evidence,
            keywords,
          },
          budget.deadline,
        );
        return {
          url: sameSite ? settled.url : site.url,
          title: read.title ?? site.title ?? null,
          description: read.description ?? site.description ?? null,
          confidence_score: read.confidence,
          category_suggestions: read.categories,
          // Approval prefills the vendor with these and makes the price page a crawl target.
          profile: read.profile,
          price_url: read.priceUrl,
        };
      } catch (error) {
        const outOfBudget =
          error instanceof BudgetSpentError || (error instanceof ReaderTimeoutError && budget.spent());
        // Kept, scored from the source's text; the note says why its page could not be read.
        if (!outOfBudget) errors.push(errorNote(error, 'home_page', site.url));
        return fromEvidence(site);
      }
    };

    await deps.onProgress?.({ phase: 'collected', sites: sites.length, errors: errors.length });
    let done = 0;
    const candidates = await mapBounded(sites, HOME_PAGE_CONCURRENCY, async (site) => {
      const candidate = await readHomePage(site);
      done++;
      await deps.onProgress?.({ phase: 'home_page', done, total: sites.length });
      return candidate;
    });
    return { candidates, errors, fetched, stopped: budget.stopped };
  } finally {
    if (!deps.reader) await reader.close();
  }
}
