import type { Db } from '../client.ts';

export type WebhookEndpointRow = {
  id: string;
  name: string;
  url: string;
  secret: string;
  active: boolean;
  all_rules: boolean;
  rule_ids: string[];
  queued: number;
  sent: number;
  failed: number;
  last_attempt_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

export type WebhookEndpointWrite = {
  name: string;
  url: string;
  active: boolean;
  all_rules: boolean;
};

const SELECT = `
  select e.id, e.name, e.url, e.secret, e.active, e.all_rules, e.created_at, e.updated_at,
         coalesce((select array_agg(r.rule_id::text order by r.rule_id) from webhook_endpoint_rules r
                    where r.endpoint_id = e.id), '{}') as rule_ids,
         (select count(*)::int from alert_deliveries d where d.endpoint_id = e.id and d.status = 'queued') as queued,
         (select count(*)::int from alert_deliveries d where d.endpoint_id = e.id and d.status = 'sent') as sent,
         (select count(*)::int from alert_deliveries d where d.endpoint_id = e.id and d.status = 'failed') as failed,
         (select max(a.attempted_at) from alert_delivery_attempts a join alert_deliveries d on d.id = a.delivery_id
           where d.endpoint_id = e.id) as last_attempt_at
    from webhook_endpoints e`;

/** The admins' webhook receivers and the rules each one hears of. */
export const webhookEndpointsRepository = {
  async list(db: Db): Promise<WebhookEndpointRow[]> {
    const r = await db.query<WebhookEndpointRow>(`${SELECT} order by lower(e.name), e.id`);
    return r.rows;
  },
  async findById(db: Db, id: string): Promise<WebhookEndpointRow | undefined> {
    const r = await db.query<WebhookEndpointRow>(`${SELECT} where e.id = $1`, [id]);
    return r.rows[0];
  },
  async insert(
    db: Db,
    e: WebhookEndpointWrite & { secret: string },
    actorId: string | null,
  ): Promise<string> {
    const r = await db.query<{ id: string }>(
      `insert into webhook_endpoints (name, url, secret, active, all_rules, created_by)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [e.name, e.url, e.secret, e.active, e.all_rules, actorId],
    );
    return r.rows[0]!.id;
  },
  async update(db: Db, id: string, e: Partial<WebhookEndpointWrite>): Promise<boolean> {
    const r = await db.query(
      `update webhook_endpoints set name = coalesce($2, name), url = coalesce($3, url),
              active = coalesce($4, active), all_rules = coalesce($5, all_rules), updated_at = now()
        where id = $1`,
      [id, e.name ?? null, e.url ?? null, e.active ?? null, e.all_rules ?? null],
    );
    return r.rowCount > 0;
  },
  /** Replaces the endpoint's rules with those of `ruleIds` that exist; returns how many were kept. */
  async setRules(db: Db, id: string, ruleIds: readonly string[]): Promise<number> {
    await db.query('delete from webhook_endpoint_rules where endpoint_id = $1', [id]);
    const r = await db.query(
      `insert into webhook_endpoint_rules (endpoint_id, rule_id)
       select $1, r.id from alert_rules r where r.id = any($2::uuid[])`,
      [id, ruleIds],
    );
    return r.rowCount;
  },
  async setSecret(db: Db, id: string, secret: string): Promise<boolean> {
    const r = await db.query('update webhook_endpoints set secret = $2, updated_at = now() where id = $1', [
      id,
      secret,
    ]);
    return r.rowCount > 0;
  },
  async delete(db: Db, id: string): Promise<boolean> {
    const r = await db.query('delete from webhook_endpoints where id = $1', [id]);
    return r.rowCount > 0;
  },
};
