import { FetchError } from './fetch-error.ts';
import { BOT_TOKEN, guardedFetch, type FetchedPage, type GuardedFetchOptions } from './guarded-fetch.ts';
import { createHostQueue, realClock } from './host-queue.ts';
import { retryDelayMs } from './retry-policy.ts';
import { crawlDelayOf, isAllowed, RobotsCache, type RobotsOutcome, type RobotsStore } from './robots.ts';
import { checkUrlAllowed, parseHttpUrl } from './target-guard.ts';

export type PoliteFetcherOptions = GuardedFetchOptions & {
  /** Pause between two requests to the same host. Default 1000 ms; 0 for tests and benchmarks. */
  minDelayMs?: number;
  /** Retries after a 429, a 5xx or a network error. Default 2. */
  retries?: number;
  backoffBaseMs?: number;
  maxBackoffMs?: number;
  /** Longest Retry-After we wait for; a longer one fails with `retryAfterMs` set. Default 60 s. */
  maxRetryAfterMs?: number;
  /** Crawl-delay is honoured up to this (a huge value would park the host queue forever). Default 60 s. */
  maxCrawlDelayMs?: number;
  respectRobots?: boolean;
  robotsTtlMs?: number;
  /** Where robots.txt outcomes are shared with other processes (this process's cache stays in
   * front). packages/fetch knows no database: the worker gives one that keeps them there. */
  robotsStore?: RobotsStore | null;
  /** The product token matched against robots.txt user-agent lines. */
  robotsToken?: string;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
};

export type PoliteFetcher = {
  fetch(url: string, options?: GuardedFetchOptions): Promise<FetchedPage>;
  robotsAllowed(url: string): Promise<boolean>;
  /** How long the site of `url` still wants left alone, in ms: the pause (the configured minimum,
   * or robots.txt Crawl-delay when longer) after this process's last request to it, less the time
   * since. What a crawl's shared site lease waits before the next request, whichever process sends
   * it. */
  pauseLeft(url: string): Promise<number>;
  /** Shares robots.txt outcomes through `store` from now on (null: this process's cache only). */
  useRobotsStore(store: RobotsStore | null): void;
};

/** RFC 9309 §2.5: crawlers should parse at least the first 500 KiB. */
const ROBOTS_MAX_BYTES = 500 * 1024;

const pathOf = (url: URL) => `${url.pathname}${url.search}`;

/**
 * The crawler's way to fetch: the address policy first (clear refusal before anything else),
 * then robots.txt, then the per-host queue and delay, then the guarded fetch, retried with
 * backoff when the failure is transient.
 */
export function createPoliteFetcher(options: PoliteFetcherOptions = {}): PoliteFetcher {
  const clock = { now: options.now ?? realClock.now, sleep: options.sleep ?? realClock.sleep };
  const queue = createHostQueue(clock);
  const token = options.robotsToken ?? BOT_TOKEN;

  // robots.txt skips the host queue: it is loaded while a page request may hold that queue (a
  // redirect to the same host on another scheme), and one small file a day does not need pacing.
  const loadRobots = async (robotsUrl: string): Promise<RobotsOutcome> => {
    try {
      const page = await guardedFetch(robotsUrl, {
        ...options,
        method: 'GET',
        body: undefined,
        maxBytes: ROBOTS_MAX_BYTES,
        truncateBody: true,
        accept: 'text/plain,*/*;q=0.1',
        onRedirect: undefined,
      });
      return { kind: 'ok', text: new TextDecoder('utf-8').decode(page.bytes) };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (!(error instanceof FetchError)) return { kind: 'unreachable', reason };
      const status = error.status ?? 0;
      // 429 is a 4xx but means "slow down", not "there is no file": Google treats it as a 5xx too.
      if (error.code === 'http_status' && status >= 400 && status < 500 && status !== 429) {
        return { kind: 'unavailable' };
      }
      // RFC 9309 §2.3.1.2: after five redirects the file may be taken as unavailable.
      return error.code === 'too_many_redirects' ? { kind: 'unavailable' } : { kind: 'unreachable', reason };
    }
  };
  const robots = new RobotsCache({
    load: loadRobots,
    ttlMs: options.robotsTtlMs,
    store: options.robotsStore ?? null,
    now: clock.now,
  });

  const robotsAllowed = async (url: string): Promise<boolean> => {
    const target = parseHttpUrl(url);
    return isAllowed(await robots.get(target), token, pathOf(target));
  };

  /** Throws unless robots.txt lets us fetch `target`; returns its crawl delay in ms. A robots.txt
   * that could not be read (5xx, network error) stops the whole site, as RFC 9309 §2.3.1.4 asks,
   * and says so: the site did not disallow anything, we could not ask it. */
  const admit = async (target: URL, settings: PoliteFetcherOptions): Promise<number> => {
    if (settings.respectRobots === false) return 0;
    const rules = await robots.get(target);
    if (rules.unreachable !== undefined) {
      throw new FetchError(
        'robots_unreachable',
        `refused: robots.txt of ${target.origin} could not be read (${rules.unreachable}); ` +
          'a site is not crawled until it can be',
      );
    }
    if (!isAllowed(rules, token, pathOf(target))) {
      throw new FetchError(
        'robots_disallowed',
        `refused: robots.txt of ${target.origin} disallows ${pathOf(target)}`,
      );
    }
    const seconds = crawlDelayOf(rules, token) ?? 0;
    return Math.min(seconds * 1000, settings.maxCrawlDelayMs ?? 60_000);
  };

  const fetch = async (url: string, overrides: GuardedFetchOptions = {}): Promise<FetchedPage> => {
    const settings: PoliteFetcherOptions = { ...options, ...overrides };
    const target = parseHttpUrl(url);
    await checkUrlAllowed(target, settings);
    const crawlDelayMs = await admit(target, settings);
    const gapMs = Math.max(settings.minDelayMs ?? 1000, crawlDelayMs);
    const onRedirect = async (to: URL) => {
      await settings.onRedirect?.(to);
      // Screen before robots: a redirect to 10.0.0.1 is a refused address, not a robots question.
      await checkUrlAllowed(to, settings);
      await admit(to, settings);
    };
    const retry = {
      backoffBaseMs: settings.backoffBaseMs ?? 500,
      maxBackoffMs: settings.maxBackoffMs ?? 30_000,
      maxRetryAfterMs: settings.maxRetryAfterMs ?? 60_000,
      random: settings.random ?? Math.random,
      method: settings.method ?? 'GET',
    };
    const retries = settings.retries ?? 2;
    for (let attempt = 0; ; attempt++) {
      try {
        return await queue.run(target.hostname, gapMs, () =>
          guardedFetch(target.href, { ...settings, onRedirect }),
        );
      } catch (error) {
        const delay = attempt < retries ? retryDelayMs(error, attempt, retry) : null;
        if (delay === null) throw error;
        await clock.sleep(delay);
      }
    }
  };

  const pauseLeft = async (url: string): Promise<number> => {
    const target = parseHttpUrl(url);
    const last = queue.lastFinishedAt(target.hostname);
    if (last === null) return 0;
    const crawlDelayMs = options.respectRobots === false ? 0 : await admit(target, options).catch(() => 0);
    const gapMs = Math.max(options.minDelayMs ?? 1000, crawlDelayMs);
    return Math.max(0, last + gapMs - clock.now());
  };

  return { fetch, robotsAllowed, pauseLeft, useRobotsStore: (store) => robots.useStore(store) };
}
