import { describe, expect, it } from 'vitest';
import { alertEvidencePath, alertText, escapeHtml, formatMoney, formatPercent } from './alert-text.ts';
import type { AlertData } from './contracts/alerts.ts';

const priceChange: AlertData<'price_change'> = {
  offer_id: 'o1',
  offer_name: 'Corte láser MDF',
  vendor_id: 'v1',
  vendor_name: 'Taller',
  observation_id: 'obs1',
  previous_observation_id: 'obs0',
  basis: 'observed',
  old_price: 1234.5,
  new_price: 1080,
  currency: 'MXN',
  unit: 'piece',
  change_percent: -12.5,
  change_amount: -154.5,
  observed_at: '2026-11-20T10:00:00.000Z',
  source_url: null,
};

describe('alertText', () => {
  it('writes a price change in each language, money and percent for the locale', () => {
    const es = alertText('es', 'price_change', priceChange);
    expect(es.title).toBe('Cambio de precio');
    // ICU versions differ on a space before es-MX's percent sign.
    expect(es.text).toMatch(
      /^Corte láser MDF \(Taller\): el precio bajó 12\.5\s?%, de MXN 1,234\.50 a MXN 1,080\.00 por pieza$/,
    );
    expect(alertText('en', 'price_change', priceChange).text).toBe(
      'Corte láser MDF (Taller): price down 12.5%, from MXN 1,234.50 to MXN 1,080.00 per piece',
    );
  });

  it('counts in the language’s plural form', () => {
    const gone = (n: number): AlertData<'offer_gone'> => ({
      offer_id: null,
      offer_name: 'Fresado',
      vendor_id: null,
      vendor_name: 'CNC MX',
      target_id: null,
      target_url: null,
      missed_crawls: n,
      last_seen_at: '2026-11-01T00:00:00.000Z',
      last_observation_id: null,
    });
    expect(alertText('en', 'offer_gone', gone(1)).text).toBe(
      'Fresado (CNC MX) was not seen in the last crawl',
    );
    expect(alertText('es', 'offer_gone', gone(3)).text).toBe(
      'Fresado (CNC MX) no aparece desde hace 3 rastreos',
    );
    const found: AlertData<'discovery_candidate'> = {
      source_id: 's1',
      source_name: 'Directorio',
      count: 1200,
      candidates: [{ id: 'c1', domain: 'a.mx', title: null, confidence: 0.9 }],
    };
    expect(alertText('en', 'discovery_candidate', found).text).toBe(
      '1,200 new discovery candidates from Directorio',
    );
  });

  it('names catalogue values in the language (a benchmark’s category and region)', () => {
    const move: AlertData<'benchmark_move'> = {
      category: 'laser_cutting',
      subcategory: null,
      base_unit: 'piece',
      region: 'Mexico',
      time_window_days: 30,
      tax_basis: 'net',
      old_median: 2,
      new_median: 2.5,
      change_percent: 25,
      observation_count: 40,
      calculation_id: 'calc2',
      previous_calculation_id: 'calc1',
    };
    const es = alertText('es', 'benchmark_move', move).text;
    expect(es).toMatch(/la mediana subió 25\s?%, de USD 2\.00 a USD 2\.50/);
    expect(es).not.toContain('laser_cutting');
  });
});

describe('formatting', () => {
  it('writes money with the currency’s decimals, and small amounts with more', () => {
    expect(formatMoney('en', 1500, 'CLP')).toBe('CLP 1,500');
    expect(formatMoney('en', 0.0123, 'USD')).toBe('USD 0.0123');
    expect(formatPercent('es', -3.25)).toMatch(/^3\.3\s?%$/);
  });

  it('escapes every character that could open markup or an attribute', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('alertEvidencePath', () => {
  it('points at the console page of each kind’s evidence, its ids encoded', () => {
    expect(alertEvidencePath('price_change', priceChange)).toBe('/prices?observation=obs1&offer=o1');
    expect(
      alertEvidencePath('target_failing', {
        target_id: 't 1&x',
        target_url: 'https://a.mx',
        vendor_id: null,
        vendor_name: 'A',
        failures: 3,
        error_code: null,
        error: null,
        run_id: null,
      }),
    ).toBe('/crawl-targets?target=t+1%26x');
  });
});
