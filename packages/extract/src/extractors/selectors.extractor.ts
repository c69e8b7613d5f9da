import type { Cheerio } from 'cheerio';
import { currencyCandidates } from '@preciofab/shared/currencies';
import { NO_SIGNALS, resolveCurrency } from '../currency-evidence.ts';
import { insideOldPrice, textOf, withoutBoundaries, type DomElement } from '../dom.ts';
import type { ExtractContext } from '../offer.ts';
import { buildOffer, type Found } from '../offer-builder.ts';
import type { Page } from '../page.ts';
import { regionAt } from '../page-regions.ts';
import { detectTax, isMinimumPrice, tierQuantity } from '../price-notes.ts';
import { parsePrice } from '../price-parser.ts';
import { parseUnit } from '../unit-parser.ts';

/** CSS selectors an operator pinned for a target. With `item`, the others are read inside each
 * item; without it, the n-th name goes with the n-th price. */
export type SelectorConfig = { item?: string; name: string; price: string; currency?: string; unit?: string };

const valueOf = (node: Cheerio<DomElement>) => (node.attr('content') ?? textOf(node)).trim();

function safeFind(run: () => Cheerio<DomElement>): Cheerio<DomElement> | null {
  try {
    // A struck-out price the operator's selector also matches is not the price charged.
    return run().filter((_, el) => !insideOldPrice(el));
  } catch {
    return null; // an operator's selector that does not parse yields nothing, not a crash
  }
}

/** Offers at the operator's selectors; the most trusted reading of a page, since a person chose it. */
export function extractSelectors(page: Page, config: SelectorConfig, context: ExtractContext = {}): Found[] {
  const { $, title } = page;
  const body = $('body')[0] ?? $.root().children()[0];
  const pageTax = detectTax(withoutBoundaries(body ? textOf(body as DomElement) : '').slice(0, 20000));
  type Pair = { name: Cheerio<DomElement>; price: Cheerio<DomElement>; scope: Cheerio<DomElement> };
  const pairs: Pair[] = [];
  if (config.item) {
    const items = safeFind(() => $.root().find(config.item ?? ''));
    items?.each((_, el) => {
      const item = $(el);
      const name = safeFind(() => item.find(config.name).first());
      const price = safeFind(() => item.find(config.price).first());
      if (name?.length && price?.length) pairs.push({ name, price, scope: item });
    });
  } else {
    const names = safeFind(() => $.root().find(config.name));
    const prices = safeFind(() => $.root().find(config.price));
    const count = Math.min(names?.length ?? 0, prices?.length ?? 0);
    for (let i = 0; i < count; i++) {
      const price = prices?.eq(i);
      const name = names?.eq(i);
      if (name && price) pairs.push({ name, price, scope: price.parent() });
    }
  }
  const out: Found[] = [];
  pairs.forEach(({ name, price, scope }, i) => {
    const priceText = valueOf(price);
    const currencyNode = config.currency
      ? safeFind(() =>
          config.item ? scope.find(config.currency ?? '') : $.root().find(config.currency ?? ''),
        )
      : null;
    const currencyText = currencyNode?.length
      ? valueOf(config.item ? currencyNode.first() : currencyNode.eq(Math.min(i, currencyNode.length - 1)))
      : '';
    const parsed = parsePrice(priceText, { allowBare: true });
    const offerName = withoutBoundaries(valueOf(name));
    if (!parsed || !offerName) return;
    // The operator's currency element ("USD", "$") speaks for the price; else the price's own mark.
    const fromElement = currencyText ? currencyCandidates(currencyText) : null;
    const currency = resolveCurrency(
      fromElement ? { mark: currencyText, candidates: fromElement } : parsed,
      context.signals ?? NO_SIGNALS,
    );
    const scopeText = textOf(scope);
    const unitNode = config.unit ? safeFind(() => scope.find(config.unit ?? '').first()) : null;
    const unitText = unitNode?.length ? valueOf(unitNode) : '';
    const before = withoutBoundaries(scopeText.slice(0, Math.max(0, scopeText.indexOf(textOf(price)))));
    const at = (sel: string) =>
      config.item ? `${config.item}:nth-of-type(${i + 1}) ${sel}` : `${sel}:eq(${i})`;
    const offer = buildOffer(
      {
        extractor: 'selectors',
        name: offerName,
        amount: parsed.amount,
        currency,
        unit:
          (unitText && (parseUnit(unitText) ?? parseUnit(`por ${unitText}`))) ||
          parseUnit(priceText) ||
          parseUnit(scopeText),
        quantity: tierQuantity(before) ?? 1,
        includes_tax: detectTax(scopeText) ?? pageTax,
        price_is_minimum:
          parsed.rangeFloor ||
          isMinimumPrice(before) ||
          isMinimumPrice(priceText.slice(0, priceText.indexOf(parsed.raw))),
        title,
        priceText: scopeText,
        selectors: {
          offer_name: at(config.name),
          price: at(config.price),
          ...(config.currency ? { currency: at(config.currency) } : {}),
          ...(config.unit ? { unit: at(config.unit) } : {}),
        },
        confidence: 0.9,
        source_text: scopeText,
      },
      context,
    );
    const el = price[0] ?? null;
    out.push({ offer, el, region: el ? regionAt(el) : 'main', tier: offer.quantity > 1 });
  });
  return out;
}
