import type { ReviewReason, ReviewSettings, ReviewStatus } from '@preciofab/shared/review-hold';
import type { Db } from '../client.ts';
import { known, type Step } from '../steps.ts';

/** A group's latest benchmark band, keyed `category|lower(subcategory)|base_unit`. */
export type BandMap = Map<string, { p10: number; p90: number }>;

export const bandKey = (category: string, subcategory: string | null, baseUnit: string) =>
  `${category}|${(subcategory ?? '').toLowerCase()}|${baseUnit}`;

/** An offer's latest stored price, keyed `vendor_id|offer_key`. */
export type PreviousPrice = { price: number; quantity: number; currency: string; unit: string };

export type ReviewSettingsRow = ReviewSettings & {
  updated_at: Date | null;
  updated_by: string | null;
  updated_by_name: string | null;
};

/** A held observation with what the queue shows of it (numerics as text). */
export type ReviewRowDb = {
  observation_id: string;
  status: ReviewStatus;
  reasons: ReviewReason[];
  created_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  decided_by_name: string | null;
  correction_observation_id: string | null;
  vendor_id: string;
  vendor_name: string;
  offer_id: string;
  offer_name: string;
  origin: string;
  category: string;
  subcategory: string | null;
  price_type: string;
  price: string;
  currency: string;
  unit: string;
  quantity: string;
  tax_state: string;
  base_unit: string | null;
  price_usd: string | null;
  price_net_usd: string | null;
  confidence_score: string;
  observed_at: Date;
  source_url: string | null;
  screenshot_path: string | null;
  html_snapshot_path: string | null;
  screenshot_skipped: unknown;
  crawl_target_id: string | null;
  extraction_selectors: Record<string, unknown>;
  extraction_confidence: Record<string, unknown>;
  currency_evidence: unknown;
  target_currency: string | null;
  target_selectors: Record<string, unknown> | null;
};

export type ReviewHistoryRowDb = {
  offer_id: string;
  id: string;
  price: string;
  currency: string;
  unit: string;
  quantity: string;
  price_usd: string | null;
  observed_at: Date;
  review_status: ReviewStatus | null;
};

export type ReviewDecisionRowDb = {
  id: string;
  action: 'approve' | 'correct' | 'reject';
  actor_id: string | null;
  actor_name: string | null;
  at: Date;
  note: string | null;
  before: Record<string, unknown>;
  after: Record<string, unknown> | null;
  pinned: Record<string, unknown> | null;
};

export type CorrectionSource = {
  status: ReviewStatus;
  offer_id: string;
  vendor_id: string;
  crawl_run_id: string | null;
  crawl_target_id: string | null;
  offer_name: string;
  category: string;
  subcategory: string | null;
  technology: string | null;
  material: string | null;
  price_type: string;
  quantity: string;
  minimum_order: number | null;
  lead_time_days: number | null;
  includes_shipping: boolean;
  notes: string | null;
  valid_until: string | null;
  region: string;
  volume_cm3: string | null;
  metadata: Record<string, unknown>;
  source_url: string | null;
  observed_at: Date;
  screenshot_path: string | null;
  html_snapshot_path: string | null;
  extraction_selectors: Record<string, string>;
  extraction_confidence: Record<string, number>;
  captured_at: Date | null;
  trust_score: string;
  country_code: string;
  price_count: number;
};

export type ReviewListFilter = {
  status: ReviewStatus;
  reason?: string | undefined;
  vendorId?: string | undefined;
  category?: string | undefined;
  limit: number;
  offset: number;
};

const ROW_COLUMNS = `r.observation_id, r.status, r.reasons, r.created_at, r.decided_at, r.decided_by,
  u.name as decided_by_name, r.correction_observation_id, o.vendor_id, v.name as vendor_name, o.offer_id,
  o.offer_name, o.origin, o.category, o.subcategory, o.price_type, o.price::text as price, trim(o.currency) as currency,
  o.unit, o.quantity::text as quantity, o.tax_state, o.base_unit, o.price_usd::text as price_usd,
  o.price_net_usd::text as price_net_usd, o.confidence_score::text as confidence_score, o.observed_at,
  o.source_url, o.screenshot_path, o.html_snapshot_path, o.metadata ->> 'screenshot_skipped' as screenshot_skipped,
  o.crawl_target_id, o.extraction_selectors, o.extraction_confidence,
  o.metadata -> 'currency_evidence' as currency_evidence, trim(t.currency) as target_currency,
  t.selectors as target_selectors`;

const ROW_FROM = `observation_reviews r
  join price_observations o on o.id = r.observation_id
  join vendors v on v.id = o.vendor_id
  left join users u on u.id = r.decided_by
  left join crawl_targets t on t.id = o.crawl_target_id`;

const SETTINGS_COLUMNS = `min_confidence_enabled, min_confidence::float8 as min_confidence, outlier_enabled,
  outlier_factor::float8 as outlier_factor, price_jump_enabled, price_jump_percent::float8 as price_jump_percent,
  hold_uncertain_currency, hold_new_vendor, updated_at, updated_by,
  (select name from users u where u.id = review_settings.updated_by) as updated_by_name`;

const CONTEXT_SQL = `select
  (select row_to_json(s) from (select min_confidence_enabled, min_confidence::float8 as min_confidence,
          outlier_enabled, outlier_factor::float8 as outlier_factor, price_jump_enabled,
          price_jump_percent::float8 as price_jump_percent, hold_uncertain_currency, hold_new_vendor
     from review_settings where id) s) as settings,
  (select coalesce(json_agg(b), '[]'::json) from (
     select distinct on (category, lower(coalesce(subcategory, '')), base_unit)
            category, subcategory, base_unit, price_p10::float8 as p10, price_p90::float8 as p90
       from benchmarks where region = 'Global'
      order by category, lower(coalesce(subcategory, '')), base_unit, calculated_at desc, time_window_days desc) b
  ) as bands`;

type ContextRow = {
  settings: ReviewSettings | string | null;
  bands:
    { category: string; subcategory: string | null; base_unit: string; p10: number; p90: number }[] | string;
};

/** json comes back parsed from PostgreSQL and from PGlite alike; text is parsed here, to be safe. */
const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** The held observations of the review queue, its audit trail and its settings. */
export const reviewRepository = {
  async settings(db: Db): Promise<ReviewSettingsRow> {
    const r = await db.query<ReviewSettingsRow>(`select ${SETTINGS_COLUMNS} from review_settings where id`);
    return r.rows[0]!;
  },

  async updateSettings(db: Db, s: ReviewSettings, actorId: string): Promise<ReviewSettingsRow> {
    const r = await db.query<ReviewSettingsRow>(
      `update review_settings set min_confidence_enabled = $1, min_confidence = $2, outlier_enabled = $3,
              outlier_factor = $4, price_jump_enabled = $5, price_jump_percent = $6,
              hold_uncertain_currency = $7, hold_new_vendor = $8, updated_at = now(), updated_by = $9
        where id returning ${SETTINGS_COLUMNS}`,
      [
        s.min_confidence_enabled,
        s.min_confidence,
        s.outlier_enabled,
        s.outlier_factor,
        s.price_jump_enabled,
        s.price_jump_percent,
        s.hold_uncertain_currency,
        s.hold_new_vendor,
        actorId,
      ],
    );
    return r.rows[0]!;
  },

  /** The review rules and every group's latest Global benchmark band (the widest scope; its
   * longest window when one calculation stored several), in one statement: a few hundred rows,
   * cached by the write paths (review-gate.ts). */
  contextStep(): Step<{ settings: ReviewSettings | null; bands: BandMap }> {
    return {
      statement: { sql: CONTEXT_SQL, params: [] },
      read: (r) => {
        const row = r.rows[0] as ContextRow | undefined;
        const bands: BandMap = new Map(
          parsed(row?.bands ?? []).map((b) => [
            bandKey(b.category, b.subcategory, b.base_unit),
            { p10: Number(b.p10), p90: Number(b.p90) },
          ]),
        );
        return { settings: row?.settings ? parsed(row.settings) : null, bands };
      },
    };
  },

  /** The latest stored price of each offer named by vendor and offer key (offers not yet created
   * have none), to send with a write batch's first round trip. */
  previousPricesStep(
    offers: readonly { vendorId: string; offerKey: string }[],
  ): Step<Map<string, PreviousPrice>> {
    if (offers.length === 0) return known(new Map());
    return {
      statement: {
        sql: `select f.id as offer_id, f.vendor_id, f.offer_key, l.price::text as price, l.quantity::text as quantity,
                     trim(l.currency) as currency, l.unit
                from (select distinct vendor_id, offer_key from unnest($1::uuid[], $2::text[]) as s(vendor_id, offer_key)) s
                join offers f on f.vendor_id = s.vendor_id and f.offer_key = s.offer_key
                join lateral (select price, quantity, currency, unit from price_observations
                               where offer_id = f.id order by observed_at desc, id desc limit 1) l on true`,
        params: [offers.map((o) => o.vendorId), offers.map((o) => o.offerKey)],
      },
      read: (r) =>
        new Map(
          (
            r.rows as {
              vendor_id: string;
              offer_key: string;
              price: string;
              quantity: string;
              currency: string;
              unit: string;
            }[]
          ).map((p) => [
            `${p.vendor_id}|${p.offer_key}`,
            { price: Number(p.price), quantity: Number(p.quantity), currency: p.currency, unit: p.unit },
          ]),
        ),
    };
  },

  /** Holds observations (inserted earlier in the same transaction) for review. */
  holdManyStep(rows: readonly { observationId: string; reasons: readonly ReviewReason[] }[]): Step<number> {
    if (rows.length === 0) return known(0);
    return {
      statement: {
        sql: `insert into observation_reviews (observation_id, reasons)
              select r.observation_id, r.reasons from jsonb_to_recordset($1::jsonb) as r(observation_id uuid, reasons jsonb)
              on conflict (observation_id) do nothing`,
        params: [JSON.stringify(rows.map((r) => ({ observation_id: r.observationId, reasons: r.reasons })))],
      },
      read: (r) => r.rowCount,
    };
  },

  async list(db: Db, f: ReviewListFilter): Promise<{ rows: ReviewRowDb[]; total: number }> {
    const where = `r.status = $1 and ($2::text is null or r.reasons @> jsonb_build_array(jsonb_build_object('code', $2::text)))
      and ($3::uuid is null or o.vendor_id = $3) and ($4::text is null or o.category = $4)`;
    const params = [f.status, f.reason ?? null, f.vendorId ?? null, f.category ?? null];
    const [rows, total] = await Promise.all([
      db.query<ReviewRowDb>(
        `select ${ROW_COLUMNS} from ${ROW_FROM} where ${where}
          order by r.created_at desc, r.observation_id desc limit $5 offset $6`,
        [...params, f.limit, f.offset],
      ),
      db.query<{ n: number }>(
        `select count(*)::int as n from observation_reviews r join price_observations o on o.id = r.observation_id
          where ${where}`,
        params,
      ),
    ]);
    return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
  },

  /** Pending items per reason code. */
  async pendingByReason(db: Db): Promise<Record<string, number>> {
    const r = await db.query<{ code: string; n: number }>(
      `select e ->> 'code' as code, count(*)::int as n
         from observation_reviews r cross join lateral jsonb_array_elements(r.reasons) e
        where r.status = 'pending' group by 1`,
    );
    return Object.fromEntries(r.rows.map((x) => [x.code, x.n]));
  },

  async find(db: Db, observationId: string): Promise<ReviewRowDb | undefined> {
    const r = await db.query<ReviewRowDb>(
      `select ${ROW_COLUMNS} from ${ROW_FROM} where r.observation_id = $1`,
      [observationId],
    );
    return r.rows[0];
  },

  /** The latest `perOffer` prices of each offer, newest first, with their own review status. */
  async history(db: Db, offerIds: readonly string[], perOffer: number): Promise<ReviewHistoryRowDb[]> {
    if (offerIds.length === 0) return [];
    const r = await db.query<ReviewHistoryRowDb>(
      `select f.offer_id, h.* from unnest($1::uuid[]) as f(offer_id)
         cross join lateral (
           select o.id, o.price::text as price, trim(o.currency) as currency, o.unit, o.quantity::text as quantity,
                  o.price_usd::text as price_usd, o.observed_at, rv.status as review_status
             from price_observations o left join observation_reviews rv on rv.observation_id = o.id
            where o.offer_id = f.offer_id order by o.observed_at desc, o.id desc limit $2) h`,
      [[...new Set(offerIds)], perOffer],
    );
    return r.rows;
  },

  async decisions(db: Db, observationId: string): Promise<ReviewDecisionRowDb[]> {
    const r = await db.query<ReviewDecisionRowDb>(
      `select d.id, d.action, d.actor_id, u.name as actor_name, d.at, d.note, d.before, d.after, d.pinned
         from review_decisions d left join users u on u.id = d.actor_id
        where d.observation_id = $1 order by d.at desc, d.id desc`,
      [observationId],
    );
    return r.rows;
  },

  /** Decides pending items, each once: returns the ids that were pending (and are now decided) with
   * their reading before the decision, for the audit trail. Locks the rows it decides. */
  async decide(
    db: Db,
    ids: readonly string[],
    d: { status: Exclude<ReviewStatus, 'pending'>; actorId: string; correctionId?: string | null },
  ): Promise<{ observation_id: string; before: Record<string, unknown> }[]> {
    const r = await db.query<{ observation_id: string; before: Record<string, unknown> }>(
      `with decided as (
         update observation_reviews set status = $2, decided_at = now(), decided_by = $3,
                correction_observation_id = $4
          where observation_id = any($1::uuid[]) and status = 'pending'
          returning observation_id)
       select d.observation_id,
              jsonb_build_object('price', o.price, 'currency', trim(o.currency), 'unit', o.unit,
                'quantity', o.quantity, 'tax_state', o.tax_state, 'price_net_usd', o.price_net_usd) as before
         from decided d join price_observations o on o.id = d.observation_id`,
      [ids, d.status, d.actorId, d.correctionId ?? null],
    );
    return r.rows;
  },

  /** The statuses of these ids (those held at all). */
  async statuses(db: Db, ids: readonly string[]): Promise<Map<string, ReviewStatus>> {
    const r = await db.query<{ observation_id: string; status: ReviewStatus }>(
      'select observation_id, status from observation_reviews where observation_id = any($1::uuid[])',
      [ids],
    );
    return new Map(r.rows.map((x) => [x.observation_id, x.status]));
  },

  async recordDecisions(
    db: Db,
    rows: readonly {
      observationId: string;
      action: 'approve' | 'correct' | 'reject';
      actorId: string;
      note: string | null;
      before: Record<string, unknown>;
      after?: Record<string, unknown> | null;
      pinned?: Record<string, unknown> | null;
    }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await db.query(
      `insert into review_decisions (observation_id, action, actor_id, note, before, after, pinned)
       select r.observation_id, r.action, r.actor_id, r.note, r.before, r.after, r.pinned
         from jsonb_to_recordset($1::jsonb) as r(observation_id uuid, action text, actor_id uuid, note text,
              before jsonb, after jsonb, pinned jsonb)`,
      [
        JSON.stringify(
          rows.map((r) => ({
            observation_id: r.observationId,
            action: r.action,
            actor_id: r.actorId,
            note: r.note,
            before: r.before,
            after: r.after ?? null,
            pinned: r.pinned ?? null,
          })),
        ),
      ],
    );
  },

  /** Pins a crawl target's currency and/or selectors (null leaves that one as it is). */
  async pinTarget(
    db: Db,
    targetId: string,
    pin: { currency: string | null; selectors: Record<string, string> | null },
  ): Promise<boolean> {
    const r = await db.query(
      `update crawl_targets set currency = coalesce($2, currency), selectors = coalesce($3::jsonb, selectors),
              updated_at = now()
        where id = $1`,
      [targetId, pin.currency, pin.selectors ? JSON.stringify(pin.selectors) : null],
    );
    return r.rowCount > 0;
  },

  /** What a correction copies of the original reading, with its vendor's facts; locks the review
   * row so two reviewers cannot correct it twice. */
  async correctionSource(db: Db, observationId: string): Promise<CorrectionSource | undefined> {
    const r = await db.query<CorrectionSource>(
      `select r.status, o.offer_id, o.vendor_id, o.crawl_run_id, o.crawl_target_id, o.offer_name, o.category,
              o.subcategory, o.technology, o.material, o.price_type, o.quantity::text as quantity, o.minimum_order,
              o.lead_time_days, o.includes_shipping, o.notes, o.valid_until::text as valid_until, o.region,
              o.volume_cm3::text as volume_cm3, o.metadata, o.source_url, o.observed_at, o.screenshot_path,
              o.html_snapshot_path, o.extraction_selectors, o.extraction_confidence, o.captured_at,
              v.trust_score::text as trust_score, v.country_code, v.price_count
         from observation_reviews r join price_observations o on o.id = r.observation_id
         join vendors v on v.id = o.vendor_id
        where r.observation_id = $1
          for update of r`,
      [observationId],
    );
    return r.rows[0];
  },

  async pendingCount(db: Db): Promise<number> {
    const r = await db.query<{ n: number }>(
      "select count(*)::int as n from observation_reviews where status = 'pending'",
    );
    return r.rows[0]?.n ?? 0;
  },
};
