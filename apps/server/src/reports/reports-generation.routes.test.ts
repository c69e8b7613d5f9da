import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@preciofab/db/testing/test-db';
import { reportGenerateJob } from '@preciofab/worker/jobs/report-generate.job';
import { createWorkerRunner, type WorkerRunner } from '@preciofab/worker/queue/worker-runner';
import { insertReportFixture } from '@preciofab/worker/reports/report-fixtures';
import { parseCsv, pdfText, readXlsx } from '@preciofab/worker/reports/report-readers';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { attachmentDisposition } from './content-disposition.ts';

let t: TestApp;
let runner: WorkerRunner | null = null;
const silent = { info: () => undefined, error: () => undefined };
const startWorker = async () => {
  runner = createWorkerRunner({
    db: t.db,
    pubsub: t.ctx.pubsub,
    definitions: [reportGenerateJob],
    concurrency: 1,
    log: silent,
    pollMs: 50,
  });
  await runner.start();
};
const stopWorker = async () => {
  await runner?.stop();
  runner = null;
};

beforeAll(async () => {
  t = await createTestApp();
  await insertReportFixture(t.db);
});
afterAll(async () => {
  await stopWorker();
  await t.close();
});

const create = (body: unknown, lang: 'es' | 'en' = 'en', token = t.users.operator.token) =>
  t.call('POST', '/api/v1/reports', { token, body, lang });
const ready = (id: string) =>
  waitFor(
    async () => {
      const r = (await t.call('GET', `/api/v1/reports/${id}`)).json();
      return r.status === 'ready' || r.status === 'failed' ? r : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 50, what: `report ${id}` },
  );
const download = (id: string, token = t.users.viewer.token) =>
  t.call('GET', `/api/v1/reports/${id}/download`, { token });

describe('POST /api/v1/reports', () => {
  it('queues a report in the requester’s language with its job and activity row', async () => {
    const res = await create(
      { type: 'pricing', format: 'csv', period_days: 90, parameters: { category: 'cnc_machining' } },
      'es',
    );
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Reporte de precios, últimos 90 días',
      type: 'pricing',
      format: 'csv',
      period_days: 90,
      language: 'es',
      parameters: { category: 'cnc_machining' },
      schedule: null,
      next_run_at: null,
      status: 'queued',
      file_size: null,
      rows: null,
    });
    const jobs = await t.db.query<{ payload: { report_id: string }; singleton_key: string }>(
      "select payload, singleton_key from jobs where name = 'report.generate'",
    );
    expect(jobs.rows).toEqual([{ payload: { report_id: body.id }, singleton_key: `report:${body.id}` }]);
    const log = await t.db.query<{ actor_id: string }>(
      "select actor_id from activity_log where action = 'report_queued' and entity_id = $1",
      [body.id],
    );
    expect(log.rows).toEqual([{ actor_id: t.users.operator.id }]);
  });

  it('takes a name, a description and a schedule with its next run', async () => {
    const res = await create({
      type: 'vendor',
      format: 'xlsx',
      name: 'Weekly vendors',
      description: 'Every Monday',
      schedule: '0 7 * * 1',
    });
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Weekly vendors',
      description: 'Every Monday',
      schedule: '0 7 * * 1',
      schedule_time_zone: 'America/Mexico_City',
    });
    // Monday 7:00 in the schedule time zone (Mexico City, UTC-6 all year): 13:00 UTC.
    const next = new Date(body.next_run_at);
    expect(next.getUTCDay()).toBe(1);
    expect(next.getUTCHours()).toBe(13);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect((await create({ type: 'vendor', format: 'csv', schedule: '' })).json().schedule).toBeNull();
  });

  it('rejects bad type, format, period, parameters, unknown fields and a bad cron', async () => {
    // Messages come back translated (English here).
    const text: Record<string, RegExp> = {
      'validation.invalid_option': /^Choose one of: /,
      'validation.unknown_field': /^Unknown field: \w+$/,
      'validation.invalid_uuid': /^Invalid identifier$/,
      'validation.cron_invalid': /^Invalid schedule \(use a cron expression with five fields\)$/,
      'validation.required': /^This field is required$/,
    };
    const cases: [unknown, string, string][] = [
      [{ type: 'sales', format: 'csv' }, 'type', 'validation.invalid_option'],
      [{ type: 'pricing', format: 'docx' }, 'format', 'validation.invalid_option'],
      [{ type: 'pricing', format: 'csv', period_days: 31 }, 'period_days', 'validation.invalid_option'],
      [{ type: 'pricing', format: 'csv', colour: 'red' }, 'colour', 'validation.unknown_field'],
      [
        { type: 'pricing', format: 'csv', parameters: { status: 'pending' } },
        'parameters.status',
        'validation.unknown_field',
      ],
      [
        { type: 'vendor', format: 'csv', parameters: { region: 'Mars' } },
        'parameters.region',
        'validation.invalid_option',
      ],
      [
        { type: 'pricing', format: 'csv', parameters: { vendor_id: '42' } },
        'parameters.vendor_id',
        'validation.invalid_uuid',
      ],
      [{ type: 'pricing', format: 'csv', schedule: 'every monday' }, 'schedule', 'validation.cron_invalid'],
      [{ type: 'pricing', format: 'csv', schedule: '0 7 31 2 *' }, 'schedule', 'validation.cron_invalid'],
      [{ format: 'csv' }, 'type', 'validation.required'],
      [{ type: 'pricing' }, 'format', 'validation.required'],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors, JSON.stringify(body)).toContainEqual(
        expect.objectContaining({ field, message: expect.stringMatching(text[message]!) }),
      );
    }
    const es = await create({ type: 'pricing', format: 'csv', schedule: 'x' }, 'es');
    expect(es.json().errors[0].message).toBe(
      'Programación no válida (usa una expresión cron de cinco campos)',
    );
  });

  it('needs a token, and an operator to write', async () => {
    expect(
      (await create({ type: 'pricing', format: 'csv' }, 'en', null as unknown as string)).statusCode,
    ).toBe(401);
    expect((await create({ type: 'pricing', format: 'csv' }, 'en', t.users.viewer.token)).statusCode).toBe(
      403,
    );
  });
});

describe('generated files through the API', () => {
  let csvId: string;
  let xlsxId: string;
  let pdfId: string;

  beforeAll(async () => {
    await t.db.exec("delete from jobs; update reports set status = 'ready'");
    csvId = (await create({ type: 'pricing', format: 'csv' }, 'es')).json().id;
    xlsxId = (await create({ type: 'benchmark', format: 'xlsx' }, 'en')).json().id;
    pdfId = (await create({ type: 'vendor', format: 'pdf', name: 'Proveedores de Querétaro' }, 'es')).json()
      .id;
  });

  it('answers 409 before the file exists, then lists the real size, rows and generation time', async () => {
    const early = await download(csvId);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe('The report file is not ready yet');
    expect((await t.call('GET', `/api/v1/reports/${csvId}/preview`)).statusCode).toBe(409);

    await startWorker();
    for (const id of [csvId, xlsxId, pdfId]) expect((await ready(id)).status).toBe('ready');
    const list = (await t.call('GET', '/api/v1/reports', { token: t.users.viewer.token })).json();
    const csv = list.data.find((r: { id: string }) => r.id === csvId);
    const res = await download(csvId);
    expect(csv).toMatchObject({ status: 'ready', rows: 3, file_size: res.rawPayload.byteLength });
    expect(Date.now() - new Date(csv.last_generated).getTime()).toBeLessThan(60_000);
  });

  it('downloads the CSV with its type, name and length; Spanish headers and accents intact', async () => {
    const res = await download(csvId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.byteLength);
    const date = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      attachmentDisposition(`Reporte de precios, últimos 30 días-${date}.csv`),
    );
    expect(res.headers['content-disposition']).toContain(
      `filename="Reporte de precios  ultimos 30 dias-${date}.csv"`,
    );
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''Reporte%20de%20precios%2C%20%C3%BAltimos%2030%20d%C3%ADas-${date}.csv`,
    );
    const rows = parseCsv(res.rawPayload.toString('utf8'));
    expect(rows[0]!.slice(0, 3)).toEqual(['Observado', 'Proveedor', 'Oferta']);
    expect(rows.map((r) => r[1])).toContain('Fábrica Ñandú');
    expect(rows.map((r) => r[1])).toContain("'=Formula Labs");
  });

  it('downloads an XLSX workbook that reads back with typed cells', async () => {
    const res = await download(xlsxId);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/\.xlsx"; filename\*=UTF-8''.+\.xlsx$/);
    const ws = (await readXlsx(res.rawPayload)).worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Category', 'Subcategory', 'Base unit']);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getCell('H2').type).toBe(ExcelJS.ValueType.Number);
    expect(ws.getCell('H2').value).toBe(12.25);
    expect(ws.getCell('P2').type).toBe(ExcelJS.ValueType.Date);
  });

  it('downloads a PDF whose text holds the title, period and a vendor', async () => {
    const res = await download(pdfId);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(res.rawPayload)).join('\n');
    expect(text).toContain('Proveedores de Querétaro');
    expect(text).toMatch(/Periodo: del .+ al .+ \(30 días\)/);
    expect(text).toContain('Fábrica Ñandú');
    expect(text).toContain('Confiabilidad');
  });

  it('previews the first rows with labels in the caller’s language', async () => {
    const en = await t.call('GET', `/api/v1/reports/${csvId}/preview`, { token: t.users.viewer.token });
    expect(en.statusCode).toBe(200);
    const body = en.json();
    expect(body.total_rows).toBe(3);
    expect(body.columns[1]).toEqual({ key: 'vendor', label: 'Vendor', kind: 'text' });
    // The observed price names the column of its currency, for its minor units.
    expect(body.columns.find((c: { key: string }) => c.key === 'price')).toMatchObject({
      kind: 'money',
      currency_key: 'currency',
    });
    expect(body.rows[0]).toMatchObject({ vendor: 'Fábrica Ñandú', price: 250, currency: 'MXN' });
    expect(typeof body.rows[0].observed_at).toBe('string');
    const es = (await t.call('GET', `/api/v1/reports/${csvId}/preview`, { lang: 'es' })).json();
    expect(es.columns[1].label).toBe('Proveedor');
    // Coded values too: the report is Spanish, each reader sees its cells in their own language.
    expect(body.rows[0]).toMatchObject({ category: '3D Printing', subcategory: 'FDM', unit: 'piece' });
    expect(es.rows[0]).toMatchObject({ category: 'Impresión 3D', unit: 'pieza', tax_state: 'IVA incluido' });
  });

  it('regenerates on request, refusing a second request while one is pending', async () => {
    await stopWorker();
    const res = await t.call('POST', `/api/v1/reports/${xlsxId}/generate`, { token: t.users.operator.token });
    expect(res.statusCode).toBe(202);
    expect(res.json().status).toBe('queued');
    const again = await t.call('POST', `/api/v1/reports/${xlsxId}/generate`, {
      token: t.users.operator.token,
    });
    expect(again.statusCode).toBe(409);
    // The previous file stays downloadable meanwhile.
    expect((await download(xlsxId)).statusCode).toBe(200);
    expect(
      (await t.call('POST', `/api/v1/reports/${xlsxId}/generate`, { token: t.users.viewer.token }))
        .statusCode,
    ).toBe(403);
    await startWorker();
    expect((await ready(xlsxId)).status).toBe('ready');
    const log = await t.db.query(
      "select 1 from activity_log where action = 'report_queued' and entity_id = $1",
      [xlsxId],
    );
    expect(log.rows).toHaveLength(2);
  });

  it('deletes a report and its file', async () => {
    expect(
      (await t.call('DELETE', `/api/v1/reports/${pdfId}`, { token: t.users.viewer.token })).statusCode,
    ).toBe(403);
    const res = await t.call('DELETE', `/api/v1/reports/${pdfId}`, { token: t.users.operator.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await download(pdfId)).statusCode).toBe(404);
    const files = await t.db.query('select 1 from report_files where report_id = $1', [pdfId]);
    expect(files.rows).toHaveLength(0);
    const log = await t.db.query(
      "select 1 from activity_log where action = 'report_deleted' and entity_id = $1",
      [pdfId],
    );
    expect(log.rows).toHaveLength(1);
    expect((await t.call('DELETE', `/api/v1/reports/${pdfId}`)).statusCode).toBe(404);
  });

  it('answers 404 for unknown reports, 400 for malformed ids and 401 without a token', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const path of ['download', 'preview']) {
      expect((await t.call('GET', `/api/v1/reports/${unknown}/${path}`)).statusCode).toBe(404);
      expect((await t.call('GET', `/api/v1/reports/42/${path}`)).statusCode).toBe(400);
      expect((await t.call('GET', `/api/v1/reports/${csvId}/${path}`, { token: null })).statusCode).toBe(401);
    }
    expect((await t.call('POST', `/api/v1/reports/${unknown}/generate`)).statusCode).toBe(404);
  });
});

describe('content disposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('Año "1"; ñ.csv')).toBe(
      `attachment; filename="Ano _1_  n.csv"; filename*=UTF-8''A%C3%B1o%20%221%22%3B%20%C3%B1.csv`,
    );
  });
});
