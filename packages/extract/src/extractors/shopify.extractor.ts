import type { ExtractContext, ExtractedOffer } from '../offer.ts';
import { buildOffer } from '../offer-builder.ts';
import { amountOf, asArray, asText, currencyOf, isObject } from '../structured-values.ts';
import { collapseSpaces } from '../text-normalize.ts';

const stripTags = (html: string) => collapseSpaces(html.replace(/<[^>]*>/g, ' '));

/** A Shopify store's `/products.json` (or one product's `.json`). Prices are major units as text;
 * `compare_at_price` is the struck-out price and is ignored. The body names no currency, so the
 * page's (shop's) currency comes from the context. */
export function extractShopify(json: unknown, _url: string, context: ExtractContext = {}): ExtractedOffer[] {
  if (!isObject(json)) return [];
  const products = isObject(json.product) ? [json.product] : asArray(json.products);
  // The body names no currency: the shop page's signs (or the target's currency) decide it.
  const currency = currencyOf('', context.signals);
  const out: ExtractedOffer[] = [];
  products.forEach((product, p) => {
    if (!isObject(product)) return;
    const title = asText(product.title);
    const about = [
      asText(product.product_type),
      asArray(product.tags).map(asText).join(' '),
      stripTags(asText(product.body_html)).slice(0, 300),
    ];
    asArray(product.variants).forEach((variant, v) => {
      if (!isObject(variant)) return;
      const amount = amountOf(variant.price, context.refused);
      const variantTitle = asText(variant.title);
      const name =
        !variantTitle || /^default title$/i.test(variantTitle) ? title : `${title} — ${variantTitle}`;
      if (!amount || !name) return;
      const path = `${isObject(json.product) ? 'product' : `products[${p}]`}.variants[${v}]`;
      out.push(
        buildOffer(
          {
            extractor: 'shopify',
            name,
            amount,
            currency,
            context: about.filter(Boolean),
            selectors: { offer_name: `${path}.title`, price: `${path}.price` },
            confidence: 0.95,
            source_text: `${name} ${asText(variant.price)}`,
          },
          context,
        ),
      );
    });
  });
  return out;
}
