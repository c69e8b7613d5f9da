import { describe, expect, it } from 'vitest';
import type { Language } from '@preciofab/shared/catalogue';
import type { Notification } from '@preciofab/shared/contracts/alerts';
import { provideTexts, type MessageKey } from '../../../i18n/catalogue.ts';
import { createFormatters } from '../../../i18n/formatters.ts';
import { valueText } from '../../../i18n/use-value-label.ts';
import { CATALOGUES, renderText } from '../../../testing/catalogues.ts';
import { notificationTexts, signedPercentFormat } from './notification-text.ts';

for (const language of ['es', 'en'] as const)
  provideTexts(language, ['boot', 'signed-in'], CATALOGUES[language]);
const LOCALES: Record<Language, string> = { es: 'es-MX', en: 'en-US' };

const textsIn = (language: Language, notification: Notification) => {
  const locale = LOCALES[language];
  const out = notificationTexts(notification, {
    t: (key: MessageKey, values = {}) => renderText(language, key, values, locale),
    fmt: createFormatters(locale),
    label: (kind, value) => valueText(language, kind, value),
    signedPercent: signedPercentFormat(locale),
  });
  const plain = (text: string | null) => text?.replace(/\u00a0/g, ' ') ?? null;
  return { ...out, sentence: plain(out.sentence), detail: plain(out.detail) };
};

const base = {
  id: 'n',
  alert_id: 'a',
  rule_id: 'r',
  rule_name: 'R',
  created_at: '2026-05-01T10:00:00.000Z',
  read_at: null,
};
const offer = { offer_id: 'o', offer_name: 'Corte MDF 3 mm', vendor_id: 'v', vendor_name: 'Láser Sur' };

describe('notificationTexts', () => {
  it('says a price change with both prices, the unit and the signed change, and opens the new reading', () => {
    const n: Notification = {
      ...base,
      kind: 'price_change',
      data: {
        ...offer,
        observation_id: 'obs-new',
        previous_observation_id: 'obs-old',
        basis: 'usd_per_base_unit',
        old_price: 0.5,
        new_price: 0.45,
        currency: 'USD',
        unit: 'cm3',
        change_percent: -10,
        change_amount: -0.05,
        observed_at: '2026-05-01T10:00:00.000Z',
        source_url: null,
      },
    };
    const es = textsIn('es', n);
    expect(es.sentence).toBe(
      'El precio de «Corte MDF 3 mm» de Láser Sur pasó de USD 0.50 a USD 0.45 por cm³ (-10%).',
    );
    expect(es.detail).toContain('USD por unidad base');
    expect(es.evidence).toEqual({ type: 'observation', id: 'obs-new' });
    expect(textsIn('en', n).sentence).toBe(
      'The price of “Corte MDF 3 mm” from Láser Sur went from USD 0.50 to USD 0.45 per cm³ (-10%).',
    );
  });

  it('counts missed crawls and failures in the plural form of each language', () => {
    const gone = (missed: number): Notification => ({
      ...base,
      kind: 'offer_gone',
      data: {
        ...offer,
        target_id: 't',
        target_url: null,
        missed_crawls: missed,
        last_seen_at: base.created_at,
        last_observation_id: null,
      },
    });
    expect(textsIn('es', gone(1)).sentence).toBe(
      'La oferta «Corte MDF 3 mm» de Láser Sur desapareció: no se vio en 1 rastreo.',
    );
    expect(textsIn('en', gone(4)).sentence).toBe(
      'The offer “Corte MDF 3 mm” from Láser Sur is gone: not seen in 4 crawls in a row.',
    );
    // Without a last reading, the evidence is the crawl targets' page.
    expect(textsIn('es', gone(4)).evidence).toEqual({ type: 'page', page: 'targets' });

    const failing: Notification = {
      ...base,
      kind: 'target_failing',
      data: {
        target_id: 't',
        target_url: 'https://sur.example/precios',
        vendor_id: 'v',
        vendor_name: 'Láser Sur',
        failures: 1,
        error_code: 'timeout',
        error: 'ETIMEDOUT',
        run_id: null,
      },
    };
    const es = textsIn('es', failing);
    expect(es.sentence).toBe('El objetivo https://sur.example/precios de Láser Sur falló 1 vez.');
    expect(es.detail).toBe('Último error: El sitio no respondió a tiempo.');
    expect(
      textsIn('en', { ...failing, data: { ...failing.data, failures: 3, error_code: 'no_such_code' } }),
    ).toMatchObject({
      sentence: 'The target https://sur.example/precios of Láser Sur failed 3 times in a row.',
      detail: null,
    });
  });

  it('says new offers, discovery candidates and benchmark moves with their labels and formats', () => {
    const fresh: Notification = {
      ...base,
      kind: 'new_offer',
      data: {
        ...offer,
        observation_id: 'obs',
        price: 1200,
        currency: 'CLP',
        unit: 'piece',
        category: 'laser_cutting',
        observed_at: base.created_at,
        source_url: null,
      },
    };
    expect(textsIn('es', fresh)).toMatchObject({
      sentence: 'Oferta nueva de Láser Sur: «Corte MDF 3 mm» a CLP 1,200 por pieza.',
      detail: 'Corte láser',
    });
    const found: Notification = {
      ...base,
      kind: 'discovery_candidate',
      data: {
        source_id: 's',
        source_name: 'Talleres CDMX',
        count: 2,
        candidates: [{ id: 'c', domain: 'maker.example', title: null, confidence: 0.874 }],
      },
    };
    expect(textsIn('en', found)).toMatchObject({
      sentence:
        'The discovery source “Talleres CDMX” found 2 new candidates; the best is maker.example, with 87% confidence.',
      evidence: { type: 'page', page: 'discovery' },
    });
    const moved: Notification = {
      ...base,
      kind: 'benchmark_move',
      data: {
        category: 'additive_manufacturing',
        subcategory: 'FDM',
        base_unit: 'cm3',
        region: 'Mexico',
        time_window_days: 30,
        tax_basis: 'net',
        old_median: 0.12,
        new_median: 0.15,
        change_percent: 25,
        observation_count: 41,
        calculation_id: 'c2',
        previous_calculation_id: 'c1',
      },
    };
    expect(textsIn('es', moved)).toMatchObject({
      sentence: 'La mediana de Impresión 3D · FDM en México pasó de USD 0.12 a USD 0.15 por cm³ (+25%).',
      detail: 'Con 41 observaciones de los últimos 30 días.',
      evidence: { type: 'page', page: 'benchmarks' },
    });
  });
});
