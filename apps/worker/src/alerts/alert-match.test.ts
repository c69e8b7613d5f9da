import { describe, expect, it } from 'vitest';
import type { ActiveAlertRule } from '@preciofab/db/repositories/alert-rules.repository';
import type {
  BenchmarkMoveRow,
  CandidateRow,
  FailingTargetRow,
  GoneOfferRow,
  ObservationChangeRow,
} from '@preciofab/db/repositories/alerts.repository';
import {
  benchmarkMoveAlert,
  discoveryAlert,
  inScope,
  newOfferAlert,
  offerGoneAlert,
  priceChangeAlert,
  targetFailingAlert,
} from './alert-match.ts';

const rule = (over: Partial<ActiveAlertRule>): ActiveAlertRule => ({
  id: 'rule-1',
  owner_id: 'user-1',
  name: 'My rule',
  kind: 'price_change',
  vendor_id: null,
  category: null,
  subcategory: null,
  region: null,
  offer_id: null,
  change_percent: null,
  change_amount: null,
  change_currency: null,
  missed_crawls: null,
  failures: null,
  min_confidence: null,
  ...over,
});

const reading = (over: Partial<ObservationChangeRow> = {}): ObservationChangeRow => ({
  id: 'obs-2',
  offer_id: 'offer-1',
  offer_name: 'PLA per cm3',
  vendor_id: 'vendor-1',
  vendor_name: 'Fab CDMX',
  category: 'additive_manufacturing',
  subcategory: 'FDM',
  region: 'CDMX',
  price: 110,
  currency: 'MXN',
  unit: 'cm3',
  quantity: 1,
  price_usd: 6.05,
  base_unit: 'cm3',
  confidence: 0.8,
  observed_at: new Date('2026-11-20T10:00:00Z'),
  source_url: 'https://fab.example/prices',
  superseded: false,
  prev_id: 'obs-1',
  prev_price: 100,
  prev_currency: 'MXN',
  prev_unit: 'cm3',
  prev_quantity: 1,
  prev_price_usd: 5.5,
  prev_base_unit: 'cm3',
  ...over,
});

describe('scope', () => {
  const subject = {
    vendor_id: 'v',
    offer_id: 'o',
    category: 'laser_cutting',
    subcategory: 'CO2 Laser',
    region: 'CDMX',
  };
  it('matches every field it names and ignores the ones it leaves null', () => {
    expect(inScope(rule({}), subject)).toBe(true);
    expect(inScope(rule({ vendor_id: 'v', category: 'laser_cutting', region: 'CDMX' }), subject)).toBe(true);
    expect(inScope(rule({ subcategory: 'co2 laser', category: 'laser_cutting' }), subject)).toBe(true);
    expect(inScope(rule({ vendor_id: 'other' }), subject)).toBe(false);
    expect(inScope(rule({ offer_id: 'other' }), subject)).toBe(false);
    expect(inScope(rule({ category: 'materials' }), subject)).toBe(false);
    expect(inScope(rule({ region: 'LATAM' }), subject)).toBe(false);
    expect(inScope(rule({ subcategory: 'Fiber Laser' }), subject)).toBe(false);
    expect(inScope(rule({ subcategory: 'FDM' }), { ...subject, subcategory: null })).toBe(false);
  });
});

describe('price_change', () => {
  it('fires at exactly the percentage (inclusive), and not just below it', () => {
    const a = priceChangeAlert(rule({ change_percent: 10 }), reading());
    expect(a?.data).toMatchObject({
      basis: 'observed',
      old_price: 100,
      new_price: 110,
      currency: 'MXN',
      change_percent: 10,
      change_amount: 10,
      observation_id: 'obs-2',
      previous_observation_id: 'obs-1',
    });
    expect(a?.dedupe_key).toBe('obs:obs-2');
    expect(a?.notify).toEqual(['user-1']);
    expect(priceChangeAlert(rule({ change_percent: 10.01 }), reading())).toBeNull();
  });

  it('fires on a drop as on a rise, signed', () => {
    const a = priceChangeAlert(rule({ change_percent: 5 }), reading({ price: 90 }));
    expect(a?.data).toMatchObject({ change_percent: -10, change_amount: -10 });
  });

  it('fires on an amount only in the rule’s currency', () => {
    expect(priceChangeAlert(rule({ change_amount: 10, change_currency: 'MXN' }), reading())).not.toBeNull();
    expect(priceChangeAlert(rule({ change_amount: 10.5, change_currency: 'MXN' }), reading())).toBeNull();
    expect(priceChangeAlert(rule({ change_amount: 1, change_currency: 'USD' }), reading())).toBeNull();
  });

  it('compares in USD per base unit when the currency changed, and not at all without it', () => {
    const a = priceChangeAlert(
      rule({ change_percent: 10 }),
      reading({ currency: 'USD', price: 6.05, prev_price_usd: 5.5, price_usd: 6.05 }),
    );
    expect(a?.data).toMatchObject({
      basis: 'usd_per_base_unit',
      currency: 'USD',
      old_price: 5.5,
      new_price: 6.05,
    });
    expect(
      priceChangeAlert(rule({ change_percent: 1 }), reading({ currency: 'USD', price_usd: null })),
    ).toBeNull();
  });

  it('stays quiet for an unchanged price, a first reading, a superseded one, or one out of scope', () => {
    const r = rule({ change_percent: 1 });
    expect(priceChangeAlert(r, reading({ price: 100 }))).toBeNull();
    expect(priceChangeAlert(r, reading({ prev_id: null, prev_price: null }))).toBeNull();
    expect(priceChangeAlert(r, reading({ superseded: true }))).toBeNull();
    expect(priceChangeAlert(rule({ change_percent: 1, region: 'LATAM' }), reading())).toBeNull();
    expect(priceChangeAlert(rule({ change_percent: 1, offer_id: 'offer-1' }), reading())).not.toBeNull();
  });

  it('leaves out readings below the rule’s confidence', () => {
    expect(priceChangeAlert(rule({ change_percent: 1, min_confidence: 0.8 }), reading())).not.toBeNull();
    expect(priceChangeAlert(rule({ change_percent: 1, min_confidence: 0.81 }), reading())).toBeNull();
  });
});

describe('new_offer', () => {
  const first = reading({ prev_id: null, prev_price: null });
  it('fires for an offer’s first reading, once per offer', () => {
    const a = newOfferAlert(rule({ kind: 'new_offer', vendor_id: 'vendor-1' }), first);
    expect(a?.dedupe_key).toBe('new:offer-1');
    expect(a?.data).toMatchObject({ price: 110, currency: 'MXN', offer_name: 'PLA per cm3' });
  });
  it('stays quiet for an offer with an earlier reading, or another vendor’s', () => {
    expect(newOfferAlert(rule({ kind: 'new_offer' }), reading())).toBeNull();
    expect(newOfferAlert(rule({ kind: 'new_offer', vendor_id: 'vendor-2' }), first)).toBeNull();
  });
});

describe('offer_gone', () => {
  const gone = (missed: number): GoneOfferRow => ({
    offer_id: 'offer-1',
    offer_name: 'PLA',
    vendor_id: 'vendor-1',
    vendor_name: 'Fab',
    category: 'additive_manufacturing',
    subcategory: 'FDM',
    region: 'CDMX',
    target_id: 'target-1',
    target_url: 'https://fab.example/prices',
    last_seen_at: new Date('2026-11-01T00:00:00Z'),
    last_observation_id: 'obs-1',
    missed,
  });
  it('fires from the N-th missed crawl on, keyed by when the offer was last seen', () => {
    const r = rule({ kind: 'offer_gone', missed_crawls: 3 });
    expect(offerGoneAlert(r, gone(2))).toBeNull();
    const a = offerGoneAlert(r, gone(3));
    expect(a?.dedupe_key).toBe('gone:offer-1:2026-11-01T00:00:00.000Z');
    // A later crawl that still misses it names the same change.
    expect(offerGoneAlert(r, gone(4))?.dedupe_key).toBe(a?.dedupe_key);
    expect(
      offerGoneAlert(rule({ kind: 'offer_gone', missed_crawls: 1, category: 'materials' }), gone(3)),
    ).toBeNull();
  });
});

describe('target_failing', () => {
  const failing = (failures: number): FailingTargetRow => ({
    target_id: 'target-1',
    target_url: 'https://fab.example/prices',
    vendor_id: 'vendor-1',
    vendor_name: 'Fab',
    category: 'laser_cutting',
    region: 'Mexico',
    error_code: 'http_error',
    error: 'HTTP 503',
    failures,
    streak_start: new Date('2026-11-02T00:00:00Z'),
  });
  it('fires once the streak reaches N, one key per streak', () => {
    const r = rule({ kind: 'target_failing', failures: 3 });
    expect(targetFailingAlert(r, failing(2), 'run-1')).toBeNull();
    const a = targetFailingAlert(r, failing(3), 'run-1');
    expect(a?.data).toMatchObject({ failures: 3, error_code: 'http_error', run_id: 'run-1' });
    expect(targetFailingAlert(r, failing(5), 'run-3')?.dedupe_key).toBe(a?.dedupe_key);
    expect(
      targetFailingAlert(rule({ kind: 'target_failing', failures: 1, region: 'CDMX' }), failing(3), 'r'),
    ).toBeNull();
  });
});

describe('discovery_candidate', () => {
  const candidates: CandidateRow[] = [
    { id: 'c1', domain: 'a.example', title: 'A', confidence: 0.9, source_id: 's', source_name: 'Search' },
    { id: 'c2', domain: 'b.example', title: null, confidence: 0.7, source_id: 's', source_name: 'Search' },
  ];
  it('lists the run’s candidates at or above the confidence, and is quiet with none', () => {
    const source = { id: 's', name: 'Search' };
    const a = discoveryAlert(
      rule({ kind: 'discovery_candidate', min_confidence: 0.7 }),
      candidates,
      source,
      'job-1',
    );
    expect(a?.data).toMatchObject({ count: 2, source_name: 'Search' });
    expect(a?.dedupe_key).toBe('discovery:job-1');
    const b = discoveryAlert(
      rule({ kind: 'discovery_candidate', min_confidence: 0.8 }),
      candidates,
      source,
      'job-1',
    );
    expect(b?.data).toMatchObject({ count: 1, candidates: [{ id: 'c1' }] });
    expect(
      discoveryAlert(rule({ kind: 'discovery_candidate', min_confidence: 0.95 }), candidates, source, 'j'),
    ).toBeNull();
  });
});

describe('benchmark_move', () => {
  const move = (now: number): BenchmarkMoveRow => ({
    category: 'laser_cutting',
    subcategory: 'CO2 Laser',
    base_unit: 'minute',
    region: 'CDMX',
    time_window_days: 30,
    tax_basis: 'net',
    new_median: now,
    old_median: 2,
    observation_count: 12,
    calculation_id: 'calc-2',
    previous_calculation_id: 'calc-1',
  });
  it('fires when the median moved at least X %, within the rule’s scope', () => {
    const r = rule({ kind: 'benchmark_move', change_percent: 25, category: 'laser_cutting' });
    expect(benchmarkMoveAlert(r, move(2.5))?.data).toMatchObject({ change_percent: 25, old_median: 2 });
    expect(benchmarkMoveAlert(r, move(1.5))?.data).toMatchObject({ change_percent: -25 });
    expect(benchmarkMoveAlert(r, move(2.49))).toBeNull();
    expect(
      benchmarkMoveAlert(rule({ kind: 'benchmark_move', change_percent: 1, region: 'LATAM' }), move(3)),
    ).toBeNull();
  });
});
