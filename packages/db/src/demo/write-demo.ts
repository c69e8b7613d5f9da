import type { Db } from '../client.ts';
import { insertRows } from './batch-insert.ts';
import type { DemoActivity } from './build-activity.ts';
import type { DemoCandidate, DemoExcludedDomain, DemoSource } from './build-discovery.ts';
import type { FxRate } from './build-fx-rates.ts';
import type { DemoOffer, DemoRun } from './build-prices.ts';
import type { DemoReport } from './build-reports.ts';
import type { DemoVendor } from './build-vendors.ts';

/** One writer per table group: each maps the built demo objects to rows and inserts them in
 * batches. Order matters only for the foreign keys (vendors before targets, runs and offers). */

export function writeFxRates(db: Db, rates: readonly FxRate[]): Promise<number> {
  return insertRows(
    db,
    'fx_rates',
    {
      types: {
        currency: 'char(3)',
        effective_date: 'date',
        units_per_usd: 'numeric',
        source: 'text',
        updated_at: 'timestamptz',
      },
    },
    rates.map((f) => ({
      currency: f.currency,
      effective_date: f.effectiveDate,
      units_per_usd: f.unitsPerUsd,
      source: 'demo',
      updated_at: `${f.effectiveDate}T00:00:00Z`,
    })),
  );
}

export async function writeVendors(db: Db, vendors: readonly DemoVendor[]): Promise<void> {
  await insertRows(
    db,
    'vendors',
    {
      types: {
        id: 'uuid',
        name: 'text',
        type: 'text',
        website: 'text',
        website_domain: 'text',
        location: 'text',
        city: 'text',
        state: 'text',
        country: 'text',
        country_code: 'char(2)',
        region: 'text',
        capabilities: 'text[]',
        contact_email: 'text',
        contact_phone: 'text',
        description: 'text',
        trust_score: 'numeric',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
      },
    },
    vendors.map((v) => ({
      id: v.id,
      name: v.name,
      type: v.type,
      website: v.website,
      website_domain: v.domain,
      location: v.location,
      city: v.place.city,
      state: v.place.state,
      country: v.place.country,
      country_code: v.place.countryCode,
      region: v.place.region,
      capabilities: v.capabilities,
      contact_email: v.email,
      contact_phone: v.phone,
      description: v.description,
      trust_score: v.trust,
      created_at: v.createdAt,
      updated_at: v.updatedAt,
    })),
  );
  await insertRows(
    db,
    'crawl_targets',
    {
      types: {
        id: 'uuid',
        vendor_id: 'uuid',
        url: 'text',
        domain: 'text',
        category: 'text',
        priority: 'integer',
        frequency_hours: 'integer',
        active: 'boolean',
        selectors: 'jsonb',
        last_crawled_at: 'timestamptz',
        next_crawl_at: 'timestamptz',
        last_status: 'text',
        last_error: 'text',
        last_error_code: 'text',
        consecutive_failures: 'integer',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
      },
    },
    vendors.flatMap((v) =>
      v.targets.map((t) => ({
        id: t.id,
        vendor_id: t.vendorId,
        url: t.url,
        domain: t.domain,
        category: t.category,
        priority: t.priority,
        frequency_hours: t.frequencyHours,
        active: t.active,
        selectors: v.selectors,
        last_crawled_at: t.lastCrawledAt,
        next_crawl_at: t.nextCrawlAt,
        last_status: t.lastStatus,
        last_error: t.lastError,
        last_error_code: t.lastErrorCode,
        consecutive_failures: t.consecutiveFailures,
        created_at: t.createdAt,
        updated_at: t.lastCrawledAt,
      })),
    ),
  );
}

export function writeRuns(db: Db, runs: readonly DemoRun[]): Promise<number> {
  return insertRows(
    db,
    'crawl_runs',
    {
      types: {
        id: 'uuid',
        type: 'text',
        parallel_workers: 'integer',
        vendor_id: 'uuid',
        category: 'text',
        status: 'text',
        stage: 'text',
        progress: 'integer',
        targets_total: 'integer',
        targets_done: 'integer',
        pages_fetched: 'integer',
        observations_created: 'integer',
        errors: 'jsonb',
        created_at: 'timestamptz',
        started_at: 'timestamptz',
        finished_at: 'timestamptz',
      },
    },
    runs.map((r) => ({
      id: r.id,
      type: r.type,
      parallel_workers: r.parallelWorkers,
      vendor_id: r.vendorId,
      category: r.category,
      status: 'completed',
      stage: 'completed',
      progress: 100,
      // Every covered target was processed; the ones in `errors` failed.
      targets_total: r.targetIds.size + r.errors.length,
      targets_done: r.targetIds.size + r.errors.length,
      pages_fetched: r.targetIds.size + Math.floor(r.observations / 4),
      observations_created: r.observations,
      errors: r.errors,
      created_at: new Date(r.startedAt.getTime() - 2_000),
      started_at: r.startedAt,
      finished_at: r.finishedAt,
    })),
  );
}

export function writeOffers(db: Db, offers: readonly DemoOffer[]): Promise<number> {
  return insertRows(
    db,
    'offers',
    {
      types: {
        id: 'uuid',
        vendor_id: 'uuid',
        offer_key: 'text',
        name: 'text',
        category: 'text',
        unit: 'text',
        source_url: 'text',
        first_seen_at: 'timestamptz',
        last_seen_at: 'timestamptz',
      },
    },
    offers.map((o) => ({
      id: o.id,
      vendor_id: o.vendor.id,
      offer_key: o.template.key,
      name: o.template.name,
      category: o.template.category,
      unit: o.template.unit,
      source_url: o.target.url,
      first_seen_at: o.firstSeenAt,
      last_seen_at: o.lastSeenAt,
    })),
  );
}

export async function writeDiscovery(
  db: Db,
  sources: readonly DemoSource[],
  candidates: readonly DemoCandidate[],
  excluded: readonly DemoExcludedDomain[],
): Promise<void> {
  await insertRows(
    db,
    'discovery_sources',
    {
      types: {
        id: 'uuid',
        name: 'text',
        type: 'text',
        config: 'jsonb',
        schedule: 'text',
        active: 'boolean',
        total_discovered: 'integer',
        total_approved: 'integer',
        last_run_at: 'timestamptz',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
      },
    },
    sources.map((s) => ({
      id: s.id,
      name: s.name,
      type: s.type,
      config: s.config,
      schedule: s.schedule,
      active: s.active,
      total_discovered: s.totalDiscovered,
      total_approved: s.totalApproved,
      last_run_at: s.lastRunAt,
      created_at: s.createdAt,
      updated_at: s.lastRunAt ?? s.createdAt,
    })),
  );
  await insertRows(
    db,
    'discovery_candidates',
    {
      types: {
        id: 'uuid',
        source_id: 'uuid',
        title: 'text',
        domain: 'text',
        url: 'text',
        description: 'text',
        confidence_score: 'numeric',
        category_suggestions: 'text[]',
        status: 'text',
        decision_reason: 'text',
        approved_category: 'text',
        vendor_id: 'uuid',
        decided_at: 'timestamptz',
        discovered_at: 'timestamptz',
        vendor_type: 'text',
        city: 'text',
        capabilities: 'text[]',
        price_url: 'text',
      },
    },
    candidates.map((c) => ({
      id: c.id,
      source_id: c.sourceId,
      title: c.title,
      domain: c.domain,
      url: c.url,
      description: c.description,
      confidence_score: c.confidence,
      category_suggestions: c.categories,
      status: c.status,
      decision_reason: c.decisionReason,
      approved_category: c.approvedCategory,
      vendor_id: c.vendorId,
      decided_at: c.decidedAt,
      discovered_at: c.discoveredAt,
      vendor_type: c.vendorType,
      city: c.city,
      capabilities: c.capabilities,
      price_url: c.priceUrl,
    })),
  );
  await insertRows(
    db,
    'excluded_domains',
    { types: { domain: 'text', reason: 'text', created_at: 'timestamptz' } },
    excluded.map((e) => ({ domain: e.domain, reason: e.reason, created_at: e.createdAt })),
  );
}

export function writeReports(db: Db, reports: readonly DemoReport[]): Promise<number> {
  return insertRows(
    db,
    'reports',
    {
      types: {
        id: 'uuid',
        name: 'text',
        type: 'text',
        description: 'text',
        format: 'text',
        period_days: 'integer',
        language: 'text',
        parameters: 'jsonb',
        schedule: 'text',
        status: 'text',
        created_at: 'timestamptz',
      },
    },
    reports.map((r) => ({
      id: r.id,
      name: r.name,
      type: r.type,
      description: r.description,
      format: r.format,
      period_days: r.periodDays,
      language: r.language,
      parameters: r.parameters,
      schedule: r.schedule,
      status: 'queued',
      created_at: r.createdAt,
    })),
  );
}

export function writeActivity(db: Db, activity: readonly DemoActivity[]): Promise<number> {
  return insertRows(
    db,
    'activity_log',
    {
      types: {
        occurred_at: 'timestamptz',
        action: 'text',
        entity_type: 'text',
        entity_id: 'text',
        details: 'jsonb',
      },
    },
    activity.map((a) => ({
      occurred_at: a.occurredAt,
      action: a.action,
      entity_type: a.entityType,
      entity_id: a.entityId,
      details: a.details,
    })),
  );
}
