import type { Db } from '@preciofab/db/client';
import { discoveryCandidatesRepository } from '@preciofab/db/repositories/discovery-candidates.repository';
import {
  discoverySourcesRepository,
  type DiscoverySourceRow,
} from '@preciofab/db/repositories/discovery-sources.repository';
import { CAPABILITIES, CATEGORIES, VENDOR_TYPES, type Category } from '@preciofab/shared/catalogue';
import { discoveryDomain } from '@preciofab/shared/contracts/discovery';
import type { BudgetStop } from '@preciofab/shared/discovery-budget';
import { collectFromSource, type CollectProgress } from '../discovery/collect-source.ts';
import type { FetchText } from '../discovery/fetch-port.ts';
import type { DiscoveryLimits } from '@preciofab/shared/discovery-budget';

/** What a home page says about the business behind it (see `inferVendorProfile`). */
export type CandidateProfile = {
  vendor_type: string | null;
  city: string | null;
  state: string | null;
  capabilities: readonly string[];
};

/** What a collector finds: a site that may be a vendor. */
export type CollectedCandidate = {
  url: string;
  title?: string | null;
  description?: string | null;
  /** 0 to 1: how sure the collector is that this is a fabrication vendor. */
  confidence_score: number;
  category_suggestions?: readonly string[];
  /** Read from its home page; absent when the page could not be read. */
  profile?: CandidateProfile | null;
  /** The site's likeliest price page (`findPriceLink`); approval makes it a crawl target. */
  price_url?: string | null;
};

/** A run's finds and its per-item failures (the run went on without them); `stopped` names the
 * budget that ended it early. */
export type CollectOutcome = {
  candidates: CollectedCandidate[];
  errors: string[];
  stopped?: BudgetStop | null;
};

export type CollectContext = {
  db: Db;
  /** The worker's guarded, polite fetcher behind the collectors' port. */
  fetchText: FetchText;
  /** The SearXNG base URL for search_engine sources without an api_endpoint of their own. */
  searchEndpoint?: string;
  onProgress?: (progress: CollectProgress) => Promise<void> | void;
  /** The run's budgets (`DISCOVERY_*` settings); defaults for any not given. */
  limits?: Partial<DiscoveryLimits>;
};

/** Collects one source's candidates. Throws when the source itself fails (its URL refused or
 * broken, an unexpected answer): the run fails with that message. */
export type CollectCandidates = (source: DiscoverySourceRow, ctx: CollectContext) => Promise<CollectOutcome>;

/** The domains a run must not propose, loaded once per run: vendors' websites, earlier candidates
 * (whatever their outcome) and domains marked not relevant. */
export async function loadExcludedDomains(db: Db): Promise<Set<string>> {
  const known = await discoveryCandidatesRepository.knownSites(db);
  const domains = new Set(known.domains);
  for (const website of known.websites) {
    const domain = discoveryDomain(website);
    if (domain) domains.add(domain);
  }
  return domains;
}

/** The real collectors (search engine, directory, association, sitemap, social media, API), each
 * fetching through the context's fetcher, skipping what the database already knows. */
export const collectCandidates: CollectCandidates = async (source, ctx) => {
  const excluded = await loadExcludedDomains(ctx.db);
  const result = await collectFromSource(source, {
    fetchText: ctx.fetchText,
    excluded: (domain) => excluded.has(domain),
    searchEndpoint: ctx.searchEndpoint,
    onProgress: ctx.onProgress,
    limits: ctx.limits,
  });
  return { candidates: result.candidates, errors: result.errors, stopped: result.stopped };
};

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);
const text = (v: string | null | undefined, max: number) => v?.trim().slice(0, max) || null;
const oneOf = <T extends string>(list: readonly T[], v: string | null | undefined) =>
  list.includes(v as T) ? (v as T) : null;

/** A price link is kept only when it is an http(s) page of the candidate's own site. */
function ownPage(url: string | null | undefined, domain: string): string | null {
  if (!url || url.length > 2000 || discoveryDomain(url) !== domain) return null;
  return new URL(url).href;
}

const knownCapabilities = (list: readonly string[] | undefined) => [
  ...new Set((list ?? []).flatMap((c) => oneOf(CAPABILITIES, c) ?? [])),
];

/** Stores what a run found, skipping sites already known: a vendor's website, an earlier candidate
 * (whatever its outcome) or a domain marked not relevant. Counts the new ones on the source.
 * Returns how many were new. Safe to repeat: a second save of the same items adds nothing. */
export async function saveCandidates(
  tx: Db,
  sourceId: string,
  items: readonly CollectedCandidate[],
): Promise<number> {
  let added = 0;
  const seen = new Set<string>();
  for (const item of items) {
    const domain = discoveryDomain(item.url);
    if (!domain || seen.has(domain)) continue;
    seen.add(domain);
    const profile = item.profile;
    const inserted = await discoveryCandidatesRepository.insertIfNew(tx, sourceId, {
      domain,
      url: item.url.trim(),
      title: text(item.title, 300),
      description: text(item.description, 4000),
      confidence_score: Math.round(clamp01(item.confidence_score) * 10_000) / 10_000,
      // Only catalogue categories: approval files the vendor under the first one.
      category_suggestions: [
        ...new Set((item.category_suggestions ?? []).filter((c) => CATEGORIES.includes(c as Category))),
      ],
      // Only catalogue values, so approval can prefill the vendor form with them as they are.
      vendor_type: oneOf(VENDOR_TYPES, profile?.vendor_type),
      city: text(profile?.city, 120),
      state: text(profile?.state, 120),
      capabilities: knownCapabilities(profile?.capabilities),
      price_url: ownPage(item.price_url, domain),
    });
    if (inserted) added++;
  }
  if (added > 0) await discoverySourcesRepository.addDiscovered(tx, sourceId, added);
  return added;
}
