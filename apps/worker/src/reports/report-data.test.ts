import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@preciofab/db/client';
import { createTestDb } from '../testing/test-db.ts';
import { loadReportData, toJsonRecord } from './report-data.ts';
import { insertReportFixture, type ReportFixture } from './report-fixtures.ts';

let db: Db;
let drop: () => Promise<void>;
let fx: ReportFixture;
const to = new Date();
const from = (days: number) => new Date(to.getTime() - days * 86_400_000);

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  fx = await insertReportFixture(db, to);
});
afterAll(() => drop());

describe('report data', () => {
  it('lists the period’s price observations, newest first, with numbers as numbers', async () => {
    const data = await loadReportData(db, { type: 'pricing', parameters: {}, from: from(30), to });
    expect(data.rows.map((r) => r.offer)).toEqual([
      'Impresión PLA, pieza pequeña',
      '-1 discount part',
      'Impresión PLA, pieza pequeña',
    ]);
    expect(data.rows[0]).toMatchObject({
      vendor: 'Fábrica Ñandú',
      price: 250,
      currency: 'MXN',
      price_net_usd: 12.5,
      tax_state: 'included',
      confidence: 0.75,
    });
    expect(data.rows[0]!.observed_at).toBeInstanceOf(Date);
    const wider = await loadReportData(db, { type: 'pricing', parameters: {}, from: from(90), to });
    expect(wider.rows).toHaveLength(4);
  });

  it('reads a pricing report page by page, each statement a bounded page, with the same rows', async () => {
    // On PGlite one statement holds every writer: a report reads its period in short pages.
    const limits: number[] = [];
    const spy: Db = {
      ...db,
      query: ((sql: string, params?: readonly unknown[]) => {
        if (sql.includes('from price_observations')) limits.push(Number(params?.[7]));
        return db.query(sql, params);
      }) as Db['query'],
    };
    const whole = await loadReportData(db, { type: 'pricing', parameters: {}, from: from(90), to });
    expect(whole.rows).toHaveLength(4);
    for (const pageRows of [1, 3]) {
      limits.length = 0;
      const paged = await loadReportData(spy, {
        type: 'pricing',
        parameters: {},
        from: from(90),
        to,
        pageRows,
      });
      expect(paged.rows).toEqual(whole.rows);
      expect(limits.length).toBe(Math.floor(4 / pageRows) + 1);
      expect(Math.max(...limits)).toBe(pageRows);
    }
  });

  it('filters prices by the type’s parameters', async () => {
    const byVendor = await loadReportData(db, {
      type: 'pricing',
      parameters: { vendor_id: fx.vendorB },
      from: from(90),
      to,
    });
    expect(byVendor.rows.map((r) => r.vendor)).toEqual(['=Formula Labs', '=Formula Labs']);
    const byCurrency = await loadReportData(db, {
      type: 'pricing',
      parameters: { currency: 'MXN', category: 'additive_manufacturing' },
      from: from(30),
      to,
    });
    expect(byCurrency.rows).toHaveLength(2);
  });

  it('lists vendors with their price count and median over the period', async () => {
    const data = await loadReportData(db, { type: 'vendor', parameters: {}, from: from(30), to });
    expect(data.rows).toEqual([
      {
        vendor: '=Formula Labs',
        vendor_type: 'makerspace',
        city: 'Ciudad de México',
        region: 'CDMX',
        trust_score: 0.6,
        price_count: 1,
        median_price_usd: 40,
      },
      {
        vendor: 'Fábrica Ñandú',
        vendor_type: 'bureau',
        city: 'Querétaro',
        region: 'Mexico',
        trust_score: 0.9,
        price_count: 2,
        median_price_usd: 13,
      },
    ]);
    const trusted = await loadReportData(db, {
      type: 'vendor',
      parameters: { min_trust_score: 0.8 },
      from: from(30),
      to,
    });
    expect(trusted.rows.map((r) => r.vendor)).toEqual(['Fábrica Ñandú']);
  });

  it('keeps the latest benchmark of each group within the period', async () => {
    const data = await loadReportData(db, { type: 'benchmark', parameters: {}, from: from(30), to });
    expect(data.rows).toHaveLength(1);
    expect(data.rows[0]).toMatchObject({ category: 'additive_manufacturing', p50: 12.25, vendor_count: 3 });
  });

  it('lists candidates with their source and suggestions, and as JSON for the preview', async () => {
    const data = await loadReportData(db, { type: 'discovery', parameters: {}, from: from(30), to });
    expect(data.rows.map((r) => [r.title, r.source, r.status, r.suggestions])).toEqual([
      ['Láser Azteca', 'Directorio Nacional', 'pending', 'laser_cutting, materials'],
      ['@SUM(A1)', 'Directorio Nacional', 'rejected', null],
    ]);
    const pending = await loadReportData(db, {
      type: 'discovery',
      parameters: { status: 'pending' },
      from: from(30),
      to,
    });
    expect(pending.rows).toHaveLength(1);
    expect(typeof toJsonRecord(pending.rows[0]!).discovered_at).toBe('string');
  });
});
