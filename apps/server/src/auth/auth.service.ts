import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@preciofab/db/client';
import type { PubSub } from '@preciofab/db/pubsub';
import {
  sessionsRepository,
  usersRepository,
  type UserRow,
} from '@preciofab/db/repositories/users.repository';
import { AppError } from '@preciofab/shared/errors';
import type { AuthUser } from '../http/request-context.ts';
import { hashPassword, randomPassword, verifyPassword } from './password.ts';
import { createSignInThrottle, type SignInThrottle } from './sign-in-throttle.ts';
import { signalSessionsChanged } from './session-signal.ts';

// Verified against when the email is unknown, so both paths cost the same.
const DUMMY_HASH = hashPassword('not-a-real-password');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function createAuthService(
  db: Db,
  options: { tokenTtlSeconds: number; throttle?: SignInThrottle; pubsub?: PubSub },
) {
  const throttle = options.throttle ?? createSignInThrottle(db);
  return {
    throttle,

    async login(email: string, password: string, ip: string) {
      const seen: { user?: UserRow | undefined } = {};
      const ok = await throttle.login(email, ip, async () => {
        const row = (seen.user = await usersRepository.findByEmail(db, email));
        // A deactivated account's right password is still a failed sign-in.
        return (await verifyPassword(password, row?.password_hash ?? (await DUMMY_HASH))) && !!row?.active;
      });
      const user = seen.user;
      if (!ok || !user) throw new AppError('unauthenticated', 'errors.invalid_credentials');
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
      await signalSessionsChanged(options.pubsub, { session_id: sessionId });
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
