import type { Db } from '@preciofab/db/client';
import type { PubSub } from '@preciofab/db/pubsub';
import {
  notificationsRepository,
  type NotificationRow,
} from '@preciofab/db/repositories/notifications.repository';
import type { Notification, NotificationList } from '@preciofab/shared/contracts/alerts';
import { NOTIFICATIONS_CHANNEL } from '@preciofab/shared/contracts/jobs';
import { AppError } from '@preciofab/shared/errors';

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    alert_id: row.alert_id,
    rule_id: row.rule_id,
    rule_name: row.rule_name,
    kind: row.kind,
    data: row.data,
    created_at: row.created_at.toISOString(),
    read_at: row.read_at ? row.read_at.toISOString() : null,
  } as Notification;
}

/** A user's own notifications: every call names the caller, never another user. */
export function createNotificationsService(db: Db, pubsub: PubSub) {
  /** The user's other tabs update their bell (each server pushes the new count to its sockets). */
  const announce = (userId: string) =>
    pubsub.publish(NOTIFICATIONS_CHANNEL, { user_ids: [userId] }).catch(() => undefined);

  return {
    async list(
      userId: string,
      q: {
        unread?: boolean | undefined;
        kind?: Notification['kind'] | undefined;
        limit: number;
        offset: number;
      },
    ): Promise<NotificationList> {
      const [{ rows, total }, unread] = await Promise.all([
        notificationsRepository.list(db, userId, q),
        notificationsRepository.unreadCount(db, userId),
      ]);
      return { data: rows.map(toNotification), total, limit: q.limit, offset: q.offset, unread };
    },

    async unread(userId: string): Promise<{ unread: number }> {
      return { unread: await notificationsRepository.unreadCount(db, userId) };
    },

    async markRead(userId: string, id: string): Promise<{ unread: number }> {
      if (!(await notificationsRepository.markRead(db, userId, id))) {
        throw new AppError('not_found', 'errors.notification_not_found');
      }
      await announce(userId);
      return this.unread(userId);
    },

    async markAllRead(userId: string): Promise<{ unread: number }> {
      if ((await notificationsRepository.markAllRead(db, userId)) > 0) await announce(userId);
      return this.unread(userId);
    },
  };
}
