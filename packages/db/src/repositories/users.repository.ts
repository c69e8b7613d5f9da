import type { Db } from '../client.ts';

export type UserRow = {
  id: string;
  email: string;
  name: string;
  role: 'admin' | 'operator' | 'viewer';
  password_hash: string;
  active: boolean;
  language: 'es' | 'en';
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = 'id, email, name, role, password_hash, active, language, created_at, updated_at';

export const usersRepository = {
  async count(db: Db): Promise<number> {
    const r = await db.query<{ n: number }>('select count(*)::int as n from users');
    return r.rows[0]?.n ?? 0;
  },
  async findByEmail(db: Db, email: string): Promise<UserRow | undefined> {
    const r = await db.query<UserRow>(`select ${COLUMNS} from users where lower(email) = lower($1)`, [email]);
    return r.rows[0];
  },
  async findById(db: Db, id: string): Promise<UserRow | undefined> {
    const r = await db.query<UserRow>(`select ${COLUMNS} from users where id = $1`, [id]);
    return r.rows[0];
  },
  async list(db: Db): Promise<UserRow[]> {
    const r = await db.query<UserRow>(`select ${COLUMNS} from users order by lower(email)`);
    return r.rows;
  },
  async countActiveAdmins(db: Db): Promise<number> {
    const r = await db.query<{ n: number }>(
      "select count(*)::int as n from users where role = 'admin' and active",
    );
    return r.rows[0]?.n ?? 0;
  },
  /** Locks the active admins' rows until the transaction ends and returns their ids, so two
   * concurrent demotions cannot both see another admin left. */
  async lockActiveAdminIds(db: Db): Promise<string[]> {
    const r = await db.query<{ id: string }>(
      "select id from users where role = 'admin' and active order by id for update",
    );
    return r.rows.map((x) => x.id);
  },
  async insert(
    db: Db,
    u: { email: string; name: string; role: string; passwordHash: string; language?: string },
  ): Promise<UserRow> {
    const r = await db.query<UserRow>(
      `insert into users (email, name, role, password_hash, language) values ($1, $2, $3, $4, $5) returning ${COLUMNS}`,
      [u.email, u.name, u.role, u.passwordHash, u.language ?? 'es'],
    );
    return r.rows[0]!;
  },
  async update(
    db: Db,
    id: string,
    patch: { name?: string; role?: string; active?: boolean; language?: string; passwordHash?: string },
  ): Promise<UserRow | undefined> {
    const r = await db.query<UserRow>(
      `update users set
         name = coalesce($2, name), role = coalesce($3, role), active = coalesce($4, active),
         language = coalesce($5, language), password_hash = coalesce($6, password_hash), updated_at = now()
       where id = $1 returning ${COLUMNS}`,
      [
        id,
        patch.name ?? null,
        patch.role ?? null,
        patch.active ?? null,
        patch.language ?? null,
        patch.passwordHash ?? null,
      ],
    );
    return r.rows[0];
  },
};

export type SessionUserRow = Omit<UserRow, 'password_hash'> & {
  session_id: string;
  session_expires_at: Date;
};

export const sessionsRepository = {
  async insert(db: Db, userId: string, tokenHash: string, ttlSeconds: number): Promise<void> {
    await db.query(
      `insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + make_interval(secs => $3))`,
      [userId, tokenHash, ttlSeconds],
    );
  },
  /** The active sessions (not revoked, not expired, of an active user) of these tokens, with
   * their users: one statement for the requests arriving together. */
  async findActiveMany(db: Db, tokenHashes: readonly string[]): Promise<Map<string, SessionUserRow>> {
    const r = await db.query<SessionUserRow & { token_hash: string }>(
      `select s.token_hash, s.id as session_id, s.expires_at as session_expires_at, u.id, u.email, u.name, u.role, u.active, u.language, u.created_at,
              u.updated_at
         from sessions s join users u on u.id = s.user_id
        where s.token_hash = any($1::text[]) and s.revoked_at is null and s.expires_at > now() and u.active`,
      [tokenHashes],
    );
    return new Map(r.rows.map(({ token_hash, ...row }) => [token_hash, row]));
  },
  async revoke(db: Db, sessionId: string): Promise<void> {
    await db.query('update sessions set revoked_at = now() where id = $1 and revoked_at is null', [
      sessionId,
    ]);
  },
  /** Signs a user out everywhere except the session that asked (a password change). */
  async revokeOthersForUser(db: Db, userId: string, keepSessionId: string): Promise<void> {
    await db.query(
      'update sessions set revoked_at = now() where user_id = $1 and id <> $2 and revoked_at is null',
      [userId, keepSessionId],
    );
  },
  async revokeAllForUser(db: Db, userId: string): Promise<void> {
    await db.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [
      userId,
    ]);
  },
};

export type ThrottleCount = { key: string; attempts: number; windowStart: Date };

/**
 * Attempt counters for the sign-in and password-change throttles. `bump` counts an attempt and
 * returns the new count in one statement: concurrent attempts on one key queue on its row and each
 * sees the count including those before it, so a burst cannot all pass a check made before any was
 * recorded. A row whose window has passed starts again at one.
 */
export const authThrottleRepository = {
  async bump(db: Db, key: string, windowSeconds: number): Promise<ThrottleCount> {
    const r = await db.query<{ attempts: number; window_start: Date }>(
      `insert into auth_throttle as t (key, window_start, attempts) values ($1, now(), 1)
       on conflict (key) do update set
         attempts = case when t.window_start > now() - make_interval(secs => $2) then t.attempts + 1 else 1 end,
         window_start = case when t.window_start > now() - make_interval(secs => $2) then t.window_start else now() end
       returning attempts, window_start`,
      [key, windowSeconds],
    );
    const row = r.rows[0]!;
    return { key, attempts: row.attempts, windowStart: row.window_start };
  },
  /** Takes one attempt back (an attempt that turned out not to count against the key). */
  async release(db: Db, keys: string[]): Promise<void> {
    await db.query(
      'update auth_throttle set attempts = greatest(attempts - 1, 0) where key = any($1::text[])',
      [keys],
    );
  },
  async clear(db: Db, keys: string[]): Promise<void> {
    await db.query('delete from auth_throttle where key = any($1::text[])', [keys]);
  },
  async purgeExpired(db: Db, windowSeconds: number): Promise<number> {
    const r = await db.query(
      'delete from auth_throttle where window_start <= now() - make_interval(secs => $1)',
      [windowSeconds],
    );
    return r.rowCount;
  },
};
