import type { DemoCandidate, DemoSource } from './build-discovery.ts';
import type { DemoObservation, DemoRun } from './build-prices.ts';
import type { DemoVendor } from './build-vendors.ts';
import type { Rng } from './prng.ts';

export type DemoActivity = {
  occurredAt: Date;
  action: string;
  entityType: string;
  entityId: string;
  details: { name: string; count: number };
};

const DAY = 86_400_000;
const WINDOW_DAYS = 28;
const TARGET_ENTRIES = 40;

const RUN_LABEL: Record<DemoRun['type'], string> = {
  scheduled: 'programado',
  all: 'completo',
  priority: 'prioritario',
  vendor: 'por proveedor',
  category: 'por categoría',
};

export type ActivityInput = {
  vendors: DemoVendor[];
  sources: readonly DemoSource[];
  candidates: readonly DemoCandidate[];
  runs: readonly DemoRun[];
  observations: readonly DemoObservation[];
};

/** About 40 entries over the last four weeks, each about a row that exists. Vendors touched by a
 * `vendor_updated` entry get their updated_at moved to it, so call this before inserting them.
 * The benchmark entry comes from `benchmarkActivity` once the benchmarks exist. */
export function buildActivity(rng: Rng, now: Date, input: ActivityInput): DemoActivity[] {
  const since = now.getTime() - WINDOW_DAYS * DAY;
  const out: DemoActivity[] = [];
  const add = (
    occurredAt: Date,
    action: string,
    entityType: string,
    entityId: string,
    name: string,
    count = 1,
  ): void => {
    if (occurredAt.getTime() >= since && occurredAt <= now)
      out.push({ occurredAt, action, entityType, entityId, details: { name, count } });
  };
  for (const s of input.sources) add(s.createdAt, 'source_created', 'discovery_source', s.id, s.name);
  for (const c of input.candidates) {
    if (!c.decidedAt) continue;
    if (c.status === 'approved')
      add(c.decidedAt, 'candidate_approved', 'discovery_candidate', c.id, c.domain);
    if (c.status === 'rejected')
      add(c.decidedAt, 'candidate_rejected', 'discovery_candidate', c.id, c.domain);
  }
  for (const v of input.vendors.filter((x) => x.recent)) {
    add(v.createdAt, 'vendor_created', 'vendor', v.id, v.name);
    for (const t of v.targets) add(t.createdAt, 'target_created', 'crawl_target', t.id, t.url);
  }
  for (const r of input.runs)
    add(r.finishedAt, 'crawl_completed', 'crawl_run', r.id, RUN_LABEL[r.type], r.observations);
  const recentObs = input.observations.filter((o) => o.observedAt.getTime() >= since);
  for (const o of rng.shuffle(recentObs).slice(0, 6)) {
    add(
      new Date(o.observedAt.getTime() + 60_000),
      'price_created',
      'price_observation',
      o.id,
      `${o.offer.template.name} — ${o.offer.vendor.name}`,
    );
  }
  const established = rng.shuffle(input.vendors.filter((v) => !v.recent));
  for (const v of established.slice(0, Math.max(4, TARGET_ENTRIES - 1 - out.length))) {
    const at = new Date(now.getTime() - rng.int(2 * 3_600, (WINDOW_DAYS - 1) * 86_400) * 1000);
    v.updatedAt = at;
    add(at, 'vendor_updated', 'vendor', v.id, v.name);
  }
  return out.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
}

/** The last entry: the demo's benchmark calculation, a few minutes before `now`. */
export function benchmarkActivity(now: Date, calculationId: string, count: number): DemoActivity {
  return {
    occurredAt: new Date(now.getTime() - 25 * 60_000),
    action: 'benchmark_completed',
    entityType: 'benchmark_calculation',
    entityId: calculationId,
    details: { name: 'all', count },
  };
}
