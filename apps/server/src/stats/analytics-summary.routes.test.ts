import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const am = { category: 'additive_manufacturing', currency: 'MXN', unit: 'cm3' };

describe('GET /api/v1/stats/analytics', () => {
  it('has no average and no technology on an empty database', async () => {
    const res = await t.call('GET', '/api/v1/stats/analytics', { token: t.users.viewer.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total_observations: 0,
      technologies: [],
      average_confidence: null,
      confidence: null,
    });
  });

  it('counts technologies and averages the stored confidence components and factors', async () => {
    const vendor = (
      await t.call('POST', '/api/v1/vendors', {
        body: { name: 'Impresiones Roma', type: 'bureau', capabilities: ['fdm_printing'] },
      })
    ).json().id;
    for (const [name, subcategory, price] of [
      ['FDM PLA', 'FDM', 2.5],
      ['FDM PETG', 'FDM', 3],
      ['SLA resina', 'SLA', 8],
    ] as const) {
      const res = await t.call('POST', '/api/v1/prices', {
        body: { ...am, vendor_id: vendor, service_name: name, subcategory, price },
      });
      expect(res.statusCode).toBe(201);
    }
    // Known component values and factors, so the averages can be checked exactly.
    await t.db.query(
      `update price_observations set technology = case when offer_name like 'SLA%' then 'SLA' else 'fdm' end,
              confidence_score = 0.5, confidence_source = 0.4, confidence_completeness = 0.9,
              confidence_consistency = 0.6, confidence_freshness = 1,
              confidence_factors = '{"vendor_observations": 2, "required_fields": 6, "present_fields": 8,
                                     "similar_observations": 1, "price_deviation": 10, "age_days": 3}'
        where offer_name <> 'SLA resina'`,
    );
    await t.db.query(
      `update price_observations set technology = 'SLA', confidence_score = 0.8, confidence_source = 0.7,
              confidence_completeness = 0.6, confidence_consistency = 0.9, confidence_freshness = 0.4,
              confidence_factors = '{"vendor_observations": 5, "required_fields": 6, "present_fields": 6,
                                     "similar_observations": 0, "price_deviation": null, "age_days": 9}'
        where offer_name = 'SLA resina'`,
    );

    const s = (await t.call('GET', '/api/v1/stats/analytics')).json();
    expect(s.total_observations).toBe(3);
    expect(s.technologies).toEqual([
      { technology: 'fdm', observations: 2 },
      { technology: 'sla', observations: 1 },
    ]);
    expect(s.average_confidence).toBeCloseTo(0.6, 6);
    expect(s.confidence.source_reliability.score).toBeCloseTo(0.5, 6);
    expect(s.confidence.data_completeness.score).toBeCloseTo(0.8, 6);
    expect(s.confidence.price_consistency.score).toBeCloseTo(0.7, 6);
    expect(s.confidence.temporal_relevance.score).toBeCloseTo(0.8, 6);
    expect(s.confidence.source_reliability.factors).toEqual({ vendor_observations: 3 });
    expect(s.confidence.data_completeness.factors).toEqual({ required_fields: 6, present_fields: 7 });
    // A null deviation is left out of its average.
    expect(s.confidence.price_consistency.factors).toEqual({ similar_observations: 1, price_deviation: 10 });
    expect(s.confidence.temporal_relevance.factors).toEqual({ age_days: 5 });
  });

  it('answers 401 without a token', async () => {
    expect((await t.call('GET', '/api/v1/stats/analytics', { token: null })).statusCode).toBe(401);
  });
});
