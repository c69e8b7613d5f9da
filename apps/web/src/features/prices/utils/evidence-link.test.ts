import { describe, expect, it } from 'vitest';
import { alertEvidencePath } from '@preciofab/shared/alert-text';
import { linkedObservation, withoutEvidenceLink } from './evidence-link.ts';

const ID = '0190c1e4-7d2a-7000-8000-00000000abcd';

describe('evidence links', () => {
  it('reads the observation an alert email links to', () => {
    const path = alertEvidencePath('new_offer', {
      offer_id: 'o1',
      offer_name: 'PLA',
      vendor_id: 'v1',
      vendor_name: 'Taller',
      observation_id: ID,
      price: 10,
      currency: 'MXN',
      unit: 'kg',
      category: 'materials',
      observed_at: '2026-11-26T00:00:00.000Z',
      source_url: null,
    });
    const url = new URL(path, 'http://console.test');
    expect(url.pathname).toBe('/prices');
    expect(linkedObservation(url.searchParams)).toBe(ID);
  });

  it('ignores anything but an id', () => {
    expect(linkedObservation(new URLSearchParams('observation=<script>'))).toBeNull();
    expect(linkedObservation(new URLSearchParams('currency=MXN'))).toBeNull();
  });

  it('drops the link and keeps the list’s own parameters', () => {
    const next = withoutEvidenceLink(new URLSearchParams(`currency=MXN&observation=${ID}&offer=o1`));
    expect(next.toString()).toBe('currency=MXN');
  });
});
