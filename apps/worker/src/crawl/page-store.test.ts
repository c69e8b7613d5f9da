import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnrichmentMemo } from '@preciofab/db/observation-enrichment';
import { crawlRunsRepository } from '@preciofab/db/repositories/crawl-runs.repository';
import { targetsRepository, type TargetToCrawl } from '@preciofab/db/repositories/targets.repository';
import { extractPage } from '@preciofab/extract/extract-page';
import { createTestDb, type TestDb } from '../testing/test-db.ts';
import { storePages, type PageToStore } from './page-store.ts';

// storePages on a real database: a batch whose pages another worker already stored for this run
// is rolled back and stored again without them, so nothing is written twice or half.
let t: TestDb;
let vendorId: string;
const targets: TargetToCrawl[] = [];

/** A page with two offers priced after `n`; `note` changes its bytes, not its prices. */
const html = (n: number, note = '') =>
  `<html><body><table><tr><td>Impresión 3D FDM en PLA, taller ${n}</td><td>$${n}.50 MXN por cm³</td></tr>` +
  `<tr><td>Fresado CNC en aluminio, taller ${n}</td><td>$${n}00.00 MXN por hora</td></tr></table>${note}</body></html>`;

function page(target: TargetToCrawl, n: number, body = html(n)): PageToStore {
  const url = target.url;
  const { offers, page_kind } = extractPage({ html: body, url });
  return {
    target,
    reading: {
      pages: 1,
      page_kind,
      offers,
      rendered: false,
      evidence: {
        sourceUrl: url,
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
    parallel_workers: 2,
    vendor_id: null,
    category: null,
    requested_by: null,
  });

const counts = async (runId: string) =>
  (
    await t.db.query<{ obs: number; files: number; checkpoints: number }>(
      `select (select count(*)::int from price_observations where crawl_run_id = $1) as obs,
              (select count(*)::int from evidence_files) as files,
              (select count(*)::int from crawl_run_targets where run_id = $1) as checkpoints`,
      [runId],
    )
  ).rows[0]!;

beforeAll(async () => {
  t = await createTestDb();
  vendorId = (
    await t.db.query<{ id: string }>(
      `insert into vendors (name, type) values ('Taller', 'bureau') returning id`,
    )
  ).rows[0]!.id;
  for (let n = 1; n <= 3; n++) {
    const id = await targetsRepository.insert(t.db, vendorId, {
      url: `https://taller${n}.example.test/precios`,
      domain: `taller${n}.example.test`,
      category: 'additive_manufacturing',
      priority: 5,
      frequency_hours: 24,
      active: true,
    });
    targets.push({
      id,
      vendor_id: vendorId,
      url: `https://taller${n}.example.test/precios`,
      domain: `taller${n}.example.test`,
      category: 'additive_manufacturing',
      priority: 5,
      selectors: null,
    });
  }
});
afterAll(() => t.drop());

describe('storePages', () => {
  it('stores every page of a batch with its offers, evidence and checkpoint in one go', async () => {
    const runId = await newRun();
    const before = await counts(runId);
    const stored = await storePages(
      t.db,
      runId,
      [page(targets[0]!, 1), page(targets[1]!, 2)],
      createEnrichmentMemo(),
    );
    expect([...stored.keys()].sort()).toEqual([targets[0]!.id, targets[1]!.id].sort());
    expect(stored.get(targets[0]!.id)).toEqual({ observations: 2, unchanged: 0 });
    const after = await counts(runId);
    expect(after.obs).toBe(4);
    expect(after.files - before.files).toBe(2);
    expect(after.checkpoints).toBe(2);

    // Every column arrives with its type: numbers, time, and the jsonb evidence as objects.
    const row = (
      await t.db.query<Record<string, unknown>>(
        `select price::text as price, currency, unit, tax_state, observed_at, captured_at, metadata,
                extraction_selectors, extraction_confidence, confidence_factors, confidence_score::text as score
           from price_observations where crawl_run_id = $1 and crawl_target_id = $2 and unit = 'cm3'`,
        [runId, targets[0]!.id],
      )
    ).rows[0]!;
    expect(Number(row.price)).toBe(1.5);
    expect(row.currency).toBe('MXN');
    expect(row.tax_state).toBe('unknown');
    expect((row.observed_at as Date).getTime()).toBe((row.captured_at as Date).getTime());
    expect(row.metadata).toMatchObject({
      extractor: 'text',
      unit_text: expect.any(String),
      currency_evidence: { basis: 'code', mark: '$ MXN', detail: expect.stringContaining('MXN') },
      // Why the page has no screenshot, for the evidence modal.
      screenshot_skipped: 'no_browser',
    });
    expect(Object.keys(row.extraction_selectors as object)).toContain('price');
    expect((row.extraction_confidence as Record<string, number>).price).toBeGreaterThan(0);
    expect(row.confidence_factors).toEqual(expect.any(Object));
    expect(Number(row.score)).toBeGreaterThan(0);
  });

  it('leaves out a page another worker already stored for the run, writing nothing of it', async () => {
    const runId = await newRun();
    // Another worker finished target 2 for this run first.
    const first = await storePages(t.db, runId, [page(targets[1]!, 20)], createEnrichmentMemo());
    expect(first.get(targets[1]!.id)?.observations).toBe(2);
    const before = await counts(runId);

    const stored = await storePages(
      t.db,
      runId,
      [page(targets[0]!, 10), page(targets[1]!, 21), page(targets[2]!, 30)],
      createEnrichmentMemo(),
    );
    expect([...stored.keys()].sort()).toEqual([targets[0]!.id, targets[2]!.id].sort());
    const after = await counts(runId);
    expect(after.obs - before.obs).toBe(4);
    // Two snapshots stored (pages 10 and 30); page 21's was rolled back with the first attempt.
    expect(after.files - before.files).toBe(2);
    expect(after.checkpoints).toBe(3);
    const target2 = await t.db.query<{ n: number }>(
      `select count(*)::int as n from price_observations where crawl_run_id = $1 and crawl_target_id = $2`,
      [runId, targets[1]!.id],
    );
    expect(target2.rows[0]!.n).toBe(2);
    const oddPrice = await t.db.query(`select 1 from price_observations where price = 21.5`);
    expect(oddPrice.rowCount).toBe(0);
  });

  it('stores nothing when every page of the batch was already stored for the run', async () => {
    const runId = await newRun();
    await storePages(t.db, runId, [page(targets[0]!, 40)], createEnrichmentMemo());
    const before = await counts(runId);
    const stored = await storePages(t.db, runId, [page(targets[0]!, 41)], createEnrichmentMemo());
    expect(stored.size).toBe(0);
    expect(await counts(runId)).toEqual(before);
  });

  it('keeps no file that no observation points at: prices all seen before, or no prices at all', async () => {
    const files = async () =>
      (await t.db.query<{ n: number }>('select count(*)::int as n from evidence_files')).rows[0]!.n;
    const first = await newRun();
    await storePages(t.db, first, [page(targets[0]!, 50)], createEnrichmentMemo());
    const start = await files();

    // Read again: the same prices in a page whose bytes changed (a date in its footer), the same
    // page byte for byte, and a page without prices. No observation is added, and no file kept.
    const again = await newRun();
    const stored = await storePages(
      t.db,
      again,
      [
        page(targets[0]!, 50, html(50, '<p>Actualizado el 25 de noviembre</p>')),
        page(targets[1]!, 50, '<html><body><p>Cotiza con nosotros.</p></body></html>'),
      ],
      createEnrichmentMemo(),
    );
    expect(stored.get(targets[0]!.id)).toEqual({ observations: 0, unchanged: 2 });
    expect(stored.get(targets[1]!.id)).toEqual({ observations: 0, unchanged: 0 });
    expect(await files()).toBe(start);
    const third = await newRun();
    await storePages(t.db, third, [page(targets[0]!, 50)], createEnrichmentMemo());
    expect(await files()).toBe(start);

    // The first observations still point at their snapshot, which is still there.
    const evidence = await t.db.query<{ found: boolean }>(
      `select e.id is not null as found
         from price_observations o left join evidence_files e on e.id::text = o.html_snapshot_path
        where o.crawl_run_id = $1`,
      [first],
    );
    expect(evidence.rows.map((r) => r.found)).toEqual([true, true]);

    // A new price on the changed page keeps that page's file: an observation points at it.
    const fourth = await newRun();
    await storePages(
      t.db,
      fourth,
      [page(targets[0]!, 51, html(51, '<p>Actualizado el 26 de noviembre</p>'))],
      createEnrichmentMemo(),
    );
    expect(await files()).toBe(start + 1);
  });
});
