import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlRunsRepository } from '@preciofab/db/repositories/crawl-runs.repository';
import { failureReasonText } from '@preciofab/shared/job-failures';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let vendorId: string;
beforeAll(async () => {
  t = await createTestApp();
  vendorId = (
    await t.call('POST', '/api/v1/vendors', {
      body: { name: 'Impresiones Roma', capabilities: ['fdm_printing'] },
    })
  ).json().id;
});
afterAll(() => t.close());

const byField = (body: { errors: { field: string; message: string }[] }) =>
  Object.fromEntries(body.errors.map((e) => [e.field, e.message]));

describe('crawl runs', () => {
  let runId: string;

  it('queues a run: 202 with exactly run_id and status, the run row, its job and the activity', async () => {
    const res = await t.call('POST', '/api/v1/crawl/run', {
      token: t.users.operator.token,
      body: { type: 'all' },
    });
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['run_id', 'status']);
    expect(body.status).toBe('queued');
    runId = body.run_id;

    const run = await t.db.query<{
      job_id: string;
      force: boolean;
      parallel_workers: number;
      requested_by: string;
    }>('select job_id, force, parallel_workers, requested_by from crawl_runs where id = $1', [runId]);
    expect(run.rows[0]).toMatchObject({
      force: false,
      parallel_workers: 4,
      requested_by: t.users.operator.id,
    });
    const job = await t.ctx.queue.get(run.rows[0]!.job_id);
    expect(job).toMatchObject({ name: 'crawl.run', state: 'queued', payload: { run_id: runId } });
    const activity = await t.db.query<{ action: string; actor_id: string }>(
      "select action, actor_id from activity_log where entity_type = 'crawl_run' and entity_id = $1",
      [runId],
    );
    expect(activity.rows).toEqual([{ action: 'crawl_queued', actor_id: t.users.operator.id }]);
  });

  it('keeps only the filter of the run type', async () => {
    const vendorRun = await t.call('POST', '/api/v1/crawl/run', {
      body: { type: 'vendor', vendor_id: vendorId, category: 'materials', force: true, parallel_workers: 10 },
    });
    expect(vendorRun.statusCode).toBe(202);
    const got = (await t.call('GET', `/api/v1/crawl/runs/${vendorRun.json().run_id}`)).json();
    expect(got).toMatchObject({
      type: 'vendor',
      vendor_id: vendorId,
      category: null,
      force: true,
      parallel_workers: 10,
      status: 'queued',
    });
    const categoryRun = await t.call('POST', '/api/v1/crawl/run', {
      body: { type: 'category', category: 'laser_cutting', vendor_id: '', parallel_workers: 1 },
    });
    expect(categoryRun.statusCode).toBe(202);
    expect((await t.call('GET', `/api/v1/crawl/runs/${categoryRun.json().run_id}`)).json()).toMatchObject({
      type: 'category',
      category: 'laser_cutting',
      vendor_id: null,
    });
  });

  it('checks vendor id and category by type, and the parallel-worker range (§5, DECISIONS.md)', async () => {
    const vendor = await t.call('POST', '/api/v1/crawl/run', { body: { type: 'vendor', vendor_id: '' } });
    expect(vendor.statusCode).toBe(400);
    expect(byField(vendor.json())).toEqual({ vendor_id: 'Vendor ID is required' });
    const category = await t.call('POST', '/api/v1/crawl/run', { body: { type: 'category' } });
    expect(byField(category.json())).toEqual({ category: 'Please select a category' });
    for (const parallel_workers of [0, 11, 2.5]) {
      const res = await t.call('POST', '/api/v1/crawl/run', { body: { type: 'all', parallel_workers } });
      expect(res.statusCode).toBe(400);
      expect(byField(res.json())).toEqual({ parallel_workers: 'Parallel workers must be between 1 and 10' });
    }
    const both = await t.call('POST', '/api/v1/crawl/run', {
      lang: 'es',
      body: { type: 'vendor', parallel_workers: 20 },
    });
    expect(byField(both.json())).toEqual({
      parallel_workers: 'Los trabajadores en paralelo deben estar entre 1 y 10',
      vendor_id: 'El ID del proveedor es obligatorio',
    });
  });

  it('answers a field error when the vendor does not exist, and queues nothing', async () => {
    const before = await t.db.query<{ n: number }>('select count(*)::int as n from jobs');
    for (const vendor_id of ['00000000-0000-4000-8000-000000000000', 'roma']) {
      const res = await t.call('POST', '/api/v1/crawl/run', { body: { type: 'vendor', vendor_id } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'vendor_id', message: 'Vendor not found' }]);
    }
    const after = await t.db.query<{ n: number }>('select count(*)::int as n from jobs');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('rejects unknown fields and unknown types', async () => {
    const res = await t.call('POST', '/api/v1/crawl/run', { body: { type: 'all', depth: 3 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      field: 'depth',
      message: 'Unknown field: depth',
      code: 'unrecognized_keys',
    });
    expect((await t.call('POST', '/api/v1/crawl/run', { body: { type: 'everything' } })).statusCode).toBe(
      400,
    );
    expect((await t.call('POST', '/api/v1/crawl/run', { body: {} })).statusCode).toBe(400);
  });

  it('lists runs newest first, filtered by status, and gets one', async () => {
    const list = await t.call('GET', '/api/v1/crawl/runs', { token: t.users.viewer.token });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({ total: 3, limit: 20, offset: 0 });
    expect(body.data.at(-1).id).toBe(runId);
    expect(body.data[0]).toMatchObject({
      status: 'queued',
      stage: null,
      progress: 0,
      targets_total: 0,
      targets_done: 0,
      pages_fetched: 0,
      observations_created: 0,
      errors: [],
      started_at: null,
      finished_at: null,
    });

    await t.db.query(
      `update crawl_runs set status = 'failed', errors = '[{"message":"boom","url":"https://x.example.mx/"}]'
       where id = $1`,
      [runId],
    );
    const failed = (await t.call('GET', '/api/v1/crawl/runs', { query: { status: 'failed' } })).json();
    expect(failed.total).toBe(1);
    expect(failed.data[0]).toMatchObject({
      id: runId,
      errors: [{ message: 'boom', url: 'https://x.example.mx/' }],
    });
    expect((await t.call('GET', '/api/v1/crawl/runs', { query: { status: 'queued' } })).json().total).toBe(2);
    const page = (await t.call('GET', '/api/v1/crawl/runs', { query: { limit: 1, offset: 2 } })).json();
    expect(page.data.map((r: { id: string }) => r.id)).toEqual([runId]);

    const one = await t.call('GET', `/api/v1/crawl/runs/${runId}`, { token: t.users.viewer.token });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: runId, type: 'all', status: 'failed' });
  });

  it("answers a failed run's reason as a code, its technical text apart; an older free text as unknown", async () => {
    const run = async () =>
      crawlRunsRepository.insert(t.db, {
        type: 'all',
        force: false,
        parallel_workers: 1,
        vendor_id: null,
        category: null,
        requested_by: null,
      });
    const coded = await run();
    // As the crawl job records it (crawl-run.job.ts): the code, and Node's words as the message.
    await crawlRunsRepository.fail(t.db, coded, {
      message: 'connect ECONNREFUSED 127.0.0.1:5432',
      code: 'database_unavailable',
    });
    const body = (await t.call('GET', `/api/v1/crawl/runs/${coded}`)).json();
    expect(body.errors).toEqual([
      { message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'database_unavailable' },
    ]);
    expect(failureReasonText('es', body.errors[0])).toBe('no se pudo conectar con la base de datos');
    expect(failureReasonText('en', body.errors[0])).toBe('the database could not be reached');

    const old = await run();
    await t.db.query(
      `update crawl_runs set status = 'failed', errors = '[{"message":"socket hang up"}]' where id = $1`,
      [old],
    );
    const oldBody = (await t.call('GET', `/api/v1/crawl/runs/${old}`)).json();
    expect(oldBody.errors).toEqual([{ message: 'socket hang up', code: 'unknown' }]);
    expect(failureReasonText('es', oldBody.errors[0])).toBe('ocurrió un error inesperado');
    await t.db.query('delete from crawl_runs where id = any($1)', [[coded, old]]);
  });

  it('answers 400 for bad query values and malformed ids, 404 for an unknown run', async () => {
    for (const query of [
      { limit: 0 },
      { limit: 101 },
      { status: 'paused' },
      { offset: -1 },
      { sort: 'id' },
    ] as Record<string, string | number>[]) {
      expect((await t.call('GET', '/api/v1/crawl/runs', { query })).statusCode).toBe(400);
    }
    expect((await t.call('GET', '/api/v1/crawl/runs/not-a-uuid')).statusCode).toBe(400);
    const missing = await t.call('GET', '/api/v1/crawl/runs/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Crawl run not found');
  });

  it('needs a token, and forbids viewers to start a crawl', async () => {
    expect((await t.call('GET', '/api/v1/crawl/runs', { token: null })).statusCode).toBe(401);
    expect(
      (await t.call('POST', '/api/v1/crawl/run', { token: null, body: { type: 'all' } })).statusCode,
    ).toBe(401);
    const res = await t.call('POST', '/api/v1/crawl/run', {
      token: t.users.viewer.token,
      body: { type: 'all' },
    });
    expect(res.statusCode).toBe(403);
  });
});
