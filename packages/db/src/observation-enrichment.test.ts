import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrichObservation } from './observation-enrichment.ts';
import { observationsRepository } from './repositories/observations.repository.ts';
import { createTestDb, type TestDb } from './testing/test-db.ts';

let t: TestDb;
let vendorId: string;
beforeAll(async () => {
  t = await createTestDb();
  vendorId = (
    await t.db.query<{ id: string }>(
      `insert into vendors (name, type) values ('Maquinados Bajío', 'bureau') returning id`,
    )
  ).rows[0]!.id;
});
afterAll(() => t.drop());

const observedAt = new Date('2026-03-10T12:00:00Z');
const base = {
  trustScore: 0.8,
  quantity: '1',
  taxState: 'unknown' as const,
  fields: { vendor: 'x', service_name: 'x', price: 1, currency: 'x', unit: 'x', category: 'x' },
  observedAt,
};

describe('enrichObservation', () => {
  it('prices machine time quoted per minute by the hour, exactly', async () => {
    const e = await enrichObservation(t.db, {
      ...base,
      vendorId,
      price: '15',
      unit: 'minuto',
      currency: 'USD',
      category: 'cnc_machining',
    });
    expect(e).toMatchObject({ baseUnit: 'hour', unitFactor: '1', unitFactorDen: 60, priceUsd: '900.000000' });
  });

  it('prices laser time quoted per hour by the minute', async () => {
    const e = await enrichObservation(t.db, {
      ...base,
      vendorId,
      price: '1020',
      unit: 'hora',
      currency: 'MXN',
      category: 'laser_cutting',
    });
    // 1020 MXN / 60 minutes / 17 MXN per USD (the default rate of migration 0002).
    expect(e).toMatchObject({ baseUnit: 'minute', unitFactor: '60', unitFactorDen: 1, priceUsd: '1.000000' });
  });

  it('re-prices a ratio-factor observation in SQL exactly as in TypeScript when a rate changes', async () => {
    const offer = await t.db.query<{ id: string }>(
      `insert into offers (vendor_id, offer_key, name) values ($1, 'fresado|minute', 'Fresado') returning id`,
      [vendorId],
    );
    const obs = await t.db.query<{ id: string }>(
      `insert into price_observations (offer_id, vendor_id, offer_name, category, price, currency, unit, observed_at,
         base_unit, unit_factor, unit_factor_den, fx_rate, fx_date, price_usd, price_net_usd, price_gross_usd)
       values ($1, $2, 'Fresado', 'cnc_machining', 150, 'MXN', 'minute', $3, 'hour', 1, 60, 17, '2000-01-01', 0, 0, 0)
       returning id`,
      [offer.rows[0]!.id, vendorId, observedAt],
    );
    await t.db.query(
      `insert into fx_rates (currency, effective_date, units_per_usd) values ('MXN', '2026-03-01', 18)`,
    );
    expect(await observationsRepository.renormalizeFx(t.db, 'MXN', '2026-03-01')).toBe(1);
    const row = await t.db.query<{ price_usd: string; price_gross_usd: string }>(
      'select price_usd::text, price_gross_usd::text from price_observations where id = $1',
      [obs.rows[0]!.id],
    );
    // 150 MXN a minute = 9000 MXN an hour = 500 USD at 18; gross adds 16% IVA.
    expect(row.rows[0]).toEqual({ price_usd: '500.000000', price_gross_usd: '580.000000' });
    const ts = await enrichObservation(t.db, {
      ...base,
      vendorId,
      price: '150',
      unit: 'minute',
      currency: 'MXN',
      category: 'cnc_machining',
    });
    expect(ts.priceUsd).toBe('500.000000');
    expect(ts.priceGrossUsd).toBe('580.000000');
  });
});
