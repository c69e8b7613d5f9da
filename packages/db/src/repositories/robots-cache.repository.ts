import type { Db } from '../client.ts';

/** What reading an origin's robots.txt gave (packages/fetch's RobotsOutcome, as stored). */
export type StoredRobotsOutcome =
  { kind: 'ok'; text: string } | { kind: 'unavailable' } | { kind: 'unreachable'; reason: string };

/** A stored outcome still to be trusted, and for how much longer (ms, the database's clock). */
export type StoredRobots = { outcome: StoredRobotsOutcome; expiresInMs: number };

type Row = {
  outcome: 'ok' | 'unavailable' | 'unreachable';
  body: string | null;
  reason: string | null;
  expires_in_ms: number;
};

/**
 * robots.txt per origin, shared by every worker process (migration 0025): a process that reads a
 * site's robots.txt keeps what it got here, and the others take it from here rather than asking
 * the site again. Expiry is counted in the database's clock, which every process shares.
 */
export const robotsCacheRepository = {
  /** The origin's outcome while it is fresh; undefined when none is stored or it has expired. */
  async get(db: Db, origin: string): Promise<StoredRobots | undefined> {
    const r = await db.query<Row>(
      `select outcome, body, reason,
              (extract(epoch from expires_at - now()) * 1000)::float8 as expires_in_ms
         from robots_cache where origin = $1 and expires_at > now()`,
      [origin],
    );
    const row = r.rows[0];
    if (!row) return undefined;
    const outcome: StoredRobotsOutcome =
      row.outcome === 'ok'
        ? { kind: 'ok', text: row.body ?? '' }
        : row.outcome === 'unreachable'
          ? { kind: 'unreachable', reason: row.reason ?? '' }
          : { kind: 'unavailable' };
    return { outcome, expiresInMs: Math.max(0, row.expires_in_ms) };
  },

  /** Keeps what reading the origin's robots.txt gave, for `ttlMs` from now. */
  async put(db: Db, origin: string, outcome: StoredRobotsOutcome, ttlMs: number): Promise<void> {
    await db.query(
      `insert into robots_cache (origin, outcome, body, reason, fetched_at, expires_at)
       values ($1, $2, $3, $4, now(), now() + make_interval(secs => $5))
       on conflict (origin) do update
          set outcome = excluded.outcome, body = excluded.body, reason = excluded.reason,
              fetched_at = excluded.fetched_at, expires_at = excluded.expires_at`,
      [
        origin,
        outcome.kind,
        // A text column holds no NUL; none means anything in a robots.txt.
        outcome.kind === 'ok' ? outcome.text.replaceAll('\0', '') : null,
        outcome.kind === 'unreachable' ? outcome.reason.replaceAll('\0', '') : null,
        Math.max(0, ttlMs) / 1000,
      ],
    );
  },
};
