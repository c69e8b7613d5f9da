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

export type SessionUserRow = Omit<UserRow, 'password_hash'> & { session_id: string };

export const sessionsRepository = {
  async insert(db: Db, userId: string, tokenHash: string, ttlSeconds: number): Promise<void> {
    await db.query(
      `insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + make_interval(secs => $3))`,
      [userId, tokenHash, ttlSeconds],
    );
  },
  async findActive(db: Db, tokenHash: string): Promise<SessionUserRow | undefined> {
    const r = await db.query<SessionUserRow>(
      `select s.id as session_id, u.id, u.email, u.name, u.role, u.active, u.language, u.created_at, u.updated_at
         from sessions s join users u on u.id = s.user_id
        where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.active`,
      [tokenHash],
    );
    return r.rows[0];
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

export const loginAttemptsRepository = {
  async record(db: Db, email: string, ip: string, succeeded: boolean): Promise<void> {
    await db.query('insert into login_attempts (email, ip, succeeded) values ($1, $2, $3)', [
      email,
      ip,
      succeeded,
    ]);
  },
  /** Failed attempts since the last success, inside the window, for this email and for this IP. */
  async recentFailures(
    db: Db,
    email: string,
    ip: string,
    windowSeconds: number,
  ): Promise<{ byEmail: number; byIp: number; oldestEmail: Date | null; oldestIp: Date | null }> {
    const r = await db.query<{
      by_email: number;
      by_ip: number;
      oldest_email: Date | null;
      oldest_ip: Date | null;
    }>(
      `with w as (select * from login_attempts where attempted_at > now() - make_interval(secs => $3)),
            e as (select * from w where lower(email) = lower($1)
                    and attempted_at > coalesce((select max(attempted_at) from w where lower(email) = lower($1) and succeeded), '-infinity')
                    and not succeeded),
            i as (select * from w where ip = $2 and not succeeded)
       select (select count(*)::int from e) as by_email, (select count(*)::int from i) as by_ip,
              (select min(attempted_at) from e) as oldest_email, (select min(attempted_at) from i) as oldest_ip`,
      [email, ip, windowSeconds],
    );
    const row = r.rows[0]!;
    return { byEmail: row.by_email, byIp: row.by_ip, oldestEmail: row.oldest_email, oldestIp: row.oldest_ip };
  },
};
