import { load, type Cheerio, type CheerioAPI } from 'cheerio';
import { collapseSpaces } from './text-normalize.ts';

/** An element of the parsed page; cheerio does not export domhandler's type, so it is read off
 * what `find` returns rather than adding a dependency. */
export type DomElement = ReturnType<Cheerio<never>['find']> extends Cheerio<infer E> ? E : never;

/** Struck-out and "was" prices, and screen-reader copies of them ("El precio original era: $500"):
 * the price a page no longer charges is never an offer. */
export const OLD_PRICE_SELECTOR = [
  'del',
  's',
  'strike',
  '[style*="line-through"]',
  '[class*="price--old"]',
  '[class*="old-price"]',
  '[class*="price-old"]',
  '[class*="oldprice"]',
  '[class*="compare-at"]',
  '[class*="compare_at"]',
  '[class*="compareat"]',
  '[class*="was-price"]',
  '[class*="price-was"]',
  '[class*="precio-anterior"]',
  '[class*="precio-antes"]',
  '[class*="tachado"]',
  '.was',
  '.antes',
  '.screen-reader-text',
  '.sr-only',
  '.visually-hidden',
].join(', ');

const INVISIBLE = 'script, style, noscript, template, svg, iframe, head';

export function loadHtml(html: string): CheerioAPI {
  return load(html);
}

/** The page with scripts and old prices removed: what a reader sees as current prices. */
export function loadVisible(html: string): CheerioAPI {
  const $ = load(html);
  $(INVISIBLE).remove();
  $(OLD_PRICE_SELECTOR).remove();
  return $;
}

export function pageTitle($: CheerioAPI): string {
  return collapseSpaces($('title').first().text());
}

/** A selector that finds this element again: its id when it has one, else a path of
 * `tag:nth-of-type(n)` steps from the nearest ancestor with an id (or the body). */
export function cssPath($: CheerioAPI, el: DomElement): string {
  const steps: string[] = [];
  let node = $(el);
  while (node.length && node[0] && 'tagName' in node[0]) {
    const tag = (node[0] as DomElement).tagName;
    const id = node.attr('id');
    if (id && /^[A-Za-z][\w-]*$/.test(id)) {
      steps.unshift(`#${id}`);
      break;
    }
    if (tag === 'body' || tag === 'html') {
      steps.unshift(tag);
      break;
    }
    const same = node.parent().children(tag);
    steps.unshift(same.length > 1 ? `${tag}:nth-of-type(${same.index(node) + 1})` : tag);
    node = node.parent();
  }
  return steps.join(' > ');
}

/** Text with block boundaries kept as line breaks, so a card's title and price stay apart. */
export function textOf(node: Cheerio<DomElement>): string {
  return collapseSpaces(node.text());
}
