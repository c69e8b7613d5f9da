import type { Db } from '../client.ts';

export type DeliveryStatus = 'queued' | 'sent' | 'failed' | 'skipped';
export type AttemptOutcome = 'sent' | 'retry' | 'failed' | 'skipped';

/** A delivery with what sending it needs: the alert, and its user or its endpoint. */
export type DeliveryWork = {
  id: string;
  alert_id: string;
  channel: 'email' | 'webhook';
  mode: 'immediate' | 'digest';
  status: DeliveryStatus;
  attempts: number;
  alert_kind: string;
  alert_data: unknown;
  rule_id: string | null;
  rule_name: string;
  alert_created_at: Date;
  user_id: string | null;
  user_email: string | null;
  user_language: 'es' | 'en' | null;
  user_active: boolean | null;
  subscription_email: 'off' | 'immediate' | 'digest' | null;
  unsubscribe_token: string | null;
  endpoint_id: string | null;
  endpoint_url: string | null;
  endpoint_secret: string | null;
  endpoint_active: boolean | null;
};

export type AttemptRecord = {
  outcome: AttemptOutcome;
  httpStatus?: number | null;
  smtpReply?: string | null;
  errorCode?: string | null;
  error?: string | null;
  durationMs: number;
};

export type DeliveryLogRow = {
  id: string;
  alert_id: string;
  alert_kind: string;
  rule_id: string | null;
  rule_name: string;
  channel: 'email' | 'webhook';
  mode: 'immediate' | 'digest';
  user_id: string | null;
  user_name: string | null;
  endpoint_id: string | null;
  endpoint_name: string | null;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  last_error: string | null;
  digest_id: string | null;
  created_at: Date;
  updated_at: Date;
};

export type AttemptRow = {
  delivery_id: string | null;
  digest_id: string | null;
  attempt: number;
  attempted_at: Date;
  outcome: AttemptOutcome;
  http_status: number | null;
  smtp_reply: string | null;
  error_code: string | null;
  error: string | null;
  duration_ms: number;
};

export type DigestItem = {
  alert_id: string;
  alert_kind: string;
  alert_data: unknown;
  rule_id: string | null;
  rule_name: string;
  alert_created_at: Date;
};

/** How long one attempt holds its delivery: a second copy of its job finds it not due meanwhile. */
const CLAIM_LEASE = "interval '5 minutes'";
/** How far back the sweep looks for alerts nobody planned (older ones are not mailed late). */
const SWEEP_HORIZON = "interval '7 days'";

/** Deliveries of alerts by email and webhook, their attempts (the log) and users' daily digests. */
export const deliveriesRepository = {
  /** Marks the alerts planned, returning those that were not yet: planning happens once per alert. */
  async markPlanned(db: Db, alertIds: readonly string[]): Promise<string[]> {
    const r = await db.query<{ alert_id: string }>(
      `insert into alert_delivery_plans (alert_id)
       select a.id from alerts a where a.id = any($1::uuid[])
       on conflict (alert_id) do nothing returning alert_id`,
      [alertIds],
    );
    return r.rows.map((x) => x.alert_id);
  },

  /** One email delivery per alert and subscriber whose email is not off (active users only). */
  async insertEmail(db: Db, alertIds: readonly string[]): Promise<{ id: string; mode: string }[]> {
    const r = await db.query<{ id: string; mode: string }>(
      `insert into alert_deliveries (alert_id, channel, user_id, mode)
       select a.id, 'email', s.user_id, s.email
         from alerts a
         join alert_subscriptions s on s.rule_id = a.rule_id and s.email <> 'off'
         join users u on u.id = s.user_id and u.active
        where a.id = any($1::uuid[])
       on conflict (alert_id, user_id) where user_id is not null do nothing
       returning id, mode`,
      [alertIds],
    );
    return r.rows;
  },

  /** One webhook delivery per alert and active endpoint that takes every rule or the alert's. */
  async insertWebhook(db: Db, alertIds: readonly string[]): Promise<{ id: string; mode: string }[]> {
    const r = await db.query<{ id: string; mode: string }>(
      `insert into alert_deliveries (alert_id, channel, endpoint_id, mode)
       select a.id, 'webhook', e.id, 'immediate'
         from alerts a
         join webhook_endpoints e on e.active
        where a.id = any($1::uuid[])
          and (e.all_rules or exists (select 1 from webhook_endpoint_rules w
                                       where w.endpoint_id = e.id and w.rule_id = a.rule_id))
       on conflict (alert_id, endpoint_id) where endpoint_id is not null do nothing
       returning id, mode`,
      [alertIds],
    );
    return r.rows;
  },

  /** The unplanned alerts this transaction created: an alert's created_at defaults to now(), the
   * transaction's start, which no other transaction shares. */
  async createdInThisTransaction(db: Db): Promise<string[]> {
    const r = await db.query<{ id: string }>(
      `select a.id from alerts a
        where a.created_at = now()
          and not exists (select 1 from alert_delivery_plans p where p.alert_id = a.id)`,
    );
    return r.rows.map((x) => x.id);
  },

  /** Alerts older than `olderThan` (and within the sweep's horizon) whose deliveries nobody planned. */
  async unplannedAlertIds(db: Db, olderThan: Date, limit: number): Promise<string[]> {
    const r = await db.query<{ id: string }>(
      `select a.id from alerts a
        where a.created_at < $1 and a.created_at > $1::timestamptz - ${SWEEP_HORIZON}
          and not exists (select 1 from alert_delivery_plans p where p.alert_id = a.id)
        order by a.created_at limit $2`,
      [olderThan, limit],
    );
    return r.rows.map((x) => x.id);
  },

  /** Immediate deliveries and digests still queued a minute past their due time (their job was
   * lost, or its worker died within an attempt's lease): enqueued again by the sweep. */
  async overdue(db: Db, before: Date, limit: number): Promise<{ kind: 'delivery' | 'digest'; id: string }[]> {
    const r = await db.query<{ kind: 'delivery' | 'digest'; id: string }>(
      `(select 'delivery' as kind, id from alert_deliveries
         where status = 'queued' and mode = 'immediate' and coalesce(next_attempt_at, created_at) < $1
         order by coalesce(next_attempt_at, created_at) limit $2)
       union all
       (select 'digest' as kind, id from alert_digests
         where status = 'queued' and coalesce(next_attempt_at, created_at) < $1
         order by coalesce(next_attempt_at, created_at) limit $2)`,
      [before, limit],
    );
    return r.rows;
  },

  async work(db: Db, id: string): Promise<DeliveryWork | undefined> {
    const r = await db.query<DeliveryWork>(
      `select d.id, d.alert_id, d.channel, d.mode, d.status, d.attempts,
              a.kind as alert_kind, a.data as alert_data, a.rule_id, a.rule_name, a.created_at as alert_created_at,
              d.user_id, u.email as user_email, u.language as user_language, u.active as user_active,
              s.email as subscription_email, s.unsubscribe_token,
              d.endpoint_id, e.url as endpoint_url, e.secret as endpoint_secret, e.active as endpoint_active
         from alert_deliveries d
         join alerts a on a.id = d.alert_id
         left join users u on u.id = d.user_id
         left join alert_subscriptions s on s.user_id = d.user_id and s.rule_id = a.rule_id
         left join webhook_endpoints e on e.id = d.endpoint_id
        where d.id = $1`,
      [id],
    );
    return r.rows[0];
  },

  /** Takes the delivery's next attempt when it is queued and due; returns the attempt's number.
   * A second copy of its job (queues deliver at least once) finds it leased or finished. */
  async claim(db: Db, id: string, now: Date): Promise<number | null> {
    const r = await db.query<{ attempts: number }>(
      `update alert_deliveries
          set attempts = attempts + 1, next_attempt_at = $2::timestamptz + ${CLAIM_LEASE}, updated_at = $2
        where id = $1 and status = 'queued' and mode = 'immediate'
          and (next_attempt_at is null or next_attempt_at <= $2)
        returning attempts`,
      [id, now],
    );
    return r.rows[0]?.attempts ?? null;
  },

  /** Appends one attempt to the log and sets the delivery's (or digest's) state from it. */
  async recordAttempt(
    db: Db,
    target: { deliveryId: string } | { digestId: string },
    attempt: number,
    rec: AttemptRecord,
    now: Date,
    nextAttemptAt: Date | null,
  ): Promise<void> {
    const deliveryId = 'deliveryId' in target ? target.deliveryId : null;
    const digestId = 'digestId' in target ? target.digestId : null;
    await db.query(
      `insert into alert_delivery_attempts
         (delivery_id, digest_id, attempt, attempted_at, outcome, http_status, smtp_reply, error_code, error, duration_ms)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        deliveryId,
        digestId,
        attempt,
        now,
        rec.outcome,
        rec.httpStatus ?? null,
        rec.smtpReply?.slice(0, 500) ?? null,
        rec.errorCode ?? null,
        rec.error?.slice(0, 1000) ?? null,
        Math.max(0, Math.round(rec.durationMs)),
      ],
    );
    const status = rec.outcome === 'retry' ? 'queued' : rec.outcome;
    const lastError = rec.outcome === 'sent' ? null : (rec.errorCode ?? rec.error ?? null);
    const table = deliveryId ? 'alert_deliveries' : 'alert_digests';
    await db.query(
      `update ${table} set status = $2, next_attempt_at = $3, last_error = $4, updated_at = $5 where id = $1`,
      [deliveryId ?? digestId, status, nextAttemptAt, lastError, now],
    );
    if (digestId && status !== 'queued') {
      await db.query(
        `update alert_deliveries set status = $2, last_error = $3, updated_at = $4
          where digest_id = $1 and status = 'queued'`,
        [digestId, status, lastError, now],
      );
    }
  },

  /** Marks a delivery skipped without an attempt worth retrying (logged as one attempt). */
  async skip(db: Db, id: string, attempt: number, reason: string, now: Date): Promise<void> {
    await this.recordAttempt(
      db,
      { deliveryId: id },
      attempt,
      { outcome: 'skipped', errorCode: reason, durationMs: 0 },
      now,
      null,
    );
  },

  // Digests

  /** Whether any digest item waits (the scheduler asks before each hourly run). */
  async hasPendingDigest(db: Db): Promise<boolean> {
    const r = await db.query(
      "select 1 from alert_deliveries where mode = 'digest' and status = 'queued' and digest_id is null limit 1",
    );
    return r.rows.length > 0;
  },

  /** Users with digest items waiting, and their clocks. */
  async usersWithPendingDigest(
    db: Db,
  ): Promise<{ user_id: string; time_zone: string; digest_hour: number }[]> {
    const r = await db.query<{ user_id: string; time_zone: string; digest_hour: number }>(
      `select u.id as user_id, u.time_zone, u.digest_hour from users u
        where u.active and exists (select 1 from alert_deliveries d where d.user_id = u.id
                                     and d.mode = 'digest' and d.status = 'queued' and d.digest_id is null)`,
    );
    return r.rows;
  },

  /** The user's digest of `localDate`, created with every waiting item, or null when that day's
   * digest exists already (once per user and local day). */
  async createDigest(db: Db, userId: string, localDate: string, now: Date): Promise<string | null> {
    const r = await db.query<{ id: string }>(
      `insert into alert_digests (user_id, local_date, created_at, updated_at) values ($1, $2, $3, $3)
       on conflict (user_id, local_date) do nothing returning id`,
      [userId, localDate, now],
    );
    const id = r.rows[0]?.id;
    if (!id) return null;
    const items = await db.query(
      `update alert_deliveries set digest_id = $2, updated_at = $3
        where user_id = $1 and mode = 'digest' and status = 'queued' and digest_id is null and created_at <= $3`,
      [userId, id, now],
    );
    await db.query('update alert_digests set item_count = $2 where id = $1', [id, items.rowCount]);
    return id;
  },

  async claimDigest(db: Db, id: string, now: Date): Promise<number | null> {
    const r = await db.query<{ attempts: number }>(
      `update alert_digests
          set attempts = attempts + 1, next_attempt_at = $2::timestamptz + ${CLAIM_LEASE}, updated_at = $2
        where id = $1 and status = 'queued' and (next_attempt_at is null or next_attempt_at <= $2)
        returning attempts`,
      [id, now],
    );
    return r.rows[0]?.attempts ?? null;
  },

  async digestWork(
    db: Db,
    id: string,
  ): Promise<
    | {
        user_id: string;
        local_date: string;
        user_email: string;
        user_language: 'es' | 'en';
        user_active: boolean;
        items: (DigestItem & { unsubscribe_token: string | null })[];
      }
    | undefined
  > {
    const head = await db.query<{
      user_id: string;
      local_date: string;
      user_email: string;
      user_language: 'es' | 'en';
      user_active: boolean;
    }>(
      `select g.user_id, to_char(g.local_date, 'YYYY-MM-DD') as local_date, u.email as user_email,
              u.language as user_language, u.active as user_active
         from alert_digests g join users u on u.id = g.user_id where g.id = $1`,
      [id],
    );
    const row = head.rows[0];
    if (!row) return undefined;
    const items = await db.query<DigestItem & { unsubscribe_token: string | null }>(
      `select a.id as alert_id, a.kind as alert_kind, a.data as alert_data, a.rule_id, a.rule_name,
              a.created_at as alert_created_at, s.unsubscribe_token
         from alert_deliveries d join alerts a on a.id = d.alert_id
         left join alert_subscriptions s on s.user_id = d.user_id and s.rule_id = a.rule_id
        where d.digest_id = $1 order by a.created_at, a.id`,
      [id],
    );
    return { ...row, items: items.rows };
  },

  // The log

  async list(
    db: Db,
    f: {
      channel?: string;
      status?: string;
      userId?: string;
      endpointId?: string;
      limit: number;
      offset: number;
    },
  ): Promise<{ rows: DeliveryLogRow[]; total: number }> {
    const where = `($1::text is null or d.channel = $1) and ($2::text is null or d.status = $2)
      and ($3::uuid is null or d.user_id = $3) and ($4::uuid is null or d.endpoint_id = $4)`;
    const params = [f.channel ?? null, f.status ?? null, f.userId ?? null, f.endpointId ?? null];
    const r = await db.query<DeliveryLogRow>(
      `select d.id, d.alert_id, a.kind as alert_kind, a.rule_id, a.rule_name, d.channel, d.mode,
              d.user_id, u.name as user_name, d.endpoint_id, e.name as endpoint_name, d.status, d.attempts,
              d.next_attempt_at, d.last_error, d.digest_id, d.created_at, d.updated_at
         from alert_deliveries d
         join alerts a on a.id = d.alert_id
         left join users u on u.id = d.user_id
         left join webhook_endpoints e on e.id = d.endpoint_id
        where ${where}
        order by d.created_at desc, d.id desc limit $5 offset $6`,
      [...params, f.limit, f.offset],
    );
    const n = await db.query<{ n: number }>(
      `select count(*)::int as n from alert_deliveries d where ${where}`,
      params,
    );
    return { rows: r.rows, total: n.rows[0]?.n ?? 0 };
  },

  /** The attempts of these deliveries and digests, newest first. */
  async attempts(
    db: Db,
    deliveryIds: readonly string[],
    digestIds: readonly string[],
  ): Promise<AttemptRow[]> {
    if (deliveryIds.length === 0 && digestIds.length === 0) return [];
    const r = await db.query<AttemptRow>(
      `select delivery_id, digest_id, attempt, attempted_at, outcome, http_status, smtp_reply, error_code,
              error, duration_ms
         from alert_delivery_attempts
        where delivery_id = any($1::uuid[]) or digest_id = any($2::uuid[])
        order by id desc`,
      [deliveryIds, digestIds],
    );
    return r.rows;
  },
};
