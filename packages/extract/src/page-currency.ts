import { CURRENCIES } from '@preciofab/shared/catalogue';
import type { DollarCurrency } from './offer.ts';
import { declaredCurrency } from './price-notes.ts';

// Countries whose own peso is written `$`: a bare `$` there is not a Mexican peso.
const FOREIGN_DOLLAR_TLD = /\.(co|ar|cl|uy|br|com\.co|com\.ar|com\.uy|com\.br|cu|do|com\.do|ph|com\.ph)$/;

/** Codes the page's own data declares: product meta, microdata, JSON-LD, a Shopify shop. */
function declaredCodes(html: string): string[] {
  const patterns = [
    /<meta[^>]+(?:property|name)=["'](?:product:price:currency|og:price:currency)["'][^>]*content=["']([A-Za-z]{3})["']/gi,
    /<meta[^>]+content=["']([A-Za-z]{3})["'][^>]*(?:property|name)=["'](?:product:price:currency|og:price:currency)["']/gi,
    /itemprop=["']priceCurrency["'][^>]*content=["']([A-Za-z]{3})["']/gi,
    /"priceCurrency"\s*:\s*"([A-Za-z]{3})"/g,
    /Shopify\.currency\s*=\s*\{\s*"active"\s*:\s*"([A-Za-z]{3})"/g,
  ];
  return patterns.flatMap((p) => [...html.matchAll(p)].map((m) => (m[1] ?? '').toUpperCase()));
}

/** What a bare `$` means on this page, from the strongest evidence available: the page's own
 * currency codes, then its words ("precios en USD"), then the country of its domain. Undefined
 * leaves the default (MXN). */
export function pageCurrency(html: string, url: string): DollarCurrency | undefined {
  const codes = declaredCodes(html);
  const first = codes[0];
  if (first)
    return (CURRENCIES as readonly string[]).includes(first) ? (first as DollarCurrency) : 'unsupported';
  const words = declaredCurrency(html.replace(/<[^>]*>/g, ' ').slice(0, 200000));
  if (words) return words;
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return undefined;
  }
  if (host.endsWith('.mx')) return 'MXN';
  return FOREIGN_DOLLAR_TLD.test(host) ? 'unsupported' : undefined;
}
