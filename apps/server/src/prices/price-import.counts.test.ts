import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricesRepository } from '@preciofab/db/repositories/prices.repository';
import { runSteps } from '@preciofab/db/steps';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// An import applies the vendor and offer counts once, at its end (migration 0030), instead of in
// each insert statement: the counts must come out as the triggers would have kept them, and later
// writes must count again as before.

let t: TestApp;
let roma: string;
let norte: string;

beforeAll(async () => {
  t = await createTestApp();
  const vendor = async (name: string) =>
    (
      await t.call('POST', '/api/v1/vendors', {
        body: { name, city: 'Puebla', capabilities: ['fdm_printing'], trust_score: 0.7 },
      })
    ).json().id as string;
  roma = await vendor('Impresiones Roma');
  norte = await vendor('Láser Norte');
});
afterAll(() => t.close());

const post = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/prices/import',
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${t.users.operator.token}` },
    payload: body,
  });

/** Each vendor's and offer's stored count next to the count of its rows. */
async function counts() {
  const vendors = await t.db.query<{ id: string; kept: number; real: number }>(
    `select v.id, v.price_count as kept, (select count(*)::int from price_observations o where o.vendor_id = v.id) as real
       from vendors v order by v.name`,
  );
  const offers = await t.db.query<{
    name: string;
    kept: number;
    real: number;
    kept_priced: number;
    real_priced: number;
    last_seen_at: Date;
  }>(
    `select f.name, f.price_count as kept, f.priced_count as kept_priced, f.last_seen_at,
            (select count(*)::int from price_observations o where o.offer_id = f.id) as real,
            (select count(price_usd)::int from price_observations o where o.offer_id = f.id) as real_priced
       from offers f order by f.name`,
  );
  return { vendors: vendors.rows, offers: offers.rows };
}

describe('counts after an import', () => {
  it('match the rows of each vendor and offer, old offers and new, and later writes count again', async () => {
    // An offer that exists before the import, with a price of its own.
    const single = await t.call('POST', '/api/v1/prices', {
      body: {
        vendor_id: roma,
        service_name: 'Impresión PLA',
        category: 'additive_manufacturing',
        price: 3,
        unit: 'cm3',
      },
    });
    expect(single.statusCode).toBe(201);
    const before = Date.now();
    const rows = [
      'vendor_id,service_name,category,price,currency,unit',
      `${roma},Impresión PLA,additive_manufacturing,2.5,MXN,cm3`,
      `${roma},Impresión PLA,additive_manufacturing,2.7,MXN,cm3`,
      `${roma},Resina,additive_manufacturing,9,USD,cm3`,
      `${norte},Corte acrílico,laser_cutting,12,MXN,minute`,
      `${norte},Corte acrílico,laser_cutting,0,MXN,minute`,
    ];
    const res = await post(`${rows.join('\n')}\n`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rows: 5, accepted: 4, rejected: 1 });

    const after = await counts();
    expect(after.vendors.map((v) => [v.kept, v.real])).toEqual([
      [4, 4],
      [1, 1],
    ]);
    for (const o of after.offers) {
      expect(o.kept, o.name).toBe(o.real);
      expect(o.kept_priced, o.name).toBe(o.real_priced);
    }
    const pla = after.offers.find((o) => o.name === 'Impresión PLA')!;
    expect(pla.kept).toBe(3);
    expect(pla.last_seen_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(after.offers.find((o) => o.name === 'Resina')).toMatchObject({ kept: 1, kept_priced: 1 });

    // The triggers count again outside the import's transaction.
    await t.call('POST', '/api/v1/prices', {
      body: {
        vendor_id: norte,
        service_name: 'Corte acrílico',
        category: 'laser_cutting',
        price: 11,
        unit: 'minute',
      },
    });
    const later = await counts();
    expect(later.vendors.map((v) => [v.kept, v.real])).toEqual([
      [4, 4],
      [2, 2],
    ]);
    expect(later.offers.find((o) => o.name === 'Corte acrílico')).toMatchObject({ kept: 2, real: 2 });
  });

  it('stay as they were when an import stores nothing', async () => {
    const before = await counts();
    const res = await post(`vendor_id,service_name,category,price,unit\n${roma},X,materials,-1,kg\n`);
    expect(res.json()).toMatchObject({ accepted: 0, rejected: 1 });
    expect(await counts()).toEqual(before);
  });
});

describe('an offer another writer creates while an import runs', () => {
  it('gets the import rows that named the id the import chose for it, and its counts', async () => {
    // Created "meanwhile": it exists, but the import had given the key an id of its own.
    const created = await t.call('POST', '/api/v1/prices', {
      body: {
        vendor_id: norte,
        service_name: 'Grabado',
        category: 'laser_cutting',
        price: 4,
        unit: 'minute',
      },
    });
    expect(created.statusCode).toBe(201);
    const offer = (
      await t.db.query<{ id: string; offer_key: string }>(
        `select id, offer_key from offers where name = 'Grabado'`,
      )
    ).rows[0]!;
    const chosen = randomUUID();
    await t.db.transaction(async (tx) => {
      await runSteps(tx, [pricesRepository.deferCountsStep(true), pricesRepository.deferOfferCheckStep()]);
      await tx.query(
        `insert into price_observations (offer_id, vendor_id, origin, offer_name, category, price_type, price, currency,
           unit, quantity, tax_state, region, tax_rate, confidence_score, observed_at, last_seen_at)
         select $1, $2, 'import', 'Grabado', 'laser_cutting', 'service_hourly', 5, 'MXN', 'minute', 1, 'unknown', region,
                0.16, 0.5, now(), now() from vendors where id = $2`,
        [chosen, norte],
      );
      const [offersStep, ...vendorSteps] = pricesRepository.applyImportOffersSteps(
        [
          {
            id: chosen,
            vendorId: norte,
            offerKey: offer.offer_key,
            name: 'Grabado',
            category: 'laser_cutting',
            unit: 'minute',
            n: 1,
            p: 0,
          },
        ],
        [{ id: norte, n: 1 }],
        new Date(),
      );
      const [, moves] = await runSteps(tx, [
        pricesRepository.deferCountsStep(false),
        offersStep,
        ...vendorSteps,
      ] as const);
      expect(moves).toEqual([{ from: chosen, to: offer.id }]);
      await runSteps(tx, [pricesRepository.moveImportRowsStep(moves)]);
    });
    const rows = await t.db.query<{ offer_id: string }>(
      `select offer_id from price_observations where offer_name = 'Grabado'`,
    );
    expect(rows.rows.map((r) => r.offer_id)).toEqual([offer.id, offer.id]);
    expect((await counts()).offers.find((o) => o.name === 'Grabado')).toMatchObject({ kept: 2, real: 2 });
  });
});
