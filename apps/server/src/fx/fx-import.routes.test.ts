import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@preciofab/db/testing/test-db';
import { FX_IMPORT_MAX_BYTES } from '@preciofab/shared/contracts/fx-rates';
import { failureNote } from '@preciofab/shared/job-failures';
import { divideDecimal } from '@preciofab/shared/money';
import { ECB_HISTORY_HEADER, ecbHistory } from '@preciofab/worker/testing/ecb-history';
import { fxImportJob } from '@preciofab/worker/jobs/fx-import.job';
import { createWorkerRunner, type WorkerRunner } from '@preciofab/worker/queue/worker-runner';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let runner: WorkerRunner;
let vendorId: string;

const today = new Date().toISOString().slice(0, 10);
/** ISO 4217 withdrew these; the ECB's history still has their columns. */
const WITHDRAWN = new Set(['CYP', 'EEK', 'LTL', 'LVL', 'MTL', 'ROL', 'SIT', 'SKK', 'TRL', 'HRK']);
const CODES = ECB_HISTORY_HEADER.split(',').slice(1, -1);

beforeAll(async () => {
  t = await createTestApp();
  vendorId = (
    await t.call('POST', '/api/v1/vendors', {
      body: { name: 'Resinas JP', capabilities: ['materials_supply'] },
    })
  ).json().id;
  runner = createWorkerRunner({
    db: t.db,
    pubsub: t.ctx.pubsub,
    definitions: [fxImportJob],
    concurrency: 1,
    log: { info: () => undefined, error: () => undefined },
    pollMs: 25,
    crawlerSettings: {
      allowedHosts: [],
      minDelayMs: 0,
      timeoutMs: 1000,
      maxBytes: 1024,
      chromiumPath: null,
      browserPages: 1,
      schedule: false,
    },
  });
  await runner.start();
});
afterAll(async () => {
  await runner.stop();
  await t.close();
});

const price = async (currency: string, amount: number): Promise<string> => {
  const res = await t.call('POST', '/api/v1/prices', {
    body: {
      vendor_id: vendorId,
      service_name: `Resina ${currency}`,
      category: 'materials',
      unit: 'kg',
      price: amount,
      currency,
      includes_tax: false,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
};
const normalized = async (id: string) =>
  (await t.call('GET', `/api/v1/observations/${id}`)).json().normalized as Record<string, unknown>;

type Status = {
  job_id: string;
  state: string;
  result: null | {
    format: string;
    rates: number;
    currencies: Record<string, { from: string; to: string; count: number }>;
    renormalized: number;
    skipped: number;
    errors: { line: number; message: string }[];
    error_count: number;
  };
  error: string | null;
};

const settled = (id: string, lang: 'en' | 'es' = 'en') =>
  waitFor(
    async () => {
      const res = await t.call('GET', `/api/v1/fx-rates/imports/${id}`, { lang });
      expect(res.statusCode).toBe(200);
      const status = res.json() as Status;
      return status.state === 'completed' || status.state === 'failed' ? status : undefined;
    },
    { timeoutMs: 120_000, intervalMs: 50, what: `import ${id}` },
  );

const rateCount = async () =>
  (await t.db.query<{ n: number }>('select count(*)::int as n from fx_rates')).rows[0]!.n;

describe('POST /api/v1/fx-rates/import', () => {
  it("imports the ECB's whole history (about 2 MB) in the background and re-prices what it covers", async () => {
    const jpy = await price('JPY', 5000);
    const mxn = await price('MXN', 2000);
    expect(await normalized(jpy)).toMatchObject({ usd_status: 'no_rate', price_usd: null });
    expect(await normalized(mxn)).toMatchObject({ fx_rate: 17 });

    const file = ecbHistory(6900, today);
    expect(file.length).toBeGreaterThan(1024 * 1024); // more than the server's default body limit
    const started = Date.now();
    const res = await t.call('POST', '/api/v1/fx-rates/import', { body: { content: file } });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ state: 'queued', result: null, error: null });
    const status = await settled(res.json().job_id);
    const seconds = (Date.now() - started) / 1000;

    // What the file holds, counted here: per day with a dollar rate, the euro and every active
    // currency with a value; the rest skipped.
    let expected = 0;
    let skipped = 0;
    for (const line of file.trim().split('\n').slice(1)) {
      const cells = line.split(',').slice(1, -1);
      const usd = cells[CODES.indexOf('USD')];
      const others = cells.filter((_, k) => CODES[k] !== 'USD');
      if (usd === 'N/A') {
        skipped += others.length;
        continue;
      }
      expected += 1;
      others.forEach((v, k) => {
        const code = CODES.filter((c) => c !== 'USD')[k]!;
        if (v === 'N/A' || WITHDRAWN.has(code)) skipped++;
        else expected++;
      });
    }
    expect(status).toMatchObject({ state: 'completed', error: null });
    expect(status.result).toMatchObject({
      format: 'ecb',
      rates: expected,
      skipped,
      errors: [],
      error_count: 0,
    });
    expect(Object.keys(status.result!.currencies)).toHaveLength(31); // 30 active + EUR
    expect(status.result!.currencies.HRK).toBeUndefined();
    expect(status.result!.renormalized).toBe(2);
    expect(await rateCount()).toBe(3 + expected);
    process.stdout.write(
      `ECB history through the API: ${expected} rates from ${(file.length / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s` +
        ` (${Math.round(expected / seconds)} rates/s, queue and polling included)\n`,
    );

    // The yen price now converts at the file's last rate: its value over the dollar's.
    const last = file.split('\n')[1]!.split(',');
    const perUsd = divideDecimal(last[CODES.indexOf('JPY') + 1]!, last[CODES.indexOf('USD') + 1]!, 8);
    expect(await normalized(jpy)).toMatchObject({
      usd_status: 'converted',
      fx_rate: Number(perUsd),
      fx_date: last[0],
      price_usd: Number(divideDecimal('5000', perUsd, 6)),
    });
    expect((await normalized(mxn)).fx_rate).not.toBe(17);

    // The file left the job's row; the outcome stayed.
    const job = await t.db.query<{ has: boolean; rates: number }>(
      "select payload ? 'content' as has, (payload -> 'done' ->> 'rates')::int as rates from jobs where id = $1",
      [status.job_id],
    );
    expect(job.rows[0]).toEqual({ has: false, rates: expected });
    const activity = await t.db.query<{ actor_id: string; details: Record<string, unknown> }>(
      "select actor_id, details from activity_log where action = 'fx_imported'",
    );
    expect(activity.rows).toEqual([
      {
        actor_id: t.users.admin.id,
        details: expect.objectContaining({ name: 'ecb', count: expected, format: 'ecb', currencies: 31 }),
      },
    ]);
    const rates = await t.call('GET', '/api/v1/fx-rates', { query: { currency: 'JPY', limit: 1 } });
    expect(rates.json()).toMatchObject({ total: status.result!.currencies.JPY!.count });
    expect(rates.json().data[0]).toMatchObject({ effective_date: last[0], source: 'ecb' });
  });

  it('refuses a file with errors as a whole, and lists its lines in the reader’s language', async () => {
    const before = await rateCount();
    const rows = ['date,currency,units_per_usd', '2024-01-05,COP,3950.25'];
    for (let i = 0; i < 24; i++) rows.push(`2024-01-${String(6 + i).padStart(2, '0')},COP,n/a`);
    rows.push('2024-01-31,XYZ,1.5');
    const res = await t.call('POST', '/api/v1/fx-rates/import', {
      body: { format: 'rates', content: rows.join('\n'), source: 'banco' },
    });
    expect(res.statusCode).toBe(202);
    const en = await settled(res.json().job_id);
    expect(en.state).toBe('failed');
    expect(en.error).toBe('Errors in the file: 25; nothing was imported');
    expect(en.result).toMatchObject({ rates: 0, error_count: 25 });
    expect(en.result!.errors).toHaveLength(20);
    expect(en.result!.errors[0]).toEqual({
      line: 3,
      message: 'Invalid rate "n/a": a number greater than 0, with a decimal point',
    });
    const es = await settled(res.json().job_id, 'es');
    expect(es.error).toBe('Errores en el archivo: 25; no se importó nada');
    expect(es.result!.errors[0]!.message).toBe(
      'Tipo de cambio no válido "n/a": un número mayor que 0, con punto decimal',
    );
    expect(await rateCount()).toBe(before);
  });

  it('imports date,currency,units_per_usd rows under the given source', async () => {
    const content = 'Date;Currency;Units_per_USD\r\n2024-03-01;COP;3950.123456789\r\n2024-03-01;ARS;850\r\n';
    const res = await t.call('POST', '/api/v1/fx-rates/import', { body: { content, source: 'banrep' } });
    const status = await settled(res.json().job_id);
    expect(status).toMatchObject({ state: 'completed', result: { format: 'rates', rates: 2, skipped: 0 } });
    const cop = await t.call('GET', '/api/v1/fx-rates', { query: { currency: 'COP' } });
    expect(cop.json().data).toMatchObject([
      { effective_date: '2024-03-01', units_per_usd: 3950.12345679, source: 'banrep' },
    ]);
  });

  it('answers 400 at once for a file that is neither format, or too large', async () => {
    const unknown = await t.call('POST', '/api/v1/fx-rates/import', { body: { content: 'fecha,moneda\n' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      {
        field: 'content',
        message:
          "The file is neither the ECB's reference rates (Date,USD,JPY,…) nor rows of date,currency,units_per_usd",
      },
    ]);
    // 8 MB of two-byte characters: under the cap in characters, over it in bytes.
    const wide = `date,currency,units_per_usd\n${'ñ'.repeat(FX_IMPORT_MAX_BYTES / 2 + 1)}`;
    const large = await t.call('POST', '/api/v1/fx-rates/import', { body: { content: wide }, lang: 'es' });
    expect(large.statusCode).toBe(400);
    expect(large.json().errors[0]).toMatchObject({
      field: 'content',
      message: 'El archivo es demasiado grande: máximo 8 MB',
    });
    // Past the route's own body limit, the request is refused before it is parsed.
    const huge = await t.call('POST', '/api/v1/fx-rates/import', {
      // Each quote takes two bytes in JSON: past the route's limit of twice the cap and 64 kB.
      body: { content: '"'.repeat(FX_IMPORT_MAX_BYTES + 40_000) },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().detail).toBe('The request body is too large');
    expect(
      await t.db.query("select 1 from jobs where name = 'fx.import' and state = 'queued'"),
    ).toMatchObject({
      rows: [],
    });
  });

  it('says why an import the worker could not finish failed, in the reader’s language, its technical text apart', async () => {
    const failedJob = async (lastError: string) =>
      (
        await t.db.query<{ id: string }>(
          `insert into jobs (name, payload, state, last_error)
           values ('fx.import', '{"format":"rates","actor_id":null,"done":null}', 'failed', $1) returning id`,
          [lastError],
        )
      ).rows[0]!.id;
    const status = async (id: string, lang: 'es' | 'en') =>
      (await t.call('GET', `/api/v1/fx-rates/imports/${id}`, { lang })).json() as Status & {
        error_code: string | null;
        error_detail: string | null;
      };

    // As the job's final-failure hook records it (fx-import.job.ts): a note with the code.
    const coded = await failedJob(
      failureNote({ code: 'database_unavailable', detail: 'connect ECONNREFUSED 127.0.0.1:5432' }),
    );
    expect(await status(coded, 'es')).toMatchObject({
      state: 'failed',
      error: 'no se pudo conectar con la base de datos; no se importó nada',
      error_code: 'database_unavailable',
      error_detail: 'connect ECONNREFUSED 127.0.0.1:5432',
    });
    expect((await status(coded, 'en')).error).toBe('the database could not be reached; nothing was imported');

    // A text from before the notes: read by its words when they say why, else the general reason.
    const old = await failedJob('Connection terminated unexpectedly');
    expect(await status(old, 'en')).toMatchObject({
      error: 'the database could not be reached; nothing was imported',
      error_code: 'database_unavailable',
      error_detail: 'Connection terminated unexpectedly',
    });
    const odd = await failedJob('the gremlins');
    expect(await status(odd, 'es')).toMatchObject({
      error: 'ocurrió un error inesperado; no se importó nada',
      error_code: 'unknown',
      error_detail: 'the gremlins',
    });
    // A refused file keeps its reason by key, with the code of a file with errors.
    const refused = await failedJob('errors.fx_import_timeout');
    expect(await status(refused, 'en')).toMatchObject({
      error: 'The import took too long and was stopped; nothing was imported',
      error_code: 'timeout',
      error_detail: null,
    });
    await t.db.query('delete from jobs where id = any($1)', [[coded, old, odd, refused]]);
  });

  it('is for administrators only, and knows only import jobs', async () => {
    const body = { content: 'date,currency,units_per_usd\n2024-01-01,MXN,17\n' };
    const asOperator = await t.call('POST', '/api/v1/fx-rates/import', {
      token: t.users.operator.token,
      body,
    });
    expect(asOperator.statusCode).toBe(403);
    const other = await t.db.query<{ id: string }>(
      "insert into jobs (name, payload) values ('evidence.cleanup', '{}') returning id",
    );
    const missing = await t.call('GET', `/api/v1/fx-rates/imports/${other.rows[0]!.id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Rate import not found');
    expect((await t.call('GET', '/api/v1/fx-rates/imports/nope')).statusCode).toBe(400);
  });
});
