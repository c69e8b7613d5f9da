import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@preciofab/db/client';
import { createJobQueue } from '@preciofab/db/job-queue';
import { createLocalPubSub } from '@preciofab/db/pubsub';
import { planAlertDeliveries } from '@preciofab/db/repositories/delivery-planner';
import { closeMailers } from '../channels/channel-settings.ts';
import { createWorkerRunner, type WorkerRunner } from '../queue/worker-runner.ts';
import { decodeMail, insertAlert, insertRule, insertUser, subscribe } from '../testing/alert-fixtures.ts';
import { testCrawler } from '../testing/fixture-web.ts';
import { startSmtpTestServer, type SmtpTestServer } from '../testing/smtp-test-server.ts';
import { createTestDb, waitFor } from '../testing/test-db.ts';
import { allJobs } from './all-jobs.ts';

let db: Db;
let drop: () => Promise<void>;
let smtp: SmtpTestServer;
let runner: WorkerRunner;
const crawler = testCrawler();
const pubsub = createLocalPubSub();

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  smtp = await startSmtpTestServer();
  runner = createWorkerRunner({
    db,
    pubsub,
    definitions: allJobs.filter((d) => d.name === 'alerts.deliver'),
    concurrency: 1,
    log: { info: () => undefined, error: () => undefined },
    pollMs: 25,
    crawler,
    channels: {
      smtpUrl: smtp.url,
      mailFrom: 'PrecioFab <alertas@preciofab.test>',
      publicUrl: 'https://p.example',
    },
  });
  await runner.start();
});
afterAll(async () => {
  await runner.stop();
  closeMailers();
  await smtp.close();
  await crawler.close();
  await drop();
});

describe('alerts.deliver on a worker', () => {
  it('sends an alert planned in the alert’s own transaction, with the runner’s SMTP settings', async () => {
    const owner = await insertUser(db);
    const reader = await insertUser(db, { language: 'en' });
    const rule = await insertRule(db, owner, 'Worker rule');
    await subscribe(db, reader, rule, 'immediate');
    const queue = createJobQueue(db, pubsub);
    await db.transaction(async (tx) => {
      const alert = await insertAlert(tx, rule);
      await planAlertDeliveries(tx, queue, [alert]);
    });
    await waitFor(() => smtp.received.length > 0, { what: 'the alert email' });
    expect(decodeMail(smtp.received[0]!.raw)).toContain('Rule: Worker rule');
    const job = await waitFor(async () => {
      const r = await db.query<{ state: string }>("select state from jobs where name = 'alerts.deliver'");
      return r.rows[0]?.state === 'completed' ? r.rows[0] : undefined;
    });
    expect(job.state).toBe('completed');
    const row = await db.query('select status, attempts from alert_deliveries');
    expect(row.rows).toEqual([{ status: 'sent', attempts: 1 }]);
  });
});
