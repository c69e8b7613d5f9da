import type { Cheerio } from 'cheerio';
import { loadHtml, OLD_PRICE_SELECTOR, pageTitle, textOf, type DomElement } from '../dom.ts';
import type { ExtractContext, ExtractedOffer } from '../offer.ts';
import { buildOffer } from '../offer-builder.ts';
import { detectTax, isMinimumPrice, tierQuantity } from '../price-notes.ts';
import { parsePrice } from '../price-parser.ts';
import { currencyOf } from '../structured-values.ts';
import { parseUnit } from '../unit-parser.ts';

/** CSS selectors an operator pinned for a target. With `item`, the others are read inside each
 * item; without it, the n-th name goes with the n-th price. */
export type SelectorConfig = { item?: string; name: string; price: string; currency?: string; unit?: string };

const valueOf = (node: Cheerio<DomElement>) => (node.attr('content') ?? textOf(node)).trim();

function safeFind(run: () => Cheerio<DomElement>): Cheerio<DomElement> | null {
  try {
    return run();
  } catch {
    return null; // an operator's selector that does not parse yields nothing, not a crash
  }
}

/** Offers at the operator's selectors; the most trusted reading of a page, since a person chose it. */
export function extractSelectors(
  html: string,
  _url: string,
  config: SelectorConfig,
  context: ExtractContext = {},
): ExtractedOffer[] {
  const $ = loadHtml(html);
  $(OLD_PRICE_SELECTOR).remove();
  $('script, style, noscript, template').remove();
  const title = pageTitle($);
  const pageTax = detectTax($('body').text().slice(0, 20000));
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
  const out: ExtractedOffer[] = [];
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
    const explicit = currencyText ? currencyOf(currencyText, undefined) : null;
    if (currencyText && !explicit && currencyText !== '$') return; // £, COP…: not ours to report
    const parsed = parsePrice(priceText, {
      allowBare: true,
      defaultCurrency: explicit?.currency ?? context.defaultCurrency,
    });
    const offerName = valueOf(name);
    if (!parsed || !offerName) return;
    const scopeText = textOf(scope);
    const unitNode = config.unit ? safeFind(() => scope.find(config.unit ?? '').first()) : null;
    const unitText = unitNode?.length ? valueOf(unitNode) : '';
    const before = scopeText.slice(0, Math.max(0, scopeText.indexOf(textOf(price))));
    const at = (sel: string) =>
      config.item ? `${config.item}:nth-of-type(${i + 1}) ${sel}` : `${sel}:eq(${i})`;
    out.push(
      buildOffer(
        {
          extractor: 'selectors',
          name: offerName,
          amount: parsed.amount,
          currency: parsed.currency,
          explicitCurrency: parsed.explicitCurrency || explicit !== null,
          unit:
            (unitText && (parseUnit(unitText) ?? parseUnit(`por ${unitText}`))) ||
            parseUnit(priceText) ||
            parseUnit(scopeText),
          quantity: tierQuantity(before) ?? 1,
          includes_tax: detectTax(scopeText) ?? pageTax,
          price_is_minimum:
            isMinimumPrice(before) || isMinimumPrice(priceText.slice(0, priceText.indexOf(parsed.raw))),
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
      ),
    );
  });
  return out;
}
