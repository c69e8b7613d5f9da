import { createHash, randomBytes } from 'node:crypto';
import { createBatcher } from '@preciofab/db/batcher';
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
import {
  onSessionsChangedHere,
  SESSIONS_CHANGED_CHANNEL,
  sessionsChangedSchema,
  signalSessionsChanged,
  type SessionsChanged,
} from './session-signal.ts';

// Verified against when the email is unknown, so both paths cost the same.
const DUMMY_HASH = hashPassword('not-a-real-password');

/** A session checked this recently is taken as still valid without asking the database again: most
 * requests come in bursts (a screen asks several things at once; a client posts prices one after
 * another), and on PGlite each lookup waits behind the writes. */
const SESSION_REUSE_MS = 2000;
/** Sessions remembered at most (the oldest forgotten first). */
const SESSION_REUSE_MAX = 10_000;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function createAuthService(
  db: Db,
  options: { tokenTtlSeconds: number; throttle?: SignInThrottle; pubsub?: PubSub },
) {
  const throttle = options.throttle ?? createSignInThrottle(db);
  // Sessions this process checked in the last SESSION_REUSE_MS, by token hash. A sign-out, a
  // password change, a deactivation or any change of a user forgets theirs at once here, and on
  // other processes when the sessions-changed signal arrives (at worst SESSION_REUSE_MS later).
  const remembered = new Map<string, { user: AuthUser; until: number }>();
  const forget = (change: SessionsChanged) => {
    for (const [hash, { user }] of remembered) {
      if ('session_id' in change ? user.sessionId === change.session_id : user.id === change.user_id) {
        remembered.delete(hash);
      }
    }
  };
  const stopHere = onSessionsChangedHere(forget);
  const stopOthers = options.pubsub?.subscribe(SESSIONS_CHANGED_CHANNEL, (raw) => {
    const change = sessionsChangedSchema.safeParse(raw);
    if (change.success) forget(change.data);
  });
  const sessionLookup = createBatcher(
    async (hashes: readonly string[]) => {
      const found = await sessionsRepository.findActiveMany(db, [...new Set(hashes)]);
      return hashes.map((h) => found.get(h) ?? null);
    },
    { maxItems: 100, lanes: db.kind === 'pglite' ? 1 : 4 },
  );
  return {
    throttle,

    /** Stops listening for ended sessions (the process-wide listener and the bus subscription):
     * called when the server stops, so a process that makes many (the tests) keeps none. */
    close(): void {
      stopHere();
      stopOthers?.();
      remembered.clear();
    },

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

    /** The session's user, or null. Requests arriving together are looked up in one statement
     * (on PGlite every statement waits its turn in one thread: a lookup per request kept the
     * writes of those requests apart). */
    async authenticate(token: string, options: { fresh?: boolean } = {}): Promise<AuthUser | null> {
      const hash = hashToken(token);
      const now = Date.now();
      const known = remembered.get(hash);
      if (known && known.until > now && !options.fresh) return known.user;
      const row = await sessionLookup.submit(hash);
      if (!row) {
        remembered.delete(hash);
        return null;
      }
      const user: AuthUser = {
        id: row.id,
        email: row.email,
        name: row.name,
        role: row.role,
        language: row.language,
        sessionId: row.session_id,
      };
      remembered.delete(hash); // re-inserted last: the map stays in order of age
      remembered.set(hash, {
        user,
        until: Math.min(now + SESSION_REUSE_MS, row.session_expires_at.getTime()),
      });
      if (remembered.size > SESSION_REUSE_MAX) remembered.delete(remembered.keys().next().value!);
      return user;
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
