import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@preciofab/db/client';
import { createLocalPubSub } from '@preciofab/db/pubsub';
import { sessionsRepository, usersRepository } from '@preciofab/db/repositories/users.repository';
import { createTestDb } from '@preciofab/db/testing/test-db';
import { isReservedName, namedHosts } from '@preciofab/db/testing/named-hosts';
import { createJobQueue } from '@preciofab/db/job-queue';
import { CRAWL_RUN_JOB, DISCOVERY_RUN_JOB } from '@preciofab/shared/contracts/jobs';
import { createScheduler } from '@preciofab/worker/scheduler/scheduler';
import { memoryLogger } from '@preciofab/worker/testing/test-db';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { demoConfig } from './demo-config.ts';
import { prepareDemoDatabase, type DemoDatabase } from './demo-database.ts';
import { startDemoWeb, type DemoWeb } from './demo-web.ts';

const DAY = 86_400_000;

describe("the demo database's first start", { timeout: 180_000 }, () => {
  let web: DemoWeb;
  let db: Db;
  let drop: () => Promise<void>;
  let first: DemoDatabase;

  beforeAll(async () => {
    web = await startDemoWeb(0);
    ({ db, drop } = await createTestDb());
    first = await prepareDemoDatabase(db, web);
  }, 180_000);
  afterAll(async () => {
    await drop?.();
    await web?.close();
  });

  it("names only reserved hosts (.example, .test) and the demo web's own addresses", async () => {
    expect(first.seeded?.counts.vendors).toBeGreaterThan(40);
    const hosts = [...(await namedHosts(db))];
    expect(hosts.filter((h) => !isReservedName(h) && !web.hosts.includes(h))).toEqual([]);
    // The demo web's vendors, targets and sources are there, on its ports.
    expect(hosts.filter((h) => web.hosts.includes(h)).length).toBeGreaterThanOrEqual(4);
  });

  it('has nothing due: the demo scheduler starts no discovery or crawl run, then or in the month after', async () => {
    const config = demoConfig({}, web);
    const queue = createJobQueue(db, createLocalPubSub());
    const scheduler = createScheduler({ db, queue, log: memoryLogger(), crawls: config.CRAWLER_SCHEDULE });
    for (const days of [0, 1, 8, 32]) {
      expect(await scheduler.tick(new Date(Date.now() + days * DAY))).toMatchObject({
        discovery: 0,
        crawls: 0,
      });
    }
    const jobs = await db.query('select name from jobs where name = any($1)', [
      [DISCOVERY_RUN_JOB, CRAWL_RUN_JOB],
    ]);
    expect(jobs.rows).toEqual([]);
    const sources = await db.query<{ name: string }>(
      "select name from discovery_sources where active and schedule <> '' or status <> 'idle'",
    );
    expect(sources.rows).toEqual([]);
    // Nor is any seeded target on a fictional site due, should someone turn the schedule on.
    const due = await db.query<{ url: string }>(
      `select url from crawl_targets
        where active and (next_crawl_at is null or next_crawl_at <= now()) and not (domain = any($1))`,
      [web.hosts],
    );
    expect(due.rows).toEqual([]);
  });

  it('retires the password older demos published, once, and signs that account out', async () => {
    const old = await usersRepository.insert(db, {
      email: 'demo@preciofab.example',
      name: 'Demo',
      role: 'admin',
      passwordHash: await hashPassword('demo-preciofab'),
    });
    await sessionsRepository.insert(db, old.id, 'a-token-hash', 3600);
    const again = await prepareDemoDatabase(db, web);
    expect(again.seeded).toBeNull();
    expect(again.retired?.email).toBe('demo@preciofab.example');
    const hash = (await usersRepository.findById(db, old.id))!.password_hash;
    expect(await verifyPassword('demo-preciofab', hash)).toBe(false);
    expect(await verifyPassword(again.retired!.password, hash)).toBe(true);
    const open = await db.query('select id from sessions where user_id = $1 and revoked_at is null', [
      old.id,
    ]);
    expect(open.rows).toEqual([]);
    expect((await prepareDemoDatabase(db, web)).retired).toBeNull();
  });
});
