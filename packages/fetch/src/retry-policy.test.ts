import { describe, expect, it } from 'vitest';
import { FetchError, type FetchErrorCode } from './fetch-error.ts';
import { parseRetryAfter, retryDelayMs, type RetrySettings } from './retry-policy.ts';

const settings: RetrySettings = {
  backoffBaseMs: 1000,
  maxBackoffMs: 5000,
  maxRetryAfterMs: 60_000,
  random: () => 1,
  method: 'GET',
};
const error = (code: FetchErrorCode, status?: number, retryAfterMs?: number) =>
  new FetchError(code, code, { status, retryAfterMs });

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP-dates', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe('retryDelayMs', () => {
  it.each([
    ['network', undefined],
    ['http_status', 429],
    ['http_status', 500],
    ['http_status', 503],
  ] as const)('retries %s %s', (code, status) => {
    expect(retryDelayMs(error(code, status), 0, settings)).toBe(1000);
  });

  it.each([
    ['refused_address', undefined],
    ['robots_disallowed', undefined],
    ['too_large', undefined],
    ['timeout', undefined],
    ['invalid_url', undefined],
    ['http_status', 404],
    ['http_status', 403],
  ] as const)('does not retry %s %s', (code, status) => {
    expect(retryDelayMs(error(code, status), 0, settings)).toBeNull();
  });

  it('backs off exponentially with jitter, up to the cap', () => {
    const low = { ...settings, random: () => 0 };
    expect([0, 1, 2, 3].map((attempt) => retryDelayMs(error('network'), attempt, settings))).toEqual([
      1000, 2000, 4000, 5000,
    ]);
    expect([0, 1, 2].map((attempt) => retryDelayMs(error('network'), attempt, low))).toEqual([
      500, 1000, 2000,
    ]);
  });

  it('waits at least Retry-After, and not at all beyond the cap', () => {
    expect(retryDelayMs(error('http_status', 429, 30_000), 0, settings)).toBe(30_000);
    expect(retryDelayMs(error('http_status', 429, 10), 0, settings)).toBe(1000);
    expect(retryDelayMs(error('http_status', 503, 120_000), 0, settings)).toBeNull();
  });

  it('retries a POST only when the server said it did not process it', () => {
    const post = { ...settings, method: 'POST' };
    expect(retryDelayMs(error('http_status', 503), 0, post)).toBe(1000);
    expect(retryDelayMs(error('http_status', 429), 0, post)).toBe(1000);
    expect(retryDelayMs(error('http_status', 500), 0, post)).toBeNull();
    expect(retryDelayMs(error('network'), 0, post)).toBeNull();
  });
});
