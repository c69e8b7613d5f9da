import type core from './es-MX.json';
import type alerts from './namespaces/alerts.es-MX.json';
import type analytics from './namespaces/analytics.es-MX.json';
import type benchmarks from './namespaces/benchmarks.es-MX.json';
import type charts from './namespaces/charts.es-MX.json';
import type confidence from './namespaces/confidence.es-MX.json';
import type crawlRun from './namespaces/crawl_run.es-MX.json';
import type crawlTargets from './namespaces/crawl_targets.es-MX.json';
import type debug from './namespaces/debug.es-MX.json';
import type discovery from './namespaces/discovery.es-MX.json';
import type evidence from './namespaces/evidence.es-MX.json';
import type exportTexts from './namespaces/export.es-MX.json';
import type pipeline from './namespaces/pipeline.es-MX.json';
import type prices from './namespaces/prices.es-MX.json';
import type profile from './namespaces/profile.es-MX.json';
import type reports from './namespaces/reports.es-MX.json';
import type review from './namespaces/review.es-MX.json';
import type settings from './namespaces/settings.es-MX.json';
import type toasts from './namespaces/toasts.es-MX.json';
import type vendorTools from './namespaces/vendor_tools.es-MX.json';
import type welcome from './namespaces/welcome.es-MX.json';

/**
 * The shape of one language's catalogue: the core texts (es-MX.json, en-US.json) plus one file per
 * screen namespace in namespaces/, so screens are written and reviewed separately. Types only: the
 * console loads the texts by need (catalogue.ts, parts/), the tests read every file
 * (src/testing/catalogues.ts). A new namespace file is added here; en-US has the same keys as es-MX
 * (catalogues.test.ts).
 */
export type Catalogue = typeof core & {
  alerts: typeof alerts;
  analytics: typeof analytics;
  benchmarks: typeof benchmarks;
  charts: typeof charts;
  confidence: typeof confidence;
  crawl_run: typeof crawlRun;
  crawl_targets: typeof crawlTargets;
  debug: typeof debug;
  discovery: typeof discovery;
  evidence: typeof evidence;
  export: typeof exportTexts;
  pipeline: typeof pipeline;
  prices: typeof prices;
  profile: typeof profile;
  reports: typeof reports;
  review: typeof review;
  settings: typeof settings;
  toasts: typeof toasts;
  vendor_tools: typeof vendorTools;
  welcome: typeof welcome;
};

export type Tree = { readonly [key: string]: string | Tree };

/** Dotted paths to every text of a catalogue, e.g. 'dashboard.stats.total_vendors'. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type MessageKey = Leaves<Catalogue>;
export type MessageValues = Record<string, string | number>;
