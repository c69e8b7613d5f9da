import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportsRepository } from '@preciofab/db/repositories/reports.repository';
import { failureReasonText } from '@preciofab/shared/job-failures';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  // Reports are created by a later feature; here they go straight into the table.
  const rows: [string, string, string, string, number | null, number | null, string | null, string][] = [
    [
      'Precios CDMX',
      'pricing',
      'csv',
      'ready',
      5_368_709_120,
      1200,
      '2025-05-01T10:00:00Z',
      '2025-05-01T09:00:00Z',
    ],
    ['Proveedores', 'vendor', 'xlsx', 'generating', null, null, null, '2025-05-02T09:00:00Z'],
    ['Benchmarks Q2', 'benchmark', 'pdf', 'failed', null, null, null, '2025-05-03T09:00:00Z'],
    ['Descubrimiento', 'discovery', 'csv', 'queued', null, null, null, '2025-05-04T09:00:00Z'],
  ];
  for (const [name, type, format, status, size, count, generated, created] of rows) {
    const r = await t.db.query<{ id: string }>(
      `insert into reports (name, type, description, format, status, file_size, rows, last_generated, created_at,
         parameters, period_days, error)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 90, $11) returning id`,
      [
        name,
        type,
        `${name} description`,
        format,
        status,
        size,
        count,
        generated,
        created,
        JSON.stringify({ region: 'CDMX', categories: ['additive_manufacturing'] }),
        status === 'failed' ? 'no data' : null,
      ],
    );
    ids[type] = r.rows[0]!.id;
  }
});
afterAll(() => t.close());

describe('reports', () => {
  it('lists newest first with total, limit and offset', async () => {
    const res = await t.call('GET', '/api/v1/reports', { token: t.users.viewer.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 4, limit: 100, offset: 0 });
    expect(body.data.map((r: { type: string }) => r.type)).toEqual([
      'discovery',
      'benchmark',
      'vendor',
      'pricing',
    ]);
    const page = (await t.call('GET', '/api/v1/reports', { query: { limit: 2, offset: 1 } })).json();
    expect(page.data.map((r: { type: string }) => r.type)).toEqual(['benchmark', 'vendor']);
    expect(page).toMatchObject({ total: 4, limit: 2, offset: 1 });
  });

  it('filters by type', async () => {
    const res = (await t.call('GET', '/api/v1/reports', { query: { type: 'pricing' } })).json();
    expect(res.total).toBe(1);
    expect(res.data[0]).toEqual({
      id: ids.pricing,
      name: 'Precios CDMX',
      type: 'pricing',
      description: 'Precios CDMX description',
      format: 'csv',
      file_size: 5_368_709_120,
      last_generated: '2025-05-01T10:00:00.000Z',
      rows: 1200,
      parameters: { region: 'CDMX', categories: ['additive_manufacturing'] },
      period_days: 90,
      language: 'es',
      schedule: null,
      schedule_time_zone: 'America/Mexico_City',
      next_run_at: null,
      status: 'ready',
      error_code: null,
      error_values: null,
      error: null,
      created_at: '2025-05-01T09:00:00.000Z',
    });
  });

  it('gets one report, 404 for an unknown one and 400 for a malformed id', async () => {
    const one = await t.call('GET', `/api/v1/reports/${ids.benchmark}`, { token: t.users.viewer.token });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      name: 'Benchmarks Q2',
      status: 'failed',
      // A failure recorded before the codes: the general reason, its text as the detail.
      error_code: 'unknown',
      error: 'no data',
      file_size: null,
    });
    const missing = await t.call('GET', '/api/v1/reports/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Report not found');
    expect((await t.call('GET', '/api/v1/reports/42')).statusCode).toBe(400);
  });

  it("answers a failed generation's reason as a code with its values, the technical text apart", async () => {
    // As the report job records it (report-generate.job.ts).
    await reportsRepository.markFailed(t.db, ids.benchmark!, {
      code: 'time_budget',
      values: { seconds: 120 },
      detail: 'writing the file took longer than 120000 ms',
    });
    const report = (await t.call('GET', `/api/v1/reports/${ids.benchmark}`)).json();
    expect(report).toMatchObject({
      status: 'failed',
      error_code: 'time_budget',
      error_values: { seconds: 120 },
      error: 'writing the file took longer than 120000 ms',
    });
    // What the console's report card says, in each reader's language.
    const failure = { code: report.error_code, values: report.error_values };
    expect(failureReasonText('es', failure)).toBe(
      'escribir el archivo tardó más que su límite de 120 s; un periodo más corto o filtros más precisos dan menos filas',
    );
    expect(failureReasonText('en', failure)).toBe(
      'writing the file took longer than its limit of 120 s; a shorter period or narrower filters give fewer rows',
    );
    await reportsRepository.markFailed(t.db, ids.benchmark!, { code: 'unknown', detail: 'no data' });
  });

  it('rejects bad query values and unknown fields', async () => {
    const queries: Record<string, string | number>[] = [
      { type: 'sales' },
      { limit: 501 },
      { limit: 0 },
      { offset: -1 },
      { colour: 'red' },
    ];
    for (const query of queries) {
      expect((await t.call('GET', '/api/v1/reports', { query })).statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('needs a token', async () => {
    expect((await t.call('GET', '/api/v1/reports', { token: null })).statusCode).toBe(401);
    expect((await t.call('GET', `/api/v1/reports/${ids.vendor}`, { token: null })).statusCode).toBe(401);
  });
});
