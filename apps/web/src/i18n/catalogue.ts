import type { Language } from '@preciofab/shared/catalogue';
import { renderMessage } from '@preciofab/shared/i18n/counted';
import enCore from './en-US.json';
import esCore from './es-MX.json';
import esCharts from './namespaces/charts.es-MX.json';
import enCharts from './namespaces/charts.en-US.json';
import esConfidence from './namespaces/confidence.es-MX.json';
import enConfidence from './namespaces/confidence.en-US.json';
import esEvidence from './namespaces/evidence.es-MX.json';
import enEvidence from './namespaces/evidence.en-US.json';
import esAnalytics from './namespaces/analytics.es-MX.json';
import enAnalytics from './namespaces/analytics.en-US.json';
import esExport from './namespaces/export.es-MX.json';
import enExport from './namespaces/export.en-US.json';
import esVendorTools from './namespaces/vendor_tools.es-MX.json';
import enVendorTools from './namespaces/vendor_tools.en-US.json';
import esCrawlTargets from './namespaces/crawl_targets.es-MX.json';
import enCrawlTargets from './namespaces/crawl_targets.en-US.json';
import esBenchmarks from './namespaces/benchmarks.es-MX.json';
import enBenchmarks from './namespaces/benchmarks.en-US.json';
import esCrawlRun from './namespaces/crawl_run.es-MX.json';
import enCrawlRun from './namespaces/crawl_run.en-US.json';
import esPipeline from './namespaces/pipeline.es-MX.json';
import enPipeline from './namespaces/pipeline.en-US.json';
import esWelcome from './namespaces/welcome.es-MX.json';
import enWelcome from './namespaces/welcome.en-US.json';
import esDiscovery from './namespaces/discovery.es-MX.json';
import enDiscovery from './namespaces/discovery.en-US.json';
import esReports from './namespaces/reports.es-MX.json';
import enReports from './namespaces/reports.en-US.json';
import esPrices from './namespaces/prices.es-MX.json';
import enPrices from './namespaces/prices.en-US.json';
import esSettings from './namespaces/settings.es-MX.json';
import enSettings from './namespaces/settings.en-US.json';
import esProfile from './namespaces/profile.es-MX.json';
import enProfile from './namespaces/profile.en-US.json';
import esToasts from './namespaces/toasts.es-MX.json';
import enToasts from './namespaces/toasts.en-US.json';
import esDebug from './namespaces/debug.es-MX.json';
import enDebug from './namespaces/debug.en-US.json';

/** One catalogue per language: the core texts (es-MX.json, en-US.json) plus one file per screen
 * namespace in namespaces/, so screens are written and reviewed separately. */
const esMX = {
  ...esCore,
  charts: esCharts,
  confidence: esConfidence,
  evidence: esEvidence,
  analytics: esAnalytics,
  export: esExport,
  vendor_tools: esVendorTools,
  crawl_targets: esCrawlTargets,
  benchmarks: esBenchmarks,
  crawl_run: esCrawlRun,
  pipeline: esPipeline,
  welcome: esWelcome,
  discovery: esDiscovery,
  reports: esReports,
  prices: esPrices,
  settings: esSettings,
  profile: esProfile,
  toasts: esToasts,
  debug: esDebug,
};
const enUS = {
  ...enCore,
  charts: enCharts,
  confidence: enConfidence,
  evidence: enEvidence,
  analytics: enAnalytics,
  export: enExport,
  vendor_tools: enVendorTools,
  crawl_targets: enCrawlTargets,
  benchmarks: enBenchmarks,
  crawl_run: enCrawlRun,
  pipeline: enPipeline,
  welcome: enWelcome,
  discovery: enDiscovery,
  reports: enReports,
  prices: enPrices,
  settings: enSettings,
  profile: enProfile,
  toasts: enToasts,
  debug: enDebug,
};

type Tree = { readonly [key: string]: string | Tree };

/** Dotted paths to every text of a catalogue, e.g. 'dashboard.stats.total_vendors'. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type MessageKey = Leaves<typeof esMX>;
export type MessageValues = Record<string, string | number>;

export const CATALOGUES: Record<Language, Tree> = { es: esMX, en: enUS };
/** The same catalogues with their literal shape, for tests that look texts up by path. */
export const MESSAGES = { es: esMX, en: enUS };

export function lookupMessage(language: Language, key: string): string | undefined {
  let node: string | Tree | undefined = CATALOGUES[language];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The text of `key` filled with `values`: a count in its plural form (`<key>_one`, and counted
 * nouns in the group's `counts`; see @preciofab/shared/i18n/counted), numbers formatted for the
 * locale, a missing value left visible, an unknown key shown as itself. */
export function renderText(language: Language, key: string, values: MessageValues, locale: string): string {
  return renderMessage((k) => lookupMessage(language, k), key, values, locale);
}
