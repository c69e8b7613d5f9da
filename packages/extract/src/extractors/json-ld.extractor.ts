import type { ExtractContext } from '../offer.ts';
import { buildOffer, type Found } from '../offer-builder.ts';
import type { Page } from '../page.ts';
import {
  amountOf,
  asArray,
  asText,
  currencyOf,
  isObject,
  isOldPriceType,
  unitOf,
  type JsonObject,
} from '../structured-values.ts';

const PRODUCT_TYPES = /^(Product|IndividualProduct|ProductModel|SomeProducts|Service|ProductGroup)$/;
const OFFER_TYPES = /^(Offer|AggregateOffer)$/;

// Raw newlines and tabs inside JSON strings, which JSON.parse rejects and CMS templates emit.
const withoutControlChars = (text: string) =>
  Array.from(text, (c) => (c.charCodeAt(0) < 32 ? ' ' : c)).join('');

function typesOf(node: JsonObject): string[] {
  return asArray(node['@type']).map((t) => asText(t).replace(/^.*[/:]/, ''));
}

/** Blocks as sites write them: HTML comments, CDATA, raw newlines in strings, trailing commas. */
function parseBlock(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const cleaned = withoutControlChars(text)
      .replace(/^\s*(<!--|\/\/\s*<!\[CDATA\[)/, '')
      .replace(/(-->|\/\/\s*\]\]>)\s*$/, '')
      .replace(/,\s*([}\]])/g, '$1');
    try {
      return JSON.parse(cleaned);
    } catch {
      return undefined;
    }
  }
}

type Walk = { script: number; title: string; context: ExtractContext; out: Found[]; nodes: number };

/** Nodes of JSON-LD one page may make us visit. */
const MAX_NODES = 50_000;
type Item = { name: string; about: string[]; path: string };

function joinName(product: string, offer: string): string {
  if (!offer || product.toLowerCase().includes(offer.toLowerCase())) return product || offer;
  if (!product || offer.toLowerCase().includes(product.toLowerCase())) return offer;
  return `${product} — ${offer}`;
}

type Price = { value: unknown; path: string; minimum: boolean };

function emit(w: Walk, item: Item, offer: JsonObject, spec: JsonObject, path: string, price: Price): void {
  const amount = amountOf(price.value, w.context.refused);
  const currency = currencyOf(spec.priceCurrency ?? offer.priceCurrency, w.context.signals);
  if (!amount) return;
  const eligible = isObject(spec.eligibleQuantity) ? spec.eligibleQuantity : offer.eligibleQuantity;
  const minValue = isObject(eligible) ? Number(asText(eligible.minValue ?? eligible.value)) : NaN;
  const tax = spec.valueAddedTaxIncluded ?? offer.valueAddedTaxIncluded;
  const name = joinName(item.name, asText(offer.name));
  if (!name) return;
  const at = `ld+json[${w.script}]`;
  const built = buildOffer(
    {
      extractor: 'json_ld',
      name,
      amount,
      currency,
      unit: unitOf(spec.unitCode, spec.unitText, spec.referenceQuantity),
      quantity: Number.isInteger(minValue) && minValue > 0 ? minValue : 1,
      includes_tax: typeof tax === 'boolean' ? tax : tax === 'true' ? true : tax === 'false' ? false : null,
      price_is_minimum: price.minimum,
      context: item.about,
      title: w.title,
      selectors: {
        offer_name: `${at} ${asText(offer.name) ? `${path}.name` : `${item.path}.name`}`,
        price: `${at} ${price.path}`,
        currency: `${at} ${path}.priceCurrency`,
      },
      confidence: 0.95,
      source_text: JSON.stringify(offer).slice(0, 500),
    },
    w.context,
  );
  w.out.push({ offer: built, el: null, region: 'main', tier: Number.isInteger(minValue) && minValue > 1 });
}

function visitOffer(w: Walk, item: Item, offer: JsonObject, path: string): void {
  const isAggregate = typesOf(offer).includes('AggregateOffer');
  const inner = asArray(offer.offers).filter(isObject);
  if (isAggregate && inner.length) {
    inner.forEach((o, i) => visitOffer(w, item, o, `${path}.offers[${i}]`));
    return;
  }
  if (isAggregate && amountOf(offer.lowPrice)) {
    const minimum = amountOf(offer.lowPrice) !== amountOf(offer.highPrice);
    emit(w, item, offer, offer, path, { value: offer.lowPrice, path: `${path}.lowPrice`, minimum });
    return;
  }
  const specs = asArray(offer.priceSpecification).filter(isObject);
  const current = specs.filter((s) => !isOldPriceType(s.priceType) && amountOf(s.price));
  // An offer's own price wins; a lone specification adds its unit and tax to it.
  if (amountOf(offer.price) || current.length === 0) {
    const spec = current.length === 1 && current[0] ? current[0] : offer;
    emit(w, item, offer, spec, path, { value: offer.price, path: `${path}.price`, minimum: false });
    return;
  }
  current.forEach((s) =>
    emit(w, item, offer, s, path, {
      value: s.price,
      path: `${path}.priceSpecification[${specs.indexOf(s)}].price`,
      minimum: false,
    }),
  );
}

function visit(w: Walk, node: unknown, path: string, depth = 0): void {
  w.nodes += 1;
  if (depth > 12 || w.nodes > MAX_NODES) return;
  w.context.deadline?.check();
  if (Array.isArray(node)) {
    node.forEach((n, i) => visit(w, n, `${path}[${i}]`, depth + 1));
    return;
  }
  if (!isObject(node)) return;
  const types = typesOf(node);
  if (types.some((t) => PRODUCT_TYPES.test(t))) {
    const item = {
      path,
      name: asText(node.name),
      about: [asText(node.category), asText(node.description).slice(0, 300)].filter(Boolean),
    };
    asArray(node.offers).forEach((o, i, all) => {
      if (isObject(o))
        visitOffer(
          w,
          item,
          o,
          all.length > 1 || Array.isArray(node.offers) ? `${path}.offers[${i}]` : `${path}.offers`,
        );
    });
    asArray(node.hasVariant).forEach((v, i) => visit(w, v, `${path}.hasVariant[${i}]`, depth + 1));
    return;
  }
  if (types.some((t) => OFFER_TYPES.test(t))) {
    const offered = isObject(node.itemOffered) ? node.itemOffered : {};
    const item = {
      name: asText(offered.name ?? node.name),
      about: [asText(offered.category)].filter(Boolean),
      path,
    };
    visitOffer(w, item, node, path);
    return;
  }
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === 'object' && value !== null)
      visit(w, value, `${path}${key.startsWith('@') ? `['${key}']` : `.${key}`}`, depth + 1);
  }
}

/** schema.org Product/Offer data in JSON-LD blocks: the most trusted source on a product page. */
export function extractJsonLd(page: Page, context: ExtractContext = {}): Found[] {
  const w: Walk = { script: 0, title: page.title, context, out: [], nodes: 0 };
  page.ldJson.forEach((text, i) => {
    w.script = i;
    visit(w, parseBlock(text), '$');
  });
  return w.out;
}

/** The schema.org types a page's JSON-LD declares, for telling product pages from lists. */
export function jsonLdTypes(page: Page): string[] {
  const types: string[] = [];
  for (const text of page.ldJson)
    for (const m of text.matchAll(/"@type"\s*:\s*(?:"([^"]+)"|\[\s*"([^"]+)")/g))
      types.push((m[1] ?? m[2] ?? '').replace(/^.*[/:]/, ''));
  return types;
}
