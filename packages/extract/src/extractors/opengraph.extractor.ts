import { loadHtml, pageTitle } from '../dom.ts';
import type { ExtractContext, ExtractedOffer } from '../offer.ts';
import { buildOffer } from '../offer-builder.ts';
import { amountOf, currencyOf } from '../structured-values.ts';

// A sale price is what the page charges now; product:original_price is the struck-out one.
const AMOUNT_KEYS = ['product:sale_price:amount', 'product:price:amount', 'og:price:amount'];

/** Open Graph product meta tags: one page, one product, possibly one amount per currency. */
export function extractOpenGraph(html: string, _url: string, context: ExtractContext = {}): ExtractedOffer[] {
  // Only the price tags make an offer: without any, skip parsing the document.
  if (!/(?:product|og):(?:sale_)?price:amount/i.test(html)) return [];
  const $ = loadHtml(html);
  const metas = (key: string) =>
    $(`meta[property="${key}"], meta[name="${key}"]`)
      .map((_, el) => $(el).attr('content') ?? '')
      .get();
  const key = AMOUNT_KEYS.find((k) => metas(k).length > 0);
  if (!key) return [];
  const currencyKey = key.replace(':amount', ':currency');
  const currencies = metas(currencyKey);
  const name = metas('og:title')[0]?.trim() || pageTitle($);
  if (!name) return [];
  const description = metas('og:description')[0]?.slice(0, 300) ?? '';
  const out: ExtractedOffer[] = [];
  metas(key).forEach((raw, i) => {
    const amount = amountOf(raw);
    const currency = currencyOf(currencies[i] ?? currencies[0], context.defaultCurrency);
    if (!amount || !currency) return;
    out.push(
      buildOffer(
        {
          extractor: 'opengraph',
          name,
          amount,
          currency: currency.currency,
          explicitCurrency: currency.explicit,
          context: [description].filter(Boolean),
          title: pageTitle($),
          selectors: {
            offer_name: 'meta[property="og:title"]',
            price: `meta[property="${key}"]`,
            currency: `meta[property="${currencyKey}"]`,
          },
          confidence: 0.8,
          source_text: `${name} ${raw} ${currencies[i] ?? ''}`,
        },
        context,
      ),
    );
  });
  return out;
}
