/** The product catalogue of spec §3 and §9: the one list every layer uses. */
export const VENDOR_TYPES = [
  'manufacturer',
  'reseller',
  'bureau',
  'makerspace',
  'freelancer',
  'marketplace',
] as const;
export type VendorType = (typeof VENDOR_TYPES)[number];

export const CAPABILITIES = [
  'fdm_printing',
  'sla_printing',
  'sls_printing',
  'mjf_printing',
  'cnc_milling',
  'cnc_turning',
  'laser_cutting',
  'laser_engraving',
  'materials_supply',
  'design_services',
] as const;

export const CATEGORIES = ['additive_manufacturing', 'cnc_machining', 'laser_cutting', 'materials'] as const;
export type Category = (typeof CATEGORIES)[number];

export const PRICE_TYPES = [
  'purchase',
  'service_per_part',
  'service_hourly',
  'license_subscription',
] as const;
/** A price's currency: any active ISO 4217 code (see currencies.ts); MXN when a form names none. */
export type Currency = string;
export const DEFAULT_CURRENCY = 'MXN';
/** Whether a price has a USD value per base unit, and if not why: its currency had no rate on or
 * before its date (it converts when one arrives), or its unit has no base unit. Such prices are
 * stored and shown, and kept out of benchmarks. */
export const USD_STATUSES = ['converted', 'no_rate', 'no_base_unit'] as const;
export type UsdStatus = (typeof USD_STATUSES)[number];
/** The orders of the prices list: newest first, or by USD per base unit. */
export const PRICE_SORTS = ['observed_at_desc', 'price_usd_asc', 'price_usd_desc'] as const;
export const UNITS = ['cm3', 'hour', 'piece', 'kg', 'm2', 'minute', 'liter'] as const;
export type Unit = (typeof UNITS)[number];
export const TECHNOLOGIES = ['fdm', 'sla', 'sls', 'mjf', 'dmls', 'cnc', 'laser'] as const;
export const MATERIALS = ['pla', 'abs', 'petg', 'tpu', 'nylon', 'resin', 'metal', 'wood', 'acrylic'] as const;
export const REGIONS = ['CDMX', 'Mexico', 'LATAM', 'Global'] as const;
export type Region = (typeof REGIONS)[number];
export const CALCULATION_REGIONS = ['CDMX', 'Mexico', 'LATAM'] as const;
export const TAX_STATES = ['included', 'excluded', 'unknown'] as const;

/** The add-price form's catalogue (spec §3): subcategories, units and materials per category. */
export const CATEGORY_CATALOGUE: Record<
  Category,
  { subcategories: readonly string[]; units: readonly Unit[]; materials: readonly string[] }
> = {
  additive_manufacturing: {
    subcategories: ['FDM', 'SLA', 'SLS', 'MJF', 'DMLS'],
    units: ['cm3', 'hour', 'piece'],
    materials: ['PLA', 'ABS', 'PETG', 'TPU', 'Nylon', 'Resin', 'Metal'],
  },
  cnc_machining: {
    subcategories: ['Milling', 'Turning', 'EDM', 'Grinding'],
    units: ['hour', 'piece', 'kg'],
    materials: ['Aluminum', 'Steel', 'Brass', 'Copper', 'Plastic', 'Wood'],
  },
  laser_cutting: {
    subcategories: ['CO2 Laser', 'Fiber Laser', 'UV Laser'],
    units: ['minute', 'm2', 'piece'],
    materials: ['Acrylic', 'Wood', 'Metal', 'Fabric', 'Paper', 'Leather'],
  },
  materials: {
    subcategories: ['Filaments', 'Resins', 'Sheets', 'Rods', 'Powders'],
    units: ['kg', 'liter', 'm2', 'piece'],
    materials: [],
  },
};

export const CRAWL_TYPES = ['all', 'priority', 'vendor', 'category'] as const;
export const CRAWL_RUN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export const HIGH_PRIORITY = 8;
/** Why a fetch failed (the guarded fetcher's FetchError codes). `refused_address`,
 * `robots_disallowed` (the site's robots.txt forbids the page) and `robots_unreachable` (its
 * robots.txt could not be read, 5xx or network error: RFC 9309 §2.3.1.4 reads that as a complete
 * disallow) are decisions of ours, every other code describes the remote side. */
export const FETCH_ERROR_CODES = [
  'invalid_url',
  'unsupported_scheme',
  'refused_address',
  'too_many_redirects',
  'timeout',
  'too_large',
  'http_status',
  'network',
  'robots_disallowed',
  'robots_unreachable',
] as const;
/** Why a crawl target's last crawl failed, as the console names it: a fetch error's code, a reason
 * the page's prices cannot be stored (`currency_uncertain`: nothing on the page says which currency
 * a bare `$` is, the target needs its currency; `currency_unsupported`: a code outside the ISO 4217
 * table, which the extractor never gives since every active code is stored), extraction running out of time or failing, or `other` (the page could not be read or
 * stored). */
export const TARGET_ERROR_CODES = [
  ...FETCH_ERROR_CODES,
  'currency_uncertain',
  'currency_unsupported',
  'extraction_timeout',
  'extraction_failed',
  'other',
] as const;
export type TargetErrorCode = (typeof TARGET_ERROR_CODES)[number];
export const FREQUENCY_HOURS_OPTIONS = [1, 6, 12, 24, 168] as const;
/** What decided an extracted price's currency (the extractor's currency evidence): an ISO code or
 * unambiguous mark on the page, its structured data, its language and region, its domain, its phone
 * numbers or address, the target's own currency, or nothing (the currency is undecided). */
export const CURRENCY_BASES = [
  'code',
  'structured_data',
  'page_locale',
  'domain',
  'phone',
  'address',
  'target',
  'none',
] as const;
export type CurrencyBasis = (typeof CURRENCY_BASES)[number];
/** What a page is, as the extractor reads it: one product, a list of prices, or an article. */
export const PAGE_KINDS = ['product', 'list', 'article'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

export const DISCOVERY_SOURCE_TYPES = [
  'search_engine',
  'directory',
  'association',
  'sitemap',
  'social_media',
  'api',
] as const;
export const DISCOVERY_REGIONS = ['Mexico', 'LATAM', 'Global'] as const;
export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_DISCOVERY_SCHEDULE = '0 6 * * *';
export const DEFAULT_DISCOVERY_KEYWORDS = [
  '3D printing',
  'CNC machining',
  'laser cutting',
  'digital fabrication',
];

export const REPORT_TYPES = ['pricing', 'vendor', 'benchmark', 'discovery'] as const;
export const REPORT_FORMATS = ['pdf', 'csv', 'xlsx'] as const;
export const REPORT_PERIODS = [30, 90, 180, 365] as const;
export const BENCHMARK_CALC_WINDOWS = [7, 30, 90, 365] as const;
export const BENCHMARK_FILTER_WINDOWS = [30, 90, 180, 365] as const;

export const ROLES = ['admin', 'operator', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
/** Whether a user of role `have` may do what needs role `need`. */
export function roleAllows(have: Role, need: Role): boolean {
  const rank: Record<Role, number> = { viewer: 0, operator: 1, admin: 2 };
  return rank[have] >= rank[need];
}

export const PIPELINE_STAGES = [
  'vendor_processing',
  'price_collection',
  'data_normalization',
  'benchmark_calculation',
  'export_generation',
  'completed',
] as const;
export const PIPELINE_STATUSES = ['running', 'completed', 'failed'] as const;

export const PIPELINE_SOURCES = ['crawl', 'benchmark', 'discovery', 'report'] as const;
export type PipelineSource = (typeof PIPELINE_SOURCES)[number];
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

/** The stages each kind of job really runs, in order, ending with `completed` (spec §4's six
 * stages are the union): a crawl normalizes but neither calculates benchmarks nor writes exports;
 * the benchmark job that follows a crawl shows its own stage. Workers publish only these. */
export const PIPELINE_SOURCE_STAGES = {
  crawl: ['vendor_processing', 'price_collection', 'data_normalization', 'completed'],
  discovery: ['vendor_processing', 'data_normalization', 'completed'],
  benchmark: ['benchmark_calculation', 'completed'],
  report: ['export_generation', 'completed'],
} as const satisfies Record<PipelineSource, readonly PipelineStage[]>;
