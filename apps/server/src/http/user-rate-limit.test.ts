import { describe, expect, it } from 'vitest';
import { createUserRateLimit } from './user-rate-limit.ts';

describe('the per-user rate limit', () => {
  it('runs one call per user at a time, and a released call frees the user', () => {
    const limit = createUserRateLimit({ perWindow: 10, windowMs: 60_000, busyMessage: 'errors.busy' });
    const release = limit.begin('ana');
    expect(() => limit.begin('ana')).toThrow(
      expect.objectContaining({ code: 'rate_limited', detailKey: 'errors.busy' }),
    );
    const other = limit.begin('luis');
    release();
    release();
    limit.begin('ana')();
    other();
  });

  it('allows so many calls in a window, then says when to come back', () => {
    let now = 0;
    const limit = createUserRateLimit({
      perWindow: 3,
      windowMs: 60_000,
      busyMessage: 'errors.busy',
      now: () => now,
    });
    for (const at of [0, 10_000, 20_000]) {
      now = at;
      limit.begin('ana')();
    }
    now = 45_000;
    expect(() => limit.begin('ana')).toThrow(
      expect.objectContaining({
        code: 'rate_limited',
        detailKey: 'errors.too_many_requests',
        values: { seconds: 15 },
        retryAfterSeconds: 15,
      }),
    );
    limit.begin('luis')();
    now = 60_000;
    limit.begin('ana')();
  });
});
