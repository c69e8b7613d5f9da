import type { Db } from '@preciofab/db/client';
import { discoveryCandidatesRepository } from '@preciofab/db/repositories/discovery-candidates.repository';
import {
  discoverySourcesRepository,
  type DiscoverySourceRow,
} from '@preciofab/db/repositories/discovery-sources.repository';
import { CATEGORIES, type Category } from '@preciofab/shared/catalogue';
import { siteDomain } from '@preciofab/shared/geo';

/** What a collector finds: a site that may be a vendor. */
export type CollectedCandidate = {
  url: string;
  title?: string | null;
  description?: string | null;
  /** 0 to 1: how sure the collector is that this is a fabrication vendor. */
  confidence_score: number;
  category_suggestions?: readonly string[];
};

export type CollectCandidates = (source: DiscoverySourceRow) => Promise<CollectedCandidate[]>;

/** The seam for the collectors. The real ones (search engine, directory, association, sitemap,
 * social media, API) are issue 6's; until then every source type finds nothing, so a run
 * completes with zero candidates instead of inventing any. */
export const collectCandidates: CollectCandidates = async () => [];

function httpDomain(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return siteDomain(url) || null;
  } catch {
    return null;
  }
}

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);
const text = (v: string | null | undefined, max: number) => v?.trim().slice(0, max) || null;

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
    const domain = httpDomain(item.url);
    if (!domain || seen.has(domain)) continue;
    seen.add(domain);
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
    });
    if (inserted) added++;
  }
  if (added > 0) await discoverySourcesRepository.addDiscovered(tx, sourceId, added);
  return added;
}
