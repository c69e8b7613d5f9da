import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@preciofab/db/client';
import { createTestDb } from '../testing/test-db.ts';
import { loadReportData } from './report-data.ts';
import { insertReportFixture } from './report-fixtures.ts';

// Reports leave out what the review queue holds or rejected, and what a correction replaced;
// an approved reading is reported like any other.
let db: Db;
let drop: () => Promise<void>;
const to = new Date();
const from = new Date(to.getTime() - 90 * 86_400_000);

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  await insertReportFixture(db, to);
});
afterAll(() => drop());

const pricing = () => loadReportData(db, { type: 'pricing', parameters: {}, from, to });
const vendorCounts = async () =>
  (await loadReportData(db, { type: 'vendor', parameters: {}, from, to })).rows
    .map((r) => Number(r.price_count))
    .reduce((a, b) => a + b, 0);

describe('reports and the review queue', () => {
  it('leave out pending, rejected and corrected readings; count approved ones', async () => {
    const before = await pricing();
    const total = await vendorCounts();
    expect(before.rows.length).toBe(4);
    const ids = (
      await db.query<{ id: string }>('select id from price_observations order by observed_at desc, id desc')
    ).rows.map((r) => r.id);
    for (const [i, status] of (['pending', 'rejected', 'corrected', 'approved'] as const).entries()) {
      await db.query('insert into observation_reviews (observation_id, status) values ($1, $2)', [
        ids[i],
        status,
      ]);
    }
    const after = await pricing();
    expect(after.rows.length).toBe(before.rows.length - 3);
    expect(await vendorCounts()).toBe(total - 3);
  });
});
