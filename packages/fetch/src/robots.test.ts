import { describe, expect, it } from 'vitest';
import {
  ALLOW_ALL,
  crawlDelayOf,
  DISALLOW_ALL,
  isAllowed,
  matchesPattern,
  normalisePath,
  parseRobots,
  RobotsCache,
  type RobotsOutcome,
  type RobotsStore,
} from './robots.ts';

// The example file of RFC 9309 §5.1.
const RFC_EXAMPLE = `User-Agent: *
Disallow: *.gif$
Disallow: /example/
Allow: /publications/

User-Agent: foobot
Disallow:/
Allow:/example/page.html
Allow:/example/allowed.gif

User-Agent: barbot
User-Agent: bazbot
Disallow: /example/page.html

User-Agent: quxbot

EOF`;

describe('parseRobots and isAllowed (RFC 9309 examples)', () => {
  const rules = parseRobots(RFC_EXAMPLE);

  it.each([
    ['foobot', '/example/page.html', true],
    ['foobot', '/example/allowed.gif', true],
    ['foobot', '/example/other.html', false],
    ['FooBot', '/', false],
    ['barbot', '/example/page.html', false],
    ['bazbot', '/example/page.html', false],
    ['barbot', '/example/other.html', true],
    ['barbot', '/x.gif', true],
    ['quxbot', '/anything', true],
    ['otherbot', '/example/x', false],
    ['otherbot', '/images/logo.gif', false],
    ['otherbot', '/images/logo.gif?v=2', true],
    ['otherbot', '/publications/2024', true],
    ['otherbot', '/robots.txt', true],
  ])('%s fetching %s → %s', (agent, path, expected) => {
    expect(isAllowed(rules, agent, path)).toBe(expected);
  });

  it('uses the most specific match; allow wins a tie', () => {
    const r = parseRobots(
      'user-agent: *\nallow: /page\ndisallow: /*.php$\ndisallow: /page\nallow: /folder/\n',
    );
    expect(isAllowed(r, 'PrecioFabBot', '/page')).toBe(true);
    expect(isAllowed(r, 'PrecioFabBot', '/page.php')).toBe(false);
    expect(isAllowed(r, 'PrecioFabBot', '/folder/page.php')).toBe(true);
    expect(isAllowed(r, 'PrecioFabBot', '/other/page.php')).toBe(false);
    const tie = parseRobots('User-agent: *\nDisallow: /a\nAllow: /a\n');
    expect(isAllowed(tie, 'PrecioFabBot', '/a/b')).toBe(true);
  });

  it('merges groups for the same agent and matches its product token case-insensitively', () => {
    const r = parseRobots(
      'User-agent: PrecioFabBot/1.0\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n\nuser-agent: preciofabbot\nDisallow: /b\n',
    );
    expect(isAllowed(r, 'PrecioFabBot', '/a')).toBe(false);
    expect(isAllowed(r, 'PrecioFabBot', '/b')).toBe(false);
    expect(isAllowed(r, 'PrecioFabBot', '/c')).toBe(true);
    expect(isAllowed(r, 'OtherBot', '/c')).toBe(false);
  });

  it('ignores rules before any user-agent line, comments, unknown keys and empty disallow', () => {
    const r = parseRobots('Disallow: /\n# User-agent: *\nUser-agent: * # everyone\nFoo: bar\nDisallow:\n');
    expect(isAllowed(r, 'PrecioFabBot', '/')).toBe(true);
    expect(parseRobots('\uFEFFUser-agent: *\r\nDisallow: /x\r\n').groups[0]?.rules).toEqual([
      { allow: false, pattern: '/x' },
    ]);
  });

  it('normalises percent-encoding (RFC 9309 §2.2.2 table)', () => {
    expect(normalisePath('/foo/bar/ツ')).toBe('/foo/bar/%E3%83%84');
    expect(normalisePath('/foo/bar/%e3%83%84')).toBe('/foo/bar/%E3%83%84');
    expect(normalisePath('/foo/bar/%62%61%7A')).toBe('/foo/bar/baz');
    const r = parseRobots('User-agent: *\nDisallow: /foo/bar/ツ\nDisallow: /foo/%62%61%7A\n');
    expect(isAllowed(r, 'x', '/foo/bar/%E3%83%84')).toBe(false);
    expect(isAllowed(r, 'x', '/foo/baz')).toBe(false);
    expect(isAllowed(r, 'x', '/foo/bar/other')).toBe(true);
  });

  it('matches * anywhere and $ only at the end', () => {
    expect(matchesPattern('/fish', '/fish.html')).toBe(true);
    expect(matchesPattern('/fish', '/Fish')).toBe(false);
    expect(matchesPattern('/fish*.php', '/fishheads/catfish.php?parameters')).toBe(true);
    expect(matchesPattern('/*.php$', '/filename.php')).toBe(true);
    expect(matchesPattern('/*.php$', '/filename.php?x')).toBe(false);
    expect(matchesPattern('/*.php$', '/filename.php/')).toBe(false);
    expect(matchesPattern('/a$b', '/a$b/c')).toBe(true);
    expect(matchesPattern('*', '/anything')).toBe(true);
    expect(matchesPattern('/*a*a*a*a*a*a*a*a*a*b$', `/${'a'.repeat(5000)}`)).toBe(false);
  });

  it('reads Crawl-delay of the matching group', () => {
    const r = parseRobots('User-agent: *\nCrawl-delay: 2.5\n\nUser-agent: slowbot\nCrawl-delay: 30\n');
    expect(crawlDelayOf(r, 'PrecioFabBot')).toBe(2.5);
    expect(crawlDelayOf(r, 'SlowBot')).toBe(30);
    expect(crawlDelayOf(parseRobots('User-agent: *\nCrawl-delay: soon\n'), 'x')).toBeNull();
  });

  it('keeps sitemaps', () => {
    expect(parseRobots('Sitemap: https://a.example/s.xml\nUser-agent: *\n').sitemaps).toEqual([
      'https://a.example/s.xml',
    ]);
  });
});

describe('RobotsCache', () => {
  const setup = (outcomes: RobotsOutcome[]) => {
    let clock = 0;
    const loaded: string[] = [];
    const cache = new RobotsCache({
      load: async (url) => {
        loaded.push(url);
        return outcomes.shift() ?? { kind: 'unavailable' };
      },
      ttlMs: 1000,
      failureTtlMs: 100,
      now: () => clock,
    });
    return { cache, loaded, advance: (ms: number) => (clock += ms) };
  };

  it('loads once per origin per TTL, sharing concurrent loads', async () => {
    const { cache, loaded, advance } = setup([{ kind: 'ok', text: 'User-agent: *\nDisallow: /private' }]);
    const [a, b] = await Promise.all([
      cache.get('https://shop.example/a'),
      cache.get('https://shop.example/b'),
    ]);
    expect(a).toBe(b);
    expect(isAllowed(a, 'PrecioFabBot', '/private/x')).toBe(false);
    await cache.get('http://shop.example/a');
    expect(loaded).toEqual(['https://shop.example/robots.txt', 'http://shop.example/robots.txt']);
    advance(999);
    await cache.get('https://shop.example/c');
    expect(loaded).toHaveLength(2);
    advance(1);
    expect(await cache.get('https://shop.example/c')).toBe(ALLOW_ALL);
    expect(loaded).toHaveLength(3);
  });

  it('maps unavailable to allow-all and unreachable to disallow-all, retrying the latter sooner', async () => {
    const { cache, loaded, advance } = setup([
      { kind: 'unreachable', reason: 'HTTP 503' },
      { kind: 'unavailable' },
    ]);
    const down = await cache.get('https://shop.example/');
    expect(down).toEqual({ ...DISALLOW_ALL, unreachable: 'HTTP 503' });
    expect(isAllowed(down, 'PrecioFabBot', '/products')).toBe(false);
    advance(100);
    expect(await cache.get('https://shop.example/')).toBe(ALLOW_ALL);
    expect(loaded).toHaveLength(2);
  });

  it('asks a shared store before the site, keeps what the site gave there, and trusts it as long as the store says', async () => {
    const { cache, loaded, advance } = setup([{ kind: 'unreachable', reason: 'HTTP 503' }]);
    const kept = new Map<string, { outcome: RobotsOutcome; expiresInMs: number }>([
      [
        'https://shared.example',
        { outcome: { kind: 'ok', text: 'User-agent: *\nDisallow: /x' }, expiresInMs: 50 },
      ],
    ]);
    const store: RobotsStore = {
      get: async (origin) => kept.get(origin),
      put: async (origin, outcome, ttlMs) => {
        kept.set(origin, { outcome, expiresInMs: ttlMs });
      },
    };
    cache.useStore(store);
    // Another process read it: no request, its rules apply, for as long as the store says.
    expect(isAllowed(await cache.get('https://shared.example/'), 'PrecioFabBot', '/x')).toBe(false);
    expect(loaded).toEqual([]);
    // Not in the store: the site is asked, and the store told, with the shorter TTL of a failure.
    expect((await cache.get('https://down.example/')).unreachable).toBe('HTTP 503');
    expect(loaded).toEqual(['https://down.example/robots.txt']);
    expect(kept.get('https://down.example')).toEqual({
      outcome: { kind: 'unreachable', reason: 'HTTP 503' },
      expiresInMs: 100,
    });
    // Past the store's 50 ms the shared copy is asked for again (the store says whether it holds).
    kept.delete('https://shared.example');
    advance(50);
    expect(await cache.get('https://shared.example/')).toBe(ALLOW_ALL);
    expect(loaded).toEqual(['https://down.example/robots.txt', 'https://shared.example/robots.txt']);
  });

  it('asks the site when the store fails', async () => {
    const { cache, loaded } = setup([{ kind: 'ok', text: 'User-agent: *\nDisallow: /' }]);
    cache.useStore({
      get: () => Promise.reject(new Error('database gone')),
      put: () => Promise.reject(new Error('database gone')),
    });
    expect(isAllowed(await cache.get('https://shop.example/'), 'PrecioFabBot', '/a')).toBe(false);
    expect(loaded).toEqual(['https://shop.example/robots.txt']);
  });

  it('treats a failing loader as unreachable', async () => {
    const cache = new RobotsCache({ load: () => Promise.reject(new Error('boom')) });
    expect(await cache.get('https://shop.example/')).toEqual({ ...DISALLOW_ALL, unreachable: 'boom' });
  });
});
