import type { Db } from '@preciofab/db/client';
import type { PubSub } from '@preciofab/db/pubsub';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import {
  sessionsRepository,
  usersRepository,
  type UserRow,
} from '@preciofab/db/repositories/users.repository';
import type { ManagedUser, PasswordChange, UserCreate, UserUpdate } from '@preciofab/shared/contracts/users';
import { AppError } from '@preciofab/shared/errors';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import type { SignInThrottle } from '../auth/sign-in-throttle.ts';
import { signalSessionsChanged } from '../auth/session-signal.ts';
import type { AuthUser } from '../http/request-context.ts';
import { isUniqueViolation } from '../http/error-mapper.ts';

export function toManagedUser(row: UserRow): ManagedUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    active: row.active,
    language: row.language,
    created_at: row.created_at.toISOString(),
  };
}

const notFound = () => new AppError('not_found', 'errors.user_not_found');

/** `throttle` counts checks of the current password (a stolen session must not become a way to
 * guess it) and admits every hash through the process's one hash gate. */
export function createUsersService(db: Db, throttle: SignInThrottle, pubsub?: PubSub) {
  return {
    async list(): Promise<ManagedUser[]> {
      return (await usersRepository.list(db)).map(toManagedUser);
    },

    async create(input: UserCreate, actorId: string): Promise<ManagedUser> {
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          const row = await usersRepository.insert(tx, {
            email: input.email,
            name: input.name,
            role: input.role,
            language: input.language,
            passwordHash,
          });
          await activityRepository.record(tx, {
            actorId,
            action: 'user_created',
            entityType: 'user',
            entityId: row.id,
            details: { name: row.name, role: row.role },
          });
          return toManagedUser(row);
        });
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw new AppError('conflict', 'errors.user_duplicate', {
            errors: [{ field: 'email', message: 'errors.user_duplicate' }],
          });
        }
        throw err;
      }
    },

    /** Admins may not change their own role or deactivate themselves, and the last active admin
     * stays an active admin. Deactivation signs the user out at once. */
    async update(id: string, patch: UserUpdate, actorId: string): Promise<ManagedUser> {
      const updated = await db.transaction(async (tx) => {
        const current = await usersRepository.findById(tx, id);
        if (!current) throw notFound();
        const roleChanges = patch.role !== undefined && patch.role !== current.role;
        const deactivates = patch.active === false && current.active;
        if (id === actorId && (roleChanges || patch.active === false)) {
          throw new AppError('conflict', 'errors.self_change');
        }
        if (current.role === 'admin' && current.active && (roleChanges || deactivates)) {
          const admins = await usersRepository.lockActiveAdminIds(tx);
          if (admins.filter((a) => a !== id).length === 0) {
            throw new AppError('conflict', 'errors.last_admin');
          }
        }
        const row = await usersRepository.update(tx, id, patch);
        if (!row) throw notFound();
        if (deactivates) await sessionsRepository.revokeAllForUser(tx, id);
        await activityRepository.record(tx, {
          actorId,
          action: 'user_updated',
          entityType: 'user',
          entityId: id,
          details: { name: row.name, fields: Object.keys(patch) },
        });
        return toManagedUser(row);
      });
      // After the commit, so that every process's re-check sees it: a deactivated user's live
      // sockets close, and every process forgets the sessions it remembered (a new role or
      // language counts from the next request).
      await signalSessionsChanged(pubsub, { user_id: id });
      return updated;
    },

    /** Changes the caller's own password and signs out their other sessions. */
    async changePassword(user: AuthUser, input: PasswordChange, ip: string): Promise<void> {
      const row = await usersRepository.findById(db, user.id);
      if (!row) throw notFound();
      const ok = await throttle.passwordCheck(user.id, ip, () =>
        verifyPassword(input.current_password, row.password_hash),
      );
      if (!ok) {
        throw new AppError('validation', 'errors.invalid_request', {
          errors: [{ field: 'current_password', message: 'errors.invalid_credentials' }],
        });
      }
      const passwordHash = await throttle.hash(ip, () => hashPassword(input.new_password));
      await db.transaction(async (tx) => {
        await usersRepository.update(tx, user.id, { passwordHash });
        await sessionsRepository.revokeOthersForUser(tx, user.id, user.sessionId);
        await activityRepository.record(tx, {
          actorId: user.id,
          action: 'user_updated',
          entityType: 'user',
          entityId: user.id,
          details: { name: row.name, fields: ['password'] },
        });
      });
      await signalSessionsChanged(pubsub, { user_id: user.id });
    },
  };
}
