import { load, type Cheerio, type CheerioAPI } from 'cheerio';
import { DomHandler } from 'domhandler';
import { Parser } from 'htmlparser2';
import { collapseSpaces } from './text-normalize.ts';

/** An element of the parsed page; cheerio does not export domhandler's type, so it is read off
 * what `find` returns rather than adding a dependency. */
export type DomElement = ReturnType<Cheerio<never>['find']> extends Cheerio<infer E> ? E : never;
type DomNode = DomElement['children'][number];

/** Marks a boundary between two elements where the page has no space: `<span>$2.22</span><span>0
 * vendidos</span>` reads "$2.22⁣0 vendidos", never "$2.220". Price patterns stop at it; word
 * patterns drop it (see `withoutBoundaries`). */
export const BOUNDARY = '\u2063';
const BOUNDARIES = /\u2063/g;

export const withoutBoundaries = (text: string) => text.replace(BOUNDARIES, '');

/** Struck-out and "was" prices, and screen-reader copies of them ("El precio original era: $500"):
 * the price a page no longer charges is never an offer. Kept as a selector for the operator's
 * selector reader; `isOldPrice` is the same rule without compiling it. */
export const OLD_PRICE_SELECTOR = [
  'del',
  's',
  'strike',
  '[style*="line-through"]',
  '[class*="price--old" i]',
  '[class*="old-price" i]',
  '[class*="price-old" i]',
  '[class*="oldprice" i]',
  '[class*="compare-at" i]',
  '[class*="compare_at" i]',
  '[class*="compareat" i]',
  '[class*="was-price" i]',
  '[class*="price-was" i]',
  '[class*="precio-anterior" i]',
  '[class*="precio-antes" i]',
  '[class*="tachado" i]',
  '[class*="price-compare" i]',
  '[class*="compare-price" i]',
  '[class*="compareprice" i]',
  '[class*="regular-price" i]',
  '[class*="x-listprice" i]',
  '[class*="list-price" i]',
  '[class*="money-amount--previous" i]',
  '[class*="original-value" i]',
  '[class*="original-price" i]',
  '[class*="price--original" i]',
  '[class*="price-before" i]',
  '[class*="before-price" i]',
  '[class*="precio-lista" i]',
  '[class*="precio-tachado" i]',
  '[class*="strikethrough" i]',
  '[class*="excluding-tax" i]',
  '[class*="excl-tax" i]',
  '[class*="tax-excl" i]',
  '[class*="without-tax" i]',
  '[class*="sin-iva" i]',
  '.was',
  '.antes',
  '.strike',
  '.screen-reader-text',
  '.sr-only',
  '.visually-hidden',
].join(', ');

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
  'price-compare',
  'compare-price',
  'compareprice',
  'regular-price',
  'x-listprice',
  'list-price',
  'money-amount--previous',
  'original-value',
  'original-price',
  'price--original',
  'price-before',
  'before-price',
  'precio-lista',
  'precio-tachado',
  'strikethrough',
  // A price before tax shown beside the one a shopper pays (Magento's price-excluding-tax).
  'excluding-tax',
  'excl-tax',
  'tax-excl',
  'without-tax',
  'sin-iva',
];
const OLD_PRICE_CLASSES = new Set([
  'was',
  'antes',
  'strike',
  'screen-reader-text',
  'sr-only',
  'visually-hidden',
]);

export function isOldPrice(el: DomElement): boolean {
  if (OLD_PRICE_TAGS.has(el.tagName)) return true;
  if (el.attribs.style?.includes('line-through')) return true;
  const cls = el.attribs.class;
  if (!cls) return false;
  const lower = cls.toLowerCase();
  return (
    OLD_PRICE_CLASS_PARTS.some((part) => lower.includes(part)) ||
    cls.split(/\s+/).some((c) => OLD_PRICE_CLASSES.has(c))
  );
}

/** Elements whose text no reader sees. */
export const INVISIBLE_TAGS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  'head',
  'title',
]);

/** Hidden by the page itself: a variant's price template, a closed modal. */
export function isHidden(el: DomElement): boolean {
  const a = el.attribs;
  if (a.hidden !== undefined) return true;
  const style = a.style;
  return style !== undefined && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style);
}

/** How deep the tree of a page may go. Real pages nest 30 to 80 elements; a hostile or broken one
 * (a 5 MB page of unclosed `<div>`s) would make every walk up the tree cost its whole depth. */
export const MAX_DEPTH = 400;

/** A tree builder that stops nesting at MAX_DEPTH: deeper elements' contents join the element at
 * that depth, as their text would read anyway. */
class ShallowHandler extends DomHandler {
  private flattened = 0;
  private readonly implied = new WeakSet<object>();

  override onopentag(name: string, attribs: Record<string, string>): void {
    if (this.tagStack.length > MAX_DEPTH) {
      this.flattened += 1;
      return;
    }
    // As a browser does, a row straight under <table> goes into an implied <tbody>: evidence paths
    // (and the selectors operators copy from their browser) then name the same elements.
    const parent = this.tagStack.at(-1);
    if (name === 'tr' && parent && 'name' in parent && parent.name === 'table') {
      super.onopentag('tbody', {});
      const tbody = this.tagStack.at(-1);
      if (tbody) this.implied.add(tbody);
    }
    super.onopentag(name, attribs);
  }

  override onclosetag(): void {
    // The parser closes what it opened, innermost first: the flattened ones are the innermost.
    if (this.flattened > 0) {
      this.flattened -= 1;
      return;
    }
    // The table (or whatever held the rows) closes its implied <tbody> with it.
    const top = this.tagStack.at(-1);
    if (top && this.implied.has(top)) super.onclosetag();
    super.onclosetag();
  }
}

const VOID = new Set('area base br col embed hr img input link meta param source track wbr'.split(' '));
const TAG = /<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g;

/** The page with the tags nested deeper than MAX_DEPTH dropped (their text stays). htmlparser2
 * keeps its open elements in an array it shifts on every tag, so a page of 100,000 unclosed
 * `<div>`s costs it minutes; real pages never come near the limit and pass through unchanged.
 * Tags are counted by a pattern, not parsed: good enough to bound the cost of a hostile page. */
export function flattenDeep(html: string): string {
  let depth = 0;
  let deep = false;
  for (const m of html.matchAll(TAG)) {
    if (m[3] || VOID.has(m[2]!.toLowerCase())) continue;
    depth = m[1] ? Math.max(0, depth - 1) : depth + 1;
    if (depth > MAX_DEPTH) {
      deep = true;
      break;
    }
  }
  if (!deep) return html;
  const out: string[] = [];
  let from = 0;
  depth = 0;
  for (const m of html.matchAll(TAG)) {
    if (m[3] || VOID.has(m[2]!.toLowerCase())) continue;
    const close = m[1] === '/';
    const drop = close ? depth > MAX_DEPTH : depth + 1 > MAX_DEPTH;
    depth = close ? Math.max(0, depth - 1) : depth + 1;
    if (!drop) continue;
    out.push(html.slice(from, m.index), ' ');
    from = m.index + m[0].length;
  }
  out.push(html.slice(from));
  return out.join('');
}

/** One parse per page, with htmlparser2: about six times faster than parse5 on real pages, and
 * its tree is all the readers need (they never serialize it back). Nothing mutates the tree. */
export function loadHtml(source: string): CheerioAPI {
  const html = flattenDeep(source);
  const handler = new ShallowHandler();
  const parser = new Parser(handler, { decodeEntities: true });
  parser.end(html);
  return load(handler.root, { xml: { xmlMode: false, decodeEntities: true } });
}

export const isElement = (node: DomNode | null | undefined): node is DomElement =>
  node !== null && node !== undefined && 'tagName' in node;

/** Whether `el` or an element above it is an old price (a struck-out price, a screen-reader copy). */
export function insideOldPrice(el: DomElement): boolean {
  for (let node: DomElement | null = el; node; node = isElement(node.parent) ? node.parent : null) {
    if (isOldPrice(node)) return true;
  }
  return false;
}

/** The elements under `root` in document order, without recursion (pages nest 10,000 deep). */
export function descendants(root: DomElement | DomNode, each: (el: DomElement) => boolean | void): void {
  const stack: DomNode[] = [];
  const children = 'children' in root ? root.children : [];
  for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isElement(node)) continue;
    // `false` skips what the element holds.
    if (each(node) === false) continue;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
}

export function pageTitle($: CheerioAPI): string {
  const title = $('title').first()[0];
  return title ? collapseSpaces(rawText(title)) : '';
}

/** All text under a node, as the DOM's textContent, without recursion. */
export function rawText(root: DomNode): string {
  let out = '';
  const stack: DomNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'text') out += (node as unknown as { data: string }).data;
    else if ('children' in node)
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return out;
}

type Place = { at: number; of: number };
const PLACES = new WeakMap<object, Map<DomElement, Place>>();

/** Each child's position among its parent's children of the same tag, counted once per parent: a
 * table of 50,000 rows asks for thousands of them. */
function placesIn(parent: DomElement): Map<DomElement, Place> {
  const known = PLACES.get(parent);
  if (known) return known;
  const counts = new Map<string, number>();
  const places = new Map<DomElement, Place>();
  for (const child of parent.children) {
    if (!isElement(child)) continue;
    const at = (counts.get(child.tagName) ?? 0) + 1;
    counts.set(child.tagName, at);
    places.set(child, { at, of: 0 });
  }
  for (const [child, place] of places) place.of = counts.get(child.tagName) ?? 0;
  PLACES.set(parent, places);
  return places;
}

/** A selector that finds this element again: its id when it has one, else a path of
 * `tag:nth-of-type(n)` steps from the nearest ancestor with an id (or the body). */
export function cssPath(_$: CheerioAPI, el: DomElement): string {
  const steps: string[] = [];
  let node: DomElement | null = el;
  while (node) {
    // Text straight under the document (a fragment with no <body>) belongs to no element.
    if (!node.attribs) {
      steps.push(':root');
      break;
    }
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
    const place = parent ? placesIn(parent as DomElement).get(node) : undefined;
    steps.push(place && place.of > 1 ? `${tag}:nth-of-type(${place.at})` : tag);
    node = parent && 'tagName' in parent ? (parent as DomElement) : null;
  }
  return steps.reverse().join(' > ');
}

const PRICE_BOX = /price|precio|preco|preço|prix|preis|money|amount|monto|valor|importe/i;

/** An element that holds one price's parts: a theme's price wrapper (`.price`, Mercado Libre's
 * `andes-money-amount`, VTEX's `sellingPrice`), or an element marked `itemprop="price"`. */
export function isPriceBox(el: DomElement): boolean {
  const a = el.attribs;
  return (
    PRICE_BOX.test(a.class ?? '') ||
    a.itemprop === 'price' ||
    a['data-price'] !== undefined ||
    a['data-product-price'] !== undefined
  );
}

const CENTS_CLASS = /cents|centavos|currencyfraction|price-decimal|decimals\b|price__decimal|money-cents/i;
/** A price piece: digits, separators and currency signs only ("1", ",", "299", "$", "R$"). */
const PRICE_PIECE =
  /^[\s\d.,'’\u00a0\u2009\u202f$€£¥₩₹₱₡₲₽₪฿₫₺₴₸₦₵]*$|^\s*(?:[A-Z]{1,3}\$|[A-Z]{3}|R\$|S\/\.?|Bs\.?)\s*$/;

/** Text written into a line, with element boundaries made explicit (see BOUNDARY) and split cents
 * joined on purpose: `$1,299<sup>00</sup>` → "$1,299.00", Mercado Libre's `__cents`, VTEX's
 * integer/group/decimal/fraction spans. */
export class InlineText {
  text = '';
  private lastOwner: DomElement | null = null;
  private lastBox: DomElement | null = null;
  private lastPiece = '';

  add(data: string, owner: DomElement, box: DomElement | null): void {
    if (!data) return;
    const crossed = this.lastOwner !== null && owner !== this.lastOwner;
    const touching = this.text !== '' && !/\s$/.test(this.text) && !/^\s/.test(data);
    if (crossed && touching) this.text += this.joint(data, owner, box);
    this.text += data;
    this.lastOwner = owner;
    this.lastBox = box;
    this.lastPiece = data;
  }

  /** A break the page shows (a new block or a `<br>`): the next piece starts fresh. */
  breakLine(): void {
    this.lastOwner = null;
    this.lastBox = null;
    this.lastPiece = '';
  }

  reset(): void {
    this.text = '';
    this.breakLine();
  }

  /** Text of our own between pieces (" | " between table cells). */
  separator(text: string): void {
    this.text += text;
    this.breakLine();
  }

  private joint(data: string, owner: DomElement, box: DomElement | null): string {
    const cents =
      /^\d{2}$/.test(data.trim()) && (owner.tagName === 'sup' || CENTS_CLASS.test(owner.attribs.class ?? ''));
    const whole = /(?:^|[^\d.,'’])(\d{1,3}(?:([.,'’\u00a0\u2009\u202f])\d{3})*|\d+)$/.exec(this.text);
    if (cents && whole) {
      // The integer's grouping mark tells which mark its decimals would take.
      return whole[2] === '.' ? ',' : '.';
    }
    const samePrice = box !== null && box === this.lastBox;
    if (samePrice && PRICE_PIECE.test(data) && PRICE_PIECE.test(this.lastPiece)) return '';
    return BOUNDARY;
  }
}

/** Elements a reader sees apart: their text never runs into their neighbours'. */
const SPACED = new Set('td th tr li p div dt dd h1 h2 h3 h4 h5 h6 section article ul ol table'.split(' '));

/** Text of an element with boundaries, for fields (a price cell, a microdata property). */
export function textOf(node: Cheerio<DomElement> | DomElement | undefined): string {
  if (!node) return '';
  const root = 'attribs' in node ? node : (node[0] as DomElement | undefined);
  if (!root) return '';
  return collapseSpaces(inlineTextOf(root));
}

export function inlineTextOf(root: DomElement): string {
  const sink = new InlineText();
  type Frame = { node: DomNode; box: DomElement | null };
  const stack: Frame[] = [{ node: root, box: null }];
  while (stack.length > 0) {
    const { node, box } = stack.pop()!;
    if (node.type === 'text') {
      const parent = node.parent;
      if (isElement(parent)) sink.add((node as unknown as { data: string }).data, parent, box);
      continue;
    }
    if (!isElement(node)) continue;
    if (node !== root && (INVISIBLE_TAGS.has(node.tagName) || isOldPrice(node) || isHidden(node))) continue;
    if (node.tagName === 'br' || (node !== root && SPACED.has(node.tagName))) sink.separator(' ');
    const inner = box ?? (isPriceBox(node) ? node : null);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]!, box: inner });
  }
  return sink.text;
}
