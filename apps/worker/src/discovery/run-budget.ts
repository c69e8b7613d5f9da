import type { BudgetStop, DiscoveryBudget, DiscoveryLimits } from '@preciofab/shared/discovery-budget';

const LIMIT_OF: Record<DiscoveryBudget, keyof DiscoveryLimits> = {
  bytes: 'maxBytes',
  sitemaps: 'maxSitemaps',
  urls: 'maxUrls',
  time: 'timeMs',
};

/** Thrown by a fetch the run's deadline overtook: not a failure of the thing fetched. */
export class BudgetSpentError extends Error {
  constructor() {
    super("the run's time budget ran out");
    this.name = 'BudgetSpentError';
  }
}

export type RunBudget = {
  readonly limits: DiscoveryLimits;
  /** Epoch ms at which the run stops reading. */
  readonly deadline: number;
  /** The budget that stopped the run (the first one reached), or null. */
  readonly stopped: BudgetStop | null;
  /** Whether the run must stop reading altogether: its bytes or its time are spent (noting the
   * time budget when the clock has passed it). The sitemap and URL budgets only end the reading
   * of sitemaps: the pages found so far are still read. */
  spent(): boolean;
  stop(budget: DiscoveryBudget): void;
  remainingMs(): number;
  remainingBytes(): number;
  remainingUrls(): number;
  addBytes(n: number): void;
  addUrls(n: number): void;
  /** Settles as `work` does, or rejects with a BudgetSpentError when the deadline comes first
   * (the work goes on unobserved: the fetcher's own timeout ends it). */
  race<T>(work: Promise<T>): Promise<T>;
};

/** A run's budgets: counts of what it read, and the deadline, checked between steps. */
export function createRunBudget(limits: DiscoveryLimits, now: () => number = Date.now): RunBudget {
  const deadline = now() + limits.timeMs;
  let bytes = 0;
  let urls = 0;
  let stopped: BudgetStop | null = null;
  const budget: RunBudget = {
    limits,
    deadline,
    get stopped() {
      return stopped;
    },
    spent() {
      if (now() >= deadline) budget.stop('time');
      return bytes >= limits.maxBytes || now() >= deadline;
    },
    stop(which) {
      stopped ??= { budget: which, limit: limits[LIMIT_OF[which]] };
    },
    remainingMs: () => Math.max(0, deadline - now()),
    remainingBytes: () => Math.max(0, limits.maxBytes - bytes),
    remainingUrls: () => Math.max(0, limits.maxUrls - urls),
    addBytes(n) {
      bytes += n;
      if (bytes >= limits.maxBytes) budget.stop('bytes');
    },
    addUrls(n) {
      urls += n;
    },
    race(work) {
      const left = budget.remainingMs();
      if (left <= 0) {
        work.catch(() => undefined);
        budget.stop('time');
        return Promise.reject(new BudgetSpentError());
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          budget.stop('time');
          reject(new BudgetSpentError());
        }, left);
        work.then(
          (value) => {
            clearTimeout(timer);
            resolve(value);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error);
          },
        );
      });
    },
  };
  return budget;
}
