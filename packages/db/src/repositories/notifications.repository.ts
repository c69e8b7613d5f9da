import type { AlertKind } from '@preciofab/shared/contracts/alerts';
import type { Db } from '../client.ts';

export type NotificationRow = {
  id: string;
  alert_id: string;
  rule_id: string | null;
  rule_name: string;
  kind: AlertKind;
  data: unknown;
  created_at: Date;
  read_at: Date | null;
};

/** Every statement names the user: a user reads and marks only their own notifications. */
export const notificationsRepository = {
  async list(
    db: Db,
    userId: string,
    q: { unread?: boolean | undefined; kind?: AlertKind | undefined; limit: number; offset: number },
  ): Promise<{ rows: NotificationRow[]; total: number }> {
    const where = `where n.user_id = $1 and (not $2::boolean or n.read_at is null)
                     and ($3::text is null or a.kind = $3)`;
    const params = [userId, q.unread ?? false, q.kind ?? null];
    const [rows, total] = await Promise.all([
      db.query<NotificationRow>(
        `select n.id, n.alert_id, a.rule_id, a.rule_name, a.kind, a.data, n.created_at, n.read_at
           from notifications n join alerts a on a.id = n.alert_id
           ${where}
          order by n.created_at desc, n.id desc limit $4 offset $5`,
        [...params, q.limit, q.offset],
      ),
      db.query<{ n: number }>(
        `select count(*)::int as n from notifications n join alerts a on a.id = n.alert_id ${where}`,
        params,
      ),
    ]);
    return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
  },

  async unreadCount(db: Db, userId: string): Promise<number> {
    const r = await db.query<{ n: number }>(
      'select count(*)::int as n from notifications where user_id = $1 and read_at is null',
      [userId],
    );
    return r.rows[0]?.n ?? 0;
  },

  /** Unread counts of several users at once (a new alert's recipients). */
  async unreadCounts(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const r = await db.query<{ user_id: string; n: number }>(
      `select u.id as user_id, (select count(*)::int from notifications n where n.user_id = u.id and n.read_at is null) as n
         from unnest($1::uuid[]) as u(id)`,
      [[...new Set(userIds)]],
    );
    return new Map(r.rows.map((x) => [x.user_id, x.n]));
  },

  /** Marks one read (a second time keeps the first time); false when it is not the user's. */
  async markRead(db: Db, userId: string, id: string): Promise<boolean> {
    const r = await db.query(
      'update notifications set read_at = coalesce(read_at, now()) where id = $1 and user_id = $2',
      [id, userId],
    );
    return r.rowCount > 0;
  },

  async markAllRead(db: Db, userId: string): Promise<number> {
    const r = await db.query(
      'update notifications set read_at = now() where user_id = $1 and read_at is null',
      [userId],
    );
    return r.rowCount;
  },
};
