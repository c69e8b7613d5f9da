import type { SessionsChanged } from '../auth/session-signal.ts';

/** One open pipeline socket as this process's registry sees it. */
export type TrackedSocket = {
  userId: string;
  sessionId: string;
  /** Re-reads the session and closes the socket with 4401 when it has ended. */
  recheck(): void;
  /** Closes the socket because its user opened too many. */
  evict(): void;
};

/** The open pipeline sockets of this process, by user and by session: caps how many one user
 * holds (the oldest goes) and finds the sockets a sessions-changed signal names. */
export function createSocketRegistry(maxPerUser: number) {
  // A Set keeps insertion order, so the first entry is the user's oldest socket.
  const byUser = new Map<string, Set<TrackedSocket>>();
  const bySession = new Map<string, Set<TrackedSocket>>();

  const put = (map: Map<string, Set<TrackedSocket>>, key: string, entry: TrackedSocket) => {
    const set = map.get(key) ?? new Set();
    map.set(key, set.add(entry));
    return set;
  };
  const drop = (map: Map<string, Set<TrackedSocket>>, key: string, entry: TrackedSocket) => {
    const set = map.get(key);
    if (set?.delete(entry) && set.size === 0) map.delete(key);
  };

  const registry = {
    add(entry: TrackedSocket): void {
      put(bySession, entry.sessionId, entry);
      const mine = put(byUser, entry.userId, entry);
      while (mine.size > maxPerUser) {
        const oldest = mine.values().next().value!;
        registry.remove(oldest);
        oldest.evict();
      }
    },
    remove(entry: TrackedSocket): void {
      drop(byUser, entry.userId, entry);
      drop(bySession, entry.sessionId, entry);
    },
    matching(change: SessionsChanged): TrackedSocket[] {
      const set = 'user_id' in change ? byUser.get(change.user_id) : bySession.get(change.session_id);
      return set ? [...set] : [];
    },
  };
  return registry;
}

/** A token bucket: `burst` frames at once, refilled at `perSecond`. */
export function createTokenBucket(burst: number, perSecond: number, now = () => performance.now()) {
  let tokens = burst;
  let last = now();
  return {
    take(): boolean {
      const t = now();
      tokens = Math.min(burst, tokens + ((t - last) / 1000) * perSecond);
      last = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
