import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalPubSub } from '@preciofab/db/pubsub';
import { FetchError } from '@preciofab/fetch/fetch-error';
import { startFixtureWeb, testCrawler } from '../testing/fixture-web.ts';
import { createTestDb, memoryLogger, type TestDb } from '../testing/test-db.ts';
import type { Crawler } from './crawler.ts';

// robots.txt shared through the database (migration 0025): worker processes each have a crawler of
// their own, and read a site's robots.txt once between them. Here each crawler stands for a
// process: they share nothing but the database.

const PAGE =
  '<html><body><table><tr><td>Corte láser</td><td>$12.50 MXN por minuto</td></tr></table></body></html>';

let t: TestDb;
let open: Awaited<ReturnType<typeof startFixtureWeb>>;
let down: Awaited<ReturnType<typeof startFixtureWeb>>;
const crawlers: Crawler[] = [];
const pubsub = createLocalPubSub();

/** A crawler whose lanes have started on the test database, as a worker process's do. */
function processCrawler(): Crawler {
  const crawler = testCrawler();
  crawler.lanes.start({ db: t.db, pubsub, log: memoryLogger(), worker: `w${crawlers.length + 1}` });
  crawlers.push(crawler);
  return crawler;
}

const robotsHits = (web: typeof open) => web.hits.filter((p) => p === '/robots.txt').length;

const stored = async (origin: string) =>
  (
    await t.db.query<{ outcome: string; reason: string | null; ttl_s: number; fresh: boolean }>(
      `select outcome, reason, extract(epoch from expires_at - fetched_at)::float8 as ttl_s,
              expires_at > now() as fresh
         from robots_cache where origin = $1`,
      [origin],
    )
  ).rows[0];

beforeAll(async () => {
  t = await createTestDb();
  open = await startFixtureWeb({
    '/robots.txt': { contentType: 'text/plain', body: 'User-agent: *\nDisallow: /carrito\n' },
    '/precios': { body: PAGE },
    '/carrito': { body: PAGE },
  });
  down = await startFixtureWeb({
    '/robots.txt': { status: 503, contentType: 'text/plain', body: 'mantenimiento' },
    '/precios': { body: PAGE },
  });
});

afterAll(async () => {
  await Promise.all(crawlers.map((c) => c.close()));
  await open?.close();
  await down?.close();
  await pubsub.close();
  await t?.drop();
});

beforeEach(() => {
  open.hits.length = 0;
  down.hits.length = 0;
});

describe('robots.txt shared by the worker processes', () => {
  it('is read once by two crawlers over one site, and both obey it', async () => {
    const [a, b] = [processCrawler(), processCrawler()];
    await a.tools.fetcher.fetch(`${open.origin}/precios`);
    await b.tools.fetcher.fetch(`${open.origin}/precios`);
    expect(robotsHits(open)).toBe(1);
    expect(open.hits.filter((p) => p === '/precios')).toHaveLength(2);
    // b never read the file: what a read keeps it out of the cart.
    await expect(b.tools.fetcher.fetch(`${open.origin}/carrito`)).rejects.toMatchObject({
      code: 'robots_disallowed',
    });
    expect(open.hits).not.toContain('/carrito');
    // Trusted for a day, as RFC 9309 §2.4 allows.
    expect(await stored(open.origin)).toMatchObject({ outcome: 'ok', ttl_s: 86_400, fresh: true });
  });

  it('is read again from the site once the stored copy has expired', async () => {
    await t.db.query("update robots_cache set expires_at = now() - interval '1 second' where origin = $1", [
      open.origin,
    ]);
    const c = processCrawler();
    await c.tools.fetcher.fetch(`${open.origin}/precios`);
    expect(robotsHits(open)).toBe(1);
    expect(await stored(open.origin)).toMatchObject({ outcome: 'ok', fresh: true });
    // And the fresh copy serves the next process without a request.
    await processCrawler().tools.fetcher.fetch(`${open.origin}/precios`);
    expect(robotsHits(open)).toBe(1);
  });

  it('that cannot be read keeps every crawler out of the site, says why, and is asked again sooner', async () => {
    const [a, b] = [processCrawler(), processCrawler()];
    for (const crawler of [a, b]) {
      const refusal = await crawler.tools.fetcher.fetch(`${down.origin}/precios`).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(FetchError);
      expect(refusal).toMatchObject({ code: 'robots_unreachable' });
      // RFC 9309 §2.3.1.4: the site forbade nothing, we could not ask it; the message says so.
      expect((refusal as FetchError).message).toMatch(/robots\.txt .* could not be read \(.*HTTP 503\)/);
    }
    expect(robotsHits(down)).toBe(1);
    expect(down.hits).not.toContain('/precios');
    // Kept ten minutes, not a day: a short outage does not keep a vendor out of a day's crawl.
    expect(await stored(down.origin)).toMatchObject({ outcome: 'unreachable', ttl_s: 600, fresh: true });
    expect((await stored(down.origin))?.reason).toMatch(/HTTP 503/);
  });
});
