import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@preciofab/db/client';
import { createLocalPubSub, type PubSub } from '@preciofab/db/pubsub';
import { FX_IMPORT_JOB } from '@preciofab/shared/contracts/jobs';
import { parseFailureNote } from '@preciofab/shared/job-failures';
import { runFxImport } from '../fx/fx-import-run.ts';
import { createJobQueue, type JobQueue, type JobRow } from '@preciofab/db/job-queue';
import { createWorkerRunner, type WorkerRunner } from '../queue/worker-runner.ts';
import { testCrawler } from '../testing/fixture-web.ts';
import { createTestDb, waitFor } from '../testing/test-db.ts';
import { fxImportJob } from './fx-import.job.ts';

let db: Db;
let drop: () => Promise<void>;
let pubsub: PubSub;
let queue: JobQueue;
let runner: WorkerRunner;
const crawler = testCrawler();

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  pubsub = createLocalPubSub();
  queue = createJobQueue(db, pubsub);
  runner = createWorkerRunner({
    db,
    pubsub,
    definitions: [fxImportJob],
    concurrency: 1,
    log: { info: () => undefined, error: () => undefined },
    pollMs: 25,
    crawler,
  });
  await runner.start();
});
afterAll(async () => {
  await runner.stop();
  await crawler.close();
  await pubsub.close();
  await drop();
});

const settled = (id: string) =>
  waitFor(
    async () => {
      const job = await queue.get(id);
      return job && (job.state === 'completed' || job.state === 'failed') ? job : undefined;
    },
    { what: `job ${id}` },
  );
const count = async (sql: string) => (await db.query<{ n: number }>(sql)).rows[0]!.n;

const FILE = 'date,currency,units_per_usd\n2024-05-02,CLP,925.5\n2024-05-03,CLP,930\n';

describe('the fx.import job', () => {
  it('writes once: a repeated delivery answers with the outcome it kept', async () => {
    const id = (await queue.enqueue(FX_IMPORT_JOB, { format: 'rates', content: FILE, actor_id: null }))!;
    const first = await settled(id);
    expect(first).toMatchObject({ state: 'completed', result: { rates: 2, format: 'rates', error: null } });
    expect(await count("select count(*)::int as n from fx_rates where currency = 'CLP'")).toBe(2);

    // As if the worker had died after its commit and before marking the job done.
    await db.query("update jobs set state = 'queued', result = null where id = $1", [id]);
    const again: JobRow = await settled(id);
    expect(again.state).toBe('completed');
    expect(again.result).toEqual(first.result);
    expect(await count("select count(*)::int as n from activity_log where action = 'fx_imported'")).toBe(1);
  });

  it('drops the file after its last failed attempt, and writes nothing', async () => {
    await db.exec(`
      create function refuse_rates() returns trigger language plpgsql as $$
        begin raise exception 'rates are read-only today'; end $$;
      create trigger refuse_rates before insert on fx_rates for each row execute function refuse_rates();`);
    try {
      const content = FILE.replaceAll('CLP', 'PEN');
      const id = (await queue.enqueue(
        FX_IMPORT_JOB,
        { format: 'auto', content, actor_id: null },
        { maxAttempts: 1 },
      ))!;
      const job = await settled(id);
      expect(job.state).toBe('failed');
      expect(job.last_error).toContain('rates are read-only today');
      // The runner reports the final failure after it marks the job failed: wait for the file to go.
      const payload = await waitFor(
        async () => {
          const p = (await queue.get(id))?.payload as Record<string, unknown> | undefined;
          return p && !('content' in p) ? p : undefined;
        },
        { what: 'the file dropped from the payload' },
      );
      expect(payload).toEqual({ format: 'auto', actor_id: null, done: null });
      expect(await count("select count(*)::int as n from fx_rates where currency = 'PEN'")).toBe(0);
      // Why, as a code the status translates: the database refused the write, its words the detail.
      const failure = await waitFor(
        async () => {
          const text = (await queue.get(id))?.last_error ?? '';
          return parseFailureNote(text) ?? undefined;
        },
        { what: 'the failure recorded as a note' },
      );
      expect(failure).toMatchObject({
        code: 'database_error',
        detail: expect.stringContaining('read-only today'),
      });
    } finally {
      await db.exec('drop trigger refuse_rates on fx_rates; drop function refuse_rates();');
    }
  });

  it('writes nothing when its time is up before the write', async () => {
    const r = await runFxImport(db, {
      content: FILE.replaceAll('CLP', 'BOB'),
      format: 'rates',
      actorId: null,
      deadline: Date.now() - 1,
    });
    expect(r).toMatchObject({ rates: 0, error: { key: 'errors.fx_import_timeout' } });
    expect(await count("select count(*)::int as n from fx_rates where currency = 'BOB'")).toBe(0);
  });
});
