import { CATEGORIES, type Category } from '@preciofab/shared/catalogue';
import { loadHtml, textOf } from './dom.ts';
import { extractJsonLd } from './extractors/json-ld.extractor.ts';
import { extractMicrodata } from './extractors/microdata.extractor.ts';
import { extractOpenGraph } from './extractors/opengraph.extractor.ts';
import { extractSelectors, type SelectorConfig } from './extractors/selectors.extractor.ts';
import { extractShopify } from './extractors/shopify.extractor.ts';
import { extractText } from './extractors/text.extractor.ts';
import { extractWooCommerce } from './extractors/woocommerce.extractor.ts';
import { mergeOffers } from './merge-offers.ts';
import type { DollarCurrency, ExtractContext, ExtractedOffer } from './offer.ts';
import { pageCurrency } from './page-currency.ts';
import { isObject } from './structured-values.ts';

export type ExtractPageInput = {
  html?: string;
  /** A JSON body (Shopify products.json, WooCommerce Store API), already parsed. */
  json?: unknown;
  url: string;
  contentType?: string;
  /** The target's pinned selectors; used when they name at least `name` and `price`. */
  selectors?: Readonly<Record<string, string | undefined>> | null;
  /** What a bare `$` means here; read from the page when not given. */
  defaultCurrency?: DollarCurrency;
  /** The target's category (any string; only catalogue categories are used). */
  categoryHint?: string | null;
};

function selectorConfig(raw: ExtractPageInput['selectors']): SelectorConfig | null {
  if (!raw?.name || !raw.price) return null;
  return { item: raw.item, name: raw.name, price: raw.price, currency: raw.currency, unit: raw.unit };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function fromJson(json: unknown, url: string, context: ExtractContext): ExtractedOffer[] {
  if (isObject(json) && (Array.isArray(json.products) || isObject(json.product)))
    return extractShopify(json, url, context);
  if (Array.isArray(json) && json.some((p) => isObject(p) && isObject(p.prices)))
    return extractWooCommerce(json, url, context);
  return [];
}

/** Every offer a page states, each once: the extractors run from the most to the least
 * structured, and offers that describe the same thing are merged field by field. */
export function extractPage(input: ExtractPageInput): ExtractedOffer[] {
  const categoryHint = (CATEGORIES as readonly string[]).includes(input.categoryHint ?? '')
    ? (input.categoryHint as Category)
    : null;
  const html = input.html ?? '';
  const looksJson = /json/i.test(input.contentType ?? '') || /^\s*[[{]/.test(html);
  const json = input.json !== undefined ? input.json : looksJson && html ? parseJson(html) : undefined;
  if (json !== undefined)
    return mergeOffers(fromJson(json, input.url, { categoryHint, defaultCurrency: input.defaultCurrency }));
  if (!html.trim()) return [];
  const context: ExtractContext = {
    categoryHint,
    defaultCurrency: input.defaultCurrency ?? pageCurrency(html, input.url),
  };
  const config = selectorConfig(input.selectors);
  const offers = [
    ...(config ? extractSelectors(html, input.url, config, context) : []),
    ...extractJsonLd(html, input.url, context),
    ...extractMicrodata(html, input.url, context),
    ...extractOpenGraph(html, input.url, context),
    ...extractText(html, input.url, context),
  ];
  return mergeOffers(offers);
}

const APP_ROOT = /^(root|app|__next|__nuxt|q-app|svelte|main-app|react-root|vue-app)$/i;

/** Whether an HTML page with no offers is a shell its scripts fill in (an empty app root with
 * script bundles, empty price placeholders, "cargando precios", a noscript plea), so the worker
 * should render it in Chromium and extract again. */
export function needsRendering(html: string, url = 'https://example.invalid/'): boolean {
  return extractPage({ html, url }).length === 0 && looksScriptDrawn(html);
}

/** needsRendering for a page already known to yield no offer: the shell signs alone. */
export function looksScriptDrawn(html: string): boolean {
  const $ = loadHtml(html);
  const scripts = $('script[src]').length + $('script[type="module"]').length;
  const noscript = /javascript|js/i.test($('noscript').text());
  const emptyRoot = $('[id]')
    .toArray()
    .some(
      (el) => APP_ROOT.test($(el).attr('id') ?? '') && textOf($(el)) === '' && $(el).children().length <= 1,
    );
  const placeholders = $('[data-price], [data-product-price], [class*="price"]')
    .toArray()
    .filter((el) => textOf($(el)) === '' || /^[-–—.…\s]*$|\{\{/.test(textOf($(el)))).length;
  $('script, style, noscript, template').remove();
  const text = textOf($('body'));
  const loading =
    /cargando (los )?precios|cargando\.\.\.|cargando…|loading (prices|price)|loading\.\.\.|\{\{\s*[\w.]*price/i.test(
      text,
    );
  const thin = text.length < 400;
  if (emptyRoot && scripts > 0) return true;
  if (loading) return true;
  if (placeholders > 0 && scripts > 0) return true;
  return thin && scripts > 0 && noscript;
}
