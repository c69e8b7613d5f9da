import { dec } from './lib.ts';
import type { Product, Site } from './parts.ts';

export type Money = { price: string; currency: string | null };
export type Offer = Money & { name?: string };

export type Platform =
  | 'shopify'
  | 'woocommerce'
  | 'vtex'
  | 'tiendanube'
  | 'mercadolibre'
  | 'prestashop'
  | 'magento'
  | 'wix'
  | 'jumpseller'
  | 'custom';

export type Entry = {
  file: string;
  url: string;
  platform: Platform;
  country: string | null;
  lang: string;
  page_kind: 'product' | 'list' | 'article';
  main: Money | null;
  max_offers: number;
  offers: Offer[];
  tests: string;
};

export type PageDef = {
  entry: Entry;
  html: string;
  /** Literal substrings the generated HTML must contain (the visible prices the truth is based on). */
  mustContain: string[];
};

export function cur(site: Site): string | null {
  return site.currencyHints ? site.cur.code : null;
}

/** Truth for a product page: default variant (or first tier) is the main offer; variants and tiers are its own offers. */
export function productTruth(site: Site, p: Product): Pick<Entry, 'main' | 'max_offers' | 'offers'> {
  const c = cur(site);
  const v0 = p.variants[0];
  if (!v0) throw new Error(`${p.title}: no variants`);
  const mainPrice = p.tiers?.[0]?.price ?? v0.price;
  const prices: number[] = [mainPrice];
  for (const v of p.variants) prices.push(v.price);
  for (const t of p.tiers ?? []) prices.push(t.price);
  const distinct = [...new Set(prices.map((x) => dec(x)))];
  return {
    main: { price: dec(mainPrice), currency: c },
    max_offers: p.variants.length + Math.max(0, (p.tiers?.length ?? 1) - 1),
    offers: distinct.map((price) => ({ price, currency: c })),
  };
}

export function listTruth(
  site: Site,
  items: { name: string; price: number }[],
): Pick<Entry, 'main' | 'max_offers' | 'offers'> {
  const c = cur(site);
  return {
    main: null,
    max_offers: items.length,
    offers: items.map((it) => ({ name: it.name, price: dec(it.price), currency: c })),
  };
}
