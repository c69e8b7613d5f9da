import type { Category } from '@preciofab/shared/catalogue';
import { scoreSummary } from './candidate-scoring.ts';
import { nextPageUrl } from './directory.collector.ts';
import { loadHtml, outboundLinks, squash, summarizePage, type OutboundLink } from './html-page.ts';
import { findPriceLink } from './price-link.ts';
import { profileFromSummary, type VendorProfile } from './vendor-profile.ts';

/** What discovery reads from pages, as the discovery thread runs it: parsing HTML with cheerio
 * costs 50–200 ms for an ordinary page and seconds for a large one, too much for the thread that
 * answers HTTP. Pure functions of the page's text. */

export type HomePageInput = {
  html: string;
  /** The site's home page as found: the scoring's URL signals. */
  siteUrl: string;
  /** Where the page was served from: its links resolve against it. */
  finalUrl: string;
  /** The page stayed on the site (a price link is only looked for then). */
  sameSite: boolean;
  /** The collector's words about the site, read with the page. */
  evidence: string;
  keywords: readonly string[];
};

export type HomePageReading = {
  title: string | null;
  description: string | null;
  confidence: number;
  categories: Category[];
  profile: VendorProfile;
  priceUrl: string | null;
};

/** A candidate's home page scored, its business profile inferred and its price page found; the
 * page is summarized once for the score and the profile. */
export function readHomePage(input: HomePageInput): HomePageReading {
  const page = summarizePage(input.html);
  const scored = scoreSummary(page, input.siteUrl, { evidence: input.evidence, keywords: input.keywords });
  return {
    title: scored.title,
    description: scored.description,
    confidence: scored.confidence,
    categories: scored.categories,
    profile: profileFromSummary(page),
    priceUrl: input.sameSite ? findPriceLink(input.html, input.finalUrl) : null,
  };
}

export type LinkPageInput = {
  html: string;
  /** Where the page was served from. */
  url: string;
  /** Pages of the walk already read: given, the page's next page is looked for, never one of them. */
  seen?: readonly string[];
};

export type LinkPageReading = {
  /** The page's <h1>, else its <title>. */
  name: string | null;
  /** Links to other sites, with their words. */
  links: OutboundLink[];
  next: string | null;
};

/** A directory listing or a profile page: its links to other sites, and the directory's next page. */
export function readLinkPage(input: LinkPageInput): LinkPageReading {
  const $ = loadHtml(input.html);
  const name = squash($('h1').first().text()) || squash($('title').first().text()) || null;
  const next = input.seen ? nextPageUrl($, input.url, new Set(input.seen)) : null;
  return { name, links: outboundLinks($, input.url), next };
}
