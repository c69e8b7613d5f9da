import type { Db } from '../client.ts';

export type EmailMode = 'off' | 'immediate' | 'digest';

export type SubscriptionRow = {
  rule_id: string;
  rule_name: string;
  rule_kind: string;
  rule_active: boolean;
  owner_name: string;
  is_owner: boolean;
  explicit: boolean;
  in_app: boolean;
  email: EmailMode;
};

export type ChannelSettingsRow = {
  email: string;
  time_zone: string;
  digest_hour: number;
  language: 'es' | 'en';
};

// A rule without the caller's row: its owner hears of it in-app only, anyone else not at all.
const SUBSCRIPTION_SELECT = `
  select r.id as rule_id, r.name as rule_name, r.kind as rule_kind, r.active as rule_active,
         o.name as owner_name, r.owner_id = $1 as is_owner, s.user_id is not null as explicit,
         coalesce(s.in_app, r.owner_id = $1) as in_app, coalesce(s.email, 'off') as email
    from alert_rules r
    join users o on o.id = r.owner_id
    left join alert_subscriptions s on s.rule_id = r.id and s.user_id = $1`;

/** Each user's channels per rule, their clock, and the one-click unsubscribe. */
export const alertChannelsRepository = {
  async listSubscriptions(
    db: Db,
    userId: string,
    f: { kind?: string; limit: number; offset: number },
  ): Promise<{ rows: SubscriptionRow[]; total: number }> {
    const r = await db.query<SubscriptionRow>(
      `${SUBSCRIPTION_SELECT}
        where ($2::text is null or r.kind = $2)
        order by r.owner_id = $1 desc, lower(r.name), r.id
        limit $3 offset $4`,
      [userId, f.kind ?? null, f.limit, f.offset],
    );
    const n = await db.query<{ n: number }>(
      'select count(*)::int as n from alert_rules where ($1::text is null or kind = $1)',
      [f.kind ?? null],
    );
    return { rows: r.rows, total: n.rows[0]?.n ?? 0 };
  },

  async getSubscription(db: Db, userId: string, ruleId: string): Promise<SubscriptionRow | undefined> {
    const r = await db.query<SubscriptionRow>(`${SUBSCRIPTION_SELECT} where r.id = $2`, [userId, ruleId]);
    return r.rows[0];
  },

  /** Writes the user's choice for the rule; fields left undefined keep their current (or default) value. */
  async upsertSubscription(
    db: Db,
    userId: string,
    ruleId: string,
    choice: { in_app?: boolean; email?: EmailMode },
  ): Promise<void> {
    await db.query(
      `insert into alert_subscriptions (user_id, rule_id, in_app, email)
       select $1, r.id, coalesce($3, r.owner_id = $1), coalesce($4, 'off') from alert_rules r where r.id = $2
       on conflict (user_id, rule_id) do update
         set in_app = coalesce($3, alert_subscriptions.in_app),
             email = coalesce($4, alert_subscriptions.email),
             updated_at = now()`,
      [userId, ruleId, choice.in_app ?? null, choice.email ?? null],
    );
  },

  /** The users who see a rule's alerts in-app: owners without a row of their own, and whoever chose it. */
  async inAppUserIds(db: Db, ruleId: string): Promise<string[]> {
    const r = await db.query<{ id: string }>(
      `select u.id from alert_rules r join users u on u.active
         left join alert_subscriptions s on s.rule_id = r.id and s.user_id = u.id
        where r.id = $1 and coalesce(s.in_app, u.id = r.owner_id)`,
      [ruleId],
    );
    return r.rows.map((x) => x.id);
  },

  async settings(db: Db, userId: string): Promise<ChannelSettingsRow | undefined> {
    const r = await db.query<ChannelSettingsRow>(
      'select email, time_zone, digest_hour, language from users where id = $1',
      [userId],
    );
    return r.rows[0];
  },

  async updateSettings(
    db: Db,
    userId: string,
    s: { time_zone?: string; digest_hour?: number },
  ): Promise<void> {
    await db.query(
      `update users set time_zone = coalesce($2, time_zone), digest_hour = coalesce($3, digest_hour),
              updated_at = now() where id = $1`,
      [userId, s.time_zone ?? null, s.digest_hour ?? null],
    );
  },

  async findByToken(
    db: Db,
    token: string,
  ): Promise<{ user_id: string; rule_id: string; rule_name: string; email: EmailMode } | undefined> {
    const r = await db.query<{ user_id: string; rule_id: string; rule_name: string; email: EmailMode }>(
      `select s.user_id, s.rule_id, r.name as rule_name, s.email
         from alert_subscriptions s join alert_rules r on r.id = s.rule_id
        where s.unsubscribe_token = $1`,
      [token],
    );
    return r.rows[0];
  },

  /** Turns the email of the token's subscription off; its queued email deliveries are skipped. */
  async unsubscribe(db: Db, token: string): Promise<boolean> {
    const r = await db.query<{ user_id: string; rule_id: string }>(
      `update alert_subscriptions set email = 'off', updated_at = now()
        where unsubscribe_token = $1 returning user_id, rule_id`,
      [token],
    );
    const row = r.rows[0];
    if (!row) return false;
    await db.query(
      `update alert_deliveries d set status = 'skipped', last_error = 'unsubscribed', updated_at = now()
         from alerts a
        where a.id = d.alert_id and a.rule_id = $2 and d.user_id = $1 and d.status = 'queued'`,
      [row.user_id, row.rule_id],
    );
    return true;
  },

  /** The unsubscribe token of a user's subscription to a rule (the email's link). */
  async token(db: Db, userId: string, ruleId: string): Promise<string | undefined> {
    const r = await db.query<{ unsubscribe_token: string }>(
      'select unsubscribe_token from alert_subscriptions where user_id = $1 and rule_id = $2',
      [userId, ruleId],
    );
    return r.rows[0]?.unsubscribe_token;
  },
};
