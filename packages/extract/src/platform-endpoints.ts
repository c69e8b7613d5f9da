/** Which public JSON endpoint a storefront exposes, read from its HTML, so the worker can fetch
 * prices from data instead of a theme: no request is made here. */

const SHOPIFY_MARKERS = [
  /cdn\.shopify\.com/i,
  /\.myshopify\.com/i,
  /\bShopify\.(theme|shop|currency|routes)\b/,
  /window\.Shopify\b/,
  /shopify-section/i,
  /name=["']shopify-checkout-api-token["']/i,
];
const WOOCOMMERCE_MARKERS = [
  /wp-content\/plugins\/woocommerce/i,
  /\bwoocommerce(-page|-js|-no-js)?\b/i,
  /\bwc-block-/i,
  /wc_add_to_cart_params/,
  /\/wp-json\/wc\//i,
];

function originOf(url: string): URL | null {
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? parsed : null;
  } catch {
    return null;
  }
}

/** `/products.json` of a Shopify shop (in the current collection when the page is one), or null
 * when the page shows no Shopify markers. */
export function shopifyProductsUrl(html: string, url: string): string | null {
  const base = originOf(url);
  if (!base || !SHOPIFY_MARKERS.some((m) => m.test(html))) return null;
  const collection = /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?collections\/[^/]+/i.exec(base.pathname)?.[0];
  return `${base.origin}${collection ?? ''}/products.json?limit=250`;
}

/** The WooCommerce Store API product list, at the site's REST root when the page links it (a
 * WordPress in a sub-folder), or null when the page shows no WooCommerce markers. */
export function woocommerceStoreApiUrl(html: string, url: string): string | null {
  const base = originOf(url);
  if (!base || !WOOCOMMERCE_MARKERS.some((m) => m.test(html))) return null;
  const link = /<link[^>]+rel=["']https:\/\/api\.w\.org\/["'][^>]*href=["']([^"']+)["']/i.exec(html)?.[1];
  let root = `${base.origin}/wp-json/`;
  if (link) {
    const resolved = originOf(new URL(link, base).toString());
    if (resolved && resolved.origin === base.origin) root = resolved.toString().replace(/\/?$/, '/');
  }
  return `${root}wc/store/v1/products?per_page=100`;
}
