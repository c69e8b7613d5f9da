import { describe, expect, it } from 'vitest';
import type { ReviewReasonItem } from '@preciofab/shared/contracts/review';
import { createFormatters } from '../../../i18n/formatters.ts';
import { renderText } from '../../../testing/catalogues.ts';
import { reasonText } from './reason-text.ts';

const say = (language: 'es' | 'en', reason: ReviewReasonItem) => {
  const locale = language === 'es' ? 'es-MX' : 'en-US';
  const text = reasonText(
    reason,
    (key, values = {}) => renderText(language, key, values, locale),
    createFormatters(locale),
  );
  // Intl writes a no-break space between a code and its amount.
  return { ...text, detail: text.detail.replace(/\u00a0/g, ' ') };
};

describe('reasonText', () => {
  it('says the confidence against the threshold', () => {
    const text = say('en', { code: 'low_confidence', confidence: 0.32, threshold: 0.4 });
    expect(text.label).toBe('Low confidence');
    expect(text.detail).toBe('Confidence 32%, below the minimum 40%');
  });

  it('says a price above the band as above P90 × factor, with the band', () => {
    const text = say('en', { code: 'outlier', price_net_usd: 12, p10: 1.5, p90: 4, factor: 2 });
    expect(text.detail).toBe('USD 12.00 per base unit, above P90 USD 4 × 2 (P10–P90: USD 1.5 – USD 4)');
    const low = say('es', { code: 'outlier', price_net_usd: 0.1, p10: 1.5, p90: 4, factor: 2 });
    expect(low.label).toBe('Fuera del rango del grupo');
    expect(low.detail).toContain('por debajo de P10');
  });

  it('says a jump with its sign, its amounts in their currency and the limit', () => {
    const jump = {
      code: 'price_jump',
      previous_price: 100,
      price: 250,
      currency: 'MXN',
      jump_percent: 150,
      threshold_percent: 50,
    } as const;
    const text = say('en', jump);
    expect(text.detail).toBe('From MXN 100.00 to MXN 250.00 (+150%; the limit is 50%)');
    const drop = say('en', { ...jump, previous_price: 250, price: 50, jump_percent: 80 });
    expect(drop.detail).toBe('From MXN 250.00 to MXN 50.00 (−80%; the limit is 50%)');
  });

  it('names what an uncertain currency was inferred from, and its mark', () => {
    const text = say('es', { code: 'currency_uncertain', basis: 'domain', mark: '$' });
    expect(text.label).toBe('Moneda incierta');
    expect(text.detail).toBe('Moneda deducida de: Dominio del sitio (marca «$»)');
    expect(say('en', { code: 'new_vendor' }).detail).toBe("This vendor's first offer");
  });
});
