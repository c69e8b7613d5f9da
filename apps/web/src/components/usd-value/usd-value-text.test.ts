import { describe, expect, it } from 'vitest';
import type { MessageKey, MessageValues } from '../../i18n/catalogue.ts';
import { renderText } from '../../testing/catalogues.ts';
import { createFormatters } from '../../i18n/formatters.ts';
import type { Translate } from '../../i18n/use-translation.ts';
import { usdText, type UsdFacts } from './usd-value-text.ts';

const setup = (language: 'es' | 'en', locale: string) => {
  const t: Translate = (key: MessageKey, values: MessageValues = {}) =>
    renderText(language, key, values, locale);
  const unitLabel = (unit: string) => (unit === 'cm3' ? 'cm³' : unit);
  return (facts: UsdFacts) => usdText(facts, t, createFormatters(locale), unitLabel);
};

const facts = (over: Partial<UsdFacts> = {}): UsdFacts => ({
  price_usd: 0.052345,
  base_unit: 'cm3',
  usd_status: 'converted',
  currency: 'CLP',
  unit: 'cm3',
  observed_at: '2026-03-05T15:00:00Z',
  ...over,
});

describe('a price’s USD value per base unit', () => {
  const es = setup('es', 'es-MX');
  const en = setup('en', 'en-US');

  it('reads as USD per the base unit, to three significant digits when finer than cents', () => {
    expect(es(facts())).toEqual({ kind: 'value', text: expect.stringMatching(/^USD\s0\.0523 \/ cm³$/) });
    expect(en(facts({ price_usd: 45.126, base_unit: null }))).toEqual({
      kind: 'value',
      text: expect.stringMatching(/^USD\s45\.13$/),
    });
  });

  it('says there is no rate, naming the currency and the date', () => {
    const shown = es(facts({ price_usd: null, usd_status: 'no_rate' }));
    expect(shown).toMatchObject({ kind: 'missing', status: 'no_rate', label: 'Sin tipo de cambio' });
    expect(shown.kind === 'missing' && shown.reason).toMatch(
      /^No hay tipo de cambio de CLP vigente el 5 mar 2026/,
    );
    expect(en(facts({ price_usd: null, usd_status: 'no_rate' }))).toMatchObject({ label: 'No rate' });
  });

  it('says a unit without a base cannot compare in USD', () => {
    const shown = en(facts({ price_usd: null, base_unit: null, usd_status: 'no_base_unit', unit: 'minute' }));
    expect(shown).toEqual({
      kind: 'missing',
      status: 'no_base_unit',
      label: 'No base unit',
      reason: 'The unit “minute” has no base unit to compare in USD.',
    });
  });
});
