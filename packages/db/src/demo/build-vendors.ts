import { CAPABILITIES, type Category, type Currency, type VendorType } from '@preciofab/shared/catalogue';
import type { TaxState } from '@preciofab/shared/money';
import { taxRateForCountry, vatRateOf } from '@preciofab/shared/vat';
import { scaledToDecimal } from './decimal.ts';
import { DEMO_PLACES, FIRST_NAMES, LAST_NAMES, type DemoPlace } from './demo-places.ts';
import {
  CATEGORY_PATHS,
  OFFERS_BY_TYPE,
  OFFER_TEMPLATES,
  SELECTOR_SETS,
  type OfferTemplate,
} from './demo-offers.ts';
import type { Rng } from './prng.ts';

export type DemoTarget = {
  id: string;
  vendorId: string;
  url: string;
  domain: string;
  category: Category;
  priority: number;
  frequencyHours: number;
  active: boolean;
  lastCrawledAt: Date;
  nextCrawlAt: Date | null;
  lastStatus: 'success' | 'error';
  lastError: string | null;
  lastErrorCode: 'http_status' | 'timeout' | null;
  consecutiveFailures: number;
  createdAt: Date;
};

export type DemoVendor = {
  id: string;
  name: string;
  type: VendorType;
  place: DemoPlace;
  domain: string;
  website: string;
  location: string;
  capabilities: string[];
  email: string;
  phone: string;
  description: string;
  /** Trust score as text with 3 decimals, and as a number for the confidence model. */
  trust: string;
  trustValue: number;
  createdAt: Date;
  updatedAt: Date;
  /** Added in the last weeks (from an approved discovery candidate). */
  recent: boolean;
  currency: Currency;
  /** The vendor's price level relative to the market (type, region and its own positioning). */
  priceFactor: number;
  taxPolicy: TaxState;
  /** The VAT its prices are netted with: its country's (shared vat.ts), as the server applies it. */
  taxRate: string;
  selectors: Record<string, string>;
  offers: OfferTemplate[];
  targets: DemoTarget[];
};

const DAY = 86_400_000;
const HOUR = 3_600_000;

const TYPE_BAG: Record<VendorType, number> = {
  bureau: 13,
  manufacturer: 8,
  reseller: 9,
  makerspace: 6,
  freelancer: 6,
  marketplace: 3,
};

const NAME_PREFIXES: Record<Exclude<VendorType, 'freelancer'>, readonly string[]> = {
  bureau: [
    'Impresiones 3D',
    'Prototipos',
    'Manufactura Aditiva',
    'Fabricación Digital',
    'Estudio 3D',
    'Capa por Capa',
    'Prototipado Rápido',
    'Modelos 3D',
  ],
  manufacturer: [
    'Maquinados',
    'Metalmecánica',
    'Industrias',
    'Manufacturas',
    'Tornería y Fresado',
    'Troqueles y Maquinados',
    'Precisión Industrial',
  ],
  reseller: [
    'Filamentos',
    'Distribuidora 3D',
    'Insumos Maker',
    'Plásticos y Resinas',
    'Suministros para Fabricación',
    'Materiales Técnicos',
  ],
  makerspace: ['FabLab', 'Makerspace', 'Taller Maker', 'Hackerspace', 'Laboratorio de Fabricación'],
  marketplace: ['CotizaFab', 'FabriRed', 'MakerMarket', 'PiezasYa', 'RedMaker', 'Fábrica en Línea'],
};

const FOCUS_LABEL: Record<Category, string> = {
  additive_manufacturing: 'Impresión 3D',
  cnc_machining: 'Maquinado CNC',
  laser_cutting: 'Corte y Grabado Láser',
  materials: 'Insumos para Fabricación',
};

const TYPE_LABEL: Record<VendorType, string> = {
  bureau: 'Buró de servicios de fabricación digital',
  manufacturer: 'Taller de manufactura industrial',
  reseller: 'Distribuidor de materiales para fabricación',
  makerspace: 'Espacio maker con equipos de uso compartido',
  freelancer: 'Profesional independiente',
  marketplace: 'Plataforma de cotización en línea con red de talleres',
};

const SUBCATEGORY_PHRASE: Record<string, string> = {
  FDM: 'impresión FDM',
  SLA: 'impresión SLA en resina',
  SLS: 'sinterizado SLS',
  MJF: 'impresión MJF',
  DMLS: 'impresión en metal DMLS',
  Milling: 'fresado CNC',
  Turning: 'torneado CNC',
  EDM: 'electroerosión',
  Grinding: 'rectificado',
  'CO2 Laser': 'corte láser CO2',
  'Fiber Laser': 'corte láser de fibra',
  'UV Laser': 'marcado láser UV',
  Filaments: 'filamentos',
  Resins: 'resinas',
  Sheets: 'láminas',
  Rods: 'barras',
  Powders: 'polvos para impresión',
};

export function slugify(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/\bs\.?\s?a\.? de c\.?\s?v\.?/g, '')
      // The company forms of the other countries, at the end of a name (no domain carries them).
      .replace(/\s(s\.a\.s\.|spa|s\.r\.l\.|s\.a\.c\.|ltda\.)$/, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
  );
}

function joinEs(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`;
}

function pickOffers(rng: Rng, type: VendorType): OfferTemplate[] {
  const { keys, count } = OFFERS_BY_TYPE[type];
  const chosen = rng.shuffle(keys).slice(0, rng.int(count[0], count[1]));
  return OFFER_TEMPLATES.filter((t) => chosen.includes(t.key));
}

/** Every price-list line is carried by at least three vendors, so each benchmark group exists. */
function ensureCoverage(rng: Rng, vendors: DemoVendor[]): void {
  for (const template of OFFER_TEMPLATES) {
    const carriers = vendors.filter((v) => v.offers.some((o) => o.key === template.key));
    const candidates = rng.shuffle(
      vendors.filter(
        (v) => !v.recent && !carriers.includes(v) && OFFERS_BY_TYPE[v.type].keys.includes(template.key),
      ),
    );
    for (let i = carriers.length; i < 3 && candidates.length > 0; i++) {
      const v = candidates.pop();
      if (v) v.offers = OFFER_TEMPLATES.filter((t) => t === template || v.offers.includes(t));
    }
  }
}

/** The everyday lines a Latin American comparison needs: each is carried in at least three
 * countries besides Mexico, so the LATAM benchmarks of these groups compare several countries. */
const SPREAD_KEYS = ['fdm-pla-cm3', 'co2-acrilico-min', 'cnc-fresado-hora', 'fil-pla-1kg'] as const;
const SPREAD_COUNTRIES = 3;

function ensureCountrySpread(rng: Rng, vendors: DemoVendor[]): void {
  const abroad = vendors.filter((v) => v.place.region === 'LATAM');
  for (const key of SPREAD_KEYS) {
    const template = OFFER_TEMPLATES.find((t) => t.key === key);
    if (!template) throw new Error(`no offer template ${key}`);
    const countries = new Set(
      abroad.filter((v) => v.offers.includes(template)).map((v) => v.place.countryCode),
    );
    for (const v of rng.shuffle(abroad)) {
      if (countries.size >= SPREAD_COUNTRIES) break;
      if (countries.has(v.place.countryCode) || !OFFERS_BY_TYPE[v.type].keys.includes(key)) continue;
      v.offers = OFFER_TEMPLATES.filter((t) => t === template || v.offers.includes(t));
      countries.add(v.place.countryCode);
    }
  }
}

function categoriesByWeight(offers: readonly OfferTemplate[]): Category[] {
  const counts = new Map<Category, number>();
  for (const o of offers) counts.set(o.category, (counts.get(o.category) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([c]) => c);
}

/** The category most of a vendor's price list belongs to. */
export function vendorFocus(v: Pick<DemoVendor, 'offers'>): Category {
  return categoriesByWeight(v.offers)[0] ?? 'additive_manufacturing';
}

function vendorName(rng: Rng, type: VendorType, place: DemoPlace, focus: Category): string {
  if (type === 'freelancer')
    return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)} · ${FOCUS_LABEL[focus]}`;
  const base = `${rng.pick(place.namePrefixes?.[type] ?? NAME_PREFIXES[type])} ${rng.pick(place.tags)}`;
  return type === 'manufacturer' && rng.chance(0.4) ? `${base} ${place.legalSuffix ?? 'S.A. de C.V.'}` : base;
}

function buildTargets(rng: Rng, v: DemoVendor, now: Date): DemoTarget[] {
  const cats = categoriesByWeight(v.offers).slice(0, 3);
  const first = cats[0];
  if (first && cats.length === 1 && rng.chance(0.4)) cats.push(first);
  const used = new Set<string>();
  const targets = cats.map((category): DemoTarget => {
    const path = rng.pick(CATEGORY_PATHS[category].filter((p) => !used.has(p)));
    used.add(path);
    const frequencyHours = rng.weighted([1, 6, 12, 24, 168], [1, 3, 3, 8, 4]);
    const active = v.recent || rng.chance(0.88);
    const failing = active && rng.chance(0.06);
    const lastCrawledAt = active
      ? new Date(now.getTime() - Math.floor(rng.float(0.05, 0.95) * frequencyHours * HOUR))
      : new Date(now.getTime() - rng.int(20, 200) * DAY - rng.int(0, 23) * HOUR);
    return {
      id: rng.uuid(),
      vendorId: v.id,
      url: `https://${v.domain}${path}`,
      domain: v.domain,
      category,
      priority: Math.min(10, Math.max(1, Math.round(rng.float(-1, 6) + v.trustValue * 5))),
      frequencyHours,
      active,
      lastCrawledAt,
      nextCrawlAt: active ? new Date(lastCrawledAt.getTime() + frequencyHours * HOUR) : null,
      lastStatus: failing ? 'error' : 'success',
      ...(failing
        ? rng.pick([
            { lastError: 'HTTP 503 Service Unavailable', lastErrorCode: 'http_status' as const },
            { lastError: 'did not answer within 10000 ms', lastErrorCode: 'timeout' as const },
          ])
        : { lastError: null, lastErrorCode: null }),
      consecutiveFailures: failing ? rng.int(1, 3) : 0,
      createdAt: new Date(
        v.createdAt.getTime() + (v.recent ? rng.int(5, 90) * 60_000 : rng.int(1, 72) * HOUR),
      ),
    };
  });
  const firstTarget = targets[0];
  if (firstTarget && !targets.some((t) => t.active)) {
    firstTarget.active = true;
    firstTarget.lastCrawledAt = new Date(now.getTime() - Math.floor(0.5 * firstTarget.frequencyHours * HOUR));
    firstTarget.nextCrawlAt = new Date(
      firstTarget.lastCrawledAt.getTime() + firstTarget.frequencyHours * HOUR,
    );
  }
  return targets;
}

/** Builds the demo vendors with their price lists and crawl targets (nothing is written here). */
export function buildVendors(rng: Rng, now: Date): DemoVendor[] {
  const bag = rng.shuffle(
    Object.entries(TYPE_BAG).flatMap(([t, n]) => Array<VendorType>(n).fill(t as VendorType)),
  );
  const names = new Set<string>();
  const domains = new Set<string>();
  const vendors: DemoVendor[] = [];
  for (const place of DEMO_PLACES) {
    for (let i = 0; i < place.vendors; i++) {
      const type = place.types?.[i] ?? bag.pop() ?? 'bureau';
      const offers = pickOffers(rng, type);
      const trustValue = rng.int(400, 980) / 1000;
      const currency: Currency = i < (place.usdVendors ?? 0) ? 'USD' : place.currency;
      const regionFactor =
        { CDMX: 1.06, Mexico: 1, LATAM: 1.08, Global: 1.35 }[place.region] * (place.priceLevel ?? 1);
      vendors.push({
        id: rng.uuid(),
        name: '',
        type,
        place,
        domain: '',
        website: '',
        location: `${rng.pick(place.streets)} ${rng.int(12, 2890)}, ${place.city}`,
        capabilities: [],
        email: '',
        phone: place.phone((n) => Array.from({ length: n }, (_, i) => rng.int(i === 0 ? 2 : 0, 9)).join('')),
        description: '',
        trust: scaledToDecimal(Math.round(trustValue * 1000), 3),
        trustValue,
        createdAt: new Date(now.getTime() - rng.int(380, 720) * DAY - rng.int(0, 23) * HOUR),
        updatedAt: now,
        recent: false,
        currency,
        priceFactor: rng.float(0.88, 1.12) * regionFactor,
        // Shops quoting in their own country's currency show prices with or without its VAT; those
        // quoting in dollars, or where no single national VAT exists, mostly say nothing.
        taxPolicy:
          currency === place.currency && vatRateOf(place.countryCode) !== null
            ? rng.weighted<TaxState>(['included', 'excluded', 'unknown'], [45, 35, 20])
            : rng.weighted<TaxState>(['excluded', 'unknown'], [30, 70]),
        taxRate: taxRateForCountry(place.countryCode),
        selectors: rng.pick(SELECTOR_SETS),
        offers,
        targets: [],
      });
    }
  }
  // Three Mexican shops joined in the last weeks, each from an approved discovery candidate.
  const recentPool = rng.shuffle(
    vendors.filter((v) => v.place.countryCode === 'MX' && v.type !== 'manufacturer'),
  );
  for (const v of recentPool.slice(0, 3)) {
    v.recent = true;
    v.createdAt = new Date(now.getTime() - rng.int(4, 24) * DAY - rng.int(0, 12) * HOUR);
  }
  ensureCoverage(rng, vendors);
  ensureCountrySpread(rng, vendors);
  for (const v of vendors) {
    const focus = vendorFocus(v);
    let name = vendorName(rng, v.type, v.place, focus);
    for (let attempt = 0; attempt < 20 && names.has(name); attempt++)
      name = vendorName(rng, v.type, v.place, focus);
    if (names.has(name)) name = `${name} ${v.place.city}`;
    names.add(name);
    let slug = slugify(name);
    if (domains.has(slug)) slug = `${slug}-${slugify(v.place.city)}`;
    domains.add(slug);
    v.name = name;
    v.updatedAt = v.createdAt;
    // Under the reserved `.example` (RFC 2606), never a name someone could register: the demo's
    // crawler must not reach a real host through a seeded URL.
    v.domain = `${slug}.${v.place.countryCode.toLowerCase()}.example`;
    v.website = `https://${v.domain}`;
    v.email = `${rng.pick(['ventas', 'contacto', 'cotizaciones', 'hola', 'info'])}@${v.domain}`;
    const caps = new Set(v.offers.map((o) => o.capability));
    if (v.type === 'freelancer' || (v.type === 'bureau' && rng.chance(0.3))) caps.add('design_services');
    v.capabilities = CAPABILITIES.filter((c) => caps.has(c));
    const phrases = [...new Set(v.offers.map((o) => SUBCATEGORY_PHRASE[o.subcategory] ?? o.subcategory))];
    v.description =
      `[DEMO] ${TYPE_LABEL[v.type]} en ${v.place.city}. Ofrece ${joinEs(phrases)}. ` +
      'Datos ficticios generados para demostración.';
    v.targets = buildTargets(rng, v, now);
  }
  return vendors;
}
