import { allJobs } from '@preciofab/worker/jobs/all-jobs';
import { createWorkerRunner } from '@preciofab/worker/queue/worker-runner';
import { testCrawler } from '@preciofab/worker/testing/fixture-web';
import { memoryLogger } from '@preciofab/worker/testing/test-db';
import { createTestApp, type TestApp } from './test-app.ts';

export type TestAppWithWorker = TestApp & { stopAll(): Promise<void> };

/** The real app with a job worker beside it whose crawler may reach 127.0.0.1 (no pause, no
 * browser): crawl and discovery runs asked through the API are carried out. */
export async function createTestAppWithWorker(): Promise<TestAppWithWorker> {
  const t = await createTestApp();
  const crawler = testCrawler();
  const runner = createWorkerRunner({
    db: t.db,
    pubsub: t.ctx.pubsub,
    definitions: allJobs,
    concurrency: 1,
    log: memoryLogger(),
    pollMs: 20,
    crawler,
  });
  await runner.start();
  return {
    ...t,
    async stopAll() {
      await runner.stop();
      await crawler.close();
      await t.close();
    },
  };
}
