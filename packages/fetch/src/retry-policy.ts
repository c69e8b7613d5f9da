import { FetchError } from './fetch-error.ts';

/** Retry-After is either delta-seconds or an HTTP-date (RFC 9110 §10.2.3); returns milliseconds. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export type RetrySettings = {
  backoffBaseMs: number;
  maxBackoffMs: number;
  /** A server asking for a longer pause than this is not retried: the caller reschedules. */
  maxRetryAfterMs: number;
  random: () => number;
  method: string;
};

/**
 * How long to wait before retrying after `error`, or null when retrying would not help (our own
 * refusals, robots, too-large bodies, timeouts, 4xx other than 429) or could repeat a side effect
 * (a POST is only retried when the server said it did not process it: 429, 503).
 */
export function retryDelayMs(error: unknown, attempt: number, settings: RetrySettings): number | null {
  if (!(error instanceof FetchError)) return null;
  const status = error.status ?? 0;
  const retryable =
    settings.method === 'POST'
      ? error.code === 'http_status' && (status === 429 || status === 503)
      : error.code === 'network' || (error.code === 'http_status' && (status === 429 || status >= 500));
  if (!retryable) return null;
  const exponential = Math.min(settings.maxBackoffMs, settings.backoffBaseMs * 2 ** attempt);
  // Equal jitter: half fixed, half random, so retries from many jobs do not arrive in step.
  const backoff = Math.round(exponential / 2 + (settings.random() * exponential) / 2);
  if (error.retryAfterMs === undefined) return backoff;
  if (error.retryAfterMs > settings.maxRetryAfterMs) return null;
  return Math.max(backoff, error.retryAfterMs);
}
