import { CATEGORIES, type Category, type Currency } from '@preciofab/shared/catalogue';
import { normalizePrice, type NormalizedPrice, type TaxState } from '@preciofab/shared/money';
import { rateLookup, type FxRate } from './build-fx-rates.ts';
import type { DemoTarget, DemoVendor } from './build-vendors.ts';
import { nicePrice, scaledToDecimal } from './decimal.ts';
import { TYPE_PRICE_FACTOR, type OfferTemplate } from './demo-offers.ts';
import type { Rng } from './prng.ts';

export type RunType = 'scheduled' | 'all' | 'priority' | 'vendor' | 'category';
export type DemoRun = {
  id: string;
  type: RunType;
  category: Category | null;
  vendorId: string | null;
  parallelWorkers: number;
  startedAt: Date;
  finishedAt: Date;
  observations: number;
  targetIds: Set<string>;
  errors: { url: string; message: string }[];
};

export type DemoOffer = {
  id: string;
  vendor: DemoVendor;
  template: OfferTemplate;
  target: DemoTarget;
  taxState: TaxState;
  leadTimeDays: number | null;
  includesShipping: boolean;
  notes: string | null;
  validForDays: number | null;
  /** Part volume in cm3 with one decimal, as text (per-piece prints only). */
  volume: string | null;
  firstSeenAt: Date;
  lastSeenAt: Date;
};

export type DemoObservation = {
  id: string;
  offer: DemoOffer;
  run: DemoRun;
  observedAt: Date;
  /** As tagged, exact decimal text with the currency's minor units ('1245.00', '12490'). */
  price: string;
  /** The rate in force on the observation's date. */
  fx: FxRate;
  volume: string | null;
  /** USD per base unit, exactly as the server's enrichment computes it (shared normalizePrice). */
  normalized: NormalizedPrice;
};

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MIN_OBSERVATIONS = 5_200;
/** The pesos-per-dollar level price lists are set from: a template's pesos in dollars. */
const LIST_MXN_PER_USD = 18.6;
/** Lists kept in a currency at a fixed ratio to the peso's list level (USD and EUR vendors
 * re-price rarely). Other currencies follow their own rate (`priceSeries`). */
const FIXED_LIST_FACTOR: Readonly<Record<string, number>> = {
  MXN: 1,
  USD: 1 / LIST_MXN_PER_USD,
  EUR: 0.92 / LIST_MXN_PER_USD,
};
/** A list in a floating currency is re-priced once its rate has moved this much since it was set. */
const REPRICE_AFTER_MOVE = 0.05;

/** A year of completed crawl runs: weekly scheduled ones, one a few hours ago, and manual runs. */
export function buildRuns(rng: Rng, now: Date, vendors: readonly DemoVendor[]): DemoRun[] {
  const run = (type: RunType, startedAt: Date, extra: Partial<DemoRun> = {}): DemoRun => ({
    id: rng.uuid(),
    type,
    category: null,
    vendorId: null,
    parallelWorkers: rng.weighted([2, 4, 6, 8], [1, 6, 2, 1]),
    startedAt,
    finishedAt: new Date(startedAt.getTime() + rng.int(8, 45) * 60_000),
    observations: 0,
    targetIds: new Set(),
    errors: [],
    ...extra,
  });
  const runs: DemoRun[] = [];
  for (let day = 360; day >= 3; day -= 7) {
    runs.push(run('scheduled', new Date(now.getTime() - day * DAY + rng.int(0, 90) * 60_000)));
  }
  runs.push(run('scheduled', new Date(now.getTime() - rng.int(150, 240) * 60_000)));
  const at = (): Date => new Date(now.getTime() - rng.int(2, 350) * DAY - rng.int(0, 20) * HOUR);
  for (let i = 0; i < 2; i++) runs.push(run('all', at(), { parallelWorkers: 8 }));
  for (let i = 0; i < 4; i++) runs.push(run('priority', at()));
  for (let i = 0; i < 3; i++) runs.push(run('category', at(), { category: rng.pick(CATEGORIES) }));
  const established = vendors.filter((v) => !v.recent);
  for (let i = 0; i < 3; i++)
    runs.push(run('vendor', at(), { vendorId: rng.pick(established).id, parallelWorkers: 1 }));
  return runs.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
}

/** Whether a run of this type crawls the target (spec §4 crawl types). */
function runCovers(run: DemoRun, target: DemoTarget): boolean {
  switch (run.type) {
    case 'scheduled':
    case 'all':
      return true;
    case 'priority':
      return target.priority >= 8;
    case 'vendor':
      return run.vendorId === target.vendorId;
    case 'category':
      return run.category === target.category;
  }
}

function buildOffer(rng: Rng, now: Date, vendor: DemoVendor, template: OfferTemplate): DemoOffer {
  const target = vendor.targets.find((t) => t.category === template.category) ?? vendor.targets[0];
  if (!target) throw new Error(`vendor ${vendor.name} has no crawl target`);
  const taxState: TaxState = rng.chance(0.9)
    ? vendor.taxPolicy
    : rng.pick(['included', 'excluded', 'unknown'] as const);
  const tax = vendor.place.taxName ?? 'IVA';
  const taxNote = { included: `Precio con ${tax} incluido`, excluded: `Precios más ${tax}`, unknown: null }[
    taxState
  ];
  const bundleNote = (template.quantity ?? 1) > 1 ? `Precio por ${template.quantity} ${template.unit}` : null;
  let firstSeenAt = new Date(now.getTime() - 362 * DAY);
  let lastSeenAt = now;
  if (vendor.recent) firstSeenAt = new Date(vendor.createdAt.getTime() + HOUR);
  else if (rng.chance(0.12)) firstSeenAt = new Date(now.getTime() - rng.int(30, 300) * DAY);
  else if (rng.chance(0.07)) lastSeenAt = new Date(now.getTime() - rng.int(20, 150) * DAY);
  if (!target.active && target.lastCrawledAt < lastSeenAt) lastSeenAt = target.lastCrawledAt;
  const volume = template.volume ? rng.int(template.volume[0] * 10, template.volume[1] * 10) : null;
  return {
    id: rng.uuid(),
    vendor,
    template,
    target,
    taxState,
    leadTimeDays: rng.chance(0.75) ? rng.int(template.leadDays[0], template.leadDays[1]) : null,
    includesShipping: rng.chance(template.category === 'materials' ? 0.35 : 0.05),
    notes: [taxNote, bundleNote].filter(Boolean).join('. ') || null,
    validForDays: rng.chance(0.2) ? rng.pick([15, 30, 60]) : null,
    volume: volume === null ? null : scaledToDecimal(volume, 1),
    firstSeenAt,
    lastSeenAt,
  };
}

/** The runs an offer was seen in: always its first and last chance, otherwise sampled. */
function sampleRuns(rng: Rng, offer: DemoOffer, runs: readonly DemoRun[]): DemoRun[] {
  const eligible = runs.filter(
    (r) => r.startedAt >= offer.firstSeenAt && r.startedAt <= offer.lastSeenAt && runCovers(r, offer.target),
  );
  const routine = offer.target.frequencyHours <= 24 ? 0.35 : 0.25;
  return eligible.filter(
    (r, i) =>
      i === 0 ||
      i === eligible.length - 1 ||
      rng.chance(r.type === 'scheduled' || r.type === 'all' ? routine : 0.9),
  );
}

function priceSeries(
  rng: Rng,
  offer: DemoOffer,
  runs: readonly DemoRun[],
  yearStart: number,
  rateOn: (currency: Currency, at: Date) => FxRate,
): Omit<DemoObservation, 'normalized'>[] {
  const { template, vendor } = offer;
  const quantity = template.quantity ?? 1;
  const perUnitMxn =
    rng.float(template.mxn[0], template.mxn[1]) * TYPE_PRICE_FACTOR[vendor.type] * vendor.priceFactor;
  const fixedFactor = FIXED_LIST_FACTOR[vendor.currency];
  const drift = rng.float(-0.03, 0.09);
  let level: number | null = null;
  let listRate = 1;
  return runs.map((run) => {
    const observedAt = new Date(
      run.startedAt.getTime() +
        Math.floor(rng.float(0.02, 0.98) * (run.finishedAt.getTime() - run.startedAt.getTime())),
    );
    const fx = rateOn(vendor.currency, observedAt);
    const rate = Number(fx.unitsPerUsd);
    const trend = perUnitMxn * (1 + (drift * (observedAt.getTime() - yearStart)) / (365 * DAY));
    // Price lists are sticky: re-priced now and then along the trend, with the odd promotion. A
    // list in a floating currency (pesos colombianos, soles, reales...) is set at the day's rate and
    // re-priced when that rate has moved: every few weeks in Argentina.
    const moved = fixedFactor === undefined && Math.abs(rate / listRate - 1) > REPRICE_AFTER_MOVE;
    if (level === null || rng.chance(0.1) || moved) {
      level = trend * rng.float(0.97, 1.03);
      listRate = rate;
    }
    const toCurrency = fixedFactor ?? listRate / LIST_MXN_PER_USD;
    const unitPrice = rng.chance(0.04) ? level * rng.float(0.85, 0.92) : level;
    const jobVolume =
      template.unit === 'cm3' && rng.chance(0.3) ? scaledToDecimal(rng.int(50, 4_000), 1) : null;
    return {
      id: rng.uuid(),
      offer,
      run,
      observedAt,
      price: nicePrice(unitPrice * toCurrency * quantity, vendor.currency),
      fx,
      volume: offer.volume ?? jobVolume,
    };
  });
}

/** Offers (price-list lines) and their price histories over the year before `now`. */
export function buildObservations(
  rng: Rng,
  now: Date,
  vendors: readonly DemoVendor[],
  runs: readonly DemoRun[],
  fxRates: readonly FxRate[],
): { offers: DemoOffer[]; observations: DemoObservation[] } {
  const rateOn = rateLookup(fxRates);
  const yearStart = now.getTime() - 362 * DAY;
  const offers: DemoOffer[] = [];
  const picked = new Map<DemoOffer, DemoRun[]>();
  for (const vendor of vendors) {
    for (const template of vendor.offers) {
      const offer = buildOffer(rng, now, vendor, template);
      const seen = sampleRuns(rng, offer, runs);
      if (seen.length === 0) continue;
      offers.push(offer);
      picked.set(offer, seen);
    }
  }
  // Top up to the promised volume, still on runs each offer was eligible for.
  let total = [...picked.values()].reduce((n, r) => n + r.length, 0);
  for (const offer of rng.shuffle(offers)) {
    if (total >= MIN_OBSERVATIONS) break;
    const seen = picked.get(offer) ?? [];
    const extra = runs.filter(
      (r) =>
        !seen.includes(r) &&
        r.startedAt >= offer.firstSeenAt &&
        r.startedAt <= offer.lastSeenAt &&
        runCovers(r, offer.target),
    );
    const add = rng.shuffle(extra).slice(0, 6);
    picked.set(
      offer,
      [...seen, ...add].sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime()),
    );
    total += add.length;
  }
  const observations: DemoObservation[] = [];
  for (const offer of offers) {
    const series = priceSeries(rng, offer, picked.get(offer) ?? [], yearStart, rateOn);
    for (const o of series) {
      const normalized = normalizePrice({
        price: o.price,
        quantity: String(offer.template.quantity ?? 1),
        unitFactor: '1',
        unitsPerUsd: o.fx.unitsPerUsd,
        taxState: offer.taxState,
        taxRate: offer.vendor.taxRate,
      });
      observations.push({ ...o, normalized });
      o.run.observations += 1;
      o.run.targetIds.add(offer.target.id);
    }
    const first = series[0];
    const last = series.at(-1);
    if (first && last) {
      offer.firstSeenAt = first.observedAt;
      offer.lastSeenAt = last.observedAt;
    }
  }
  observations.sort((a, b) => a.observedAt.getTime() - b.observedAt.getTime() || (a.id < b.id ? -1 : 1));
  return { offers, observations };
}

/** Makes targets agree with the history: last crawl no earlier than the last observation. */
export function settleTargets(vendors: readonly DemoVendor[], offers: readonly DemoOffer[]): void {
  const lastSeen = new Map<string, Date>();
  for (const o of offers) {
    const prev = lastSeen.get(o.target.id);
    if (!prev || o.lastSeenAt > prev) lastSeen.set(o.target.id, o.lastSeenAt);
  }
  for (const t of vendors.flatMap((v) => v.targets)) {
    const seen = lastSeen.get(t.id);
    if (!seen) continue;
    if (!t.active) t.lastCrawledAt = seen;
    else if (seen > t.lastCrawledAt) {
      t.lastCrawledAt = seen;
      t.nextCrawlAt = new Date(seen.getTime() + t.frequencyHours * HOUR);
    }
  }
}

/** A few runs logged a failed page, on a target the run covered but got nothing from. */
export function addRunErrors(rng: Rng, runs: DemoRun[], targets: readonly DemoTarget[]): void {
  for (const run of runs) {
    const idle = targets.filter(
      (t) => t.createdAt < run.startedAt && runCovers(run, t) && !run.targetIds.has(t.id),
    );
    if (idle.length > 0 && rng.chance(0.12)) {
      const failed = rng.pick(idle);
      run.errors.push({
        url: failed.url,
        message: rng.pick(['HTTP 503 Service Unavailable', 'Tiempo de espera agotado (30 s)']),
      });
    }
  }
}
