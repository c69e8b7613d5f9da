import { descendants, isElement, type DomElement } from './dom.ts';
import type { OldPriceText } from './extractors/text-lines.ts';
import { mergeOffers } from './merge-offers.ts';
import type { ExtractedOffer } from './offer.ts';
import type { Found } from './offer-builder.ts';
import type { Page } from './page.ts';
import { findPrices } from './price-parser.ts';

/** Variants and tiers one product page may add to its main offer. */
const MAX_VARIANTS = 50;

function ancestors(el: DomElement): DomElement[] {
  const chain: DomElement[] = [];
  for (let node: DomElement | null = el; node; node = isElement(node.parent) ? node.parent : null)
    chain.push(node);
  return chain;
}

/** How deep the nearest common ancestor of `el` and the title is: the price in the title's own
 * box shares a deep ancestor with it; a price elsewhere on the page shares only `body`. */
function closeness(el: DomElement, title: Map<DomElement, number>): number {
  for (let node: DomElement | null = el; node; node = isElement(node.parent) ? node.parent : null) {
    const depth = title.get(node);
    if (depth !== undefined) return depth;
  }
  return -1;
}

/** The product's title: the first `<h1>` that is not the site's logo, else an element a theme marks
 * as the product's title or name (`product_title`, `product-name`, `itemprop="name"`). */
function titleOf(page: Page): DomElement | null {
  const h1 = page.h1.find(
    (h) => !/logo|site-title|brand/i.test(`${h.attribs.class ?? ''} ${h.attribs.id ?? ''}`),
  );
  if (h1) return h1;
  let found: DomElement | null = null;
  const root = page.$.root()[0];
  if (root)
    descendants(root, (el) => {
      if (found) return false;
      const cls = el.attribs.class ?? '';
      if (PRODUCT_TITLE.test(cls) || (el.attribs.itemprop === 'name' && el.tagName !== 'meta')) found = el;
      return undefined;
    });
  return found;
}

const PRODUCT_TITLE = /(^|[\s_-])product[-_]?(title|name)([\s_-]|$)|pdp[-_]title|ui-pdp-title/i;

/** The price the page shows for its product: of the prices in the content, the one sharing the
 * deepest box with the product's title (the buy box), the first such in the page. */
function shownPrice(found: Found[], title: DomElement | null): Found | null {
  const visible = found.filter((f) => f.el !== null && f.region === 'main' && !f.tier);
  if (!title) return visible[0] ?? null;
  const chain = ancestors(title).reverse();
  const depth = new Map(chain.map((el, i) => [el, i]));
  let best: Found | null = null;
  let bestDepth = -1;
  for (const f of visible) {
    const d = closeness(f.el!, depth);
    if (d > bestDepth) {
      best = f;
      bestDepth = d;
    }
  }
  return best;
}

const amountsOf = (olds: OldPriceText[]) =>
  new Set(
    olds
      .filter((o) => o.region === 'main')
      .flatMap((o) => findPrices(o.text, { allowBare: true }).map((p) => p.amount)),
  );

/** Fills what `main` lacks (unit, tax, "desde") from another reading of the same price. */
function complete(main: ExtractedOffer, other: ExtractedOffer): ExtractedOffer {
  const out = {
    ...main,
    field_confidence: { ...main.field_confidence },
    field_extractors: { ...main.field_extractors },
  };
  if (!out.unit && other.unit) {
    out.unit = other.unit;
    out.unit_text = other.unit_text;
    out.unit_size = other.unit_size;
    out.field_confidence.unit = other.field_confidence.unit ?? 0;
    out.field_extractors.unit = other.extractor;
  }
  if (out.includes_tax === null && other.includes_tax !== null) {
    out.includes_tax = other.includes_tax;
    out.field_confidence.includes_tax = other.field_confidence.includes_tax ?? 0;
    out.field_extractors.includes_tax = other.extractor;
  }
  if (out.currency === null && other.currency !== null) {
    out.currency = other.currency;
    out.currency_evidence = other.currency_evidence;
    out.field_confidence.currency = other.field_confidence.currency ?? 0;
  }
  out.price_is_minimum = out.price_is_minimum || other.price_is_minimum;
  if (!out.category && other.category) {
    for (const f of ['category', 'subcategory', 'technology', 'price_type'] as const) {
      Object.assign(out, { [f]: other[f] });
      out.field_confidence[f] = other.field_confidence[f] ?? 0;
    }
  }
  if (!out.material && other.material) out.material = other.material;
  return out;
}

/** A product page's offers: its main offer first, then only its own variants and quantity tiers.
 * The structured data's price is the main offer when the page shows it (or shows nothing); when
 * the structured price is the struck-out one, the sale price the page shows wins. */
export function productOffers(found: Found[], page: Page, oldPrices: OldPriceText[]): ExtractedOffer[] {
  const structured = found.filter((f) => f.el === null || f.offer.extractor === 'microdata');
  const title = titleOf(page);
  const shown = shownPrice(found, title);
  const first = structured.find((f) => !f.tier) ?? null;
  const olds = amountsOf(oldPrices);
  const visible = found.filter((f) => f.el !== null && f.region === 'main');
  const visibleAmounts = new Set(visible.filter((f) => !f.tier).map((f) => f.offer.price));
  const tierAmounts = new Set(visible.filter((f) => f.tier).map((f) => f.offer.price));
  // The structured price is not the product's price when it is a floor across offers (an
  // AggregateOffer's lowPrice), one of the tiers the page shows, the struck-out price, the price
  // before tax shown beside the one a shopper pays, or in another currency than the page shows.
  const netShown = new Set(visible.filter((f) => f.offer.includes_tax === false).map((f) => f.offer.price));
  const notMain =
    first !== null &&
    shown !== null &&
    first.offer.price !== shown.offer.price &&
    (first.offer.price_is_minimum ||
      tierAmounts.has(first.offer.price) ||
      (olds.has(first.offer.price) && !visibleAmounts.has(first.offer.price)) ||
      (netShown.has(first.offer.price) && shown.offer.includes_tax !== false) ||
      (shown.offer.currency !== null &&
        first.offer.currency !== null &&
        shown.offer.currency !== first.offer.currency));
  let main: ExtractedOffer | null = null;
  if (first && shown && first.offer.price === shown.offer.price) main = complete(first.offer, shown.offer);
  else if (first && shown && notMain)
    main = complete({ ...shown.offer, offer_name: first.offer.offer_name }, first.offer);
  else if (first) main = first.offer;
  else if (shown) main = shown.offer;
  if (!main) return [];
  // Structured variants, and tiers shown in the product's own box.
  const box = title && shown?.el ? commonBox(title, shown.el) : null;
  const others = [
    ...structured.filter((f) => f.offer !== first?.offer).map((f) => f.offer),
    ...found
      .filter((f) => f.tier && f.el !== null && f.region === 'main' && box !== null && contains(box, f.el))
      .map((f) => f.offer),
    // The same price again, or the product in a second currency, is no variant.
  ].filter((o) => !(o.price === main.price && o.quantity === main.quantity) && o.currency === main.currency);
  return mergeOffers([main, ...others]).slice(0, 1 + MAX_VARIANTS);
}

function commonBox(a: DomElement, b: DomElement): DomElement | null {
  const chain = new Set(ancestors(a));
  for (const node of ancestors(b))
    if (chain.has(node)) return /^(body|html)$/.test(node.tagName) ? null : node;
  return null;
}

function contains(box: DomElement, el: DomElement): boolean {
  for (let node: DomElement | null = el; node; node = isElement(node.parent) ? node.parent : null)
    if (node === box) return true;
  return false;
}
