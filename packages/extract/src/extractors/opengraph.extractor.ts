import type { ExtractContext } from '../offer.ts';
import { buildOffer, type Found } from '../offer-builder.ts';
import { metaOf, type Page } from '../page.ts';
import { amountOf, currencyOf } from '../structured-values.ts';

// A sale price is what the page charges now; product:original_price is the struck-out one.
const AMOUNT_KEYS = ['product:sale_price:amount', 'product:price:amount', 'og:price:amount'];

/** Open Graph product meta tags: one page, one product, possibly one amount per currency. */
export function extractOpenGraph(page: Page, context: ExtractContext = {}): Found[] {
  const key = AMOUNT_KEYS.find((k) => metaOf(page, k).length > 0);
  if (!key) return [];
  const currencyKey = key.replace(':amount', ':currency');
  const currencies = metaOf(page, currencyKey);
  const name = metaOf(page, 'og:title')[0]?.trim() || page.title;
  if (!name) return [];
  const description = metaOf(page, 'og:description')[0]?.slice(0, 300) ?? '';
  const out: Found[] = [];
  metaOf(page, key).forEach((raw, i) => {
    const amount = amountOf(raw, context.refused);
    if (!amount) return;
    const currency = currencyOf(currencies[i] ?? currencies[0], context.signals, currencyKey);
    const offer = buildOffer(
      {
        extractor: 'opengraph',
        name,
        amount,
        currency,
        context: [description].filter(Boolean),
        title: page.title,
        selectors: {
          offer_name: 'meta[property="og:title"]',
          price: `meta[property="${key}"]`,
          currency: `meta[property="${currencyKey}"]`,
        },
        confidence: 0.8,
        source_text: `${name} ${raw} ${currencies[i] ?? ''}`,
      },
      context,
    );
    out.push({ offer, el: null, region: 'main', tier: false });
  });
  return out;
}
