import { screen } from '@testing-library/react';
import type { ObservationDetail } from '@preciofab/shared/contracts/observations';
import { SCREENSHOT_MISSING_REASONS } from '@preciofab/shared/screenshot-reason';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/namespaces/evidence.en-US.json';
import es from '../../i18n/namespaces/evidence.es-MX.json';
import { renderComponent } from '../../testing/render-component.tsx';
import { ScreenshotTab } from './screenshot-tab.tsx';

const factors = { score: 0.5 };
/** A crawled observation without a screenshot, for `reason`. */
const observation = (reason: ObservationDetail['source']['screenshot_missing']): ObservationDetail => ({
  id: '7d4c1f0e-0000-4000-8000-000000000001',
  vendor_id: 'v',
  offer_id: 'o',
  vendor_name: 'Taller',
  offer_name: 'Impresión 3D FDM en PLA',
  price: 3.2,
  currency: 'MXN',
  unit: 'cm3',
  quantity: 1,
  category: 'additive_manufacturing',
  subcategory: null,
  price_type: 'service_per_part',
  tax_state: 'unknown',
  confidence_score: 0.8,
  observed_at: '2025-03-01T10:00:00.000Z',
  metadata: { technology: null, material: null, volume_cm3: null },
  source: {
    screenshot_url: null,
    screenshot_missing: reason,
    html_snapshot_url: '/api/v1/observations/x/snapshot',
    source_url: 'https://taller.example/precios',
    crawl_run_id: 'r',
    captured_at: '2025-03-01T10:00:00.000Z',
    extraction_selectors: { price: 'td.precio' },
    extraction_confidence: { price: 0.9 },
    currency_evidence: null,
  },
  vendor: { name: 'Taller', type: 'bureau', confidence_score: 0.7, url: null },
  normalized: {
    base_unit: 'cm3',
    price_usd: null,
    price_net_usd: null,
    price_gross_usd: null,
    fx_rate: null,
    fx_date: null,
    tax_rate: 0.16,
    usd_status: 'no_rate',
  },
  confidence: {
    source_reliability: { ...factors, factors: { vendor_observations: 1 } },
    data_completeness: { ...factors, factors: { required_fields: 9, present_fields: 9 } },
    price_consistency: { ...factors, factors: { similar_observations: 0, price_deviation: null } },
    temporal_relevance: { ...factors, factors: { age_days: 0 } },
  },
});

describe('ScreenshotTab without a screenshot', () => {
  it('says why, for each reason, in Spanish and in English', () => {
    for (const [language, texts] of [
      ['es', es],
      ['en', en],
    ] as const) {
      for (const reason of SCREENSHOT_MISSING_REASONS) {
        const { unmount } = renderComponent(<ScreenshotTab observation={observation(reason)} />, {
          language,
        });
        const missing = screen.getByTestId('evidence-not-available');
        expect(missing.textContent, `${language} ${reason}`).toContain(texts.screenshot.not_available_title);
        expect(missing.textContent, `${language} ${reason}`).toContain(texts.screenshot.missing[reason]);
        unmount();
      }
    }
    // A crawled page is never said to be a price entered by hand.
    renderComponent(<ScreenshotTab observation={observation('no_browser')} />);
    expect(screen.getByTestId('evidence-not-available').textContent).not.toContain(
      es.screenshot.missing.entered_by_hand,
    );
  });
});
