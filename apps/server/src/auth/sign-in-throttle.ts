import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '@preciofab/db/client';
import { authThrottleRepository, type ThrottleCount } from '@preciofab/db/repositories/users.repository';
import { AppError } from '@preciofab/shared/errors';
import { createHashGate, HashGateFull, type HashGate } from './hash-gate.ts';

export const THROTTLE_WINDOW_SECONDS = 15 * 60;
/** Attempts in a window before a refusal (`ip`, `accountIp`, `password`) or a delay (`account`). */
export const THROTTLE_LIMITS = { ip: 20, accountIp: 5, account: 10, password: 5 } as const;
/** The longest pause an account-wide streak of failures adds before each further attempt. */
const MAX_ACCOUNT_DELAY_SECONDS = 5;
const PURGE_EVERY_MS = 10 * 60 * 1000;

const keys = {
  ip: (ip: string) => `ip:${ip}`,
  accountIp: (email: string, ip: string) => `account_ip:${email.toLowerCase()}|${ip}`,
  account: (email: string) => `account:${email.toLowerCase()}`,
  password: (userId: string) => `password:${userId}`,
};

function refusal(count: ThrottleCount): AppError {
  const elapsed = (Date.now() - count.windowStart.getTime()) / 1000;
  const wait = Math.max(1, Math.ceil(THROTTLE_WINDOW_SECONDS - elapsed));
  return new AppError('rate_limited', 'errors.too_many_attempts', {
    values: { seconds: wait },
    retryAfterSeconds: wait,
  });
}

const busy = () =>
  new AppError('rate_limited', 'errors.sign_in_busy', { values: { seconds: 2 }, retryAfterSeconds: 2 });

/**
 * The throttles in front of every password check (sign-in and password change). An attempt is
 * counted before the hash, atomically (`authThrottleRepository.bump`), so concurrent guesses see
 * each other. Sign-in limits: 20 attempts per address and 5 per account *from one address*, both
 * refusals with `Retry-After`; across all addresses an account's failures only add a delay (up to
 * 5 s), so whoever knows an email cannot lock its owner out. A success clears the account's counts and
 * does not count against its address. The hash itself waits at the `HashGate`.
 */
export function createSignInThrottle(
  db: Db,
  options: { gate?: HashGate; delay?: (seconds: number) => Promise<unknown> } = {},
) {
  const gate = options.gate ?? createHashGate();
  const delay = options.delay ?? ((seconds: number) => sleep(seconds * 1000));
  let lastPurge = 0;

  const purgeNowAndThen = async () => {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    await authThrottleRepository.purgeExpired(db, THROTTLE_WINDOW_SECONDS);
  };

  /** Runs the hash through the gate; a full line takes the attempt back and answers "busy". */
  const hashed = async <T>(ip: string, counted: string[], work: () => Promise<T>): Promise<T> => {
    try {
      return await gate.run(ip, work);
    } catch (error) {
      if (!(error instanceof HashGateFull)) throw error;
      if (counted.length > 0) await authThrottleRepository.release(db, counted);
      throw busy();
    }
  };

  return {
    /** Counts a sign-in attempt and checks the password through `verify`; resolves to its result.
     * Throws 429 when a limit is reached or the hash line is full. */
    async login(email: string, ip: string, verify: () => Promise<boolean>): Promise<boolean> {
      await purgeNowAndThen();
      const byIp = await authThrottleRepository.bump(db, keys.ip(ip), THROTTLE_WINDOW_SECONDS);
      if (byIp.attempts > THROTTLE_LIMITS.ip) throw refusal(byIp);
      // One key at a time, so a refused attempt counts only where it was refused: an address past
      // its five guesses at an account adds nothing to the account's streak.
      const byAccountIp = await authThrottleRepository.bump(
        db,
        keys.accountIp(email, ip),
        THROTTLE_WINDOW_SECONDS,
      );
      if (byAccountIp.attempts > THROTTLE_LIMITS.accountIp) throw refusal(byAccountIp);
      const byAccount = await authThrottleRepository.bump(db, keys.account(email), THROTTLE_WINDOW_SECONDS);
      const over = byAccount.attempts - THROTTLE_LIMITS.account;
      if (over > 0) await delay(Math.min(over, MAX_ACCOUNT_DELAY_SECONDS));
      const accountKeys = [keys.accountIp(email, ip), keys.account(email)];
      const ok = await hashed(ip, [keys.ip(ip), ...accountKeys], verify);
      if (ok) {
        await authThrottleRepository.clear(db, accountKeys);
        await authThrottleRepository.release(db, [keys.ip(ip)]);
      }
      return ok;
    },

    /** Counts a check of a signed-in user's current password (5 per 15 minutes per user). */
    async passwordCheck(userId: string, ip: string, verify: () => Promise<boolean>): Promise<boolean> {
      const key = keys.password(userId);
      const count = await authThrottleRepository.bump(db, key, THROTTLE_WINDOW_SECONDS);
      if (count.attempts > THROTTLE_LIMITS.password) throw refusal(count);
      const ok = await hashed(ip, [key], verify);
      if (ok) await authThrottleRepository.clear(db, [key]);
      return ok;
    },

    /** Any other hash (a new password): same gate, no count. */
    async hash<T>(ip: string, work: () => Promise<T>): Promise<T> {
      return hashed(ip, [], work);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
