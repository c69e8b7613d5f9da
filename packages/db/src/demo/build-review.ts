import { normalizePrice } from '@preciofab/shared/money';
import { DEFAULT_REVIEW_SETTINGS, holdReasons, type ReviewReason } from '@preciofab/shared/review-hold';
import type { Db } from '../client.ts';
import type { DemoObservation } from './build-prices.ts';
import type { Rng } from './prng.ts';

/** A doubtful reading the demo adds for the review queue, and what makes it doubtful. */
type Slip = 'decimal_up' | 'drop' | 'currency_guess';

export type DemoReviewPlan = {
  /** New readings of existing offers, later than each offer's last: stored with the others. */
  observations: DemoObservation[];
  slips: Map<string, Slip>;
  /** New vendors' first readings (their vendor first priced in the last two weeks): held too. */
  firsts: string[];
};

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** How many readings of each kind the queue shows. */
const PLAN: Record<Slip, number> = { decimal_up: 12, drop: 8, currency_guess: 10 };
/** What the crawler would have inferred a bare `$` from (a language, a domain). */
const GUESSES = [
  { basis: 'page_locale', mark: '$', detail: 'lang es-MX' },
  { basis: 'domain', mark: '$', detail: 'dominio .com.mx' },
  { basis: 'page_locale', mark: '$', detail: 'og:locale es_CO' },
] as const;

const scaled = (price: string, factor: number) => {
  const decimals = price.split('.')[1]?.length ?? 0;
  // A shop that tags whole amounts (pesos of Chile, Colombia, Argentina) keeps doing so.
  const value = Number(price) * factor;
  return (Number.isInteger(Number(price)) ? Math.round(value) : value).toFixed(decimals);
};

/**
 * The demo's review queue: a few dozen readings that the hold rules catch (a misplaced decimal
 * point, a sudden drop, a currency inferred from the page's language or domain) on recently
 * crawled offers, and the first readings of the vendors discovered lately. Draws from its own
 * generator so the rest of the demo is the same with or without it.
 */
export function buildReviewPlan(
  rng: Rng,
  now: Date,
  observations: readonly DemoObservation[],
): DemoReviewPlan {
  const latest = new Map<string, DemoObservation>();
  const firstOfVendor = new Map<string, DemoObservation>();
  for (const o of observations) {
    const l = latest.get(o.offer.id);
    if (!l || o.observedAt > l.observedAt) latest.set(o.offer.id, o);
    const f = firstOfVendor.get(o.offer.vendor.id);
    if (!f || o.observedAt < f.observedAt) firstOfVendor.set(o.offer.vendor.id, o);
  }
  const recent = rng.shuffle(
    [...latest.values()]
      .filter((o) => now.getTime() - o.observedAt.getTime() < 10 * DAY)
      .sort((a, b) => a.id.localeCompare(b.id)),
  );
  const slips = new Map<string, Slip>();
  const added: DemoObservation[] = [];
  let at = 0;
  for (const slip of Object.keys(PLAN) as Slip[]) {
    for (let i = 0; i < PLAN[slip] && at < recent.length; i++) {
      const base = recent[at++]!;
      const factor =
        slip === 'decimal_up' ? 10 : slip === 'drop' ? rng.float(0.25, 0.4) : rng.float(0.97, 1.03);
      const price = scaled(base.price, factor);
      const span = now.getTime() - base.observedAt.getTime();
      const observedAt = new Date(base.observedAt.getTime() + Math.min(span / 2, rng.int(2, 48) * HOUR));
      const normalized = normalizePrice({
        price,
        quantity: String(base.offer.template.quantity ?? 1),
        unitFactor: '1',
        unitsPerUsd: base.fx.unitsPerUsd,
        taxState: base.offer.taxState,
        taxRate: base.offer.vendor.taxRate,
      });
      const o: DemoObservation = { ...base, id: rng.uuid(), price, observedAt, normalized };
      added.push(o);
      slips.set(o.id, slip);
    }
  }
  const firsts = [...firstOfVendor.values()]
    .filter((o) => now.getTime() - o.observedAt.getTime() < 14 * DAY)
    .map((o) => o.id)
    .sort();
  return { observations: added, slips, firsts };
}

type Held = {
  id: string;
  confidence: string;
  price_net_usd: string | null;
  price: string;
  quantity: string;
  currency: string;
  unit: string;
  category: string;
  subcategory: string | null;
  base_unit: string | null;
  prev_price: string | null;
  prev_quantity: string | null;
  prev_currency: string | null;
  prev_unit: string | null;
};

/**
 * Holds the planned readings once they are stored, before the benchmarks are calculated (so these
 * stay out of them, as in the product). Each one's reasons come from the shared hold rules on its
 * stored figures, against its group's band over the last 90 days and its offer's previous price:
 * the queue says what the rules would say. Two are decided (one approved, one rejected) with their
 * audit rows, by the first admin when there is one. Returns how many wait.
 */
export async function writeReviewPlan(db: Db, plan: DemoReviewPlan, rng: Rng, now: Date): Promise<number> {
  const ids = [...plan.slips.keys(), ...plan.firsts];
  if (ids.length === 0) return 0;
  const guessed = [...plan.slips].filter(([, s]) => s === 'currency_guess').map(([id]) => id);
  const evidence = guessed.map(() => rng.pick(GUESSES));
  await db.query(
    `update price_observations o set metadata = o.metadata || jsonb_build_object('currency_evidence', g.e)
       from (select unnest($1::uuid[]) as id, unnest($2::jsonb[]) as e) g where o.id = g.id`,
    [guessed, evidence.map((e) => JSON.stringify(e))],
  );
  const rows = (
    await db.query<Held>(
      `select o.id, o.confidence_score::text as confidence, o.price_net_usd::text as price_net_usd, o.price::text as price,
              o.quantity::text as quantity, trim(o.currency) as currency, o.unit, o.category, o.subcategory, o.base_unit,
              p.price::text as prev_price, p.quantity::text as prev_quantity, trim(p.currency) as prev_currency,
              p.unit as prev_unit
         from price_observations o
         left join lateral (select price, quantity, currency, unit from price_observations x
                             where x.offer_id = o.offer_id and x.observed_at < o.observed_at
                               and x.id <> all($1::uuid[])
                             order by x.observed_at desc limit 1) p on true
        where o.id = any($1::uuid[]) order by o.id`,
      [ids],
    )
  ).rows;
  const bands = new Map(
    (
      await db.query<{ category: string; sub: string; base_unit: string; p10: number; p90: number }>(
        `select category, lower(coalesce(subcategory, '')) as sub, base_unit,
                percentile_cont(0.1) within group (order by price_net_usd) as p10,
                percentile_cont(0.9) within group (order by price_net_usd) as p90
           from price_observations
          where price_net_usd is not null and base_unit is not null and id <> all($1::uuid[])
            and observed_at >= $2::timestamptz - interval '90 days'
          group by 1, 2, 3`,
        [ids, now.toISOString()],
      )
    ).rows.map((b) => [`${b.category}|${b.sub}|${b.base_unit}`, { p10: Number(b.p10), p90: Number(b.p90) }]),
  );
  const firsts = new Set(plan.firsts);
  const held: { id: string; reasons: ReviewReason[] }[] = [];
  for (const r of rows) {
    const evidenceOf = guessed.indexOf(r.id);
    const reasons = holdReasons(
      {
        confidence: Number(r.confidence),
        priceNetUsd: r.price_net_usd === null ? null : Number(r.price_net_usd),
        price: Number(r.price),
        quantity: Number(r.quantity),
        currency: r.currency,
        unit: r.unit,
        currencyBasis: evidenceOf >= 0 ? evidence[evidenceOf]!.basis : 'code',
        currencyMark: evidenceOf >= 0 ? '$' : null,
        previous:
          r.prev_price === null
            ? null
            : {
                price: Number(r.prev_price),
                quantity: Number(r.prev_quantity),
                currency: r.prev_currency!,
                unit: r.prev_unit!,
              },
        band: r.base_unit
          ? (bands.get(`${r.category}|${(r.subcategory ?? '').toLowerCase()}|${r.base_unit}`) ?? null)
          : null,
        newVendor: firsts.has(r.id),
        // The demo's prices stand for crawled ones.
        crawled: true,
      },
      DEFAULT_REVIEW_SETTINGS,
    );
    if (reasons.length > 0) held.push({ id: r.id, reasons });
  }
  // Held over the last two days, newest first in the queue as they would arrive.
  const created = held.map(() => new Date(now.getTime() - rng.int(10, 48 * 60) * 60_000));
  await db.query(
    `insert into observation_reviews (observation_id, reasons, created_at)
     select * from unnest($1::uuid[], $2::jsonb[], $3::timestamptz[])`,
    [held.map((h) => h.id), held.map((h) => JSON.stringify(h.reasons)), created.map((d) => d.toISOString())],
  );
  // Two decided: an approved drop (a real sale) and a rejected slip, each with its audit row.
  const decided = [
    {
      id: held.find((h) => plan.slips.get(h.id) === 'drop')?.id,
      action: 'approve',
      status: 'approved',
      note: 'Promoción confirmada en el sitio',
    },
    {
      id: held.find((h) => plan.slips.get(h.id) === 'decimal_up')?.id,
      action: 'reject',
      status: 'rejected',
      note: 'Punto decimal mal leído',
    },
  ].filter((d): d is typeof d & { id: string } => d.id !== undefined);
  for (const d of decided) {
    await db.query(
      `with actor as (select id from users where role = 'admin' order by created_at limit 1),
            r as (update observation_reviews set status = $2, decided_at = $4::timestamptz, decided_by = (select id from actor)
                   where observation_id = $1 returning observation_id)
       insert into review_decisions (observation_id, action, actor_id, at, note, before)
       select o.id, $3, (select id from actor), $4::timestamptz, $5,
              jsonb_build_object('price', o.price, 'currency', trim(o.currency), 'unit', o.unit, 'quantity', o.quantity,
                'tax_state', o.tax_state, 'price_net_usd', o.price_net_usd)
         from r join price_observations o on o.id = r.observation_id`,
      [d.id, d.status, d.action, new Date(now.getTime() - 5 * 60_000).toISOString(), d.note],
    );
  }
  return held.length - decided.length;
}
