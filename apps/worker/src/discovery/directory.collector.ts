import type { CheerioAPI } from 'cheerio';
import type { Collector, Finding } from './collector-types.ts';
import { requireUrl } from './collector-types.ts';
import { foldText } from './fabrication-vocabulary.ts';
import { issueNote } from '@preciofab/shared/discovery-issues';
import { errorNote } from './discovery-issue.ts';
import { ACCEPT_HTML, errorMessage, fetchOk } from './fetch-port.ts';
import { joinText } from './json-records.ts';
import { squash } from './html-page.ts';
import type { LinkPageReading } from './page-reading.ts';
import { BudgetSpentError } from './run-budget.ts';
import { pageKey, siteOf } from './site-url.ts';
import { ReaderTimeoutError } from './thread/discovery-reader.ts';

/** Pages of one directory read per run: enough for a category listing, polite to the directory. */
export const MAX_DIRECTORY_PAGES = 10;

const NEXT_TEXT = /^(?:siguiente|pagina siguiente|sig\.?|proxima|next|next page|older)?\s*[»›>]{0,2}$/;
const PAGE_PARAM = /[?&](?:page|pagina|pg)=(\d+)|\/(?:page|pagina)\/(\d+)\/?$/;

/** Anchors that say nothing about the business: not worth keeping as its title. */
const GENERIC_ANCHOR =
  /^(?:sitio web|sitio|pagina web|website|web|visitar|visit|ver sitio|ir al sitio|mas informacion|more info|enlace|link)$|^(?:https?:|www\.)|^[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:\/\S*)?$/;

function pageNumber(url: string): number {
  const m = PAGE_PARAM.exec(url);
  return m ? Number(m[1] ?? m[2]) : 1;
}

/**
 * The directory's next page: a rel=next link, then a link labelled "Siguiente", "Next" or "»", then
 * a link to page N+1 (`?page=N`, `?pagina=N`, `/page/N`). Only on the directory's own site, and
 * never a page already read, so a directory whose "next" loops back ends the walk.
 */
export function nextPageUrl($: CheerioAPI, pageUrl: string, seen: ReadonlySet<string>): string | null {
  const own = siteOf(pageUrl)?.key;
  const usable = (href: string | undefined) => {
    if (!href || href.startsWith('#')) return null;
    const abs = new URL(href, pageUrl).href;
    return siteOf(abs)?.key === own && !seen.has(pageKey(abs)) ? abs : null;
  };
  for (const el of $('link[rel~="next"], a[rel~="next"]').toArray()) {
    const url = usable($(el).attr('href'));
    if (url) return url;
  }
  const anchors = $('a[href]').toArray();
  for (const el of anchors) {
    const a = $(el);
    const label = foldText(squash(a.text()) || a.attr('aria-label') || '');
    if (label && NEXT_TEXT.test(label)) {
      const url = usable(a.attr('href'));
      if (url) return url;
    }
  }
  const wanted = pageNumber(pageUrl) + 1;
  for (const el of anchors) {
    const href = $(el).attr('href');
    const url = usable(href);
    if (url && PAGE_PARAM.test(url) && pageNumber(url) === wanted) return url;
  }
  return null;
}

/**
 * A web directory: every outbound link of its listing pages, with anchor and nearby text as
 * evidence, following its pagination up to MAX_DIRECTORY_PAGES. Keywords do not filter links here
 * (a Spanish directory rarely repeats English keywords); collect-source ranks and boosts by them.
 */
export const collectDirectory: Collector = async (config, { fetchText, reader, budget }) => {
  const start = requireUrl(config, 'directory_url');
  const findings: Finding[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  let url: string | null = start;
  let fetched = 0;
  while (url && !budget.spent()) {
    if (fetched >= MAX_DIRECTORY_PAGES) {
      errors.push(issueNote({ kind: 'limit', limit: 'directory_pages', max: MAX_DIRECTORY_PAGES, url }));
      break;
    }
    seen.add(pageKey(url));
    let read: LinkPageReading;
    try {
      const doc = await fetchOk(fetchText, url, ACCEPT_HTML);
      fetched++;
      budget.addBytes(doc.bytes.length);
      seen.add(pageKey(doc.finalUrl));
      // Parsed in the run's thread: a directory page can be megabytes of listings.
      read = await reader.linkPage({ html: doc.text, url: doc.finalUrl, seen: [...seen] }, budget.deadline);
    } catch (error) {
      // The run's time ran out: it keeps what it found, and its note says why.
      if (error instanceof BudgetSpentError || (error instanceof ReaderTimeoutError && budget.spent())) break;
      if (url === start) {
        throw new Error(`Could not read the directory at ${url}: ${errorMessage(error)}`, { cause: error });
      }
      errors.push(errorNote(error, 'directory_page', url));
      break;
    }
    for (const link of read.links) {
      const title = link.anchor && !GENERIC_ANCHOR.test(foldText(link.anchor)) ? link.anchor : null;
      findings.push({ url: link.url, title, evidence: joinText(link.anchor, link.nearby) });
    }
    url = read.next;
  }
  return { findings, errors, fetched };
};
