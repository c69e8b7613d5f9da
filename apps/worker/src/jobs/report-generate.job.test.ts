import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@preciofab/db/client';
import { createLocalPubSub } from '@preciofab/db/pubsub';
import { REPORT_FILE_CHUNK_BYTES, reportsRepository } from '@preciofab/db/repositories/reports.repository';
import type { PipelineEvent } from '@preciofab/shared/contracts/pipeline';
import { PIPELINE_CHANNEL } from '@preciofab/shared/contracts/jobs';
import { createJobQueue, type JobRow } from '@preciofab/db/job-queue';
import { createWorkerRunner, type WorkerRunner } from '../queue/worker-runner.ts';
import { insertReportFixture } from '../reports/report-fixtures.ts';
import { parseCsv, pdfText, readXlsx } from '../reports/report-readers.ts';
import { createTestDb, memoryLogger, waitFor } from '../testing/test-db.ts';
import { readFailure } from '@preciofab/shared/job-failures';
import { translate } from '@preciofab/shared/i18n/messages';
import { createPipelinePublisher } from '../pipeline/pipeline-publisher.ts';
import { reportSingletonKey } from '@preciofab/shared/contracts/jobs';
import { createReportGenerateJob, reportGenerateJob } from './report-generate.job.ts';

let db: Db;
let drop: () => Promise<void>;
const pubsub = createLocalPubSub();
const events: PipelineEvent[] = [];
let runner: WorkerRunner;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  pubsub.subscribe(PIPELINE_CHANNEL, (m) => events.push(m as PipelineEvent));
  await insertReportFixture(db);
  runner = createWorkerRunner({
    db,
    pubsub,
    definitions: [reportGenerateJob],
    concurrency: 1,
    log: memoryLogger(),
    pollMs: 50,
  });
  await runner.start();
});
afterAll(async () => {
  await runner.stop();
  await pubsub.close();
  await drop();
});

async function newReport(
  type: string,
  format: string,
  language: 'es' | 'en',
  name: string,
  parameters: Record<string, unknown> = {},
): Promise<string> {
  return reportsRepository.insert(db, {
    name,
    type,
    description: null,
    format,
    periodDays: 30,
    language,
    parameters,
    schedule: null,
    nextRunAt: null,
    requestedBy: null,
  });
}

async function generate(reportId: string, maxAttempts = 2): Promise<JobRow> {
  const queue = createJobQueue(db, pubsub);
  const id = (await queue.enqueue(
    'report.generate',
    { report_id: reportId },
    { singletonKey: reportSingletonKey(reportId), maxAttempts },
  ))!;
  return waitFor(
    async () => {
      const job = await queue.get(id);
      return job && (job.state === 'completed' || job.state === 'failed') ? job : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 50, what: `job ${id}` },
  );
}

const file = async (id: string) => (await reportsRepository.findFile(db, id))!;

describe('report.generate', () => {
  it('writes a Spanish CSV of the period’s prices, stores it with size, rows and preview', async () => {
    const id = await newReport('pricing', 'csv', 'es', 'Precios de impresión');
    const job = await generate(id);
    expect(job.state).toBe('completed');
    const report = (await reportsRepository.findById(db, id))!;
    const f = await file(id);
    expect(report).toMatchObject({ status: 'ready', rows: 3, error: null });
    expect(Number(report.file_size)).toBe(f.content.byteLength);
    expect(report.last_generated).toBeInstanceOf(Date);
    expect(f.content_type).toBe('text/csv; charset=utf-8');
    expect(f.file_name).toMatch(/^Precios de impresión-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parseCsv(Buffer.from(f.content).toString('utf8'));
    expect(rows[0]).toEqual([
      'Observado',
      'Proveedor',
      'Oferta',
      'Categoría',
      'Subcategoría',
      'Región',
      'Precio',
      'Moneda',
      'Unidad',
      'USD por unidad base',
      'Unidad base',
      'USD neto por unidad base',
      'Impuestos',
      'Confianza',
    ]);
    expect(rows).toHaveLength(4);
    expect(rows[1]!.slice(1, 3)).toEqual(['Fábrica Ñandú', 'Impresión PLA, pieza pequeña']);
    // Text that starts like a formula is neutralized; numbers stay numbers.
    expect(rows[2]!.slice(1, 3)).toEqual(["'=Formula Labs", "'-1 discount part"]);
    expect(rows[2]![6]).toBe('40');
    const preview = (await reportsRepository.findPreview(db, id))!;
    expect(preview).toHaveLength(3);
    expect(preview[0]).toMatchObject({ vendor: 'Fábrica Ñandú', price: 250 });

    const mine = events.filter((e) => e.details.job_id === job.id);
    expect(mine.map((e) => [e.stage, e.message_key])).toEqual([
      ['export_generation', 'pipeline.report.started'],
      ['export_generation', 'pipeline.report.writing'],
      ['completed', 'pipeline.report.completed'],
    ]);
    expect(mine.every((e) => e.details.source === 'report')).toBe(true);
    const log = await db.query<{ details: { count: number } }>(
      "select details from activity_log where action = 'report_generated' and entity_id = $1",
      [id],
    );
    expect(log.rows[0]!.details.count).toBe(3);
  });

  it('writes an English XLSX with typed cells, frozen header and autofilter', async () => {
    const id = await newReport('vendor', 'xlsx', 'en', 'Vendors');
    expect((await generate(id)).state).toBe('completed');
    const f = await file(id);
    expect(f.content_type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const ws = (await readXlsx(f.content)).worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Vendor',
      'Type',
      'City',
      'Region',
      'Reliability',
      'Prices',
      'Median net USD',
    ]);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBe('A1:G3');
    expect(ws.getCell('A3').value).toBe('Fábrica Ñandú');
    expect(ws.getCell('E3').type).toBe(ExcelJS.ValueType.Number);
    expect(ws.getCell('E3').value).toBe(0.9);
    expect(ws.getCell('G3').value).toBe(13);
  });

  it('writes XLSX date cells for pricing', async () => {
    const id = await newReport('pricing', 'xlsx', 'en', 'Prices');
    await generate(id);
    const ws = (await readXlsx((await file(id)).content)).worksheets[0]!;
    expect(ws.getCell('A2').type).toBe(ExcelJS.ValueType.Date);
    expect(ws.getCell('G2').type).toBe(ExcelJS.ValueType.Number);
  });

  it('writes a PDF with title, period and a known vendor', async () => {
    const id = await newReport('benchmark', 'pdf', 'es', 'Referencias CDMX');
    await generate(id);
    const f = await file(id);
    expect(f.content_type).toBe('application/pdf');
    const text = (await pdfText(f.content)).join('\n');
    expect(text).toContain('Referencias CDMX');
    expect(text).toMatch(/Periodo: del .+ al .+ \(30 días\)/);
    expect(text).toContain('P50 (USD neto), por grupo');
    const vendors = await newReport('pricing', 'pdf', 'en', 'Printing prices');
    await generate(vendors);
    const vendorText = (await pdfText((await file(vendors)).content)).join('\n');
    expect(vendorText).toContain('Fábrica Ñandú');
    expect(vendorText).toMatch(/Period: .+ to .+ \(30 days\)/);
  });

  it('a failed generation keeps the previous file and records the error', async () => {
    const id = await newReport('discovery', 'csv', 'en', 'Candidates');
    await generate(id);
    const before = await file(id);
    const size = (await reportsRepository.findById(db, id))!.file_size;
    await db.exec(
      'alter table report_files add constraint no_more check (octet_length(content) < 0) not valid',
    );
    try {
      const job = await generate(id, 1);
      expect(job.state).toBe('failed');
      // The final-failure hook runs just after the job is marked failed.
      const report = await waitFor(async () => {
        const r = (await reportsRepository.findById(db, id))!;
        return r.status === 'failed' ? r : undefined;
      });
      // The database refused the file: a code for the reader, PostgreSQL's words as the detail.
      expect(report.error_code).toBe('database_error');
      expect(report.error).toMatch(/no_more/);
      expect(report.file_size).toBe(size);
      const after = await file(id);
      expect(Buffer.from(after.content).equals(Buffer.from(before.content))).toBe(true);
      const failed = await db.query(
        "select 1 from activity_log where action = 'report_failed' and entity_id = $1",
        [id],
      );
      expect(failed.rows).toHaveLength(1);
      const last = events.filter((e) => e.details.job_id === job.id).at(-1)!;
      expect(last).toMatchObject({
        stage: 'export_generation',
        status: 'failed',
        message_key: 'pipeline.report.failed',
        values: { name: 'Candidates', reason_key: 'failures.database_error' },
      });
      // The pipeline panel says it in each reader's language, without PostgreSQL's English.
      expect(translate('es', last.message_key, last.values)).toBe(
        'Falló el reporte Candidates: la base de datos rechazó una operación',
      );
      expect(translate('en', last.message_key, last.values)).toBe(
        'Report Candidates failed: the database refused an operation',
      );
    } finally {
      await db.exec('alter table report_files drop constraint no_more');
    }
  });

  it('fails a report whose stored parameters do not fit its type', async () => {
    const id = await newReport('vendor', 'csv', 'en', 'Odd', { colour: 'red' });
    const job = await generate(id);
    expect(job.state).toBe('failed');
    expect(readFailure(job.last_error!)).toEqual({
      code: 'invalid_input',
      detail: 'invalid parameters: colour',
    });
    const report = await waitFor(async () => {
      const r = (await reportsRepository.findById(db, id))!;
      return r.status === 'failed' ? r : undefined;
    });
    expect(report).toMatchObject({ error_code: 'invalid_input', error: 'invalid parameters: colour' });
  });

  it('fails a file over its size budget with the limit, in no language until read', async () => {
    const small = createReportGenerateJob({ limits: { maxBytes: 64 } });
    const id = await newReport('pricing', 'csv', 'es', 'Demasiado');
    const job = await small.handler(
      { report_id: id },
      {
        db,
        pubsub,
        queue: createJobQueue(db, pubsub),
        pipeline: createPipelinePublisher(pubsub),
        log: memoryLogger(),
        job: { id: 'budget-job' } as JobRow,
        workerId: 'test',
        crawler: undefined as never,
      },
    );
    expect(job.status).toBe('failed');
    const failure = readFailure((job as { error: string }).error);
    expect(failure).toMatchObject({ code: 'size_budget', values: { size: '1 KB' } });
    expect(failure.detail).toMatch(/over the limit of 64/);
    expect(translate('es', 'failures.size_budget', failure.values)).toMatch(
      /^el archivo superaría su límite de 1 KB;/,
    );
  });

  it('skips a report deleted before it ran, and is idempotent when delivered twice', async () => {
    const gone = await newReport('vendor', 'csv', 'en', 'Gone');
    await reportsRepository.delete(db, gone);
    const job = await generate(gone);
    expect(job.result).toEqual({ skipped: 'report deleted' });
    const id = await newReport('vendor', 'csv', 'en', 'Twice');
    await generate(id);
    await generate(id);
    const count = await db.query<{ n: number }>(
      'select count(*)::int as n from report_files where report_id = $1',
      [id],
    );
    expect(count.rows[0]!.n).toBe(1);
    expect((await reportsRepository.findById(db, id))!.rows).toBe(2);
  });
});

describe('a report file in chunks', () => {
  const chunks = async (id: string) =>
    (
      await db.query<{ version: string; n: number }>(
        'select version::text, count(*)::int as n from report_file_chunks where report_id = $1 group by 1',
        [id],
      )
    ).rows;
  /** What a generation does once its chunks are staged: the file made the report's (under the
   * report's row lock), then the chunks of the file it replaced removed. */
  const commit = async (id: string, version: string, content: Buffer) => {
    const replaced = await db.transaction(async (tx) => {
      await reportsRepository.lockById(tx, id);
      return reportsRepository.saveFile(tx, id, {
        version,
        content,
        contentType: 'text/csv',
        fileName: 'f.csv',
        rows: 1,
        preview: [],
      });
    });
    await reportsRepository.dropOldChunks(db, id, replaced);
  };
  const save = async (id: string, content: Buffer) => {
    const version = await reportsRepository.stageFile(db, id, content);
    await commit(id, version, content);
    return version;
  };

  it('is written a chunk a statement, read back whole, and replaced without leftovers', async () => {
    const id = await newReport('pricing', 'csv', 'es', 'Archivo grande');
    const big = Buffer.alloc(REPORT_FILE_CHUNK_BYTES * 2 + 1234);
    for (let i = 0; i < big.length; i++) big[i] = (i * 31 + 7) % 251;
    const first = await save(id, big);
    expect(await chunks(id)).toEqual([{ version: first, n: 3 }]);
    expect(Buffer.from((await file(id)).content).equals(big)).toBe(true);

    // A generation that died after writing its chunks leaves a version no file names: a later
    // one removes it once it is an hour old, and the file stays the last saved until then.
    const dead = await reportsRepository.stageFile(db, id, Buffer.from('half written'));
    expect(Buffer.from((await file(id)).content).equals(big)).toBe(true);
    await db.query(
      `update report_file_chunks set created_at = now() - interval '61 minutes' where version = $1`,
      [dead],
    );
    const small = Buffer.from('fecha,proveedor\n2026-11-26,Taller\n');
    const second = await save(id, small);
    expect(await chunks(id)).toEqual([{ version: second, n: 1 }]);
    expect(Buffer.from((await file(id)).content).toString()).toBe(small.toString());
    expect((await reportsRepository.findById(db, id))!.file_size).toBe(String(small.byteLength));
  });

  it('two generations of one report at once leave the file whole: neither clears the other', async () => {
    const id = await newReport('pricing', 'csv', 'es', 'Dos a la vez');
    const older = await save(id, Buffer.from('a,b\n1,2\n'));
    const one = Buffer.alloc(REPORT_FILE_CHUNK_BYTES + 10, 1);
    const two = Buffer.alloc(REPORT_FILE_CHUNK_BYTES + 20, 2);
    // Both staged (the second clears nothing of the first's, young chunks), then saved in turn.
    const v1 = await reportsRepository.stageFile(db, id, one);
    const v2 = await reportsRepository.stageFile(db, id, two);
    await commit(id, v1, one);
    expect(await chunks(id)).toEqual(
      expect.arrayContaining([
        { version: v1, n: 2 },
        { version: v2, n: 2 },
      ]),
    );
    expect((await chunks(id)).map((c) => c.version)).not.toContain(older);
    await commit(id, v2, two);
    expect(Buffer.from((await file(id)).content).equals(two)).toBe(true);
    expect(await chunks(id)).toEqual([{ version: v2, n: 2 }]);
  });
});
