import type { Db } from '@preciofab/db/client';
import { robotsCacheRepository } from '@preciofab/db/repositories/robots-cache.repository';
import type { RobotsStore } from '@preciofab/fetch/robots';

/** robots.txt outcomes kept in the database (migration 0025), so a site's robots.txt is read once
 * for every worker process rather than once by each: the polite fetcher asks here before the site,
 * with its own cache in front. */
export function createDbRobotsStore(db: Db): RobotsStore {
  return {
    get: (origin) => robotsCacheRepository.get(db, origin),
    put: (origin, outcome, ttlMs) => robotsCacheRepository.put(db, origin, outcome, ttlMs),
  };
}
