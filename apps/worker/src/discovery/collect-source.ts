import { discoveryDomain, type DiscoverySourceType } from '@preciofab/shared/contracts/discovery';
import type { CollectedCandidate } from '../jobs/discovery-collect.ts';
import { collectApi } from './api.collector.ts';
import { collectAssociation } from './association.collector.ts';
import { scoreEvidence, scorePage } from './candidate-scoring.ts';
import { readSourceConfig, type Collector, type Finding } from './collector-types.ts';
import { collectDirectory } from './directory.collector.ts';
import { foldText } from './fabrication-vocabulary.ts';
import { ACCEPT_HTML, errorMessage, fetchOk, mapBounded, type FetchText } from './fetch-port.ts';
import { findPriceLink } from './price-link.ts';
import { collectSearchEngine } from './search-engine.collector.ts';
import { isNonVendorSite, siteOf, type Site } from './site-url.ts';
import { collectSitemap } from './sitemap.collector.ts';
import { collectSocialMedia } from './social-media.collector.ts';
import { inferVendorProfile } from './vendor-profile.ts';

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
};

export type CollectResult = { candidates: CollectedCandidate[]; errors: string[]; fetched: number };

type Pending = Site & { title?: string | null; description?: string | null; evidence: string; hits: number };

/** Reduces findings to distinct candidate sites, merging what was said about each. */
export function reduceFindings(
  findings: readonly Finding[],
  keywords: readonly string[],
  excluded?: (d: string) => boolean,
) {
  const folded = keywords.map((k) => foldText(k.trim())).filter(Boolean);
  const sites = new Map<string, Pending>();
  for (const f of findings) {
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
  const list = [...sites.values()].map((s) => ({
    ...s,
    hits: folded.filter((k) => foldText(s.evidence).includes(k)).length,
  }));
  // Sites the collector already tied to a keyword are read first when the cap leaves some out.
  return list.sort((a, b) => b.hits - a.hits);
}

/**
 * One run of a discovery source: its collector finds sites, each distinct site's home page is read
 * and scored, and what it says about the business (type, place, capabilities) and its price page
 * are kept for approval. A site whose home page cannot be read is kept, scored from the collector's evidence
 * at a discount (EVIDENCE_ONLY_FACTOR), and its failure is listed in `errors`. `fetched` counts the
 * documents that answered. Throws when the source's own URL fails or the type is unknown.
 */
export async function collectFromSource(
  source: { type: string; config: Record<string, unknown> },
  deps: CollectDeps,
): Promise<CollectResult> {
  const collector = COLLECTORS[source.type as DiscoverySourceType];
  if (!collector) throw new Error(`Unknown discovery source type: ${source.type}`);
  const config = readSourceConfig(source.config);
  let fetched = 0;
  const fetchText: FetchText = async (url, opts) => {
    const doc = await deps.fetchText(url, opts);
    fetched++;
    return doc;
  };

  const found = await collector(config, { fetchText, searchEndpoint: deps.searchEndpoint });
  const errors = [...found.errors];
  const keywords = config.keywords ?? [];
  const sites = reduceFindings(found.findings, keywords, deps.excluded).slice(
    0,
    deps.maxCandidates ?? DEFAULT_MAX_CANDIDATES,
  );

  /** A site whose home page cannot be read is kept, scored from the collector's text. */
  const readHomePage = async (site: Pending): Promise<CollectedCandidate> => {
    try {
      const doc = await fetchOk(fetchText, site.url, ACCEPT_HTML);
      if (doc.contentType && !/html|xml|text\/plain/i.test(doc.contentType)) {
        throw new Error(`not a web page (${doc.contentType})`);
      }
      const scored = scorePage(doc.text, site.url, { evidence: site.evidence, keywords });
      // Keep the address the site settled on (https, www) when it stayed on the same site.
      const settled = siteOf(doc.finalUrl);
      const sameSite = settled?.key === site.key;
      return {
        url: sameSite ? settled.url : site.url,
        title: scored.title ?? site.title ?? null,
        description: scored.description ?? site.description ?? null,
        confidence_score: scored.confidence,
        category_suggestions: scored.categories,
        // Approval prefills the vendor with these and makes the price page a crawl target.
        profile: inferVendorProfile(doc.text, doc.finalUrl),
        // Links resolve against where the page was served; a page that left the site has none.
        price_url: sameSite ? findPriceLink(doc.text, doc.finalUrl) : null,
      };
    } catch (error) {
      errors.push(
        `Home page ${site.url} could not be read (kept, scored from the source's text): ${errorMessage(error)}`,
      );
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
  return { candidates, errors, fetched };
}
