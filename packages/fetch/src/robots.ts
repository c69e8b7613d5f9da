/**
 * robots.txt as RFC 9309 reads it: groups of user-agent lines with their allow/disallow rules,
 * the most specific (longest) matching rule decides and allow wins a tie, `*` matches any
 * sequence and a final `$` anchors the end. Crawl-delay is not in the RFC, but sites that set
 * it mean it, so we keep it.
 */
export type RobotsRule = { allow: boolean; pattern: string };
export type RobotsGroup = { agents: string[]; rules: RobotsRule[]; crawlDelaySeconds: number | null };
export type RobotsRules = {
  groups: RobotsGroup[];
  sitemaps: string[];
  /** Set when the file could not be read (5xx, network error): why, in the fetcher's words
   * ("HTTP 503", "connect ECONNREFUSED"). The rules are then a complete disallow. */
  unreachable?: string;
};

/** No robots.txt (4xx): everything may be crawled. */
export const ALLOW_ALL: RobotsRules = { groups: [], sitemaps: [] };
/** robots.txt unreachable (5xx, network): RFC 9309 §2.3.1.4 says assume complete disallow. */
export const DISALLOW_ALL: RobotsRules = {
  groups: [{ agents: ['*'], rules: [{ allow: false, pattern: '/' }], crawlDelaySeconds: null }],
  sitemaps: [],
};

/** The complete disallow of a robots.txt that could not be read, saying why. */
export const unreachableRules = (reason: string): RobotsRules => ({ ...DISALLOW_ALL, unreachable: reason });

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * Percent-encoding normalisation (RFC 9309 §2.2.2): non-ASCII as UTF-8 escapes, escapes of
 * unreserved characters decoded, the rest uppercased, so "/%62a%7a" and "/baz" compare equal.
 */
export function normalisePath(value: string): string {
  let encoded = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code > 0x20 && code < 0x7f) encoded += char;
    else {
      try {
        encoded += encodeURIComponent(char);
      } catch {
        encoded += '%EF%BF%BD'; // a lone surrogate: U+FFFD
      }
    }
  }
  return encoded.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

/** "Googlebot/2.1" in a user-agent line names the product token "googlebot". */
function agentToken(value: string): string {
  if (value.startsWith('*')) return '*';
  return (value.match(/^[A-Za-z_-]+/)?.[0] ?? value).toLowerCase();
}

export function parseRobots(text: string): RobotsRules {
  const groups: RobotsGroup[] = [];
  const sitemaps: string[] = [];
  let current: RobotsGroup | null = null;
  let collectingAgents = false;
  for (const rawLine of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      // Consecutive user-agent lines share one group; one after a rule starts the next group.
      if (current === null || !collectingAgents) {
        current = { agents: [], rules: [], crawlDelaySeconds: null };
        groups.push(current);
      }
      current.agents.push(agentToken(value));
      collectingAgents = true;
    } else if (key === 'sitemap') {
      if (value !== '') sitemaps.push(value);
    } else if (current !== null && (key === 'allow' || key === 'disallow' || key === 'crawl-delay')) {
      collectingAgents = false;
      if (key === 'crawl-delay') {
        const seconds = Number(value);
        if (value !== '' && Number.isFinite(seconds) && seconds >= 0) current.crawlDelaySeconds = seconds;
      } else if (value !== '') {
        // An empty "Disallow:" allows everything, which is what no rule at all does.
        current.rules.push({ allow: key === 'allow', pattern: normalisePath(value) });
      }
    }
  }
  return { groups, sitemaps };
}

/** The groups for this crawler: all groups naming its token (merged), else all `*` groups. */
function groupsFor(rules: RobotsRules, userAgentToken: string): RobotsGroup[] {
  const token = userAgentToken.toLowerCase();
  const own = rules.groups.filter((g) => g.agents.includes(token));
  return own.length > 0 ? own : rules.groups.filter((g) => g.agents.includes('*'));
}

/** Wildcard match without regular expressions (no backtracking blow-up on hostile patterns):
 * greedy `*` with a single resume point, O(pattern × path). */
export function matchesPattern(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  let p = 0;
  let s = 0;
  let starAt = -1;
  let resumeAt = 0;
  while (s < path.length) {
    if (body[p] === '*') {
      starAt = p++;
      resumeAt = s;
    } else if (p < body.length && body[p] === path[s]) {
      p++;
      s++;
    } else if (p === body.length && !anchored) {
      return true;
    } else if (starAt >= 0) {
      p = starAt + 1;
      s = ++resumeAt;
    } else {
      return false;
    }
  }
  while (body[p] === '*') p++;
  return p === body.length;
}

export function isAllowed(rules: RobotsRules, userAgentToken: string, pathWithQuery: string): boolean {
  const path = normalisePath(pathWithQuery === '' ? '/' : pathWithQuery);
  if (path === '/robots.txt') return true;
  let best: RobotsRule | null = null;
  for (const group of groupsFor(rules, userAgentToken)) {
    for (const rule of group.rules) {
      if (!matchesPattern(rule.pattern, path)) continue;
      const longer = best === null || rule.pattern.length > best.pattern.length;
      const tieWonByAllow = best !== null && rule.pattern.length === best.pattern.length && rule.allow;
      if (longer || tieWonByAllow) best = rule;
    }
  }
  return best === null || best.allow;
}

/** Crawl-delay for this crawler in seconds (the largest among its groups), or null. */
export function crawlDelayOf(rules: RobotsRules, userAgentToken: string): number | null {
  const delays = groupsFor(rules, userAgentToken)
    .map((g) => g.crawlDelaySeconds)
    .filter((d): d is number => d !== null);
  return delays.length > 0 ? Math.max(...delays) : null;
}

/** What fetching /robots.txt gave: its text, "unavailable" (4xx: no rules) or "unreachable"
 * (5xx, network error: complete disallow), with why in the fetcher's words. */
export type RobotsOutcome =
  { kind: 'ok'; text: string } | { kind: 'unavailable' } | { kind: 'unreachable'; reason: string };

/** Somewhere outside this process that keeps robots.txt outcomes for every process that reads the
 * same sites (the worker keeps them in the database): asked before the site, told what the site
 * gave. Its clock is its own: it says how long an outcome still holds, not until when. */
export type RobotsStore = {
  get(origin: string): Promise<{ outcome: RobotsOutcome; expiresInMs: number } | undefined>;
  put(origin: string, outcome: RobotsOutcome, ttlMs: number): Promise<void>;
};

export type RobotsCacheOptions = {
  load: (robotsUrl: string) => Promise<RobotsOutcome>;
  /** How long fetched rules are trusted. Default 24 h (RFC 9309 §2.4). */
  ttlMs?: number;
  /** How long an unreachable robots.txt blocks the origin before we ask again. Default 10 min:
   * a vendor's brief outage should not keep it out of a whole day's crawl. */
  failureTtlMs?: number;
  /** Shared outcomes, behind this cache and in front of the site. */
  store?: RobotsStore | null;
  now?: () => number;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_ENTRIES = 5000;

const rulesOf = (outcome: RobotsOutcome): RobotsRules => {
  if (outcome.kind === 'ok') return parseRobots(outcome.text);
  return outcome.kind === 'unavailable' ? ALLOW_ALL : unreachableRules(outcome.reason);
};

/** robots.txt per origin (scheme, host, port), loaded once per TTL and shared by concurrent callers;
 * with a store, shared with every process that uses the store too. A store that fails is passed
 * by: the site is asked, as without one. */
export class RobotsCache {
  private readonly entries = new Map<string, { expiresAt: number; rules: Promise<RobotsRules> }>();
  private readonly options: RobotsCacheOptions;
  private store: RobotsStore | null;

  constructor(options: RobotsCacheOptions) {
    this.options = options;
    this.store = options.store ?? null;
  }

  /** Shares outcomes through `store` from now on (null: this process's cache only). */
  useStore(store: RobotsStore | null): void {
    this.store = store;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The origin's outcome and how long it holds: from the store while it has a fresh one, else
   * from the site (and then kept in the store). */
  private async read(origin: string): Promise<{ outcome: RobotsOutcome; ttlMs: number }> {
    const store = this.store;
    const stored = await store?.get(origin).catch(() => undefined);
    if (stored) return { outcome: stored.outcome, ttlMs: stored.expiresInMs };
    const outcome = await this.options
      .load(`${origin}/robots.txt`)
      .catch((error: unknown): RobotsOutcome => ({
        kind: 'unreachable',
        reason: error instanceof Error ? error.message : String(error),
      }));
    const ttlMs =
      outcome.kind === 'unreachable'
        ? (this.options.failureTtlMs ?? 10 * 60_000)
        : (this.options.ttlMs ?? DAY_MS);
    await store?.put(origin, outcome, ttlMs).catch(() => undefined);
    return { outcome, ttlMs };
  }

  get(url: string | URL): Promise<RobotsRules> {
    const origin = new URL(url).origin;
    const now = this.now();
    const cached = this.entries.get(origin);
    if (cached !== undefined && cached.expiresAt > now) return cached.rules;
    const entry = { expiresAt: Number.POSITIVE_INFINITY, rules: Promise.resolve(ALLOW_ALL) };
    entry.rules = this.read(origin).then(({ outcome, ttlMs }) => {
      entry.expiresAt = this.now() + ttlMs;
      return rulesOf(outcome);
    });
    if (this.entries.size >= MAX_ENTRIES) {
      for (const [key, value] of this.entries) if (value.expiresAt <= now) this.entries.delete(key);
    }
    this.entries.set(origin, entry);
    return entry.rules;
  }
}
