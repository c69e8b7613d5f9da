import { AppError } from '@preciofab/shared/errors';

export type UserRateLimit = {
  /** Starts one call of this user's, or throws 429: one is still running, or the window's calls are
   * used up. Returns the call's release (idempotent), to run when it ends, however it ends. */
  begin(userId: string): () => void;
};

/**
 * A per-user limit for costly calls that reach outside (fetching a page for a preview): at most one
 * running at a time, and at most `perWindow` started in any `windowMs`. Kept in memory: it guards
 * this process's resources, and a user is one person at a keyboard.
 */
export function createUserRateLimit(options: {
  perWindow: number;
  windowMs: number;
  /** Catalogue key of the refusal while a call is running. */
  busyMessage: string;
  now?: () => number;
}): UserRateLimit {
  const now = options.now ?? Date.now;
  const running = new Set<string>();
  const started = new Map<string, number[]>();

  return {
    begin(userId) {
      if (running.has(userId)) throw new AppError('rate_limited', options.busyMessage);
      const at = now();
      const recent = (started.get(userId) ?? []).filter((t) => at - t < options.windowMs);
      if (recent.length >= options.perWindow) {
        started.set(userId, recent);
        const seconds = Math.max(1, Math.ceil((recent[0]! + options.windowMs - at) / 1000));
        throw new AppError('rate_limited', 'errors.too_many_requests', {
          values: { seconds },
          retryAfterSeconds: seconds,
        });
      }
      started.set(userId, [...recent, at]);
      running.add(userId);
      return () => void running.delete(userId);
    },
  };
}
