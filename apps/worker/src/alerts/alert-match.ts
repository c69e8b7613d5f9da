import type { ActiveAlertRule } from '@preciofab/db/repositories/alert-rules.repository';
import type {
  AlertWrite,
  BenchmarkMoveRow,
  CandidateRow,
  FailingTargetRow,
  GoneOfferRow,
  ObservationChangeRow,
} from '@preciofab/db/repositories/alerts.repository';
import { ALERT_DISCOVERY_CANDIDATES_MAX, type AlertData } from '@preciofab/shared/contracts/alerts';

/**
 * Pure matching: a rule and a change in, an alert (or none) out. Thresholds are inclusive ("at
 * least"): a 10 % rule fires on a move of exactly 10 %. A tiny tolerance absorbs floating-point
 * noise, so 100 → 110 is 10 % whatever the arithmetic rounds to.
 */
const EPSILON = 1e-9;

/** The subject's place in the catalogue, for a rule's scope (null: the subject has no such thing). */
export type Subject = {
  vendor_id?: string | null;
  category?: string | null;
  subcategory?: string | null;
  region?: string | null;
  offer_id?: string | null;
};

export function inScope(rule: ActiveAlertRule, s: Subject): boolean {
  if (rule.vendor_id !== null && rule.vendor_id !== s.vendor_id) return false;
  if (rule.offer_id !== null && rule.offer_id !== s.offer_id) return false;
  if (rule.category !== null && rule.category !== s.category) return false;
  if (rule.region !== null && rule.region !== s.region) return false;
  if (rule.subcategory !== null && rule.subcategory.toLowerCase() !== (s.subcategory ?? '').toLowerCase()) {
    return false;
  }
  return true;
}

const round = (n: number, digits = 4) => Math.round(n * 10 ** digits) / 10 ** digits;

function alert<K extends AlertWrite['kind']>(
  rule: ActiveAlertRule,
  kind: K,
  key: string,
  subjects: Pick<AlertWrite, 'vendor_id' | 'offer_id' | 'target_id' | 'observation_id'>,
  data: AlertData<K>,
): AlertWrite {
  return {
    rule_id: rule.id,
    rule_name: rule.name,
    dedupe_key: key,
    kind,
    ...subjects,
    data,
    notify: [rule.owner_id],
  };
}

/**
 * The change between a reading and the offer's previous one. Compared as observed when both are
 * in the same currency, unit and quantity: a vendor's price moved, and an exchange-rate move is not
 * one. Otherwise in USD per base unit, when both have it (a vendor that changed its currency or
 * its unit); otherwise there is nothing comparable and no alert.
 */
export function priceDelta(o: ObservationChangeRow) {
  if (o.prev_id === null || o.prev_price === null) return null;
  if (o.prev_currency === o.currency && o.prev_unit === o.unit && o.prev_quantity === o.quantity) {
    return {
      basis: 'observed' as const,
      old: o.prev_price,
      now: o.price,
      currency: o.currency,
      unit: o.unit,
    };
  }
  if (
    o.price_usd !== null &&
    o.prev_price_usd !== null &&
    o.base_unit !== null &&
    o.prev_base_unit === o.base_unit
  ) {
    return {
      basis: 'usd_per_base_unit' as const,
      old: o.prev_price_usd,
      now: o.price_usd,
      currency: 'USD',
      unit: o.base_unit,
    };
  }
  return null;
}

const observationSubject = (o: ObservationChangeRow): Subject => ({
  vendor_id: o.vendor_id,
  offer_id: o.offer_id,
  category: o.category,
  subcategory: o.subcategory,
  region: o.region,
});

export function priceChangeAlert(rule: ActiveAlertRule, o: ObservationChangeRow): AlertWrite | null {
  if (o.superseded || !inScope(rule, observationSubject(o))) return null;
  if (rule.min_confidence !== null && o.confidence + EPSILON < rule.min_confidence) return null;
  const d = priceDelta(o);
  if (!d || d.old <= 0) return null;
  const amount = d.now - d.old;
  const percent = (amount * 100) / d.old;
  if (amount === 0) return null;
  const byPercent = rule.change_percent !== null && Math.abs(percent) + EPSILON >= rule.change_percent;
  const byAmount =
    rule.change_amount !== null &&
    rule.change_currency === d.currency &&
    Math.abs(amount) + EPSILON >= rule.change_amount;
  if (!byPercent && !byAmount) return null;
  return alert(
    rule,
    'price_change',
    `obs:${o.id}`,
    { vendor_id: o.vendor_id, offer_id: o.offer_id, target_id: null, observation_id: o.id },
    {
      offer_id: o.offer_id,
      offer_name: o.offer_name,
      vendor_id: o.vendor_id,
      vendor_name: o.vendor_name,
      observation_id: o.id,
      previous_observation_id: o.prev_id!,
      basis: d.basis,
      old_price: d.old,
      new_price: d.now,
      currency: d.currency,
      unit: d.unit,
      change_percent: round(percent),
      change_amount: round(amount, 6),
      observed_at: o.observed_at.toISOString(),
      source_url: o.source_url,
    },
  );
}

/** An offer's first reading. Keyed by the offer: it is new once. */
export function newOfferAlert(rule: ActiveAlertRule, o: ObservationChangeRow): AlertWrite | null {
  if (o.prev_id !== null || !inScope(rule, observationSubject(o))) return null;
  if (rule.min_confidence !== null && o.confidence + EPSILON < rule.min_confidence) return null;
  return alert(
    rule,
    'new_offer',
    `new:${o.offer_id}`,
    { vendor_id: o.vendor_id, offer_id: o.offer_id, target_id: null, observation_id: o.id },
    {
      offer_id: o.offer_id,
      offer_name: o.offer_name,
      vendor_id: o.vendor_id,
      vendor_name: o.vendor_name,
      observation_id: o.id,
      price: o.price,
      currency: o.currency,
      unit: o.unit,
      category: o.category as AlertData<'new_offer'>['category'],
      observed_at: o.observed_at.toISOString(),
      source_url: o.source_url,
    },
  );
}

/** Keyed by the offer and when it was last seen: if it comes back and goes again, that is news. */
export function offerGoneAlert(rule: ActiveAlertRule, g: GoneOfferRow): AlertWrite | null {
  if (rule.missed_crawls === null || g.missed < rule.missed_crawls) return null;
  if (!inScope(rule, g)) return null;
  return alert(
    rule,
    'offer_gone',
    `gone:${g.offer_id}:${g.last_seen_at.toISOString()}`,
    {
      vendor_id: g.vendor_id,
      offer_id: g.offer_id,
      target_id: g.target_id,
      observation_id: g.last_observation_id,
    },
    {
      offer_id: g.offer_id,
      offer_name: g.offer_name,
      vendor_id: g.vendor_id,
      vendor_name: g.vendor_name,
      target_id: g.target_id,
      target_url: g.target_url,
      missed_crawls: g.missed,
      last_seen_at: g.last_seen_at.toISOString(),
      last_observation_id: g.last_observation_id,
    },
  );
}

/** Keyed by the target and the start of its streak of failures: one alert per streak, however
 * long it lasts and however late the rule was made. */
export function targetFailingAlert(
  rule: ActiveAlertRule,
  t: FailingTargetRow,
  runId: string,
): AlertWrite | null {
  if (rule.failures === null || t.failures < rule.failures) return null;
  if (!inScope(rule, { vendor_id: t.vendor_id, category: t.category, region: t.region })) return null;
  return alert(
    rule,
    'target_failing',
    `failing:${t.target_id}:${t.streak_start.toISOString()}`,
    { vendor_id: t.vendor_id, offer_id: null, target_id: t.target_id, observation_id: null },
    {
      target_id: t.target_id,
      target_url: t.target_url,
      vendor_id: t.vendor_id,
      vendor_name: t.vendor_name,
      failures: t.failures,
      error_code: t.error_code,
      error: t.error ? t.error.slice(0, 500) : null,
      run_id: runId,
    },
  );
}

/** One alert per run and rule, listing the run's new candidates at or above the rule's confidence. */
export function discoveryAlert(
  rule: ActiveAlertRule,
  candidates: readonly CandidateRow[],
  source: { id: string; name: string },
  runKey: string,
): AlertWrite | null {
  const min = rule.min_confidence ?? 0;
  const good = candidates.filter((c) => c.confidence + EPSILON >= min);
  if (good.length === 0) return null;
  return alert(
    rule,
    'discovery_candidate',
    `discovery:${runKey}`,
    { vendor_id: null, offer_id: null, target_id: null, observation_id: null },
    {
      source_id: source.id,
      source_name: source.name,
      count: good.length,
      candidates: good
        .slice(0, ALERT_DISCOVERY_CANDIDATES_MAX)
        .map((c) => ({ id: c.id, domain: c.domain, title: c.title, confidence: c.confidence })),
    },
  );
}

/** A group's median against its previous calculation's, keyed by the calculation and the group. */
export function benchmarkMoveAlert(rule: ActiveAlertRule, b: BenchmarkMoveRow): AlertWrite | null {
  if (rule.change_percent === null || b.old_median <= 0) return null;
  if (!inScope(rule, b)) return null;
  const percent = ((b.new_median - b.old_median) * 100) / b.old_median;
  if (percent === 0 || Math.abs(percent) + EPSILON < rule.change_percent) return null;
  const group = [
    b.category,
    b.subcategory ?? '',
    b.base_unit,
    b.region,
    b.time_window_days,
    b.tax_basis,
  ].join('|');
  return alert(
    rule,
    'benchmark_move',
    `bench:${b.calculation_id}:${group}`,
    { vendor_id: null, offer_id: null, target_id: null, observation_id: null },
    {
      category: b.category as AlertData<'benchmark_move'>['category'],
      subcategory: b.subcategory,
      base_unit: b.base_unit,
      region: b.region as AlertData<'benchmark_move'>['region'],
      time_window_days: b.time_window_days,
      tax_basis: b.tax_basis,
      old_median: b.old_median,
      new_median: b.new_median,
      change_percent: round(percent),
      observation_count: b.observation_count,
      calculation_id: b.calculation_id,
      previous_calculation_id: b.previous_calculation_id,
    },
  );
}
