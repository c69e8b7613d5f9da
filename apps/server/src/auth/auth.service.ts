import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@preciofab/db/client';
import {
  loginAttemptsRepository,
  sessionsRepository,
  usersRepository,
} from '@preciofab/db/repositories/users.repository';
import { AppError } from '@preciofab/shared/errors';
import type { AuthUser } from '../http/request-context.ts';
import { hashPassword, randomPassword, verifyPassword } from './password.ts';

const THROTTLE_WINDOW_SECONDS = 15 * 60;
const MAX_FAILURES_PER_EMAIL = 5;
const MAX_FAILURES_PER_IP = 20;
// Verified against when the email is unknown, so both paths cost the same.
const DUMMY_HASH = hashPassword('not-a-real-password');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function createAuthService(db: Db, options: { tokenTtlSeconds: number }) {
  return {
    async login(email: string, password: string, ip: string) {
      const failures = await loginAttemptsRepository.recentFailures(db, email, ip, THROTTLE_WINDOW_SECONDS);
      const blockedSince =
        failures.byEmail >= MAX_FAILURES_PER_EMAIL
          ? failures.oldestEmail
          : failures.byIp >= MAX_FAILURES_PER_IP
            ? failures.oldestIp
            : null;
      if (blockedSince) {
        const wait = Math.max(
          1,
          Math.ceil(THROTTLE_WINDOW_SECONDS - (Date.now() - blockedSince.getTime()) / 1000),
        );
        throw new AppError('rate_limited', 'errors.too_many_attempts', {
          values: { seconds: wait },
          retryAfterSeconds: wait,
        });
      }
      const user = await usersRepository.findByEmail(db, email);
      const ok = await verifyPassword(password, user?.password_hash ?? (await DUMMY_HASH));
      if (!user || !ok || !user.active) {
        await loginAttemptsRepository.record(db, email, ip, false);
        throw new AppError('unauthenticated', 'errors.invalid_credentials');
      }
      await loginAttemptsRepository.record(db, email, ip, true);
      const token = randomBytes(32).toString('base64url');
      await sessionsRepository.insert(db, user.id, hashToken(token), options.tokenTtlSeconds);
      return {
        access_token: token,
        token_type: 'bearer' as const,
        expires_in: options.tokenTtlSeconds,
        user: { id: user.id, email: user.email, name: user.name, role: user.role },
      };
    },

    async authenticate(token: string): Promise<AuthUser | null> {
      const row = await sessionsRepository.findActive(db, hashToken(token));
      if (!row) return null;
      return {
        id: row.id,
        email: row.email,
        name: row.name,
        role: row.role,
        language: row.language,
        sessionId: row.session_id,
      };
    },

    async logout(sessionId: string): Promise<void> {
      await sessionsRepository.revoke(db, sessionId);
    },

    /** First start: create the admin from the environment, or admin@localhost with a random
     * password that is returned so the caller can print it once. */
    async ensureAdmin(env: {
      email?: string | undefined;
      password?: string | undefined;
    }): Promise<{ email: string; password: string | null } | null> {
      if ((await usersRepository.count(db)) > 0) return null;
      const email = env.email ?? 'admin@localhost';
      const generated = env.password ? null : randomPassword();
      await usersRepository.insert(db, {
        email,
        name: 'Administrator',
        role: 'admin',
        passwordHash: await hashPassword(env.password ?? generated!),
      });
      return { email, password: generated };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
