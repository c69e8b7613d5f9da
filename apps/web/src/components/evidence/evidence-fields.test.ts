import { describe, expect, it } from 'vitest';
import type { ObservationDetail } from './api/get-observation.ts';
import { extractedFields, nextZoom, shortId } from './evidence-fields.ts';
import { extractionSteps } from './extraction-tab.tsx';

const observation = {
  id: '0123456789abcdef',
  offer_name: 'FDM PLA',
  price: 2.5,
  currency: 'MXN',
  metadata: { technology: 'fdm', material: null, volume_cm3: null },
  source: {
    screenshot_url: null,
    html_snapshot_url: '/api/v1/observations/0123/snapshot',
    source_url: 'https://x.mx',
    crawl_run_id: 'run-1',
    captured_at: null,
    extraction_selectors: { price: '.price', material: '.mat' },
    extraction_confidence: { price: 0.9, currency: 0.7 },
  },
} as unknown as ObservationDetail;

describe('evidence helpers', () => {
  it('zooms by 25 within 50–200', () => {
    expect(nextZoom(100, 1)).toBe(125);
    expect(nextZoom(200, 1)).toBe(200);
    expect(nextZoom(75, -1)).toBe(50);
    expect(nextZoom(50, -1)).toBe(50);
  });

  it('titles with the first 8 characters', () => {
    expect(shortId(observation.id)).toBe('01234567');
  });

  it('joins selectors and confidences with the stored values', () => {
    expect(extractedFields(observation)).toEqual([
      { field: 'currency', value: 'MXN', confidence: 0.7, selector: null },
      { field: 'material', value: null, confidence: null, selector: '.mat' },
      { field: 'price', value: '2.5', confidence: 0.9, selector: '.price' },
    ]);
  });

  it('shows the page tax statement the crawler recorded as includes_tax', () => {
    const withTax = (tax_state: string) =>
      extractedFields({
        ...observation,
        tax_state,
        source: {
          ...observation.source,
          extraction_selectors: {},
          extraction_confidence: { includes_tax: 0.5 },
        },
      } as ObservationDetail)[0]!.value;
    expect(withTax('included')).toBe('true');
    expect(withTax('excluded')).toBe('false');
    expect(withTax('unknown')).toBeNull();
  });

  it('marks the process steps from what was recorded', () => {
    const { steps, located } = extractionSteps(observation);
    expect(located).toBe(2);
    expect(steps.map((s) => s.done)).toEqual([true, true, true, true]);
    const manual = {
      ...observation,
      source: {
        ...observation.source,
        crawl_run_id: null,
        source_url: null,
        html_snapshot_url: null,
        extraction_selectors: {},
        extraction_confidence: {},
      },
    } as ObservationDetail;
    expect(extractionSteps(manual).steps.map((s) => s.done)).toEqual([false, false, false, false]);
  });
});
