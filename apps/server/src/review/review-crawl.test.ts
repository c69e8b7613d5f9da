import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnrichmentMemo } from '@preciofab/db/observation-enrichment';
import { crawlRunsRepository } from '@preciofab/db/repositories/crawl-runs.repository';
import { targetsRepository } from '@preciofab/db/repositories/targets.repository';
import { extractPage } from '@preciofab/extract/extract-page';
import { storePages, type PageToStore } from '@preciofab/worker/crawl/page-store';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// The crawl's write path and the queue: a price whose currency the crawler inferred (the page's
// language) and a new vendor's first price are held; a correction that pins the target's currency
// and selectors makes the next crawl read the page with them, and its prices go straight through.

let t: TestApp;
let vendorId: string;
let targetId: string;

const URL_ = 'https://taller-revision.example.test/precios';
const HTML =
  '<html lang="es-MX"><body><table><tr><td class="n">Impresión 3D FDM en PLA</td><td class="p">$4.50 por cm³</td></tr>' +
  '<tr><td class="n">Fresado CNC en aluminio</td><td class="p">$600.00 por hora</td></tr></table></body></html>';

async function crawl(html: string): Promise<string> {
  const runId = await crawlRunsRepository.insert(t.db, {
    type: 'all',
    force: true,
    parallel_workers: 1,
    vendor_id: null,
    category: null,
    requested_by: null,
  });
  const [target] = await targetsRepository.selectForRun(t.db, { force: true });
  expect(target?.id).toBe(targetId);
  const { offers, page_kind } = extractPage({
    html,
    url: URL_,
    currency: target!.currency ?? null,
    selectors: target!.selectors,
  });
  const page: PageToStore = {
    target: target!,
    reading: {
      pages: 1,
      page_kind,
      offers,
      rendered: false,
      evidence: {
        sourceUrl: URL_,
        capturedAt: new Date(),
        snapshot: { contentType: 'text/html', content: Buffer.from(html) },
        screenshot: null,
        screenshotSkipped: 'no_browser',
      },
    },
  };
  await storePages(t.db, runId, [page], createEnrichmentMemo());
  return runId;
}

const heldOf = (runId: string) =>
  t.db
    .query<{ offer_name: string; price: string; status: string | null; codes: string[] | null }>(
      `select o.offer_name, o.price::text as price, r.status,
              (select array_agg(e ->> 'code') from jsonb_array_elements(r.reasons) e) as codes
         from price_observations o left join observation_reviews r on r.observation_id = o.id
        where o.crawl_run_id = $1 order by o.offer_name`,
      [runId],
    )
    .then((r) => r.rows);

beforeAll(async () => {
  t = await createTestApp();
  vendorId = (
    await t.call('POST', '/api/v1/vendors', {
      body: { name: 'Taller Rastreado', city: 'CDMX', capabilities: ['fdm_printing'], trust_score: 0.8 },
    })
  ).json().id;
  targetId = await targetsRepository.insert(t.db, vendorId, {
    url: URL_,
    domain: 'taller-revision.example.test',
    category: 'additive_manufacturing',
    priority: 5,
    frequency_hours: 24,
    active: true,
  });
});
afterAll(() => t.close());

describe('the crawl’s prices in the review queue', () => {
  it('holds a price whose currency was inferred, and a new vendor’s first, with the evidence', async () => {
    const runId = await crawl(HTML);
    const rows = await heldOf(runId);
    expect(rows.map((r) => [r.offer_name, r.status, r.codes])).toEqual([
      ['Fresado CNC en aluminio', 'pending', expect.arrayContaining(['currency_uncertain'])],
      ['Impresión 3D FDM en PLA', 'pending', expect.arrayContaining(['currency_uncertain'])],
    ]);
    // Exactly one of the two is the vendor's first price.
    expect(rows.filter((r) => r.codes!.includes('new_vendor'))).toHaveLength(1);

    const list = (await t.call('GET', '/api/v1/reviews', { query: { reason: 'currency_uncertain' } })).json();
    expect(list.total).toBe(2);
    const item = list.data.find((d: { observation: { offer_name: string } }) =>
      d.observation.offer_name.startsWith('Impresión'),
    );
    expect(item.reasons[0]).toEqual({ code: 'currency_uncertain', basis: 'page_locale', mark: '$' });
    expect(item.evidence).toMatchObject({
      html_snapshot_url: `/api/v1/observations/${item.id}/snapshot`,
      screenshot_url: null,
      screenshot_missing: 'no_browser',
      source_url: URL_,
      crawl_target_id: targetId,
      currency_evidence: { basis: 'page_locale', mark: '$', detail: 'lang es-MX' },
      target_currency: null,
      target_selectors: null,
    });
    const snapshot = await t.call('GET', item.evidence.html_snapshot_url);
    expect(snapshot.statusCode).toBe(200);
    expect(snapshot.body).toContain('Impresión 3D FDM en PLA');
  });

  it('pins the target’s currency and selectors with a correction; the next crawl reads with them', async () => {
    const list = (await t.call('GET', '/api/v1/reviews')).json();
    const item = list.data.find((d: { observation: { offer_name: string } }) =>
      d.observation.offer_name.startsWith('Impresión'),
    );
    const incomplete = await t.call('POST', `/api/v1/reviews/${item.id}/correct`, {
      token: t.users.operator.token,
      body: {
        price: 4.5,
        currency: 'MXN',
        unit: 'cm3',
        tax_state: 'unknown',
        pin_selectors: true,
        selectors: { price: 'td.p' },
      },
    });
    expect(incomplete.statusCode).toBe(400);
    const res = await t.call('POST', `/api/v1/reviews/${item.id}/correct`, {
      token: t.users.operator.token,
      body: {
        price: 4.5,
        currency: 'MXN',
        unit: 'cm3',
        tax_state: 'unknown',
        pin_currency: true,
        pin_selectors: true,
        selectors: { item: 'tr', name: 'td.n', price: 'td.p' },
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().decisions[0].pinned).toEqual({
      currency: 'MXN',
      selectors: { item: 'tr', name: 'td.n', price: 'td.p' },
    });
    const target = await t.db.query(
      'select trim(currency) as currency, selectors from crawl_targets where id = $1',
      [targetId],
    );
    expect(target.rows[0]).toEqual({
      currency: 'MXN',
      selectors: { item: 'tr', name: 'td.n', price: 'td.p' },
    });

    // The page changes its prices: read with the pinned currency, nothing is uncertain any more.
    const runId = await crawl(HTML.replace('$4.50', '$4.60').replace('$600.00', '$610.00'));
    const rows = await heldOf(runId);
    expect(rows.map((r) => [r.offer_name, r.status])).toEqual([
      ['Fresado CNC en aluminio', null],
      ['Impresión 3D FDM en PLA', null],
    ]);
    const evidence = await t.db.query<{ basis: string }>(
      `select metadata -> 'currency_evidence' ->> 'basis' as basis from price_observations where crawl_run_id = $1`,
      [runId],
    );
    expect(evidence.rows.map((r) => r.basis)).toEqual(['target', 'target']);
  });
});
