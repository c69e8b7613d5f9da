import type { Db } from '../client.ts';
import { alertRulesRepository } from '../repositories/alert-rules.repository.ts';

/**
 * The demo's alert rules, and alerts read from the seeded data as the evaluation would have raised
 * them (price moves between an offer's last two readings, recently added offers, a failing target,
 * strong discovery candidates), each with a notification for every active user, the newest unread.
 *
 * Rules need an owner, and the demo's first admin exists only once the server has started
 * (`ensureAdmin` makes one only in an empty users table, so the seed cannot add users): the demo
 * calls this after the start, on the first start only. Does nothing when rules exist already.
 */
export async function seedDemoAlerts(
  db: Db,
  now = new Date(),
): Promise<{ rules: number; alerts: number; unread: number }> {
  return db.transaction(async (tx) => {
    const existing = await tx.query<{ n: number }>('select count(*)::int as n from alert_rules');
    if ((existing.rows[0]?.n ?? 0) > 0) return { rules: 0, alerts: 0, unread: 0 };
    const users = await tx.query<{ id: string; role: string }>(
      "select id, role from users where active order by (role = 'admin') desc, created_at, id",
    );
    const owner = users.rows[0];
    if (!owner) return { rules: 0, alerts: 0, unread: 0 };

    const rule = async (name: string, kind: string, fields: Record<string, unknown>) => {
      const columns = ['owner_id', 'name', 'kind', 'created_at', 'updated_at', ...Object.keys(fields)];
      const at = new Date(now.getTime() - 14 * DAY);
      const r = await tx.query<{ id: string }>(
        `insert into alert_rules (${columns.join(', ')})
         values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
        [owner.id, name, kind, at, at, ...Object.values(fields)],
      );
      return { id: r.rows[0]!.id, name };
    };
    const rules = {
      prices: await rule('Movimientos de precio de impresión 3D', 'price_change', {
        category: 'additive_manufacturing',
        change_percent: 5,
      }),
      offers: await rule('Ofertas nuevas', 'new_offer', {}),
      gone: await rule('Ofertas que desaparecen', 'offer_gone', { missed_crawls: 3 }),
      failing: await rule('Objetivos con fallas', 'target_failing', { failures: 2 }),
      discovery: await rule('Candidatos prometedores', 'discovery_candidate', { min_confidence: 0.7 }),
      benchmark: await rule('Mediana de corte láser', 'benchmark_move', {
        category: 'laser_cutting',
        change_percent: 10,
      }),
    };

    const alerts: DemoAlert[] = [];
    for (const p of await priceMoves(tx)) {
      const percent = ((p.price - p.prev_price) * 100) / p.prev_price;
      alerts.push({
        rule: rules.prices,
        kind: 'price_change',
        key: `obs:${p.id}`,
        at: p.observed_at,
        subjects: [p.vendor_id, p.offer_id, null, p.id],
        data: {
          offer_id: p.offer_id,
          offer_name: p.offer_name,
          vendor_id: p.vendor_id,
          vendor_name: p.vendor_name,
          observation_id: p.id,
          previous_observation_id: p.prev_id,
          basis: 'observed',
          old_price: p.prev_price,
          new_price: p.price,
          currency: p.currency,
          unit: p.unit,
          change_percent: Math.round(percent * 10_000) / 10_000,
          change_amount: Math.round((p.price - p.prev_price) * 1e6) / 1e6,
          observed_at: p.observed_at.toISOString(),
          source_url: p.source_url,
        },
      });
    }
    for (const o of await newOffers(tx)) {
      alerts.push({
        rule: rules.offers,
        kind: 'new_offer',
        key: `new:${o.offer_id}`,
        at: o.observed_at,
        subjects: [o.vendor_id, o.offer_id, null, o.id],
        data: {
          offer_id: o.offer_id,
          offer_name: o.offer_name,
          vendor_id: o.vendor_id,
          vendor_name: o.vendor_name,
          observation_id: o.id,
          price: o.price,
          currency: o.currency,
          unit: o.unit,
          category: o.category,
          observed_at: o.observed_at.toISOString(),
          source_url: o.source_url,
        },
      });
    }
    const failing = await tx.query<FailingTarget>(
      `select t.id, t.url, t.vendor_id, v.name as vendor_name, t.consecutive_failures as failures,
              t.last_error_code, t.last_error, coalesce(t.last_crawled_at, t.updated_at) as at
         from crawl_targets t join vendors v on v.id = t.vendor_id
        where t.consecutive_failures >= 2 order by t.consecutive_failures desc, t.url limit 1`,
    );
    for (const t of failing.rows) {
      alerts.push({
        rule: rules.failing,
        kind: 'target_failing',
        key: `failing:${t.id}:demo`,
        at: t.at,
        subjects: [t.vendor_id, null, t.id, null],
        data: {
          target_id: t.id,
          target_url: t.url,
          vendor_id: t.vendor_id,
          vendor_name: t.vendor_name,
          failures: t.failures,
          error_code: t.last_error_code,
          error: t.last_error,
          run_id: null,
        },
      });
    }
    const candidates = await tx.query<Candidate>(
      `select c.id, c.domain, c.title, c.confidence_score::float8 as confidence, c.discovered_at,
              s.id as source_id, s.name as source_name
         from discovery_candidates c join discovery_sources s on s.id = c.source_id
        where c.status = 'pending' and c.confidence_score >= 0.7
        order by c.confidence_score desc, c.domain limit 3`,
    );
    const best = candidates.rows[0];
    if (best) {
      alerts.push({
        rule: rules.discovery,
        kind: 'discovery_candidate',
        key: `discovery:demo:${best.source_id}`,
        at: best.discovered_at,
        subjects: [null, null, null, null],
        data: {
          source_id: best.source_id,
          source_name: best.source_name,
          count: candidates.rows.length,
          candidates: candidates.rows.map((c) => ({
            id: c.id,
            domain: c.domain,
            title: c.title,
            confidence: c.confidence,
          })),
        },
      });
    }

    // Newest first; the three newest stay unread.
    alerts.sort((a, b) => b.at.getTime() - a.at.getTime() || a.key.localeCompare(b.key));
    let unread = 0;
    for (const [i, a] of alerts.entries()) {
      const r = await tx.query<{ id: string }>(
        `insert into alerts (rule_id, rule_name, dedupe_key, kind, vendor_id, offer_id, target_id, observation_id,
           data, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
        [a.rule.id, a.rule.name, a.key, a.kind, ...a.subjects, JSON.stringify(a.data), a.at],
      );
      const read = i < UNREAD ? null : new Date(Math.min(now.getTime(), a.at.getTime() + HOUR));
      if (!read) unread++;
      await tx.query(
        `insert into notifications (user_id, alert_id, created_at, read_at)
         select u, $2, $3, $4 from unnest($1::uuid[]) as u`,
        [users.rows.map((u) => u.id), r.rows[0]!.id, a.at, read],
      );
    }
    alertRulesRepository.forgetActiveKinds();
    return { rules: Object.keys(rules).length, alerts: alerts.length, unread };
  });
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How many of the newest demo alerts stay unread: the bell shows a number on the first visit. */
const UNREAD = 3;

type DemoAlert = {
  rule: { id: string; name: string };
  kind: string;
  key: string;
  at: Date;
  /** vendor, offer, target, observation */
  subjects: [string | null, string | null, string | null, string | null];
  data: Record<string, unknown>;
};
type Reading = {
  id: string;
  offer_id: string;
  offer_name: string;
  vendor_id: string;
  vendor_name: string;
  category: string;
  price: number;
  currency: string;
  unit: string;
  observed_at: Date;
  source_url: string | null;
};
type FailingTarget = {
  id: string;
  url: string;
  vendor_id: string;
  vendor_name: string;
  failures: number;
  last_error_code: string | null;
  last_error: string | null;
  at: Date;
};
type Candidate = {
  id: string;
  domain: string;
  title: string | null;
  confidence: number;
  discovered_at: Date;
  source_id: string;
  source_name: string;
};

const READING = `o.id, o.offer_id, o.offer_name, o.vendor_id, v.name as vendor_name, o.category,
  o.price::float8 as price, o.currency, o.unit, o.observed_at, o.source_url`;

/** Offers of 3D printing whose last reading moved 5 % or more from the one before, newest first. */
async function priceMoves(db: Db) {
  const r = await db.query<Reading & { prev_id: string; prev_price: number }>(
    `with ranked as (
       select o.*, row_number() over (partition by o.offer_id order by o.observed_at desc, o.id desc) as rn
         from price_observations o where o.category = 'additive_manufacturing')
     select ${READING}, p.id as prev_id, p.price::float8 as prev_price
       from ranked o join ranked p on p.offer_id = o.offer_id and p.rn = 2
       join vendors v on v.id = o.vendor_id
      where o.rn = 1 and p.currency = o.currency and p.unit = o.unit and p.quantity = o.quantity
        and abs(o.price - p.price) >= 0.05 * p.price
      order by o.observed_at desc, o.id limit 4`,
  );
  return r.rows;
}

/** The first readings of the two offers seen most recently for the first time. */
async function newOffers(db: Db) {
  const r = await db.query<Reading>(
    `select ${READING}
       from offers f
       join lateral (select * from price_observations q where q.offer_id = f.id
                      order by q.observed_at, q.id limit 1) o on true
       join vendors v on v.id = o.vendor_id
      order by f.first_seen_at desc, f.id limit 2`,
  );
  return r.rows;
}
