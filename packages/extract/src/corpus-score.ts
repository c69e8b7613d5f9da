import { readFileSync } from 'node:fs';
import { compareDecimal } from '@preciofab/shared/money';
import type { PageKind } from './offer.ts';

/** One saved page of the corpus and what a person reads on it (packages/extract/corpus). */
export type CorpusEntry = {
  file: string;
  url: string;
  platform: string;
  country: string;
  lang: string;
  page_kind: PageKind;
  /** The price a shopper pays now for the default variant; null off product pages. */
  main: { price: string; currency: string | null } | null;
  max_offers: number;
  offers: { price: string; currency: string | null; name?: string }[];
  tests: string;
  /** The folder of the page under corpus/ ('pages', or 'second/pages' for the second set). */
  dir?: string;
};

/** What the extractor gave for one page. */
export type CorpusResult = {
  entry: CorpusEntry;
  page_kind: PageKind | null;
  offers: { price: string; currency: string | null }[];
  ms: number;
  error?: string;
};

export const CORPUS = new URL('../corpus/', import.meta.url);

/** Both sets: the generated corpus, and the second set written apart from the extractor and first
 * measured as held out (corpus/second). */
export function readCorpus(): CorpusEntry[] {
  const read = (path: string) => JSON.parse(readFileSync(new URL(path, CORPUS), 'utf8')) as CorpusEntry[];
  return [
    ...read('manifest.json').map((e) => ({ ...e, dir: 'pages' })),
    ...read('second/manifest.json').map((e) => ({ ...e, dir: 'second/pages' })),
  ];
}

export function readCorpusPage(entry: CorpusEntry): string {
  return readFileSync(new URL(`${entry.dir ?? 'pages'}/${entry.file}`, CORPUS), 'utf8');
}

const same = (a: { price: string; currency: string | null }, b: { price: string; currency: string | null }) =>
  compareDecimal(a.price, b.price) === 0 && a.currency === b.currency;
const samePrice = (a: string, b: string) => compareDecimal(a, b) === 0;

function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

export type CorpusScore = {
  pages: number;
  errors: string[];
  /** Product pages, scored as product-extraction benchmarks score: the main offer's price, exact. */
  main: { precision: number; recall: number; f1: number; wrong: string[] };
  /** Of the right main prices, how many have the right currency (null where a person can't tell). */
  currencyRight: number;
  /** Offers per product page. */
  productOffers: { median: number; p90: number; max: number };
  kindRight: number;
  /** List and tariff pages: every offer, price and currency. */
  lists: { precision: number; recall: number; missed: string[]; extra: string[] };
  /** Article pages that gave any offer. */
  articlesWithOffers: string[];
  /** Extraction time per page, ms. */
  ms: { median: number; p90: number; max: number };
};

/** Scores extraction results against the corpus truth. */
export function scoreCorpus(results: CorpusResult[]): CorpusScore {
  const errors = results.filter((r) => r.error).map((r) => `${r.entry.file}: ${r.error}`);
  const products = results.filter((r) => r.entry.page_kind === 'product' && r.entry.main);
  let answered = 0;
  let right = 0;
  let currencyRight = 0;
  const wrong: string[] = [];
  for (const r of products) {
    const truth = r.entry.main!;
    const first = r.offers[0];
    if (!first) {
      wrong.push(`${r.entry.file}: nothing (truth ${truth.price} ${truth.currency})`);
      continue;
    }
    answered += 1;
    if (samePrice(first.price, truth.price)) {
      right += 1;
      if (first.currency === truth.currency) currencyRight += 1;
      else wrong.push(`${r.entry.file}: currency ${first.currency} (truth ${truth.currency})`);
    } else
      wrong.push(
        `${r.entry.file}: ${first.price} ${first.currency} (truth ${truth.price} ${truth.currency})`,
      );
  }
  const precision = answered ? right / answered : 0;
  const recall = products.length ? right / products.length : 0;
  const counts = products.map((r) => r.offers.length);

  let listTruth = 0;
  let listFound = 0;
  let listHits = 0;
  const missed: string[] = [];
  const extra: string[] = [];
  for (const r of results.filter((x) => x.entry.page_kind === 'list')) {
    const pool = [...r.offers];
    listFound += r.offers.length;
    listTruth += r.entry.offers.length;
    for (const t of r.entry.offers) {
      const at = pool.findIndex((o) => same(o, t));
      if (at >= 0) {
        listHits += 1;
        pool.splice(at, 1);
      } else missed.push(`${r.entry.file}: ${t.name ?? ''} ${t.price} ${t.currency}`);
    }
    for (const o of pool) extra.push(`${r.entry.file}: ${o.price} ${o.currency}`);
  }
  const times = results.filter((r) => !r.error).map((r) => r.ms);
  return {
    pages: results.length,
    errors,
    main: {
      precision,
      recall,
      f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0,
      wrong,
    },
    currencyRight: right ? currencyRight / right : 0,
    productOffers: { median: quantile(counts, 0.5), p90: quantile(counts, 0.9), max: Math.max(0, ...counts) },
    kindRight: results.length
      ? results.filter((r) => r.page_kind === r.entry.page_kind).length / results.length
      : 0,
    lists: {
      precision: listFound ? listHits / listFound : 1,
      recall: listTruth ? listHits / listTruth : 1,
      missed,
      extra,
    },
    articlesWithOffers: results
      .filter((r) => r.entry.page_kind === 'article' && r.offers.length > 0)
      .map((r) => `${r.entry.file}: ${r.offers.map((o) => `${o.price} ${o.currency}`).join(', ')}`),
    ms: { median: quantile(times, 0.5), p90: quantile(times, 0.9), max: Math.max(0, ...times) },
  };
}
