import type { SourceConfig } from '@preciofab/shared/contracts/discovery';
import type { Collector, Finding } from './collector-types.ts';
import { DiscoveryError, errorNote } from './discovery-issue.ts';
import { ACCEPT_JSON, errorMessage, fetchOk } from './fetch-port.ts';
import { isRecord, joinText, textField } from './json-records.ts';

/** Each keyword is its own query: SearXNG's engines read words as "all of", so one query with
 * every keyword would find only pages naming all four services. Bounded, to be a polite client. */
const MAX_QUERIES = 5;

const REGION_HINT: Record<NonNullable<SourceConfig['region']>, string> = {
  Mexico: 'México',
  LATAM: 'Latinoamérica',
  Global: '',
};

/** SearXNG's language parameter: a locale narrows Spanish results to Mexico. */
export function searchLanguage(config: SourceConfig): string {
  if (config.language === 'en') return 'en';
  if (config.language === 'es') return config.region === 'Mexico' ? 'es-MX' : 'es';
  return config.region === 'Global' ? 'all' : 'es-MX';
}

/** The queries of a run: search_query with each keyword and the region's name. */
export function searchQueries(config: SourceConfig): string[] {
  const base = config.search_query;
  if (!base) throw new DiscoveryError('not_configured', 'The source has no search_query configured');
  const hint = REGION_HINT[config.region ?? 'Mexico'];
  const keywords = config.keywords?.length ? config.keywords : [''];
  const queries = keywords.map((k) => [base, k, hint].filter(Boolean).join(' '));
  return [...new Set(queries)].slice(0, MAX_QUERIES);
}

/** `{endpoint}/search?q=…&format=json&language=…`; an endpoint already ending in /search is kept. */
export function searchUrl(endpoint: string, q: string, language: string): string {
  const url = new URL(endpoint);
  if (!url.pathname.endsWith('/search')) url.pathname = url.pathname.replace(/\/?$/, '/search');
  url.search = '';
  url.searchParams.set('q', q);
  url.searchParams.set('format', 'json');
  url.searchParams.set('language', language);
  return url.href;
}

/**
 * A SearXNG instance's JSON API. The endpoint is the source's api_endpoint when present, else the
 * worker's configured one. One failed query is reported and the others still run; when every
 * query fails the endpoint itself is the problem, and the run fails with the first reason.
 */
export const collectSearchEngine: Collector = async (config, { fetchText, searchEndpoint }) => {
  const endpoint = config.api_endpoint ?? searchEndpoint;
  if (!endpoint) {
    throw new DiscoveryError('not_configured', 'No search endpoint is configured for search_engine sources');
  }
  const language = searchLanguage(config);
  const findings: Finding[] = [];
  const errors: string[] = [];
  let firstError: unknown;
  let fetched = 0;
  let answered = 0;
  for (const q of searchQueries(config)) {
    const url = searchUrl(endpoint, q, language);
    try {
      const doc = await fetchOk(fetchText, url, ACCEPT_JSON);
      fetched++;
      const json = JSON.parse(doc.text) as unknown;
      const results = isRecord(json) && Array.isArray(json.results) ? (json.results as unknown[]) : null;
      if (!results) throw new DiscoveryError('unreadable', 'the answer has no results list');
      answered++;
      for (const r of results) {
        const link = isRecord(r) ? textField(r, ['url']) : undefined;
        if (!link || !isRecord(r)) continue;
        const title = textField(r, ['title']);
        const content = textField(r, ['content']);
        findings.push({ url: link, title, description: content, evidence: joinText(title, content) });
      }
    } catch (error) {
      firstError ??= error;
      errors.push(errorNote(error, 'search', url));
    }
  }
  if (answered === 0) {
    const reason = firstError === undefined ? 'no query to send' : errorMessage(firstError);
    throw new Error(`The search endpoint ${endpoint} gave no answer: ${reason}`, { cause: firstError });
  }
  return { findings, errors, fetched };
};
