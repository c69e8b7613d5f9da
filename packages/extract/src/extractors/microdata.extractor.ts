import type { CheerioAPI } from 'cheerio';
import { resolveCurrency, NO_SIGNALS } from '../currency-evidence.ts';
import { cssPath, insideOldPrice, textOf, withoutBoundaries, type DomElement } from '../dom.ts';
import type { ExtractContext } from '../offer.ts';
import { buildOffer, type Found } from '../offer-builder.ts';
import type { Page } from '../page.ts';
import { regionAt } from '../page-regions.ts';
import { detectTax, isMinimumPrice } from '../price-notes.ts';
import { parsePrice } from '../price-parser.ts';
import { amountOf, currencyOf, unitOf } from '../structured-values.ts';
import { parseUnit } from '../unit-parser.ts';

const PRODUCT = /schema\.org\/(Product|IndividualProduct|ProductModel|Service)\/?$/i;
const OFFER = /schema\.org\/(Offer|AggregateOffer)\/?$/i;

type Props = Map<string, DomElement[]>;

/** The properties of one item: itemprop elements whose nearest enclosing scope is this one. */
function propsOf($: CheerioAPI, scope: DomElement): Props {
  const props: Props = new Map();
  $(scope)
    .find('[itemprop]')
    .each((_, el) => {
      if ($(el).parent().closest('[itemscope]')[0] !== scope) return;
      if (el.tagName !== 'meta' && insideOldPrice(el)) return;
      for (const name of ($(el).attr('itemprop') ?? '').split(/\s+/)) {
        props.set(name, [...(props.get(name) ?? []), el]);
      }
    });
  return props;
}

/** A property's value: the content attribute first, because visible text is formatted for people. */
function valueOf($: CheerioAPI, el: DomElement | undefined): string {
  if (!el) return '';
  const node = $(el);
  return (
    node.attr('content') ??
    node.attr('datetime') ??
    node.attr('href') ??
    node.attr('value') ??
    textOf(node)
  ).trim();
}

function readOffer(
  $: CheerioAPI,
  scope: DomElement,
  name: string,
  about: string[],
  context: ExtractContext,
  title: string,
): Found | null {
  const props = propsOf($, scope);
  const spec = props.get('priceSpecification')?.[0];
  const specProps = spec ? propsOf($, spec) : new Map<string, DomElement[]>();
  const priceEl = props.get('price')?.[0] ?? specProps.get('price')?.[0];
  const lowEl = props.get('lowPrice')?.[0];
  const el = priceEl ?? lowEl;
  if (!el) return null;
  const raw = valueOf($, el);
  const fromText = parsePrice(raw, { allowBare: true });
  const amount = /^[\d.,\s]+$/.test(raw) ? amountOf(raw, context.refused) : (fromText?.amount ?? null);
  const currencyEl = props.get('priceCurrency')?.[0] ?? specProps.get('priceCurrency')?.[0];
  const code = valueOf($, currencyEl);
  const currency = code
    ? currencyOf(code, context.signals)
    : resolveCurrency(fromText ?? { mark: null, candidates: [] }, context.signals ?? NO_SIGNALS);
  if (!amount) return null;
  const scopeText = textOf($(scope));
  const priceText = textOf($(el));
  const before = priceText
    ? withoutBoundaries(scopeText.slice(0, Math.max(0, scopeText.indexOf(priceText))))
    : '';
  const unit =
    unitOf(
      valueOf($, specProps.get('unitCode')?.[0]),
      valueOf($, specProps.get('unitText')?.[0] ?? props.get('unitText')?.[0]),
    ) ?? parseUnit(scopeText);
  const nameEl = props.get('name')?.[0];
  const offer = buildOffer(
    {
      extractor: 'microdata',
      name,
      amount,
      currency,
      unit,
      includes_tax: detectTax(scopeText),
      price_is_minimum: el === lowEl || isMinimumPrice(before),
      context: about,
      title,
      priceText: scopeText,
      selectors: {
        price: cssPath($, el),
        ...(currencyEl ? { currency: cssPath($, currencyEl) } : {}),
        ...(nameEl ? { offer_name: cssPath($, nameEl) } : {}),
      },
      confidence: 0.9,
      source_text: scopeText,
    },
    context,
  );
  return { offer, el: el.tagName === 'meta' ? null : el, region: regionAt(el), tier: false };
}

/** schema.org Product and Offer items marked up with itemscope/itemprop. */
export function extractMicrodata(page: Page, context: ExtractContext = {}): Found[] {
  if (!page.hasItemprop) return [];
  const { $, title } = page;
  const out: Found[] = [];
  const handled = new Set<DomElement>();
  for (const scope of page.itemscopes) {
    context.deadline?.check();
    if (!PRODUCT.test(scope.attribs.itemtype ?? '')) continue;
    const props = propsOf($, scope);
    const name = valueOf($, props.get('name')?.[0]);
    const about = [
      valueOf($, props.get('category')?.[0]),
      valueOf($, props.get('description')?.[0]).slice(0, 300),
    ];
    for (const offer of props.get('offers') ?? []) {
      handled.add(offer);
      const found = readOffer($, offer, name, about.filter(Boolean), context, title);
      if (found) out.push(found);
    }
    if (!props.get('offers') && props.get('price')) {
      const found = readOffer($, scope, name, about.filter(Boolean), context, title);
      if (found) out.push(found);
    }
  }
  for (const scope of page.itemscopes) {
    if (handled.has(scope) || !OFFER.test(scope.attribs.itemtype ?? '')) continue;
    const props = propsOf($, scope);
    const name = valueOf($, props.get('name')?.[0]) || (page.h1[0] ? textOf(page.h1[0]) : '');
    const found = name ? readOffer($, scope, name, [], context, title) : null;
    if (found) out.push(found);
  }
  return out;
}
