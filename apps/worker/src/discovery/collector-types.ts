import { DISCOVERY_REGIONS, LANGUAGES } from '@preciofab/shared/catalogue';
import type { SourceConfig } from '@preciofab/shared/contracts/discovery';
import type { FetchText } from './fetch-port.ts';
import type { RunBudget } from './run-budget.ts';
import type { DiscoveryReader } from './thread/discovery-reader.ts';
import { DiscoveryError } from './discovery-issue.ts';

/** One place a collector saw that may belong to a vendor, before it is reduced to a site. */
export type Finding = {
  url: string;
  title?: string | null;
  description?: string | null;
  /** The words around the find (anchor text, snippet, bio, city): scoring evidence when the
   * vendor's own page cannot be read. */
  evidence?: string;
};

export type CollectorContext = {
  fetchText: FetchText;
  /** Sitemaps and HTML pages are read in the run's thread, never on the caller's. */
  reader: DiscoveryReader;
  /** The run's budgets: a collector stops reading when `budget.spent()`, keeping what it found. */
  budget: RunBudget;
  /** The SearXNG base URL when the source's config names none (the contract keeps no
   * api_endpoint for search_engine sources). */
  searchEndpoint?: string;
};

/** What a collector returns. `fetched` counts documents read; `errors` lists per-item failures. A
 * failure of the source's own URL is thrown instead, so the run fails with that message. */
export type CollectorResult = { findings: Finding[]; errors: string[]; fetched: number };

export type Collector = (config: SourceConfig, ctx: CollectorContext) => Promise<CollectorResult>;

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const oneOf = <T extends string>(list: readonly T[], v: unknown) =>
  list.find((x) => x === v) as T | undefined;

/** Reads a stored config leniently: the row is JSON written by the API, but an old or hand-edited
 * row should lose a bad key, not the whole run. Keywords may be a list or comma-separated text. */
export function readSourceConfig(raw: Record<string, unknown>): SourceConfig {
  const kw = raw.keywords;
  const list = Array.isArray(kw) ? kw : typeof kw === 'string' ? kw.split(',') : [];
  const keywords = list.map(str).filter((k): k is string => k !== undefined);
  return {
    search_query: str(raw.search_query),
    keywords: keywords.length ? keywords : undefined,
    region: oneOf(DISCOVERY_REGIONS, raw.region),
    language: oneOf(LANGUAGES, raw.language),
    api_endpoint: str(raw.api_endpoint),
    directory_url: str(raw.directory_url),
    sitemap_url: str(raw.sitemap_url),
  };
}

/** The config URL a collector cannot work without, or a clear error naming the key. */
export function requireUrl(config: SourceConfig, key: 'api_endpoint' | 'directory_url' | 'sitemap_url') {
  const value = config[key];
  if (!value) throw new DiscoveryError('not_configured', `The source has no ${key} configured`);
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // Reported below with the value.
  }
  throw new DiscoveryError('invalid_url', `The source's ${key} is not an http(s) URL: ${value}`);
}
