import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPoliteFetcher } from '@preciofab/fetch/polite-fetcher';
import type { Resolver } from '@preciofab/fetch/target-guard';
import { installSocketTripwire } from '@preciofab/fetch/test-servers';
import { createLocalPubSub, type PubSub } from '@preciofab/db/pubsub';
import {
  discoverySourcesRepository,
  type DiscoverySourceRow,
} from '@preciofab/db/repositories/discovery-sources.repository';
import type { PipelineEvent } from '@preciofab/shared/contracts/pipeline';
import type { Crawler } from '../crawl/crawler.ts';
import { startDiscoveryWeb, type DiscoveryWeb, type VendorSlug } from '../discovery/discovery-fixture-web.ts';
import { PIPELINE_CHANNEL } from '@preciofab/shared/contracts/jobs';
import { createJobQueue, type JobQueue, type JobRow } from '@preciofab/db/job-queue';
import { createWorkerRunner, type WorkerRunner } from '../queue/worker-runner.ts';
import { testCrawler } from '../testing/fixture-web.ts';
import { createTestDb, memoryLogger, waitFor, type TestDb } from '../testing/test-db.ts';
import { createDiscoveryRunJob, discoveryRunJob } from './discovery-run.job.ts';
import type { JobDefinition, JobLogger } from './job-definition.ts';
import { readIssue } from '@preciofab/shared/discovery-issues';

/** Every source type end to end: the real job, the real polite fetcher (testCrawler: 127.0.0.1
 * allowed, no pause), fixture sites on 127.0.0.1, the real database. Nothing leaves the machine:
 * a tripwire throws on any socket to another address. */

let t: TestDb;
let web: DiscoveryWeb;
let crawler: Crawler;
let pubsub: PubSub;
let queue: JobQueue;
let runner: WorkerRunner | undefined;
let tripwire: ReturnType<typeof installSocketTripwire>;
const events: PipelineEvent[] = [];

beforeAll(async () => {
  tripwire = installSocketTripwire();
  t = await createTestDb();
  web = await startDiscoveryWeb();
  crawler = testCrawler();
  pubsub = createLocalPubSub();
  pubsub.subscribe(PIPELINE_CHANNEL, (m) => events.push(m as PipelineEvent));
  queue = createJobQueue(t.db, pubsub);
});
beforeEach(async () => {
  // Each test starts from no candidates; what it keeps out (vendors, excluded domains) it adds.
  await t.db.exec('delete from discovery_candidates; delete from excluded_domains; delete from vendors;');
  events.length = 0;
});
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});
afterAll(async () => {
  await crawler?.close();
  await pubsub?.close();
  await web?.close();
  await t?.drop();
  tripwire?.restore();
});

let n = 0;
const newSource = async (type: string, config: Record<string, unknown>, active = true) =>
  discoverySourcesRepository.insert(
    t.db,
    { name: `Fuente ${++n}`, type, config, schedule: '', active },
    null,
  );

async function run(
  sourceId: string,
  def: JobDefinition = createDiscoveryRunJob(),
  using: { crawler?: Crawler; log?: JobLogger } = {},
): Promise<JobRow> {
  const id = await queue.enqueue('discovery.run', { source_id: sourceId }, { maxAttempts: 1 });
  runner = createWorkerRunner({
    db: t.db,
    pubsub,
    definitions: [def],
    concurrency: 1,
    log: using.log ?? memoryLogger(),
    pollMs: 20,
    crawler: using.crawler ?? crawler,
  });
  await runner.start();
  const job = await waitFor(
    async () => {
      const j = await queue.get(id!);
      return j && (j.state === 'completed' || j.state === 'failed') ? j : undefined;
    },
    { timeoutMs: 20_000, what: 'the discovery run' },
  );
  // onFinalFailure runs just after the job row is marked failed: let it finish.
  await runner.stop();
  runner = undefined;
  return job;
}

type Row = {
  domain: string;
  url: string;
  title: string | null;
  confidence_score: string;
  category_suggestions: string[];
  vendor_type: string | null;
  city: string | null;
  state: string | null;
  capabilities: string[];
  price_url: string | null;
  source_id: string;
};
/** The candidates saved, by site slug. */
async function candidates(): Promise<Partial<Record<VendorSlug, Row>>> {
  const r = await t.db.query<Row>(
    `select domain, url, title, confidence_score, category_suggestions, vendor_type, city, state, capabilities,
       price_url, source_id from discovery_candidates`,
  );
  return Object.fromEntries(r.rows.map((row) => [web.slugOfDomain(row.domain) ?? row.domain, row]));
}
const slugs = async () => Object.keys(await candidates()).sort();
const source = async (id: string) =>
  (await discoverySourcesRepository.findById(t.db, id)) as DiscoverySourceRow;
const score = (row: Row | undefined) => Number(row?.confidence_score);

describe('sitemap: an index with a gzipped child and profile pages', () => {
  it('proposes the vendor sites, not a known vendor nor an excluded domain, each once per port', async () => {
    await t.db.query(
      `insert into vendors (name, type, website, website_domain) values ('Taller Conocido', 'bureau', $1, $2)`,
      [`${web.origins.known}/`, web.domain('known')],
    );
    await t.db.query('insert into excluded_domains (domain) values ($1)', [web.domain('excluded')]);
    const id = await newSource('sitemap', { sitemap_url: `${web.hub.origin}/sitemap_index.xml` });
    const job = await run(id);
    expect(job.state).toBe('completed');
    expect(job.result).toMatchObject({ source_id: id, found: 3, added: 3, errors: 0 });

    // Read through the fetcher: the index, the gzip child (real gzip bytes), the plain child, the
    // profile page; the own-site page that is not a profile (/acerca-de) is skipped.
    expect(web.hub.hits).toEqual(
      expect.arrayContaining([
        '/sitemap_index.xml',
        '/sitemaps/proveedores.xml.gz',
        '/sitemaps/perfiles.xml',
        '/proveedores/maquinados-del-norte',
      ]),
    );
    expect(web.hub.hits).not.toContain('/acerca-de');
    expect(web.sites.known.hits).not.toContain('/');
    expect(web.sites.excluded.hits).not.toContain('/');

    const found = await candidates();
    expect(Object.keys(found).sort()).toEqual(['bureau', 'cnc', 'laser']);
    // Sites on one IP are told apart by port: the domain keeps it.
    expect(found.bureau!.domain).toBe(web.domain('bureau'));
    expect(found.bureau!.domain).toMatch(/^127\.0\.0\.1:\d+$/);
    // The deep, tagged link is reduced to the site's home page.
    expect(found.bureau!.url).toBe(`${web.origins.bureau}/`);
    expect(found.cnc!.title).toBe('Maquinados del Norte');

    const s = await source(id);
    expect(s).toMatchObject({ status: 'idle', total_discovered: 3, last_error: null, last_run_errors: [] });
    expect(s.last_run_at).toBeInstanceOf(Date);
  });
});

describe('directory: three pages', () => {
  it('follows rel="next" and "Siguiente", keeps a site whose home page fails and scores pages', async () => {
    const id = await newSource('directory', {
      directory_url: `${web.hub.origin}/directorio`,
      keywords: ['impresión 3D'],
    });
    const job = await run(id);
    expect(job.state).toBe('completed');
    expect(web.hub.hits.filter((h) => h.startsWith('/directorio'))).toEqual(
      expect.arrayContaining(['/directorio', '/directorio/2', '/directorio/3']),
    );
    expect(await slugs()).toEqual(['broken', 'bureau', 'laser', 'resinas', 'restaurant']);

    const found = await candidates();
    // Relevant Spanish and English pages score high; a restaurant with a price list does not.
    expect(score(found.bureau)).toBeGreaterThanOrEqual(0.8);
    expect(score(found.laser)).toBeGreaterThanOrEqual(0.5);
    expect(score(found.restaurant)).toBeLessThan(0.2);
    expect(score(found.bureau)).toBeGreaterThan(score(found.laser));
    expect(found.bureau!.category_suggestions[0]).toBe('additive_manufacturing');
    expect(found.laser!.category_suggestions).toContain('laser_cutting');

    // What approval will prefill: the profile and the price page, read off the home pages.
    expect(found.bureau).toMatchObject({
      title: 'Prototipa3D Guadalajara',
      vendor_type: 'bureau',
      city: 'Guadalajara',
      state: 'Jalisco',
      price_url: `${web.origins.bureau}/lista-de-precios`,
    });
    expect(found.bureau!.capabilities).toEqual(expect.arrayContaining(['fdm_printing', 'sla_printing']));
    expect(found.laser).toMatchObject({ price_url: `${web.origins.laser}/pricing` });
    expect(found.laser!.capabilities).toEqual(expect.arrayContaining(['laser_cutting', 'laser_engraving']));
    expect(found.resinas!.capabilities).toContain('materials_supply');

    // The broken site is kept from the directory's words, lower, with no profile, and the run
    // says why on the source and in the activity log.
    expect(found.broken).toMatchObject({ title: 'Maquinados Rotos', price_url: null, capabilities: [] });
    expect(score(found.broken)).toBeLessThan(0.5);
    const s = await source(id);
    expect(s.status).toBe('idle');
    expect(s.last_run_errors.map((note) => readIssue(note))).toEqual([
      expect.objectContaining({
        code: 'http_status',
        status: 404,
        item: 'home_page',
        url: `${web.origins.broken}/`,
      }),
    ]);
    const log = await t.db.query<{ details: Record<string, unknown> }>(
      "select details from activity_log where action = 'discovery_completed' and entity_id = $1",
      [id],
    );
    expect(log.rows[0]!.details).toMatchObject({ count: 5, found: 5, error_count: 1 });

    // The stages, with progress rising to 100.
    const mine = events.filter((e) => e.details.job_id === job.id);
    expect(mine.slice(-2).map((e) => e.stage)).toEqual(['data_normalization', 'completed']);
    expect(mine.slice(0, -2).every((e) => e.stage === 'vendor_processing')).toBe(true);
    expect(mine[0]).toMatchObject({ message_key: 'pipeline.discovery.collecting', progress: 5 });
    const progress = mine.map((e) => e.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(mine[1]).toMatchObject({ message_key: 'pipeline.discovery.reading', values: { sites: 5 } });
    expect(mine.at(-3)).toMatchObject({
      message_key: 'pipeline.discovery.scoring',
      values: { done: 5, total: 5 },
    });
    expect(mine.at(-1)).toMatchObject({
      message_key: 'pipeline.discovery.completed_with_errors',
      values: { count: 5, errors: 1 },
    });
  });

  it('is idempotent: a second run adds nothing and counts nothing', async () => {
    const id = await newSource('directory', { directory_url: `${web.hub.origin}/directorio` });
    expect((await run(id)).result).toMatchObject({ added: 5 });
    const second = await run(id);
    expect(second.result).toMatchObject({ found: 0, added: 0 });
    expect((await source(id)).total_discovered).toBe(5);
    expect(await slugs()).toHaveLength(5);
  });
});

describe('search_engine: a SearXNG-like JSON API', () => {
  it('queries {DISCOVERY_SEARCH_URL}/search?format=json per keyword, dropping non-vendor hosts', async () => {
    const id = await newSource('search_engine', {
      search_query: 'impresión 3D',
      keywords: ['corte láser', 'maquinado CNC'],
      region: 'Mexico',
      language: 'es',
    });
    const before = web.hub.requests.length;
    const job = await run(id, createDiscoveryRunJob({ searchEndpoint: web.hub.origin }));
    expect(job.state).toBe('completed');
    const searches = web.hub.requests.slice(before).map((r) => new URL(r, web.hub.origin));
    expect(searches.map((u) => [u.pathname, u.searchParams.get('format'), u.searchParams.get('q')])).toEqual([
      ['/search', 'json', 'impresión 3D corte láser México'],
      ['/search', 'json', 'impresión 3D maquinado CNC México'],
    ]);
    expect(searches[0]!.searchParams.get('language')).toBe('es-MX');
    expect(await slugs()).toEqual(['bureau', 'laser', 'news']);
    const found = await candidates();
    // A news site about 3D printing is proposed, but well below the vendors.
    expect(score(found.news)).toBeLessThan(0.3);
    expect(score(found.bureau)).toBeGreaterThan(0.8);
  });

  it('reads DISCOVERY_SEARCH_URL from the environment, and a source’s api_endpoint overrides it', async () => {
    const saved = process.env.DISCOVERY_SEARCH_URL;
    try {
      process.env.DISCOVERY_SEARCH_URL = web.hub.origin;
      const id = await newSource('search_engine', { search_query: 'impresión 3D', keywords: ['CNC'] });
      expect((await run(id, discoveryRunJob)).result).toMatchObject({ added: 3 });

      await t.db.exec('delete from discovery_candidates');
      // The environment points nowhere useful; the source's own endpoint is used.
      process.env.DISCOVERY_SEARCH_URL = `${web.sites.broken.origin}/searx`;
      const own = await newSource('search_engine', {
        search_query: 'impresión 3D',
        keywords: ['CNC'],
        api_endpoint: `${web.hub.origin}/search`,
      });
      expect((await run(own, discoveryRunJob)).result).toMatchObject({ added: 3 });
      expect(web.sites.broken.hits).not.toContain('/searx/search');
    } finally {
      if (saved === undefined) delete process.env.DISCOVERY_SEARCH_URL;
      else process.env.DISCOVERY_SEARCH_URL = saved;
    }
  });

  it('fails clearly without any search endpoint', async () => {
    const id = await newSource('search_engine', { search_query: 'impresión 3D' });
    const job = await run(id, createDiscoveryRunJob({ searchEndpoint: undefined }));
    expect(job.state).toBe('failed');
    const s = await source(id);
    expect(s.status).toBe('failed');
    expect(readIssue(s.last_error!)).toEqual({
      kind: 'error',
      code: 'not_configured',
      item: 'source',
      detail: 'No search endpoint is configured for search_engine sources',
    });
  });
});

describe('JSON sources', () => {
  it('association: members with a website, whatever the field is called', async () => {
    const id = await newSource('association', { api_endpoint: `${web.hub.origin}/asociacion/miembros.json` });
    expect((await run(id)).state).toBe('completed');
    expect(await slugs()).toEqual(['bureau', 'cnc', 'news', 'restaurant']);
    const found = await candidates();
    // "Servicio de maquinado", "cotiza tu pieza", "bajo pedido": a service bureau.
    expect(found.cnc).toMatchObject({
      vendor_type: 'bureau',
      city: 'Monterrey',
      state: 'Nuevo León',
      price_url: `${web.origins.cnc}/precios`,
      category_suggestions: ['cnc_machining'],
    });
    expect(found.cnc!.capabilities).toEqual(expect.arrayContaining(['cnc_milling', 'cnc_turning']));
  });

  it('social_media: a profile’s website and a link written in a bio; the network itself is dropped', async () => {
    const id = await newSource('social_media', { api_endpoint: `${web.hub.origin}/social/perfiles.json` });
    expect((await run(id)).state).toBe('completed');
    expect(await slugs()).toEqual(['laser', 'resinas']);
    expect((await candidates()).resinas!.url).toBe(`${web.origins.resinas}/`);
  });

  it('api: objects and bare URLs', async () => {
    const id = await newSource('api', { api_endpoint: `${web.hub.origin}/api/proveedores.json` });
    expect((await run(id)).state).toBe('completed');
    expect(await slugs()).toEqual(['cnc', 'resinas']);
  });
});

describe('a source whose own URL fails', () => {
  it.each([
    // Port 9 answers nothing, robots.txt included: the polite fetcher stops at a robots.txt it
    // could not read (RFC 9309: a complete disallow), and says that is why.
    ['directory', { directory_url: 'http://127.0.0.1:9/no-existe' }, /127\.0\.0\.1:9/, 'robots_unreachable'],
    ['api', { api_endpoint: '/no-es-json' }, /no-es-json/, 'unreadable'],
    ['sitemap', { sitemap_url: '/directorio' }, /not a sitemap/, 'unreadable'],
  ] as const)(
    '%s: the run fails at once with the reason on the source',
    async (type, config, reason, code) => {
      const absolute = Object.fromEntries(
        Object.entries(config).map(([k, v]) => [k, v.startsWith('/') ? `${web.hub.origin}${v}` : v]),
      );
      const id = await newSource(type, absolute);
      const job = await run(id);
      expect(job.state).toBe('failed');
      expect(job.attempts).toBe(1);
      const s = await source(id);
      expect(s.status).toBe('failed');
      expect(readIssue(s.last_error!)).toMatchObject({
        code,
        item: 'source',
        detail: expect.stringMatching(reason),
      });
      expect(s.last_run_at).toBeInstanceOf(Date);
      expect(await slugs()).toEqual([]);
      expect(events.at(-1)).toMatchObject({ status: 'failed', message_key: 'pipeline.discovery.failed' });
    },
  );
});

describe('what a failed source tells its readers', () => {
  it('names neither the address a refused name resolved to nor the key in its URL; the log does', async () => {
    // A hosts file: crawler.internal is this machine. 127.0.0.1 is exempt as written, never as
    // what a name resolves to.
    const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const fetcher = createPoliteFetcher({ allowedHosts: ['127.0.0.1'], minDelayMs: 0, resolve });
    const hosts: Crawler = { ...crawler, tools: { ...crawler.tools, fetcher } };
    const key = 'sk_live_0123456789abcdef';
    const port = new URL(web.hub.origin).port;
    const id = await newSource('directory', {
      directory_url: `http://crawler.internal:${port}/directorio?api_key=${key}`,
    });
    const log = memoryLogger();
    const hits = web.hub.hits.length;
    const job = await run(id, createDiscoveryRunJob(), { crawler: hosts, log });
    expect(job.state).toBe('failed');
    expect(web.hub.hits.length).toBe(hits);

    const s = await source(id);
    expect(readIssue(s.last_error!)).toMatchObject({ code: 'refused_address', item: 'source' });
    expect(s.last_error).toContain(
      'crawler.internal: the address is not allowed (private or reserved network)',
    );
    expect(s.last_error).toContain('api_key=••••cdef');
    const activity = await t.db.query(
      `select details from activity_log where action = 'discovery_failed' and entity_id = $1`,
      [id],
    );
    const shown = JSON.stringify([s.last_error, job.last_error, activity.rows, events.at(-1)]);
    expect(shown).not.toContain('127.0.0.1');
    expect(shown).not.toContain(key);
    // The worker's log keeps what users are not shown.
    expect(JSON.stringify(log.entries)).toContain(
      'crawler.internal resolves to 127.0.0.1, a loopback address',
    );
  });
});

describe('an inactive source', () => {
  it('never runs, even when a job for it is delivered', async () => {
    const id = await newSource('directory', { directory_url: `${web.hub.origin}/directorio` }, false);
    const hits = web.hub.hits.length;
    const job = await run(id);
    expect(job).toMatchObject({ state: 'completed', result: { skipped: 'source inactive' } });
    expect(web.hub.hits.length).toBe(hits);
    expect(await slugs()).toEqual([]);
  });
});

it('sent nothing anywhere but loopback', () => {
  expect(tripwire.targets.every((h) => h === '127.0.0.1' || h === 'localhost' || h === '::1')).toBe(true);
});
