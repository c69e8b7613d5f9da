import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@preciofab/db/client';
import { createLocalPubSub, type PubSub } from '@preciofab/db/pubsub';
import { discoverySourcesRepository } from '@preciofab/db/repositories/discovery-sources.repository';
import type { PipelineEvent } from '@preciofab/shared/contracts/pipeline';
import { readIssue } from '@preciofab/shared/discovery-issues';
import { translate } from '@preciofab/shared/i18n/messages';
import { PIPELINE_CHANNEL } from '@preciofab/shared/contracts/jobs';
import { createJobQueue, type JobQueue, type JobRow } from '@preciofab/db/job-queue';
import { createWorkerRunner, type WorkerRunner } from '../queue/worker-runner.ts';
import { loadExcludedDomains, saveCandidates, type CollectCandidates } from './discovery-collect.ts';
import { createDiscoveryRunJob, discoveryRunJob } from './discovery-run.job.ts';
import type { JobDefinition } from './job-definition.ts';
import { testCrawler } from '../testing/fixture-web.ts';
import { createTestDb } from '../testing/test-db.ts';

let db: Db;
let drop: () => Promise<void>;
let pubsub: PubSub;
let queue: JobQueue;
let runner: WorkerRunner | undefined;
// Loopback only: these sources name example.mx hosts, which no test may reach.
const crawler = testCrawler();
const events: PipelineEvent[] = [];
const silent = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  pubsub = createLocalPubSub();
  pubsub.subscribe(PIPELINE_CHANNEL, (m) => events.push(m as PipelineEvent));
  queue = createJobQueue(db, pubsub);
});
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});
afterAll(async () => {
  await crawler.close();
  await pubsub.close();
  await drop();
});

let n = 0;
async function newSource(active = true): Promise<string> {
  n++;
  return discoverySourcesRepository.insert(
    db,
    {
      name: `Fuente ${n}`,
      type: 'sitemap',
      config: { sitemap_url: 'https://maker.example.mx/sitemap.xml' },
      schedule: '',
      active,
    },
    null,
  );
}

async function startRunner(def: JobDefinition) {
  runner = createWorkerRunner({
    db,
    pubsub,
    definitions: [def],
    concurrency: 1,
    log: silent,
    pollMs: 25,
    crawler,
  });
  await runner.start();
}

async function settled(jobId: string): Promise<JobRow> {
  for (let i = 0; i < 400; i++) {
    const job = await queue.get(jobId);
    if (job && (job.state === 'completed' || job.state === 'failed')) return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`job ${jobId} did not finish`);
}

async function run(def: JobDefinition, sourceId: string, maxAttempts = 3): Promise<JobRow> {
  const id = await queue.enqueue('discovery.run', { source_id: sourceId }, { maxAttempts });
  await startRunner(def);
  return settled(id!);
}

const activities = async (action: string, entityId: string) =>
  (
    await db.query<{ details: Record<string, unknown> }>(
      'select details from activity_log where action = $1 and entity_id = $2 order by id',
      [action, entityId],
    )
  ).rows.map((r) => r.details);

describe('saveCandidates', () => {
  it('skips known vendors, earlier candidates, excluded domains and repeats, counting the new ones', async () => {
    const sourceId = await newSource();
    await db.query(
      "insert into vendors (name, type, website, website_domain) values ('Acme', 'bureau', $1, $2)",
      ['https://acme.example.mx', 'acme.example.mx'],
    );
    await db.query("insert into excluded_domains (domain) values ('spam.example.com')");
    expect(
      await saveCandidates(db, sourceId, [
        { url: 'https://viejo.example.mx/', title: 'Viejo', confidence_score: 0.5 },
      ]),
    ).toBe(1);

    const added = await saveCandidates(db, sourceId, [
      { url: 'https://www.acme.example.mx/precios', title: 'Acme again', confidence_score: 0.9 },
      { url: 'https://spam.example.com/', title: 'Spam', confidence_score: 0.9 },
      { url: 'https://WWW.Viejo.example.mx/otra', title: 'Viejo 2', confidence_score: 0.9 },
      {
        url: 'https://nuevo.example.mx/servicios',
        title: '  Nuevo  ',
        description: ' Corte láser ',
        confidence_score: 1.7,
        category_suggestions: ['laser_cutting', 'welding', 'laser_cutting'],
      },
      { url: 'https://www.nuevo.example.mx/otra', title: 'Nuevo dup', confidence_score: 0.3 },
      { url: 'ftp://files.example.mx/', title: 'FTP', confidence_score: 0.9 },
      { url: 'not a url', title: 'Broken', confidence_score: 0.9 },
      { url: 'http://otro.example.pe', title: null, confidence_score: -2 },
    ]);
    expect(added).toBe(2);

    const rows = await db.query<{
      domain: string;
      title: string | null;
      description: string | null;
      confidence_score: string;
      category_suggestions: string[];
      source_id: string;
    }>(
      'select domain, title, description, confidence_score, category_suggestions, source_id from discovery_candidates order by domain',
    );
    expect(rows.rows.map((r) => r.domain)).toEqual([
      'nuevo.example.mx',
      'otro.example.pe',
      'viejo.example.mx',
    ]);
    const nuevo = rows.rows[0]!;
    expect(nuevo).toMatchObject({
      title: 'Nuevo',
      description: 'Corte láser',
      category_suggestions: ['laser_cutting'],
      source_id: sourceId,
    });
    expect(Number(nuevo.confidence_score)).toBe(1);
    expect(Number(rows.rows[1]!.confidence_score)).toBe(0);

    const source = await discoverySourcesRepository.findById(db, sourceId);
    expect(source!.total_discovered).toBe(3);
    // A repeated delivery adds nothing and counts nothing.
    expect(
      await saveCandidates(db, sourceId, [{ url: 'https://nuevo.example.mx/', confidence_score: 0.5 }]),
    ).toBe(0);
    expect((await discoverySourcesRepository.findById(db, sourceId))!.total_discovered).toBe(3);
  });

  it('keeps the profile and the price page, only catalogue values and only on the same site', async () => {
    const sourceId = await newSource();
    await saveCandidates(db, sourceId, [
      {
        url: 'https://perfil.example.mx/',
        confidence_score: 0.9,
        profile: {
          vendor_type: 'bureau',
          city: ' Guadalajara ',
          state: 'Jalisco',
          capabilities: ['fdm_printing', 'welding', 'fdm_printing'],
        },
        price_url: 'https://www.perfil.example.mx/precios',
      },
      {
        url: 'https://otro-perfil.example.mx/',
        confidence_score: 0.9,
        profile: { vendor_type: 'spaceship', city: null, state: null, capabilities: [] },
        price_url: 'https://tienda.example.com/otro-perfil',
      },
    ]);
    const rows = await db.query<Record<string, unknown>>(
      `select domain, vendor_type, city, state, capabilities, price_url from discovery_candidates
       where domain like '%perfil.example.mx' order by domain`,
    );
    expect(rows.rows).toEqual([
      {
        domain: 'otro-perfil.example.mx',
        vendor_type: null,
        city: null,
        state: null,
        capabilities: [],
        price_url: null,
      },
      {
        domain: 'perfil.example.mx',
        vendor_type: 'bureau',
        city: 'Guadalajara',
        state: 'Jalisco',
        capabilities: ['fdm_printing'],
        price_url: 'https://www.perfil.example.mx/precios',
      },
    ]);
  });

  it('tells sites on one IP apart by port, against candidates, vendors and excluded domains', async () => {
    const sourceId = await newSource();
    await db.query(
      "insert into vendors (name, type, website, website_domain) values ('Local', 'bureau', $1, '127.0.0.1')",
      ['http://127.0.0.1:4100/'],
    );
    await db.query("insert into excluded_domains (domain) values ('127.0.0.1:4200')");
    const added = await saveCandidates(db, sourceId, [
      { url: 'http://127.0.0.1:4100/', confidence_score: 0.5 },
      { url: 'http://127.0.0.1:4200/', confidence_score: 0.5 },
      { url: 'http://127.0.0.1:4300/', confidence_score: 0.5 },
      { url: 'http://127.0.0.1:4300/otra', confidence_score: 0.5 },
      { url: 'http://127.0.0.1:4400/', confidence_score: 0.5 },
    ]);
    // 4100's vendor row was stored by a form that dropped the port: the exclusion set (below)
    // knows it by its website; the insert's own check only sees the stored domain.
    expect(added).toBe(3);
    const excluded = await loadExcludedDomains(db);
    for (const d of ['127.0.0.1:4100', '127.0.0.1:4200', '127.0.0.1:4300', '127.0.0.1:4400']) {
      expect(excluded.has(d), d).toBe(true);
    }
    expect(excluded.has('127.0.0.1:4500')).toBe(false);
  });
});

describe('the discovery.run job, through a real worker runner', () => {
  it('leaves the source idle with last_run_at set, logging and publishing its stages', async () => {
    const sourceId = await newSource();
    await discoverySourcesRepository.setStatus(db, sourceId, 'queued');
    events.length = 0;
    const nothing: CollectCandidates = async () => ({ candidates: [], errors: [] });
    const job = await run(createDiscoveryRunJob({ collect: nothing }), sourceId);
    expect(job.state).toBe('completed');
    expect(job.result).toEqual({ source_id: sourceId, found: 0, added: 0, errors: 0 });

    const source = await discoverySourcesRepository.findById(db, sourceId);
    expect(source).toMatchObject({ status: 'idle', last_error: null });
    expect(source!.last_run_at).toBeInstanceOf(Date);
    expect(await activities('discovery_started', sourceId)).toHaveLength(1);
    expect(await activities('discovery_completed', sourceId)).toEqual([
      { name: source!.name, count: 0, found: 0, error_count: 0, job_id: job.id },
    ]);
    expect(events.map((e) => [e.stage, e.status, e.message_key, e.details.source])).toEqual([
      ['vendor_processing', 'running', 'pipeline.discovery.collecting', 'discovery'],
      ['data_normalization', 'running', 'pipeline.discovery.saving', 'discovery'],
      ['completed', 'completed', 'pipeline.discovery.completed', 'discovery'],
    ]);
    expect(events[2]!.values).toEqual({ count: 0 });
  });

  it('saves what a collector finds, de-duplicated', async () => {
    const sourceId = await newSource();
    const collect: CollectCandidates = async (source, ctx) => {
      expect(source.id).toBe(sourceId);
      expect(ctx.db).toBe(db);
      return {
        candidates: [
          { url: 'https://hallazgo.example.mx/', title: 'Hallazgo', confidence_score: 0.8 },
          { url: 'https://hallazgo.example.mx/dup', title: 'Hallazgo', confidence_score: 0.8 },
          { url: 'https://nuevo.example.mx/', title: 'Ya propuesto', confidence_score: 0.8 },
        ],
        errors: ['Home page https://hallazgo.example.mx/ could not be read: timeout'],
      };
    };
    const job = await run(createDiscoveryRunJob({ collect }), sourceId);
    expect(job.result).toEqual({ source_id: sourceId, found: 3, added: 1, errors: 1 });
    const source = await discoverySourcesRepository.findById(db, sourceId);
    expect(source).toMatchObject({
      status: 'idle',
      total_discovered: 1,
      last_error: null,
      last_run_errors: ['Home page https://hallazgo.example.mx/ could not be read: timeout'],
    });
    expect((await activities('discovery_completed', sourceId))[0]).toMatchObject({
      count: 1,
      error_count: 1,
      errors: ['Home page https://hallazgo.example.mx/ could not be read: timeout'],
    });
  });

  it('marks the source failed at once, with the error, a log entry and a failed stage', async () => {
    const sourceId = await newSource();
    events.length = 0;
    const collect: CollectCandidates = async () => {
      throw new Error('directory answered 503');
    };
    const job = await run(createDiscoveryRunJob({ collect }), sourceId);
    expect(job.state).toBe('failed');
    // A failed source is not retried: the fetcher already retried what was transient.
    expect(job.attempts).toBe(1);
    // onFinalFailure runs just after the job row is marked failed.
    await runner!.stop();
    const source = await discoverySourcesRepository.findById(db, sourceId);
    expect(source).toMatchObject({
      status: 'failed',
      // A failed run is still a run: its time shows next to the error.
      last_run_at: expect.any(Date),
    });
    // The reason as a code the console words, the technical text kept as its detail.
    expect(readIssue(source!.last_error!)).toEqual({
      kind: 'error',
      code: 'http_status',
      status: 503,
      item: 'source',
      detail: 'directory answered 503',
    });
    expect(await activities('discovery_failed', sourceId)).toEqual([
      { name: source!.name, error_code: 'http_status', error: 'directory answered 503', job_id: job.id },
    ]);
    const failed = events.at(-1)!;
    expect(failed).toMatchObject({
      stage: 'vendor_processing',
      status: 'failed',
      message_key: 'pipeline.discovery.failed',
      values: { name: source!.name, reason_key: 'discovery.errors.http_status', status: 503 },
    });
    // Each reader of the pipeline gets the reason in their language, never the worker's English.
    expect(translate('es', failed.message_key, failed.values)).toBe(
      `Falló el descubrimiento de ${source!.name}: el servidor respondió con el estado HTTP 503`,
    );
    expect(translate('en', failed.message_key, failed.values)).toBe(
      `Discovery run of ${source!.name} failed: the server answered with HTTP status 503`,
    );
  });

  it('masks the source’s own secrets in the per-item errors it keeps and logs', async () => {
    const key = 'sk_live_0123456789abcdef';
    const sourceId = await discoverySourcesRepository.insert(
      db,
      {
        name: 'Con clave',
        type: 'api',
        config: { api_endpoint: `https://api.example.mx/v1?api_key=${key}` },
        schedule: '',
        active: true,
      },
      null,
    );
    const collect: CollectCandidates = async () => ({
      candidates: [],
      errors: [`Page 2 https://api.example.mx/v1?api_key=${key}&page=2 answered HTTP 500`],
    });
    const job = await run(createDiscoveryRunJob({ collect }), sourceId);
    expect(job.state).toBe('completed');
    const masked = 'Page 2 https://api.example.mx/v1?api_key=••••cdef&page=2 answered HTTP 500';
    expect((await discoverySourcesRepository.findById(db, sourceId))!.last_run_errors).toEqual([masked]);
    expect((await activities('discovery_completed', sourceId))[0]).toMatchObject({ errors: [masked] });
    // The collector itself still reads the real key.
    expect((await discoverySourcesRepository.findById(db, sourceId))!.config.api_endpoint).toContain(key);
  });

  it('skips a source that is inactive (leaving it idle) or gone', async () => {
    const inactive = await newSource(false);
    await discoverySourcesRepository.setStatus(db, inactive, 'queued');
    const job = await run(discoveryRunJob, inactive);
    expect(job).toMatchObject({ state: 'completed', result: { skipped: 'source inactive' } });
    expect((await discoverySourcesRepository.findById(db, inactive))!.status).toBe('idle');
    await runner!.stop();

    const gone = await newSource();
    await discoverySourcesRepository.delete(db, gone);
    const job2 = await run(discoveryRunJob, gone);
    expect(job2).toMatchObject({ state: 'completed', result: { skipped: 'source deleted' } });
  });
});
