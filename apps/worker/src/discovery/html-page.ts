import { createRequire } from 'node:module';
import type * as Cheerio from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import { siteOf } from './site-url.ts';

const require = createRequire(import.meta.url);

/** What scoring needs from a page: its name, its summary and its visible words. */
export type PageSummary = {
  title: string | null;
  description: string | null;
  /** Visible text with whitespace collapsed, capped: scripts, styles and markup removed. */
  text: string;
  /** The document's declared language (`es-MX`, `en`), lower-case, or null. */
  lang: string | null;
  /** og:type, because news sites mark their pages as articles. */
  ogType: string | null;
};

const MAX_TEXT = 200_000;
/** A cheerio selection (domhandler, which names its node type, is not our dependency). */
type Selection = ReturnType<CheerioAPI>;
export const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const nonEmpty = (s: string | undefined) => (s && squash(s)) || null;

// Loaded with the first page read, not with the process: cheerio and the HTTP client it brings
// cost a server's start 150–300 ms, and most starts read no page here.
let load: typeof Cheerio.load | undefined;

export function loadHtml(html: string): CheerioAPI {
  load ??= (require('cheerio') as typeof Cheerio).load;
  return load(html);
}

/** Puts a space after each block so "Guadalajara</p><p>Jalisco" reads as two words in .text(). */
function spaceBlocks($: CheerioAPI): void {
  $('br, p, div, li, dd, dt, td, th, h1, h2, h3, h4, h5, h6, section, article, header, footer').after(' ');
}

function meta($: CheerioAPI, key: string): string | null {
  return nonEmpty($(`meta[property="${key}"], meta[name="${key}"]`).first().attr('content'));
}

/** Title from og:site_name (the business's name), then og:title, then <title>; description from the
 * meta description, then og:description. */
export function summarizePage(html: string): PageSummary {
  const $ = loadHtml(html);
  const title = meta($, 'og:site_name') ?? meta($, 'og:title') ?? nonEmpty($('title').first().text());
  const description = meta($, 'description') ?? meta($, 'og:description');
  const lang = nonEmpty($('html').attr('lang'))?.toLowerCase() ?? null;
  const ogType = meta($, 'og:type')?.toLowerCase() ?? null;
  $('script, style, noscript, template, svg, iframe').remove();
  spaceBlocks($);
  const text = squash($('body').length ? $('body').text() : $.root().text()).slice(0, MAX_TEXT);
  return { title, description, text, lang, ogType };
}

/** A link to another site found on a page, with the words that describe it. */
export type OutboundLink = { url: string; anchor: string; nearby: string };

const LISTING_BLOCK =
  'li, article, tr, dd, [class*="card"], [class*="item"], [class*="listing"], [class*="member"]';

/** The block describing a link: its card, item or row; else the nearest ancestor (up to three
 * levels, never the whole page) with more to say than the anchor itself. */
function listingBlock(a: Selection): Selection {
  const block = a.closest(LISTING_BLOCK);
  if (block.length) return block;
  let node = a.parent();
  for (let up = 0; up < 3; up++) {
    const parent = node.parent();
    if (squash(node.text()).length > squash(a.text()).length + 40) break;
    if (!parent.length || parent.is('body, main, html')) break;
    node = parent;
  }
  return node;
}

/**
 * Links from a page to other sites, skipping navigation and footers (site chrome, not listings).
 * `nearby` is the text of the link's listing block (card, list item, row), capped: it often
 * carries the city and services when the anchor only says "Sitio web".
 */
export function outboundLinks($: CheerioAPI, pageUrl: string): OutboundLink[] {
  const own = siteOf(pageUrl)?.key;
  spaceBlocks($);
  const links: OutboundLink[] = [];
  $('a[href]').each((_, el) => {
    const a = $(el);
    if (a.closest('nav, footer, [role="navigation"], [role="contentinfo"]').length) return;
    const href = a.attr('href') ?? '';
    const site = siteOf(href, pageUrl);
    if (!site || site.key === own) return;
    const anchor = squash(a.text() || a.attr('title') || a.find('img').attr('alt') || '');
    const nearby = squash(listingBlock(a).text()).slice(0, 400);
    links.push({ url: new URL(href, pageUrl).href, anchor, nearby });
  });
  return links;
}
