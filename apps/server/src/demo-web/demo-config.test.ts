import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targetsRepository } from '@preciofab/db/repositories/targets.repository';
import { startServer as startLocalServer, type LocalServer } from '@preciofab/fetch/test-servers';
import { crawlerSettings } from '@preciofab/worker/crawl/crawler-config';
import { allJobs } from '@preciofab/worker/jobs/all-jobs';
import { createWorkerRunner, type WorkerRunner } from '@preciofab/worker/queue/worker-runner';
import { memoryLogger, waitFor } from '@preciofab/worker/testing/test-db';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { demoConfig } from './demo-config.ts';
import { DEMO_SITES } from './demo-sites.ts';
import { startDemoWeb, type DemoWeb } from './demo-web.ts';
import { seedDemoWeb } from './seed-demo-web.ts';

describe("the demo's configuration", () => {
  let web: DemoWeb;
  // Another service of this machine, on 127.0.0.1 but not the demo web.
  let neighbour: LocalServer;

  beforeAll(async () => {
    web = await startDemoWeb(0);
    neighbour = await startLocalServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Precio: $100 MXN</p>'),
    );
  });
  afterAll(async () => {
    await neighbour?.close();
    await web?.close();
  });

  it('listens on loopback unless HOST says otherwise, and sets no admin password of its own', () => {
    const config = demoConfig({}, web);
    expect(config.HOST).toBe('127.0.0.1');
    expect(demoConfig({ HOST: '0.0.0.0' }, web).HOST).toBe('0.0.0.0');
    // The first start creates the admin with a random password and prints it once.
    expect(config.ADMIN_EMAIL).toBeUndefined();
    expect(config.ADMIN_PASSWORD).toBeUndefined();
    expect(config.CRAWLER_SCHEDULE).toBe(false);
  });

  it("allow-lists the demo web's own ports, each one, and what the environment adds", () => {
    const allowed = demoConfig({}, web).CRAWLER_ALLOWED_HOSTS;
    expect(allowed).toEqual(web.hosts);
    expect(allowed).toHaveLength(DEMO_SITES.length + 2);
    for (const host of allowed) expect(host).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(allowed).not.toContain('127.0.0.1');
    expect(demoConfig({ CRAWLER_ALLOWED_HOSTS: 'fx.test:8080' }, web).CRAWLER_ALLOWED_HOSTS).toEqual([
      ...web.hosts,
      'fx.test:8080',
    ]);
  });

  describe('a demo crawl', () => {
    let t: TestApp;
    let runner: WorkerRunner;

    beforeAll(async () => {
      const config = demoConfig({ CRAWLER_SCREENSHOTS: 'false', CRAWLER_MIN_DELAY_MS: '0' }, web);
      t = await createTestApp({
        CRAWLER_ALLOWED_HOSTS: config.CRAWLER_ALLOWED_HOSTS.join(','),
        CRAWLER_MIN_DELAY_MS: '0',
      });
      runner = createWorkerRunner({
        db: t.db,
        pubsub: t.ctx.pubsub,
        definitions: allJobs,
        concurrency: 1,
        log: memoryLogger(),
        pollMs: 20,
        crawlerSettings: crawlerSettings(config),
      });
      await runner.start();
    });
    afterAll(async () => {
      await runner?.stop();
      await t?.close();
    });

    it('reads the demo web and is refused 127.0.0.1 on any other port, without connecting', async () => {
      await seedDemoWeb(t.db, web);
      const lumbre = (
        await t.db.query<{ id: string }>("select id from vendors where name = 'Prototipos Lumbre (demo)'")
      ).rows[0]!.id;
      const elsewhere = `${neighbour.origin}/precios`;
      await targetsRepository.insert(t.db, lumbre, {
        url: elsewhere,
        domain: new URL(elsewhere).host,
        category: 'additive_manufacturing',
        priority: 5,
        frequency_hours: 24,
        active: true,
      });
      const before = neighbour.connections();

      const run = await t.call('POST', '/api/v1/crawl/run', { body: { type: 'all', force: true } });
      const runId = run.json<{ run_id: string }>().run_id;
      await waitFor(
        async () =>
          (await t.call('GET', `/api/v1/crawl/runs/${runId}`)).json<{ status: string }>().status ===
          'completed',
        { timeoutMs: 30_000 },
      );
      const targets = await t.db.query<{ url: string; last_status: string; last_error_code: string | null }>(
        'select url, last_status, last_error_code from crawl_targets where vendor_id = $1',
        [lumbre],
      );
      expect(new Map(targets.rows.map((r) => [r.url, [r.last_status, r.last_error_code]]))).toEqual(
        new Map([
          [`${web.origins.lumbre}/precios`, ['ok', null]],
          [elsewhere, ['failed', 'refused_address']],
        ]),
      );

      // The Test button of the target form reads pages the same way.
      const preview = await t.call('POST', '/api/v1/crawl-targets/preview', {
        token: t.users.operator.token,
        body: { url: elsewhere },
      });
      expect(preview.statusCode).toBe(422);
      expect(preview.json().errors[0]).toMatchObject({ field: 'url', code: 'refused_address' });
      expect(neighbour.connections()).toBe(before);
    }, 60_000);
  });
});
