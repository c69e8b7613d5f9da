import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnrichmentMemo } from '@preciofab/db/observation-enrichment';
import { alertRulesRepository } from '@preciofab/db/repositories/alert-rules.repository';
import { crawlRunsRepository } from '@preciofab/db/repositories/crawl-runs.repository';
import { targetsRepository, type TargetToCrawl } from '@preciofab/db/repositories/targets.repository';
import type { AlertsEvaluatePayload } from '@preciofab/shared/contracts/jobs';
import { extractPage } from '@preciofab/extract/extract-page';
import { storePages, type PageToStore } from '../crawl/page-store.ts';
import { createTestDb, type TestDb } from '../testing/test-db.ts';

// The crawl's write path queues an evaluation naming exactly the rows it stored, in the batch's own
// transaction, and only while a rule could use it.
let t: TestDb;
let owner: string;
let target: TargetToCrawl;

const html = (price: number) =>
  `<html><body><table><tr><td>Impresión 3D FDM en PLA</td><td>$${price}.50 MXN por cm³</td></tr></table></body></html>`;

function page(price: number): PageToStore {
  const body = html(price);
  const { offers, page_kind } = extractPage({ html: body, url: target.url });
  return {
    target,
    reading: {
      pages: 1,
      page_kind,
      offers,
      rendered: false,
      evidence: {
        sourceUrl: target.url,
        capturedAt: new Date(),
        snapshot: { contentType: 'text/html', content: Buffer.from(body) },
        screenshot: null,
        screenshotSkipped: 'no_browser',
      },
    },
  };
}

const newRun = () =>
  crawlRunsRepository.insert(t.db, {
    type: 'all',
    force: true,
    parallel_workers: 1,
    vendor_id: null,
    category: null,
    requested_by: null,
  });

const evaluations = async () =>
  (
    await t.db.query<{ payload: AlertsEvaluatePayload }>(
      "select payload from jobs where name = 'alerts.evaluate' order by created_at",
    )
  ).rows.map((r) => r.payload);

beforeAll(async () => {
  t = await createTestDb();
  const vendorId = (
    await t.db.query<{ id: string }>(
      "insert into vendors (name, type) values ('Taller', 'bureau') returning id",
    )
  ).rows[0]!.id;
  owner = (
    await t.db.query<{ id: string }>(
      "insert into users (email, name, role, password_hash) values ('o@example.com', 'O', 'operator', 'x') returning id",
    )
  ).rows[0]!.id;
  const url = 'https://taller.example.test/precios';
  const id = await targetsRepository.insert(t.db, vendorId, {
    url,
    domain: 'taller.example.test',
    category: 'additive_manufacturing',
    priority: 5,
    frequency_hours: 24,
    active: true,
  });
  target = {
    id,
    vendor_id: vendorId,
    url,
    domain: 'taller.example.test',
    category: 'additive_manufacturing',
    priority: 5,
    selectors: null,
  };
});
afterAll(() => t.drop());

describe('the crawl batch hook', () => {
  it('queues nothing without a price rule, then the stored rows’ ids with one', async () => {
    alertRulesRepository.forgetActiveKinds();
    await storePages(t.db, await newRun(), [page(10)], createEnrichmentMemo());
    expect(await evaluations()).toEqual([]);

    await alertRulesRepository.insert(t.db, owner, {
      name: 'r',
      kind: 'price_change',
      active: true,
      vendor_id: null,
      category: null,
      subcategory: null,
      region: null,
      offer_id: null,
      change_percent: 5,
      change_amount: null,
      change_currency: null,
      missed_crawls: null,
      failures: null,
      min_confidence: null,
    });
    const run = await newRun();
    await storePages(t.db, run, [page(20)], createEnrichmentMemo());
    const stored = await t.db.query<{ id: string }>(
      'select id from price_observations where crawl_run_id = $1',
      [run],
    );
    expect(stored.rows).toHaveLength(1);
    expect(await evaluations()).toEqual([
      { event: 'observations_stored', observation_ids: [stored.rows[0]!.id] },
    ]);

    // The same price again stores nothing new, and queues nothing.
    await storePages(t.db, await newRun(), [page(20)], createEnrichmentMemo());
    expect(await evaluations()).toHaveLength(1);
  });
});
