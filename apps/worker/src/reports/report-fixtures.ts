import type { Db } from '@preciofab/db/client';
import { writeFxRates } from '@preciofab/db/fx-rates-write';

// Real rows for the report tests (tests only): two vendors with observations inside and outside
// a 30-day period, a benchmark calculated twice, a discovery source and its candidates.

export type ReportFixture = { vendorA: string; vendorB: string; sourceId: string };

const DAY = 86_400_000;

export async function insertReportFixture(db: Db, now = new Date()): Promise<ReportFixture> {
  const vendor = async (name: string, type: string, city: string, region: string, trust: number) =>
    (
      await db.query<{ id: string }>(
        `insert into vendors (name, type, city, region, trust_score) values ($1, $2, $3, $4, $5) returning id`,
        [name, type, city, region, trust],
      )
    ).rows[0]!.id;
  const vendorA = await vendor('Fábrica Ñandú', 'bureau', 'Querétaro', 'Mexico', 0.9);
  const vendorB = await vendor('=Formula Labs', 'makerspace', 'Ciudad de México', 'CDMX', 0.6);

  const observe = async (
    vendorId: string,
    offer: string,
    category: string,
    price: number,
    currency: string,
    usd: number,
    daysAgo: number,
  ) => {
    const o = await db.query<{ id: string }>(
      `insert into offers (vendor_id, offer_key, name) values ($1, $2, $3)
       on conflict (vendor_id, offer_key) do update set name = excluded.name returning id`,
      [vendorId, offer, offer],
    );
    await db.query(
      `insert into price_observations (offer_id, vendor_id, offer_name, category, subcategory, price, currency,
         unit, region, base_unit, price_usd, price_net_usd, tax_state, confidence_score, observed_at)
       values ($1, $2, $3, $4, 'FDM', $5, $6, 'piece', 'CDMX', 'piece', $7, $7, 'included', 0.75, $8)`,
      [
        o.rows[0]!.id,
        vendorId,
        offer,
        category,
        price,
        currency,
        usd,
        new Date(now.getTime() - daysAgo * DAY),
      ],
    );
  };
  await observe(vendorA, 'Impresión PLA, pieza pequeña', 'additive_manufacturing', 250, 'MXN', 12.5, 2);
  await observe(vendorA, 'Impresión PLA, pieza pequeña', 'additive_manufacturing', 270, 'MXN', 13.5, 5);
  await observe(vendorB, '-1 discount part', 'cnc_machining', 40, 'USD', 40, 3);
  // Outside a 30-day period, inside 90 days.
  await observe(vendorB, 'Old milling', 'cnc_machining', 55, 'USD', 55, 60);

  const benchmark = async (p50: number, daysAgo: number) =>
    db.query(
      `insert into benchmarks (calculation_id, category, subcategory, base_unit, region, time_window_days,
         price_p10, price_p25, price_p50, price_p75, price_p90, price_mean, price_stddev, observation_count,
         vendor_count, average_confidence, calculated_at)
       values (gen_random_uuid(), 'additive_manufacturing', 'FDM', 'piece', 'CDMX', 30, 10, 11, $1, 14, 15, 12.75,
         1.5, 6, 3, 0.7, $2)`,
      [p50, new Date(now.getTime() - daysAgo * DAY)],
    );
  await benchmark(11.5, 10);
  await benchmark(12.25, 1);

  const sourceId = (
    await db.query<{ id: string }>(
      `insert into discovery_sources (name, type, schedule) values ('Directorio Nacional', 'directory', '') returning id`,
    )
  ).rows[0]!.id;
  await db.query(
    `insert into discovery_candidates (source_id, title, domain, url, confidence_score, category_suggestions, status,
       discovered_at)
     values ($1, 'Láser Azteca', 'laserazteca.mx', 'https://laserazteca.mx', 0.82, '{laser_cutting,materials}',
       'pending', $2),
            ($1, '@SUM(A1)', 'sum.example', 'https://sum.example', 0.4, '{}', 'rejected', $2)`,
    [sourceId, new Date(now.getTime() - 4 * DAY)],
  );
  return { vendorA, vendorB, sourceId };
}

export type LatamFixture = { bogota: string; santiago: string };

/** Prices in pesos colombianos and chilenos (tests only), stored as the product stores a price with
 * no rate yet (empty USD columns); then a COP rate arrives through the product's rate writer, which
 * converts the COP price. The CLP price stays without a USD value. */
export async function insertLatamPrices(db: Db, now = new Date()): Promise<LatamFixture> {
  const vendor = async (name: string, city: string, country: string) =>
    (
      await db.query<{ id: string }>(
        `insert into vendors (name, type, city, country_code, region, trust_score)
         values ($1, 'bureau', $2, $3, 'LATAM', 0.8) returning id`,
        [name, city, country],
      )
    ).rows[0]!.id;
  const bogota = await vendor('Maquinados Chapinero', 'Bogotá', 'CO');
  const santiago = await vendor('Prototipos Providencia', 'Santiago', 'CL');
  const observe = async (
    vendorId: string,
    offer: string,
    category: string,
    price: string,
    currency: string,
    unit: string,
  ) => {
    const o = await db.query<{ id: string }>(
      `insert into offers (vendor_id, offer_key, name) values ($1, $2, $2) returning id`,
      [vendorId, offer],
    );
    await db.query(
      `insert into price_observations (offer_id, vendor_id, offer_name, category, price, currency, unit, region,
         base_unit, unit_factor, tax_state, tax_rate, confidence_score, observed_at)
       values ($1, $2, $3, $4, $5, $6, $7, 'LATAM', $7, 1, 'excluded', 0.19, 0.8, $8)`,
      [o.rows[0]!.id, vendorId, offer, category, price, currency, unit, new Date(now.getTime() - DAY)],
    );
  };
  await observe(bogota, 'Fresado CNC por hora', 'cnc_machining', '185000', 'COP', 'hour');
  await observe(santiago, 'Pieza impresa en SLA', 'additive_manufacturing', '12490', 'CLP', 'piece');
  await db.transaction((tx) =>
    writeFxRates(tx, [{ currency: 'COP', effectiveDate: '2020-01-01', unitsPerUsd: '4000' }], {
      source: 'test',
      actorId: null,
    }),
  );
  return { bogota, santiago };
}
