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
 * `tag:nth-of-type(n)` steps from the nearest ancestor with an id (or the body). Walks the parsed
 * tree itself: a cheerio `children(tag)` per step compiled a selector each time, for every field of
 * every offer. (`$` is kept for the callers' sake: the path belongs to that document.) */
export function cssPath(_$: CheerioAPI, el: DomElement): string {
  const steps: string[] = [];
  let node: DomElement | null = el;
  while (node) {
    const tag: string = node.tagName;
    const id = node.attribs['id'];
    if (id && /^[A-Za-z][\w-]*$/.test(id)) {
      steps.push(`#${id}`);
      break;
    }
    if (tag === 'body' || tag === 'html') {
      steps.push(tag);
      break;
    }
    // The document itself is no step: an element right under it stands alone.
    const parent: DomElement['parent'] = node.parent && node.parent.type !== 'root' ? node.parent : null;
    let same = 0;
    let position = 0;
    for (const sibling of parent?.children ?? []) {
      if ('tagName' in sibling && sibling.tagName === tag) {
        same += 1;
        if (sibling === node) position = same;
      }
    }
    steps.push(same > 1 ? `${tag}:nth-of-type(${position})` : tag);
    node = parent && 'tagName' in parent ? (parent as DomElement) : null;
  }
  return steps.reverse().join(' > ');
}

/** Text with block boundaries kept as line breaks, so a card's title and price stay apart. */
export function textOf(node: Cheerio<DomElement>): string {
  return collapseSpaces(node.text());
}
