/**
 * One request at a time per host, with a pause between them. A vendor's shop is often a small
 * shared-hosting site; two crawler requests in parallel can be what tips it over.
 */
export type Clock = { now: () => number; sleep: (ms: number) => Promise<void> };

type HostState = { tail: Promise<void>; lastFinishedAt: number | null };

export type HostQueue = {
  /** Runs `task` after every earlier task for `host` has finished and `gapMs` has passed since. */
  run<T>(host: string, gapMs: number, task: () => Promise<T>): Promise<T>;
  /** When this process's last request to `host` finished (clock ms), or null. */
  lastFinishedAt(host: string): number | null;
};

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export function createHostQueue(clock: Clock = realClock): HostQueue {
  const hosts = new Map<string, HostState>();
  return {
    run(host, gapMs, task) {
      const key = host.toLowerCase();
      const state = hosts.get(key) ?? { tail: Promise.resolve(), lastFinishedAt: null };
      hosts.set(key, state);
      const result = state.tail.then(async () => {
        if (state.lastFinishedAt !== null) {
          const wait = state.lastFinishedAt + gapMs - clock.now();
          if (wait > 0) await clock.sleep(wait);
        }
        try {
          return await task();
        } finally {
          state.lastFinishedAt = clock.now();
        }
      });
      state.tail = result.then(
        () => undefined,
        () => undefined,
      );
      return result;
    },
    lastFinishedAt: (host) => hosts.get(host.toLowerCase())?.lastFinishedAt ?? null,
  };
}
