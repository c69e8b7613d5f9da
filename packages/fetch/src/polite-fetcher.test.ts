import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FetchError } from './fetch-error.ts';
import { createPoliteFetcher, type PoliteFetcherOptions } from './polite-fetcher.ts';
import type { Resolver } from './target-guard.ts';
import { installSocketTripwire, startServer, type LocalServer } from './test-servers.ts';

type Reply = { status: number; headers?: Record<string, string>; body?: string };

/** What the server answers per path; tests overwrite entries. Unlisted paths answer 200. */
let replies: Map<string, Reply[] | ((req: IncomingMessage, res: ServerResponse) => void)>;
let seen: string[];

function handle(req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? '/';
  seen.push(`${req.headers.host?.split(':')[0]} ${path}`);
  const reply = replies.get(path) ?? replies.get(path.split('?')[0] ?? path);
  if (typeof reply === 'function') return reply(req, res);
  if (reply?.[0]?.status === 0) {
    // Status 0: drop the connection without an answer (a network error), once.
    reply.shift();
    return void req.socket.destroy();
  }
  const next = reply && reply.length > 1 ? reply.shift() : reply?.[0];
  res
    .writeHead(next?.status ?? 200, { 'content-type': 'text/plain', ...next?.headers })
    .end(next?.body ?? `ok ${path}`);
}

let server: LocalServer;
beforeAll(async () => {
  server = await startServer(handle);
});
afterAll(() => server.close());

let tripwire: ReturnType<typeof installSocketTripwire>;
beforeEach(() => {
  replies = new Map();
  seen = [];
  tripwire = installSocketTripwire();
});
afterEach(() => tripwire.restore());

const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];

/** A fetcher on a frozen clock whose sleeps return at once and are recorded. */
function fetcherWith(options: PoliteFetcherOptions = {}) {
  const sleeps: number[] = [];
  const fetcher = createPoliteFetcher({
    allowedHosts: ['127.0.0.1', 'localhost'],
    resolve,
    minDelayMs: 0,
    backoffBaseMs: 100,
    now: () => 0,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    ...options,
  });
  return { fetcher, sleeps };
}

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchError);
  return error as FetchError;
}

const url = (path: string) => `${server.origin}${path}`;

describe('robots.txt', () => {
  it('allows everything when robots.txt is 404, and asks for it once per origin', async () => {
    replies.set('/robots.txt', [{ status: 404 }]);
    const { fetcher } = fetcherWith();
    expect((await fetcher.fetch(url('/a'))).text).toBe('ok /a');
    await fetcher.fetch(url('/b'));
    expect(seen).toEqual(['127.0.0.1 /robots.txt', '127.0.0.1 /a', '127.0.0.1 /b']);
  });

  it('disallows everything when robots.txt answers 500, saying it could not be read', async () => {
    replies.set('/robots.txt', [{ status: 500 }]);
    const { fetcher } = fetcherWith({ retries: 0 });
    const error = await failure(fetcher.fetch(url('/a')));
    // RFC 9309 §2.3.1.4: a 5xx is "unreachable", a complete disallow; the site disallowed nothing.
    expect(error.code).toBe('robots_unreachable');
    expect(error.message).toContain(`robots.txt of ${server.origin} could not be read (`);
    expect(error.message).toContain('500');
    expect(error.message).not.toContain('disallows');
    expect(await fetcher.robotsAllowed(url('/b'))).toBe(false);
    expect(seen).toEqual(['127.0.0.1 /robots.txt']);
  });

  it('disallows everything when robots.txt cannot be reached', async () => {
    replies.set('/robots.txt', [{ status: 0 }]);
    const { fetcher } = fetcherWith();
    expect(await fetcher.robotsAllowed(url('/a'))).toBe(false);
  });

  it('says robots.txt could not be read when the site refuses the connection', async () => {
    // A port nothing listens on: a server's, closed again.
    const closed = await startServer(handle);
    await closed.close();
    const { fetcher } = fetcherWith({ retries: 0 });
    const error = await failure(fetcher.fetch(`${closed.origin}/a`));
    expect(error.code).toBe('robots_unreachable');
    expect(error.message).toMatch(/could not be read \(.*ECONNREFUSED/);
    expect(error.message).not.toContain('disallows');
  });

  it('tells a disallowing robots.txt from one it could not read', async () => {
    replies.set('/robots.txt', [{ status: 200, body: 'User-agent: *\nDisallow: /\n' }]);
    const { fetcher } = fetcherWith();
    const error = await failure(fetcher.fetch(url('/a')));
    expect(error.code).toBe('robots_disallowed');
    expect(error.message).toBe(`refused: robots.txt of ${server.origin} disallows /a`);
  });

  it('follows the rules of our group, reached through a redirect', async () => {
    replies.set('/robots.txt', [{ status: 301, headers: { location: '/real-robots.txt' } }]);
    replies.set('/real-robots.txt', [
      { status: 200, body: 'User-agent: *\nDisallow: /\n\nUser-agent: PrecioFabBot\nDisallow: /admin\n' },
    ]);
    const { fetcher } = fetcherWith();
    expect((await fetcher.fetch(url('/productos?page=2'))).status).toBe(200);
    expect((await failure(fetcher.fetch(url('/admin/users')))).message).toContain('disallows /admin/users');
    expect(seen).not.toContain('127.0.0.1 /admin/users');
  });

  it('checks robots.txt again for a redirect target', async () => {
    replies.set('/robots.txt', [{ status: 200, body: 'User-agent: *\nDisallow: /secret\n' }]);
    replies.set('/go', [{ status: 302, headers: { location: '/secret/x' } }]);
    const { fetcher } = fetcherWith();
    expect((await failure(fetcher.fetch(url('/go')))).code).toBe('robots_disallowed');
    expect(seen).not.toContain('127.0.0.1 /secret/x');
  });

  it('can be told to ignore robots.txt', async () => {
    replies.set('/robots.txt', [{ status: 200, body: 'User-agent: *\nDisallow: /\n' }]);
    const { fetcher } = fetcherWith({ respectRobots: false });
    expect((await fetcher.fetch(url('/a'))).status).toBe(200);
    expect(seen).toEqual(['127.0.0.1 /a']);
  });
});

describe('address policy through the polite fetcher', () => {
  it('refuses a redirect to a private address as refused_address, without connecting', async () => {
    replies.set('/robots.txt', [{ status: 404 }]);
    replies.set('/leak', [{ status: 302, headers: { location: 'http://10.0.0.1/' } }]);
    const { fetcher } = fetcherWith();
    const error = await failure(fetcher.fetch(url('/leak')));
    expect(error.code).toBe('refused_address');
    expect(error.message).toBe('refused: 10.0.0.1 is a private address');
    expect(tripwire.targets.every((host) => host === '127.0.0.1')).toBe(true);
  });

  it('refuses a host name resolving to loopback before asking for robots.txt', async () => {
    const { fetcher } = fetcherWith({ allowedHosts: [] });
    expect((await failure(fetcher.fetch(url('/a').replace('127.0.0.1', 'shop.test')))).code).toBe(
      'refused_address',
    );
    expect(seen).toEqual([]);
  });
});

describe('pacing', () => {
  it('waits the minimum delay between two requests to the same host', async () => {
    replies.set('/robots.txt', [{ status: 404 }]);
    const { fetcher, sleeps } = fetcherWith({ minDelayMs: 1000 });
    await fetcher.fetch(url('/a'));
    expect(sleeps).toEqual([]);
    await fetcher.fetch(url('/b'));
    expect(sleeps).toEqual([1000]);
  });

  it('waits the robots Crawl-delay when it is longer, capped', async () => {
    replies.set('/robots.txt', [{ status: 200, body: 'User-agent: *\nCrawl-delay: 2\n' }]);
    const { fetcher, sleeps } = fetcherWith({ minDelayMs: 500 });
    await fetcher.fetch(url('/a'));
    await fetcher.fetch(url('/b'));
    expect(sleeps).toEqual([2000]);

    replies.set('/robots.txt', [{ status: 200, body: 'User-agent: *\nCrawl-delay: 86400\n' }]);
    const capped = fetcherWith({ minDelayMs: 500 });
    await capped.fetcher.fetch(url('/a'));
    await capped.fetcher.fetch(url('/b'));
    expect(capped.sleeps).toEqual([60_000]);
  });

  it('runs one request at a time per host, but hosts in parallel', async () => {
    const events: string[] = [];
    const waiting: (() => void)[] = [];
    // Each response is held until a second request arrives (or `wait` ms pass), so overlap shows.
    replies.set('/hold', (req, res) => {
      const params = new URL(req.url ?? '/', 'http://x').searchParams;
      const id = params.get('id') ?? req.headers.host ?? '?';
      events.push(`start ${id}`);
      const release = () => {
        events.push(`end ${id}`);
        res.end('held');
      };
      const timer = setTimeout(
        () => {
          waiting.splice(waiting.indexOf(release), 1);
          release();
        },
        Number(params.get('wait') ?? 2000),
      );
      waiting.push(() => {
        clearTimeout(timer);
        release();
      });
      if (waiting.length === 2) waiting.splice(0).forEach((fn) => fn());
    });
    const { fetcher } = createFetcherWithRealClock();
    await Promise.all([fetcher.fetch(url('/hold?id=1&wait=250')), fetcher.fetch(url('/hold?id=2&wait=250'))]);
    expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);

    events.length = 0;
    const localhost = url('/hold').replace('127.0.0.1', 'localhost');
    await Promise.all([fetcher.fetch(url('/hold')), fetcher.fetch(localhost)]);
    expect(events.slice(0, 2).every((e) => e.startsWith('start'))).toBe(true);
  });
});

function createFetcherWithRealClock() {
  return {
    fetcher: createPoliteFetcher({
      allowedHosts: ['127.0.0.1', 'localhost'],
      resolve,
      minDelayMs: 0,
      respectRobots: false,
    }),
  };
}

describe('retries', () => {
  it('retries a 503 with backoff and returns the later success', async () => {
    replies.set('/flaky', [{ status: 503 }, { status: 503 }, { status: 200, body: 'finally' }]);
    const { fetcher, sleeps } = fetcherWith({ respectRobots: false });
    expect((await fetcher.fetch(url('/flaky'))).text).toBe('finally');
    expect(seen).toHaveLength(3);
    // Equal jitter with random() = 0.5: 3/4 of 100 · 2^attempt.
    expect(sleeps).toEqual([75, 150]);
  });

  it('gives up after the configured retries', async () => {
    replies.set('/down', [{ status: 502 }]);
    const { fetcher } = fetcherWith({ respectRobots: false, retries: 1 });
    expect(await failure(fetcher.fetch(url('/down')))).toMatchObject({ code: 'http_status', status: 502 });
    expect(seen).toHaveLength(2);
  });

  it('honours Retry-After on a 429', async () => {
    replies.set('/limited', [{ status: 429, headers: { 'retry-after': '2' } }, { status: 200 }]);
    const { fetcher, sleeps } = fetcherWith({ respectRobots: false });
    expect((await fetcher.fetch(url('/limited'))).status).toBe(200);
    expect(sleeps).toEqual([2000]);
  });

  it('does not wait for a Retry-After beyond the cap: the error carries it instead', async () => {
    replies.set('/limited', [{ status: 429, headers: { 'retry-after': '3600' } }, { status: 200 }]);
    const { fetcher, sleeps } = fetcherWith({ respectRobots: false });
    const error = await failure(fetcher.fetch(url('/limited')));
    expect(error).toMatchObject({ code: 'http_status', status: 429, retryAfterMs: 3_600_000 });
    expect(sleeps).toEqual([]);
  });

  it('retries a dropped connection', async () => {
    replies.set('/reset', [{ status: 0 }, { status: 200, body: 'back' }]);
    const { fetcher } = fetcherWith({ respectRobots: false });
    expect((await fetcher.fetch(url('/reset'))).text).toBe('back');
    expect(seen).toHaveLength(2);
  });

  it('does not retry a 404', async () => {
    replies.set('/missing', [{ status: 404 }]);
    const { fetcher, sleeps } = fetcherWith({ respectRobots: false });
    expect((await failure(fetcher.fetch(url('/missing')))).status).toBe(404);
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});
