import { availableParallelism } from 'node:os';

/**
 * Admission to the password hash. scrypt (32 MiB, ~0.1 s of CPU) runs on libuv's thread pool, which
 * `statfs`, static files and DNS lookups share: a burst of sign-ins left without a cap filled the pool
 * and the CPU, and `/health` and `index.html` timed out behind it. The gate lets `concurrency` hashes
 * run at once, keeps at most `maxWaiting` in line (and `maxWaitingPerKey` from one address, so one
 * address cannot fill the line for everyone), and refuses the rest at once: a refusal costs nothing.
 */
export type HashGateOptions = { concurrency: number; maxWaiting: number; maxWaitingPerKey: number };

export const defaultHashGateOptions = (): HashGateOptions => ({
  // One core stays free for the event loop that answers HTTP; the default pool has four threads.
  concurrency: Math.max(1, Math.min(2, availableParallelism() - 1)),
  maxWaiting: 32,
  maxWaitingPerKey: 4,
});

export class HashGateFull extends Error {
  constructor(readonly scope: 'key' | 'all') {
    super(scope === 'key' ? 'too many sign-ins in line from one address' : 'too many sign-ins in line');
  }
}

export function createHashGate(options: HashGateOptions = defaultHashGateOptions()) {
  let running = 0;
  const line: Array<{ key: string; start: () => void }> = [];
  const perKey = new Map<string, number>();

  const next = () => {
    while (running < options.concurrency && line.length > 0) {
      const entry = line.shift()!;
      const n = (perKey.get(entry.key) ?? 1) - 1;
      if (n > 0) perKey.set(entry.key, n);
      else perKey.delete(entry.key);
      running += 1;
      entry.start();
    }
  };

  return {
    /** Runs `work` when a slot is free; throws `HashGateFull` at once when the line is full. */
    async run<T>(key: string, work: () => Promise<T>): Promise<T> {
      if (running >= options.concurrency || line.length > 0) {
        if ((perKey.get(key) ?? 0) >= options.maxWaitingPerKey) throw new HashGateFull('key');
        if (line.length >= options.maxWaiting) throw new HashGateFull('all');
        await new Promise<void>((start) => {
          line.push({ key, start });
          perKey.set(key, (perKey.get(key) ?? 0) + 1);
        });
      } else {
        running += 1;
      }
      try {
        return await work();
      } finally {
        running -= 1;
        next();
      }
    },
    stats: () => ({ running, waiting: line.length }),
  };
}

export type HashGate = ReturnType<typeof createHashGate>;
