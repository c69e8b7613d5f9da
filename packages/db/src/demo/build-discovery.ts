import { CATEGORIES, type Category } from '@preciofab/shared/catalogue';
import { slugify, type DemoVendor } from './build-vendors.ts';
import { scaledToDecimal } from './decimal.ts';
import type { Rng } from './prng.ts';

export type DemoSource = {
  id: string;
  name: string;
  type: 'search_engine' | 'directory' | 'association' | 'sitemap' | 'social_media' | 'api';
  config: Record<string, unknown>;
  schedule: string;
  active: boolean;
  totalDiscovered: number;
  totalApproved: number;
  lastRunAt: Date | null;
  createdAt: Date;
};

export type CandidateStatus = 'pending' | 'approved' | 'rejected' | 'not_relevant';
export type DemoCandidate = {
  id: string;
  sourceId: string;
  title: string;
  domain: string;
  url: string;
  description: string;
  confidence: string;
  categories: Category[];
  status: CandidateStatus;
  decisionReason: string | null;
  approvedCategory: Category | null;
  vendorId: string | null;
  decidedAt: Date | null;
  discoveredAt: Date;
  /** What the candidate's home page told (migration 0009): the approval prefills the vendor with it. */
  vendorType: string | null;
  city: string | null;
  capabilities: string[];
  priceUrl: string | null;
};

export type DemoExcludedDomain = { domain: string; reason: string; createdAt: Date };

const PROFILE_TYPES = ['bureau', 'manufacturer', 'makerspace', 'reseller'] as const;
const CAPABILITIES_OF: Record<Category, readonly string[]> = {
  additive_manufacturing: ['fdm_printing', 'sla_printing'],
  cnc_machining: ['cnc_milling', 'cnc_turning'],
  laser_cutting: ['laser_cutting', 'laser_engraving'],
  materials: ['materials_supply'],
};

const DAY = 86_400_000;
const HOUR = 3_600_000;
const KEYWORDS_ES = ['impresión 3D', 'maquinado CNC', 'corte láser', 'fabricación digital'];

const STEMS: Record<Category, readonly string[]> = {
  additive_manufacturing: [
    'Prototek',
    'Nodo 3D',
    'Impresos Volumen',
    'Maker Hub',
    'Diseño Aditivo',
    'Ingenio 3D',
    'Eje Z Impresión',
    'Hexa Maker',
    'Prisma Prototipos',
  ],
  cnc_machining: [
    'Forja Digital',
    'CNC Express',
    'Micra Maquinados',
    'Tornos del Valle',
    'Mecatrónica Sur',
    'Vector CNC',
    'Manufactura Ágil',
    'Piezas a Medida',
  ],
  laser_cutting: [
    'Láser Creativo',
    'Corte Fino',
    'Luz Láser',
    'Pixel Láser',
    'Átomo Fabricación',
    'Grabados Nítidos',
  ],
  materials: [
    'Polímeros del Centro',
    'Filamento Libre',
    'Resina Lab',
    'Insumos Fab',
    'Carretes y Resinas',
    'Taller Vértice',
  ],
};
const CITIES = [
  'Ciudad de México',
  'Guadalajara',
  'Monterrey',
  'Puebla',
  'Querétaro',
  'Mérida',
  'Tijuana',
  'León',
  'Bogotá',
  'Lima',
  'Santiago',
];

/** The country of the cities outside Mexico, for the candidates' (reserved `.example`) domains. */
const CITY_COUNTRY: Record<string, string> = { Bogotá: 'co', Lima: 'pe', Santiago: 'cl' };

const TITLE: Record<Category, (name: string, city: string) => string> = {
  additive_manufacturing: (n, c) => `${n} | Impresión 3D en ${c}`,
  cnc_machining: (n, c) => `${n} — Maquinado CNC y prototipos en ${c}`,
  laser_cutting: (n, c) => `${n}: corte y grabado láser a medida en ${c}`,
  materials: (n, c) => `${n} | Filamentos, resinas y láminas en ${c}`,
};
const DESCRIPTION: Record<Category, string> = {
  additive_manufacturing:
    'Servicio de impresión 3D FDM y SLA con cotización en línea y entregas en 48 horas.',
  cnc_machining: 'Taller de fresado y torneado CNC para piezas únicas y series cortas en aluminio y acero.',
  laser_cutting: 'Corte y grabado láser en MDF, acrílico y metal; archivos DXF o SVG, entregas el mismo día.',
  materials: 'Tienda en línea de filamentos, resinas y láminas para fabricación digital con envío nacional.',
};
const REJECTIONS = [
  'Solo vende impresoras y refacciones, no ofrece servicios',
  'El sitio no publica precios',
  'Duplicado de un proveedor existente',
  'Fuera de la región de cobertura',
];

export function buildSources(rng: Rng, now: Date): DemoSource[] {
  const ago = (days: number): Date => new Date(now.getTime() - days * DAY - rng.int(0, 20) * HOUR);
  const source = (s: Omit<DemoSource, 'id' | 'totalDiscovered' | 'totalApproved'>): DemoSource => ({
    id: rng.uuid(),
    totalDiscovered: 0,
    totalApproved: 0,
    ...s,
  });
  return [
    source({
      name: 'Búsqueda web: servicios de fabricación en México',
      type: 'search_engine',
      config: {
        search_query: 'servicio de impresión 3D cotización',
        keywords: KEYWORDS_ES,
        region: 'Mexico',
        language: 'es',
      },
      schedule: '0 6 * * *',
      active: true,
      lastRunAt: new Date(now.getTime() - rng.int(1, 20) * HOUR),
      createdAt: ago(rng.int(200, 300)),
    }),
    source({
      name: 'Directorio industrial del Bajío',
      type: 'directory',
      config: {
        directory_url: 'https://directorio-industrial.mx.example/fabricacion',
        keywords: ['maquinado', 'corte láser'],
      },
      schedule: '0 6 * * 1',
      active: true,
      lastRunAt: ago(rng.int(1, 6)),
      createdAt: ago(rng.int(150, 250)),
    }),
    source({
      name: 'Asociación de Manufactura Aditiva (miembros)',
      type: 'association',
      config: { api_endpoint: 'https://api.asociacion-manufactura.mx.example/v1/miembros', region: 'Mexico' },
      schedule: '0 6 1 * *',
      active: true,
      lastRunAt: ago(rng.int(1, 27)),
      createdAt: ago(rng.int(100, 200)),
    }),
    source({
      name: 'Sitemap de MakerMarket',
      type: 'sitemap',
      config: {
        sitemap_url: 'https://makermarket.example/sitemap.xml',
        keywords: ['impresión 3D', 'láser'],
      },
      schedule: '0 6 * * *',
      active: true,
      lastRunAt: new Date(now.getTime() - rng.int(1, 20) * HOUR),
      createdAt: ago(rng.int(8, 20)),
    }),
    source({
      name: 'Grupos maker de Latinoamérica',
      type: 'social_media',
      config: {
        api_endpoint: 'https://social-api.example/v2/groups/search',
        keywords: ['makers', 'impresión 3D'],
        region: 'LATAM',
      },
      schedule: '',
      active: false,
      lastRunAt: ago(rng.int(60, 90)),
      createdAt: ago(rng.int(120, 180)),
    }),
    source({
      name: 'API de proveedores industriales',
      type: 'api',
      config: { api_endpoint: 'https://proveedores-api.example/v1/suppliers' },
      schedule: '0 6 * * 1',
      active: true,
      lastRunAt: ago(rng.int(1, 6)),
      createdAt: ago(rng.int(60, 120)),
    }),
  ];
}

/** ~25 candidates: three approved (the vendors added lately), some rejected or not relevant, the
 * rest pending. Totals on the sources are updated to match. */
export function buildCandidates(
  rng: Rng,
  now: Date,
  sources: DemoSource[],
  recentVendors: readonly DemoVendor[],
  focusOf: (v: DemoVendor) => Category,
): { candidates: DemoCandidate[]; excluded: DemoExcludedDomain[] } {
  const conf = (lo: number, hi: number): string => scaledToDecimal(rng.int(lo * 10_000, hi * 10_000), 4);
  const live = sources.filter((s) => s.active);
  const sourceFor = (at: Date): DemoSource =>
    rng.pick(live.filter((s) => s.createdAt < at).length ? live.filter((s) => s.createdAt < at) : live);
  const candidates: DemoCandidate[] = recentVendors.map((v) => {
    const decidedAt = new Date(v.createdAt.getTime() - 2 * 60_000);
    const discoveredAt = new Date(decidedAt.getTime() - rng.int(1, 6) * DAY - rng.int(0, 12) * HOUR);
    const focus = focusOf(v);
    return {
      id: rng.uuid(),
      sourceId: sourceFor(discoveredAt).id,
      title: TITLE[focus](v.name, v.place.city),
      domain: v.domain,
      url: `${v.website}/`,
      description: DESCRIPTION[focus],
      confidence: conf(0.8, 0.95),
      categories: [focus],
      status: 'approved',
      decisionReason: null,
      approvedCategory: focus,
      vendorId: v.id,
      decidedAt,
      discoveredAt,
      vendorType: null,
      city: null,
      capabilities: [],
      priceUrl: null,
    };
  });
  const plan: CandidateStatus[] = [
    ...Array<CandidateStatus>(16).fill('pending'),
    ...Array<CandidateStatus>(4).fill('rejected'),
    'not_relevant',
    'not_relevant',
  ];
  const stems = new Map(Object.entries(STEMS).map(([c, list]) => [c, rng.shuffle(list)]));
  const inactive = sources.find((s) => !s.active);
  plan.forEach((status, i) => {
    const city = rng.pick(CITIES);
    const focus = rng.pick(CATEGORIES.filter((c) => (stems.get(c)?.length ?? 0) > 0));
    const name = stems.get(focus)?.pop() ?? `Proveedor ${i + 1}`;
    const categories = rng.chance(0.35) ? [focus, rng.pick(CATEGORIES.filter((c) => c !== focus))] : [focus];
    const domain = `${slugify(name)}.${CITY_COUNTRY[city] ?? 'mx'}.example`;
    const fromInactive = inactive && status === 'pending' && i < 2;
    const discoveredAt = fromInactive
      ? new Date((inactive.lastRunAt ?? now).getTime() + rng.int(1, 9) * 60_000)
      : new Date(now.getTime() - rng.int(1, status === 'pending' ? 30 : 26) * DAY - rng.int(0, 23) * HOUR);
    const decided = status !== 'pending';
    candidates.push({
      id: rng.uuid(),
      sourceId: fromInactive ? inactive.id : sourceFor(discoveredAt).id,
      title: TITLE[focus](name, city),
      domain,
      url: `https://${domain}${rng.pick(['/', '/servicios', '/cotizar', '/tienda'])}`,
      description: DESCRIPTION[focus],
      confidence:
        status === 'pending' ? conf(0.45, 0.95) : status === 'rejected' ? conf(0.3, 0.6) : conf(0.2, 0.45),
      categories,
      status,
      decisionReason:
        status === 'rejected' ? rng.pick(REJECTIONS) : status === 'not_relevant' ? 'No relevante' : null,
      approvedCategory: null,
      vendorId: null,
      decidedAt: decided
        ? new Date(Math.min(now.getTime() - HOUR, discoveredAt.getTime() + rng.int(2, 48) * HOUR))
        : null,
      discoveredAt,
      // Derived from the index, not drawn: the rest of the seed stays the same.
      vendorType: PROFILE_TYPES[i % PROFILE_TYPES.length]!,
      city,
      capabilities: [...CAPABILITIES_OF[focus]],
      priceUrl: i % 3 === 2 ? null : `https://${domain}/precios`,
    });
  });
  // A source added lately has found something since: hand it the newest pending candidates.
  for (const s of live.filter((x) => !candidates.some((c) => c.sourceId === x.id))) {
    const found = candidates.filter(
      (c) => c.status === 'pending' && c.discoveredAt > s.createdAt && c.sourceId !== inactive?.id,
    );
    for (const c of found.slice(-2)) c.sourceId = s.id;
  }
  for (const s of sources) {
    const mine = candidates.filter((c) => c.sourceId === s.id);
    s.totalDiscovered = mine.length;
    s.totalApproved = mine.filter((c) => c.status === 'approved').length;
  }
  const excluded: DemoExcludedDomain[] = candidates
    .filter((c) => c.status === 'not_relevant')
    .map((c) => ({ domain: c.domain, reason: 'Marcado como no relevante', createdAt: c.decidedAt ?? now }));
  excluded.push({
    domain: 'ofertas-electronica.example',
    reason: 'Tienda de electrónica general, sin servicios de fabricación',
    createdAt: new Date(now.getTime() - rng.int(40, 90) * DAY),
  });
  return { candidates, excluded };
}
