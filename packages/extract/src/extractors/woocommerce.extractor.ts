import { load } from 'cheerio';
import { normalizeDecimal } from '@preciofab/shared/money';
import type { ExtractContext, ExtractedOffer } from '../offer.ts';
import { buildOffer } from '../offer-builder.ts';
import { asArray, asText, currencyOf, isObject } from '../structured-values.ts';
import { collapseSpaces } from '../text-normalize.ts';

/** Names and descriptions come HTML-encoded ("Filamento PLA &#8211; 1 kg"). */
const plain = (html: string) => collapseSpaces(load(html).root().text());

/** Minor units as text ("12300", 2) → major units as decimal text ("123"), without floats. */
export function fromMinorUnits(minor: string, decimals: number): string | null {
  if (!/^\d+$/.test(minor) || !Number.isInteger(decimals) || decimals < 0 || decimals > 6) return null;
  if (decimals === 0) return normalizeDecimal(minor);
  const padded = minor.padStart(decimals + 1, '0');
  return normalizeDecimal(`${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`);
}

/** The WooCommerce Store API (`/wp-json/wc/store/v1/products`): prices in minor units. A variable
 * product's `price_range.min_amount` is a floor ("desde"). */
export function extractWooCommerce(
  json: unknown,
  _url: string,
  context: ExtractContext = {},
): ExtractedOffer[] {
  const out: ExtractedOffer[] = [];
  asArray(json).forEach((product, p) => {
    if (!isObject(product) || !isObject(product.prices)) return;
    const prices = product.prices;
    const currency = currencyOf(prices.currency_code, context.signals, 'currency_code');
    const decimals = Number(prices.currency_minor_unit ?? 2);
    const range = isObject(prices.price_range) ? prices.price_range : null;
    const minor = asText(range?.min_amount ?? prices.price);
    const amount = fromMinorUnits(minor, decimals);
    const name = plain(asText(product.name));
    if (!amount || /^0+(\.0+)?$/.test(amount) || !name) return;
    const minimum = range !== null && asText(range.min_amount) !== asText(range.max_amount);
    const categories = asArray(product.categories).map(asText).join(' ');
    out.push(
      buildOffer(
        {
          extractor: 'woocommerce',
          name,
          amount,
          currency,
          price_is_minimum: minimum,
          context: [categories, plain(asText(product.short_description)).slice(0, 300)].filter(Boolean),
          selectors: {
            offer_name: `[${p}].name`,
            price: range ? `[${p}].prices.price_range.min_amount` : `[${p}].prices.price`,
            currency: `[${p}].prices.currency_code`,
          },
          confidence: 0.95,
          source_text: `${name} ${minor} ${asText(prices.currency_code)}`,
        },
        context,
      ),
    );
  });
  return out;
}
