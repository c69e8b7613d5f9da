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

/** OLD_PRICE_SELECTOR as a predicate, for a walk that compiles no selector: tags, then a struck
 * style, then the class parts (`[class*=…]` is a plain substring) and whole class names. */
const OLD_PRICE_TAGS = new Set(['del', 's', 'strike']);
const OLD_PRICE_CLASS_PARTS = [
  'price--old',
  'old-price',
  'price-old',
  'oldprice',
  'compare-at',
  'compare_at',
  'compareat',
  'was-price',
  'price-was',
  'precio-anterior',
  'precio-antes',
  'tachado',
];
const OLD_PRICE_CLASSES = new Set(['was', 'antes', 'screen-reader-text', 'sr-only', 'visually-hidden']);

export function isOldPrice(el: DomElement): boolean {
  if (OLD_PRICE_TAGS.has(el.tagName)) return true;
  if (el.attribs.style?.includes('line-through')) return true;
  const cls = el.attribs.class;
  if (!cls) return false;
  return (
    OLD_PRICE_CLASS_PARTS.some((part) => cls.includes(part)) ||
    cls.split(/\s+/).some((c) => OLD_PRICE_CLASSES.has(c))
  );
}

const INVISIBLE_TAGS = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'head']);
const NO_TAGS: ReadonlySet<string> = new Set();

export function loadHtml(html: string): CheerioAPI {
  return load(html);
}

/** Removes every element `drop` picks, with what it holds, in one walk of the tree. */
export function removeWhere($: CheerioAPI, drop: (el: DomElement) => boolean): void {
  const doomed: DomElement[] = [];
  const stack = [...($.root()[0]?.children ?? [])].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!('tagName' in node)) continue;
    const el = node as DomElement;
    if (drop(el)) doomed.push(el);
    else for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i]!);
  }
  $(doomed).remove();
}

/** The page with scripts, old prices and the elements named in `alsoDrop` removed: what a reader
 * sees as current prices. One walk, no selector to compile: this runs for every crawled page. */
export function loadVisible(html: string, alsoDrop: ReadonlySet<string> = NO_TAGS): CheerioAPI {
  const $ = load(html);
  removeWhere($, (el) => INVISIBLE_TAGS.has(el.tagName) || alsoDrop.has(el.tagName) || isOldPrice(el));
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
