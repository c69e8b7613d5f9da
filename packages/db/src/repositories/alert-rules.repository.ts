import type { AlertKind, AlertRuleCreate } from '@preciofab/shared/contracts/alerts';
import { NOTIFICATIONS_CHANNEL, notificationsSignalSchema } from '@preciofab/shared/contracts/jobs';
import type { Db } from '../client.ts';
import type { PubSub } from '../pubsub.ts';

/** A rule as stored, with the names the rules page shows beside it. */
export type AlertRuleRow = {
  id: string;
  owner_id: string;
  owner_name: string;
  name: string;
  kind: AlertKind;
  active: boolean;
  vendor_id: string | null;
  vendor_name: string | null;
  category: string | null;
  subcategory: string | null;
  region: string | null;
  offer_id: string | null;
  offer_name: string | null;
  change_percent: number | null;
  change_amount: number | null;
  change_currency: string | null;
  missed_crawls: number | null;
  failures: number | null;
  min_confidence: number | null;
  alert_count: number;
  last_alert_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

/** What evaluation reads of an active rule. */
export type ActiveAlertRule = Pick<
  AlertRuleRow,
  | 'id'
  | 'owner_id'
  | 'name'
  | 'kind'
  | 'vendor_id'
  | 'category'
  | 'subcategory'
  | 'region'
  | 'offer_id'
  | 'change_percent'
  | 'change_amount'
  | 'change_currency'
  | 'missed_crawls'
  | 'failures'
  | 'min_confidence'
>;

export type AlertRuleWrite = Omit<AlertRuleCreate, 'kind'>;

const FIELDS = [
  'name',
  'active',
  'vendor_id',
  'category',
  'subcategory',
  'region',
  'offer_id',
  'change_percent',
  'change_amount',
  'change_currency',
  'missed_crawls',
  'failures',
  'min_confidence',
] as const satisfies readonly (keyof AlertRuleWrite)[];

const THRESHOLDS = `r.change_percent::float8 as change_percent, r.change_amount::float8 as change_amount,
  r.change_currency, r.missed_crawls, r.failures, r.min_confidence::float8 as min_confidence`;

const SELECT = `select r.id, r.owner_id, u.name as owner_name, r.name, r.kind, r.active, r.vendor_id,
  v.name as vendor_name, r.category, r.subcategory, r.region, r.offer_id, f.name as offer_name, ${THRESHOLDS},
  (select count(*)::int from alerts a where a.rule_id = r.id) as alert_count,
  (select max(a.created_at) from alerts a where a.rule_id = r.id) as last_alert_at,
  r.created_at, r.updated_at
  from alert_rules r
  join users u on u.id = r.owner_id
  left join vendors v on v.id = r.vendor_id
  left join offers f on f.id = r.offer_id`;

// Which kinds have an active rule, per process: every write path asks before enqueueing an
// evaluation, and most of the time the answer is "none", so it must cost nothing. A rule written
// in this process forgets it at once (the repository's writes below); other processes hear of it
// on the notifications channel (alerts service and worker), and the short lifetime bounds the rest.
const KINDS_TTL_MS = 15_000;
let kindsCache: {
  at: number;
  kinds: ReadonlySet<AlertKind>;
  pending?: Promise<ReadonlySet<AlertKind>>;
} | null = null;

export const alertRulesRepository = {
  /** Forgets the cached kinds: the next write path asks the database again. */
  forgetActiveKinds(): void {
    kindsCache = null;
  },

  /** Forgets the cached kinds whenever any process announces a rule change on the notifications
   * channel: a worker process has no socket server to hear it for it. Returns the unsubscribe. */
  forgetActiveKindsOnRuleChanges(pubsub: PubSub): () => void {
    return pubsub.subscribe(NOTIFICATIONS_CHANNEL, (raw) => {
      if (notificationsSignalSchema.safeParse(raw).data?.rules_changed) kindsCache = null;
    });
  },

  /** The kinds that have at least one active rule of an active owner (cached briefly). */
  async activeKinds(db: Db, now = Date.now()): Promise<ReadonlySet<AlertKind>> {
    if (kindsCache && now - kindsCache.at < KINDS_TTL_MS) {
      // Another caller's query failed (its transaction's trouble, not this one's): ask again.
      const pending = kindsCache.pending;
      return pending ? pending.catch(() => alertRulesRepository.activeKinds(db, now)) : kindsCache.kinds;
    }
    const entry: NonNullable<typeof kindsCache> = { at: now, kinds: new Set() };
    entry.pending = db
      .query<{ kind: AlertKind }>(
        `select distinct r.kind from alert_rules r join users u on u.id = r.owner_id where r.active and u.active`,
      )
      .then((r) => {
        entry.kinds = new Set(r.rows.map((x) => x.kind));
        delete entry.pending;
        return entry.kinds;
      })
      .catch((error: unknown) => {
        if (kindsCache === entry) kindsCache = null;
        throw error;
      });
    kindsCache = entry;
    return entry.pending;
  },

  /** Active rules of active owners, of the given kinds. */
  async listActive(db: Db, kinds: readonly AlertKind[]): Promise<ActiveAlertRule[]> {
    if (kinds.length === 0) return [];
    const r = await db.query<ActiveAlertRule>(
      `select r.id, r.owner_id, r.name, r.kind, r.vendor_id, r.category, r.subcategory, r.region, r.offer_id,
              ${THRESHOLDS}
         from alert_rules r join users u on u.id = r.owner_id
        where r.active and u.active and r.kind = any($1::text[])
        order by r.created_at, r.id`,
      [kinds],
    );
    return r.rows;
  },

  async list(
    db: Db,
    q: { kind?: AlertKind | undefined; ownerId?: string | undefined; limit: number; offset: number },
  ): Promise<{ rows: AlertRuleRow[]; total: number }> {
    const where = `where ($1::text is null or r.kind = $1) and ($2::uuid is null or r.owner_id = $2)`;
    const params = [q.kind ?? null, q.ownerId ?? null];
    const [rows, total] = await Promise.all([
      db.query<AlertRuleRow>(`${SELECT} ${where} order by r.created_at desc, r.id desc limit $3 offset $4`, [
        ...params,
        q.limit,
        q.offset,
      ]),
      db.query<{ n: number }>(`select count(*)::int as n from alert_rules r ${where}`, params),
    ]);
    return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
  },

  async findById(db: Db, id: string): Promise<AlertRuleRow | undefined> {
    const r = await db.query<AlertRuleRow>(`${SELECT} where r.id = $1`, [id]);
    return r.rows[0];
  },

  /** How many rules the owner has, with the owner's row locked until the transaction ends, so two
   * creates at once cannot both pass the limit. */
  async countByOwnerLocked(db: Db, ownerId: string): Promise<number> {
    await db.query('select id from users where id = $1 for update', [ownerId]);
    const r = await db.query<{ n: number }>(
      'select count(*)::int as n from alert_rules where owner_id = $1',
      [ownerId],
    );
    return r.rows[0]?.n ?? 0;
  },

  async insert(db: Db, ownerId: string, rule: AlertRuleCreate): Promise<string> {
    const r = await db.query<{ id: string }>(
      `insert into alert_rules (owner_id, kind, ${FIELDS.join(', ')})
       values ($1, $2, ${FIELDS.map((_, i) => `$${i + 3}`).join(', ')}) returning id`,
      [ownerId, rule.kind, ...FIELDS.map((f) => rule[f])],
    );
    alertRulesRepository.forgetActiveKinds();
    return r.rows[0]!.id;
  },

  /** Replaces every field but the kind and the owner (the service merged the change). */
  async update(db: Db, id: string, rule: AlertRuleWrite): Promise<boolean> {
    const r = await db.query(
      `update alert_rules set ${FIELDS.map((f, i) => `${f} = $${i + 2}`).join(', ')}, updated_at = now()
        where id = $1`,
      [id, ...FIELDS.map((f) => rule[f])],
    );
    alertRulesRepository.forgetActiveKinds();
    return (r.rowCount ?? 0) > 0;
  },

  async delete(db: Db, id: string): Promise<boolean> {
    const r = await db.query('delete from alert_rules where id = $1', [id]);
    alertRulesRepository.forgetActiveKinds();
    return (r.rowCount ?? 0) > 0;
  },

  async vendorExists(db: Db, id: string): Promise<boolean> {
    const r = await db.query('select 1 from vendors where id = $1', [id]);
    return r.rows.length > 0;
  },

  async offerExists(db: Db, id: string): Promise<boolean> {
    const r = await db.query('select 1 from offers where id = $1', [id]);
    return r.rows.length > 0;
  },
};
