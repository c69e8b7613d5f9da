import type { Collector, Finding } from './collector-types.ts';
import { requireUrl } from './collector-types.ts';
import { issueNote } from '@preciofab/shared/discovery-issues';
import { errorNote } from './discovery-issue.ts';
import { ACCEPT_HTML, ACCEPT_XML, errorMessage, fetchOk, mapBounded } from './fetch-port.ts';
import { joinText } from './json-records.ts';
import { BudgetSpentError } from './run-budget.ts';
import { pageKey, siteOf } from './site-url.ts';
import { ReaderTimeoutError } from './thread/discovery-reader.ts';

/** Bounds: index nesting, same-site profile pages read, and other sites kept (a run proposes 50;
 * the thread's answer and their reduction stay small on the thread that answers HTTP). How many
 * sitemap files, entries, bytes and how much time a run may take are its budget (`run-budget.ts`). */
export const MAX_SITEMAP_DEPTH = 3;
export const MAX_PROFILE_PAGES = 30;
export const MAX_SITEMAP_SITES = 5000;

/**
 * A sitemap (or an index of sitemaps, followed recursively within bounds, gzip or not). Each file is
 * inflated, scanned and sorted in the run's thread: pages on other sites are candidates directly;
 * own-site pages that look like vendor profiles (`profile-path.ts`) are then read for their links
 * to the vendor's own site. The run's budgets end the reading of sitemaps where they are reached;
 * what was found until then is kept.
 */
export const collectSitemap: Collector = async (config, { fetchText, reader, budget }) => {
  const start = requireUrl(config, 'sitemap_url');
  const own = siteOf(start)?.key ?? null;
  const keywords = config.keywords ?? [];
  const findings: Finding[] = [];
  const errors: string[] = [];
  const profiles = new Set<string>();
  let moreProfiles = 0;
  let moreSites = 0;
  const seen = new Set<string>();
  const queue = [{ url: start, depth: 0 }];
  let fetched = 0;
  /** A budget ran out: the run stops, and its note says why (not an error of the item). */
  const outOfBudget = (error: unknown) =>
    error instanceof BudgetSpentError || (error instanceof ReaderTimeoutError && budget.spent());

  while (queue.length && !budget.stopped && !budget.spent()) {
    const { url, depth } = queue.shift()!;
    if (seen.has(pageKey(url))) continue;
    if (seen.size >= budget.limits.maxSitemaps) {
      budget.stop('sitemaps');
      break;
    }
    seen.add(pageKey(url));
    try {
      const doc = await fetchOk(fetchText, url, ACCEPT_XML);
      fetched++;
      const reading = await reader.sitemap(
        {
          body: doc.bytes,
          url,
          ownSite: own,
          keywords,
          maxProfiles: MAX_PROFILE_PAGES - profiles.size,
          maxSites: MAX_SITEMAP_SITES - findings.length,
        },
        { maxBytes: budget.remainingBytes(), maxLocs: budget.remainingUrls(), deadline: budget.deadline },
      );
      budget.addBytes(reading.bytes);
      budget.addUrls(reading.locs);
      if (reading.stopped) budget.stop(reading.stopped);
      if (reading.kind === 'index') {
        if (depth >= MAX_SITEMAP_DEPTH) {
          errors.push(issueNote({ kind: 'limit', limit: 'sitemap_depth', max: MAX_SITEMAP_DEPTH, url }));
          continue;
        }
        queue.push(...reading.children.map((child) => ({ url: child, depth: depth + 1 })));
        continue;
      }
      findings.push(...reading.findings);
      for (const page of reading.profiles) profiles.add(page);
      moreProfiles += reading.moreProfiles;
      moreSites += reading.moreSites;
    } catch (error) {
      if (outOfBudget(error)) break;
      if (url === start)
        throw new Error(`Could not read the sitemap at ${url}: ${errorMessage(error)}`, {
          cause: error,
        });
      errors.push(errorNote(error, 'sitemap', url));
    }
  }

  if (moreSites > 0) {
    errors.push(
      issueNote({ kind: 'limit', limit: 'sitemap_sites', max: MAX_SITEMAP_SITES, count: moreSites }),
    );
  }
  if (moreProfiles > 0) {
    errors.push(
      issueNote({ kind: 'limit', limit: 'profile_pages', max: MAX_PROFILE_PAGES, count: moreProfiles }),
    );
  }
  const perPage = await mapBounded([...profiles], 3, async (page) => {
    if (budget.spent()) return [];
    try {
      const doc = await fetchOk(fetchText, page, ACCEPT_HTML);
      fetched++;
      budget.addBytes(doc.bytes.length);
      const read = await reader.linkPage({ html: doc.text, url: doc.finalUrl }, budget.deadline);
      return read.links.map((link): Finding => ({
        url: link.url,
        title: read.name,
        evidence: joinText(read.name, link.anchor, link.nearby),
      }));
    } catch (error) {
      if (!outOfBudget(error)) errors.push(errorNote(error, 'profile_page', page));
      return [];
    }
  });
  findings.push(...perPage.flat());
  return { findings, errors, fetched };
};
