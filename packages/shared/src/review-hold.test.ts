import { describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_SETTINGS, holdReasons, type HoldInput, type ReviewSettings } from './review-hold.ts';

/** A crawled price that passes every rule: sure currency, good confidence, inside its band. */
const base: HoldInput = {
  confidence: 0.8,
  priceNetUsd: 0.2,
  price: 4,
  quantity: 1,
  currency: 'MXN',
  unit: 'cm3',
  currencyBasis: 'code',
  currencyMark: 'MXN',
  previous: { price: 4.2, quantity: 1, currency: 'MXN', unit: 'cm3' },
  band: { p10: 0.1, p90: 0.4 },
  newVendor: false,
  crawled: true,
};

const off: ReviewSettings = {
  ...DEFAULT_REVIEW_SETTINGS,
  min_confidence_enabled: false,
  outlier_enabled: false,
  price_jump_enabled: false,
  hold_uncertain_currency: false,
  hold_new_vendor: false,
};

const cases: {
  name: string;
  input: Partial<HoldInput>;
  settings?: Partial<ReviewSettings>;
  codes: string[];
}[] = [
  { name: 'nothing doubtful', input: {}, codes: [] },
  // currency_uncertain
  {
    name: 'currency from the page language',
    input: { currencyBasis: 'page_locale' },
    codes: ['currency_uncertain'],
  },
  { name: 'currency from the domain', input: { currencyBasis: 'domain' }, codes: ['currency_uncertain'] },
  { name: 'currency from a phone number', input: { currencyBasis: 'phone' }, codes: ['currency_uncertain'] },
  { name: 'currency from an address', input: { currencyBasis: 'address' }, codes: ['currency_uncertain'] },
  { name: 'currency from structured data', input: { currencyBasis: 'structured_data' }, codes: [] },
  { name: 'currency pinned on the target', input: { currencyBasis: 'target' }, codes: [] },
  { name: 'currency stated by a person', input: { currencyBasis: null, crawled: false }, codes: [] },
  {
    name: 'inferred currency, rule off',
    input: { currencyBasis: 'domain' },
    settings: { hold_uncertain_currency: false },
    codes: [],
  },
  // low_confidence
  { name: 'confidence below the threshold', input: { confidence: 0.39 }, codes: ['low_confidence'] },
  { name: 'confidence at the threshold', input: { confidence: 0.4 }, codes: [] },
  {
    name: 'low confidence, rule off',
    input: { confidence: 0.1 },
    settings: { min_confidence_enabled: false },
    codes: [],
  },
  // outlier: beyond P10 / 2 or P90 × 2
  { name: 'above P90 × factor', input: { priceNetUsd: 0.81 }, codes: ['outlier'] },
  { name: 'at P90 × factor', input: { priceNetUsd: 0.8 }, codes: [] },
  { name: 'below P10 ÷ factor', input: { priceNetUsd: 0.049 }, codes: ['outlier'] },
  { name: 'no band for the group', input: { priceNetUsd: 50, band: null }, codes: [] },
  { name: 'no USD price', input: { priceNetUsd: null }, codes: [] },
  { name: 'a wider factor', input: { priceNetUsd: 0.81 }, settings: { outlier_factor: 3 }, codes: [] },
  // price_jump: more than 50 % from the previous price, per unit of quantity
  {
    name: 'jump up',
    input: { price: 6.4, previous: { price: 4, quantity: 1, currency: 'MXN', unit: 'cm3' } },
    codes: ['price_jump'],
  },
  {
    name: 'jump down',
    input: { price: 1.9, previous: { price: 4, quantity: 1, currency: 'MXN', unit: 'cm3' } },
    codes: ['price_jump'],
  },
  {
    name: 'exactly 50 %',
    input: { price: 6, previous: { price: 4, quantity: 1, currency: 'MXN', unit: 'cm3' } },
    codes: [],
  },
  {
    name: 'same price per unit of a larger quantity',
    input: { price: 40, quantity: 10, previous: { price: 4, quantity: 1, currency: 'MXN', unit: 'cm3' } },
    codes: [],
  },
  {
    name: 'another currency is not compared',
    input: { price: 400, previous: { price: 4, quantity: 1, currency: 'USD', unit: 'cm3' } },
    codes: [],
  },
  { name: 'first price of the offer', input: { price: 400, previous: null }, codes: [] },
  // new_vendor: the crawler's first reading of a vendor
  { name: 'crawled first price of a vendor', input: { newVendor: true }, codes: ['new_vendor'] },
  {
    name: 'typed first price of a vendor',
    input: { newVendor: true, crawled: false, currencyBasis: null },
    codes: [],
  },
  {
    name: 'new vendor, rule off',
    input: { newVendor: true },
    settings: { hold_new_vendor: false },
    codes: [],
  },
  // several at once, in the catalogue's order
  {
    name: 'every reason',
    input: {
      currencyBasis: 'domain',
      confidence: 0.2,
      priceNetUsd: 5,
      price: 40,
      newVendor: true,
    },
    codes: ['currency_uncertain', 'low_confidence', 'outlier', 'price_jump', 'new_vendor'],
  },
];

describe('holdReasons', () => {
  it.each(cases)('$name', ({ input, settings, codes }) => {
    const reasons = holdReasons({ ...base, ...input }, { ...DEFAULT_REVIEW_SETTINGS, ...settings });
    expect(reasons.map((r) => r.code)).toEqual(codes);
  });

  it('holds nothing with every rule off', () => {
    const worst = {
      ...base,
      currencyBasis: 'domain' as const,
      confidence: 0,
      priceNetUsd: 99,
      price: 99,
      newVendor: true,
    };
    expect(holdReasons(worst, off)).toEqual([]);
  });

  it('keeps the figures that triggered each reason', () => {
    const reasons = holdReasons(
      {
        ...base,
        currencyBasis: 'page_locale',
        currencyMark: '$',
        confidence: 0.3,
        priceNetUsd: 1,
        price: 10,
      },
      DEFAULT_REVIEW_SETTINGS,
    );
    expect(reasons).toEqual([
      { code: 'currency_uncertain', basis: 'page_locale', mark: '$' },
      { code: 'low_confidence', confidence: 0.3, threshold: 0.4 },
      { code: 'outlier', price_net_usd: 1, p10: 0.1, p90: 0.4, factor: 2 },
      {
        code: 'price_jump',
        previous_price: 4.2,
        price: 10,
        currency: 'MXN',
        jump_percent: 138.1,
        threshold_percent: 50,
      },
    ]);
  });
});
