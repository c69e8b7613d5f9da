import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_GENERATE_JOB, reportSingletonKey } from '@preciofab/shared/contracts/jobs';
import { createJobQueue } from './job-queue.ts';
import { createLocalPubSub } from './pubsub.ts';
import { createTestDb, type TestDb } from './testing/test-db.ts';

let t: TestDb;
const pubsub = createLocalPubSub();
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await pubsub.close();
  await t.drop();
});

const REPORT = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

describe('the typed job queue', () => {
  it('enqueues a job of the contract with its payload and the contract’s attempts', async () => {
    const queue = createJobQueue(t.db, pubsub);
    const id = await queue.enqueue(
      REPORT_GENERATE_JOB,
      { report_id: REPORT },
      { singletonKey: reportSingletonKey(REPORT) },
    );
    expect(await queue.get(id!)).toMatchObject({
      name: 'report.generate',
      payload: { report_id: REPORT },
      max_attempts: 2,
      state: 'queued',
    });
    expect(
      await queue.enqueue(
        REPORT_GENERATE_JOB,
        { report_id: REPORT },
        { singletonKey: reportSingletonKey(REPORT) },
      ),
    ).toBeNull();
  });

  it('refuses, at compile time and at run time, a payload that is not the name’s', async () => {
    const queue = createJobQueue(t.db, pubsub);
    // @ts-expect-error a report generation carries a report_id, not a source_id
    await expect(queue.enqueue(REPORT_GENERATE_JOB, { source_id: REPORT })).rejects.toThrow(/report_id/);
    const rows = await t.db.query<{ name: string }>('select name from jobs order by created_at');
    expect(rows.rows.map((r) => r.name)).toEqual(['report.generate']);
    // Names too are the contract's (checked by tsc, never run).
    const _unknownName = () =>
      // @ts-expect-error no job has this name
      queue.enqueue('report.generated', { report_id: REPORT });
  });
});
