import { CATEGORIES, type Category } from '@preciofab/shared/catalogue';
import { countryOfHost, currencyOfCountry, isCurrencyCode } from '@preciofab/shared/currencies';
import {
  currencySignals,
  NO_SIGNALS,
  resolveCurrency,
  type CurrencyReading,
  type CurrencySignals,
} from './currency-evidence.ts';
import { DEFAULT_EXTRACT_BUDGET_MS, deadlineIn, type Deadline } from './deadline.ts';
import { descendants, withoutBoundaries } from './dom.ts';
import { extractJsonLd } from './extractors/json-ld.extractor.ts';
import { extractMicrodata } from './extractors/microdata.extractor.ts';
import { extractOpenGraph } from './extractors/opengraph.extractor.ts';
import { extractSelectors, type SelectorConfig } from './extractors/selectors.extractor.ts';
import { extractShopify } from './extractors/shopify.extractor.ts';
import { extractText, MAX_LINE, readText, type TextReading } from './extractors/text.extractor.ts';
import { extractWooCommerce } from './extractors/woocommerce.extractor.ts';
import { productOffers } from './main-offer.ts';
import { mergeOffers } from './merge-offers.ts';
import type { ExtractContext, ExtractedOffer, PageKind } from './offer.ts';
import type { Found } from './offer-builder.ts';
import { readPage, type Page } from './page.ts';
import { pageKind } from './page-kind.ts';
import type { RefusedPrice } from './price-parser.ts';
import { isObject } from './structured-values.ts';
import { urlPart } from './text-normalize.ts';

export type ExtractPageInput = {
  html?: string;
  /** A JSON body (Shopify products.json, WooCommerce Store API), already parsed. */
  json?: unknown;
  url: string;
  contentType?: string;
  /** The target's pinned selectors; used when they name at least `name` and `price`. */
  selectors?: Readonly<Record<string, string | undefined>> | null;
  /** The target's currency (the operator's override): decides ambiguous marks and bare numbers. */
  currency?: string | null;
  /** What a bare price meant on the HTML page a JSON body was found from (a Shopify shop's
   * products.json names no currency). */
  pageCurrency?: CurrencyReading | null;
  /** The target's category (any string; only catalogue categories are used). */
  categoryHint?: string | null;
  /** Time budget in ms (default 2 s): past it extraction throws an `ExtractionError`. */
  budgetMs?: number;
};

/** What one page gave. */
export type PageExtraction = {
  page_kind: PageKind;
  /** On a product page the first offer is the page's main offer. */
  offers: ExtractedOffer[];
  /** Price-shaped values not read as prices, and why. */
  refused: RefusedPrice[];
  /** What a bare number on this page would be read as, for JSON bodies found from it. */
  page_currency: CurrencyReading;
  /** The page has no offers and looks like a shell its scripts fill in: render it and read again. */
  script_drawn: boolean;
  /** The page hit a limit (lines, text, offers) and was not read to its end. */
  truncated: boolean;
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

const NONE: CurrencyReading = { currency: null, evidence: { basis: 'none', mark: null, detail: '' } };

function result(
  page_kind: PageKind,
  offers: ExtractedOffer[],
  rest: Partial<PageExtraction> = {},
): PageExtraction {
  return {
    page_kind,
    offers,
    refused: [],
    page_currency: NONE,
    script_drawn: false,
    truncated: false,
    ...rest,
  };
}

/** Signs for a JSON body: the target's currency, the page it was found from, its domain. */
function jsonSignals(input: ExtractPageInput): CurrencySignals {
  const host = urlPart(input.url, 'hostname');
  const country = host ? countryOfHost(host) : null;
  const domain = country ? currencyOfCountry(country) : null;
  const fromPage = input.pageCurrency?.currency;
  return {
    ...NO_SIGNALS,
    override: input.currency && isCurrencyCode(input.currency) ? input.currency : null,
    declared: fromPage ? [{ code: fromPage, detail: input.pageCurrency?.evidence.detail ?? fromPage }] : [],
    domain: domain ? [{ code: domain, detail: host }] : [],
  };
}

function fromJson(json: unknown, url: string, context: ExtractContext): ExtractedOffer[] {
  if (isObject(json) && (Array.isArray(json.products) || isObject(json.product)))
    return extractShopify(json, url, context);
  if (Array.isArray(json) && json.some((p) => isObject(p) && isObject(p.prices)))
    return extractWooCommerce(json, url, context);
  return [];
}

/** A body that is not text (an image or archive served as HTML): nothing to read in it. */
function looksBinary(html: string): boolean {
  const head = html.slice(0, 4096);
  let control = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i);
    if (c === 0) return true;
    if (c < 9 || (c > 13 && c < 32) || c === 0xfffd) control += 1;
  }
  return control > head.length * 0.1;
}

/** The offers of one page (docs/EXTRACTION.md): one parse, one tree every reader shares; the
 * page's kind decides which offers it states — a product page its main offer first and then only
 * that product's variants and tiers, a list or tariff page every offer, an article none. */
export function extractPage(input: ExtractPageInput): PageExtraction {
  const deadline = deadlineIn(input.budgetMs ?? DEFAULT_EXTRACT_BUDGET_MS);
  const categoryHint = (CATEGORIES as readonly string[]).includes(input.categoryHint ?? '')
    ? (input.categoryHint as Category)
    : null;
  const refused: RefusedPrice[] = [];
  const html = input.html ?? '';
  const looksJson = /json/i.test(input.contentType ?? '') || /^\s*[[{]/.test(html);
  const json = input.json !== undefined ? input.json : looksJson && html ? parseJson(html) : undefined;
  if (json !== undefined) {
    const signals = jsonSignals(input);
    const offers = mergeOffers(fromJson(json, input.url, { categoryHint, signals, deadline, refused }));
    return result('list', offers, {
      refused,
      page_currency: resolveCurrency({ mark: null, candidates: [] }, signals),
    });
  }
  if (!html.trim() || looksBinary(html)) return result('list', []);
  const page = readPage(html, input.url, deadline);
  const reading = readText(page);
  const signals = readingSignals(page, reading, input.currency ?? null);
  const context: ExtractContext = { categoryHint, signals, deadline, refused };
  const config = selectorConfig(input.selectors);
  const pinned = config ? extractSelectors(page, config, context) : [];
  const found: Found[] = [
    ...extractJsonLd(page, context),
    ...extractMicrodata(page, context),
    ...extractOpenGraph(page, context),
    ...extractText(page, reading, context),
  ];
  const kind = pageKind(page, reading, found);
  // Former prices named in words ("Was $949.99", "Antes $59.990") count as struck-out ones.
  const oldPrices = [...reading.oldPrices];
  reading.lines.forEach((line, at) => {
    if (line.region === 'main' && line.text.length <= MAX_LINE)
      for (const amount of reading.scan(at).old) oldPrices.push({ text: amount, region: 'main' });
  });
  const page_currency = resolveCurrency({ mark: null, candidates: [] }, signals);
  const rest = { refused, page_currency, truncated: reading.truncated };
  let offers: ExtractedOffer[];
  if (pinned.length > 0) offers = mergeOffers([...pinned, ...found].map((f) => f.offer));
  else if (kind === 'article') offers = [];
  else if (kind === 'product') offers = productOffers(found, page, oldPrices);
  else offers = mergeOffers(found.filter((f) => f.region !== 'chrome').map((f) => f.offer));
  deadline.check();
  const script_drawn = offers.length === 0 && looksScriptDrawn(page, reading, deadline);
  return result(kind, offers, { ...rest, script_drawn });
}

/** The page's currency signs (see currency-evidence.ts) from its visible text, tables' rows
 * included, and the prices already read off its lines and tables. */
export function readingSignals(page: Page, reading: TextReading, override: string | null): CurrencySignals {
  const text = [
    ...reading.lines.map((l) => withoutBoundaries(l.text)),
    ...reading.tables.flatMap((t) => t.cells.map((c) => c.rowText)),
  ].join('\n');
  const prices = [
    ...reading.lines
      .slice(0, 5000)
      .flatMap((l, at) => (l.text.length <= MAX_LINE ? reading.scan(at).prices : [])),
    ...reading.tables.flatMap((t) => t.cells.map((c) => c.price)),
  ];
  return currencySignals(page, text, override, prices);
}

const APP_ROOT = /^(root|app|__next|__nuxt|q-app|svelte|main-app|react-root|vue-app)$/i;
const LOADING =
  /cargando (los )?precios|cargando\.\.\.|cargando…|loading (prices|price)|loading\.\.\.|\{\{\s*[\w.]*price/i;

/** Whether an HTML page with no offers is a shell its scripts fill in (an empty app root with
 * script bundles, empty price placeholders, "cargando precios", a noscript plea), so the worker
 * should render it in Chromium and extract again. */
export function looksScriptDrawn(page: Page, reading: TextReading, deadline: Deadline): boolean {
  const root = page.$.root()[0];
  if (!root) return false;
  let scripts = 0;
  let noscript = '';
  let emptyRoot = false;
  let placeholders = 0;
  // One walk, no selector: `$(selector)` sorts what it finds, at a cost that grows with siblings.
  descendants(root, (el) => {
    deadline.check();
    const a = el.attribs;
    if (el.tagName === 'script') {
      if (a.src || a.type === 'module') scripts += 1;
      return false;
    }
    if (el.tagName === 'noscript') {
      noscript += shortText(el);
      return false;
    }
    if (a.id && APP_ROOT.test(a.id) && !hasText(el) && el.children.filter((c) => 'tagName' in c).length <= 1)
      emptyRoot = true;
    if (
      a['data-price'] !== undefined ||
      a['data-product-price'] !== undefined ||
      /price/.test(a.class ?? '')
    ) {
      const t = collapse(el);
      if (t === '' || /^[-–—.…\s]*$|\{\{/.test(t)) placeholders += 1;
    }
    return undefined;
  });
  if (scripts === 0) return false;
  const text = reading.lines.map((l) => withoutBoundaries(l.text)).join(' ');
  if (emptyRoot) return true;
  if (LOADING.test(text)) return true;
  if (placeholders > 0) return true;
  return text.length < 400 && /javascript|js/i.test(noscript);
}

type Element = Page['h1'][number];

/** The first 200 characters of an element's text (enough to tell empty from filled). */
function shortText(el: Element): string {
  let out = '';
  const stack: Element['children'] = [...el.children].reverse();
  while (stack.length > 0 && out.length < 200) {
    const node = stack.pop()!;
    if (node.type === 'text') out += (node as unknown as { data: string }).data;
    else if ('tagName' in node && !/^(script|style|template)$/.test(node.tagName))
      stack.push(...[...node.children].reverse());
  }
  return out;
}

const hasText = (el: Element) => /\S/.test(shortText(el));
const collapse = (el: Element) => withoutBoundaries(shortText(el)).replace(/\s+/g, ' ').trim();

/** Whether a page needs rendering (for tests and tools: one extraction). */
export function needsRendering(html: string, url = 'https://example.invalid/'): boolean {
  return extractPage({ html, url }).script_drawn;
}
