import type { Db } from '@preciofab/db/client';
import type { EnrichmentMemo } from '@preciofab/db/observation-enrichment';
import { crawlRunTargetsRepository } from '@preciofab/db/repositories/crawl-run-targets.repository';
import { evidenceKey, evidenceRepository } from '@preciofab/db/repositories/evidence.repository';
import {
  observationsRepository,
  type ObservationWrite,
} from '@preciofab/db/repositories/observations.repository';
import { offersRepository, type OfferLatest } from '@preciofab/db/repositories/offers.repository';
import { targetsRepository, type TargetToCrawl } from '@preciofab/db/repositories/targets.repository';
import { vendorsRepository } from '@preciofab/db/repositories/vendors.repository';
import { compareDecimal } from '@preciofab/shared/money';
import { observationRow, prepareOffer, type PreparedOffer } from './offer-rows.ts';
import type { PageReading } from './target-crawler.ts';

export type PageToStore = { target: TargetToCrawl; reading: PageReading };

/** What storing a page did: its new observations and its prices seen again. */
export type StoredPage = { observations: number; unchanged: number };

/** Rows per insert: PostgreSQL takes at most 65,535 parameters in one statement. */
const ROWS_PER_INSERT = 1000;

/** Whether the price just read is the offer's latest stored one. */
const isLatest = (l: OfferLatest, p: PreparedOffer) =>
  l.latest_id !== null &&
  compareDecimal(l.price!, p.price) === 0 &&
  l.currency === p.offer.currency &&
  l.unit === p.unit &&
  compareDecimal(l.quantity!, p.quantity) === 0 &&
  l.tax_state === p.taxState;

/** The page's offers resolved for storage, one per offer key. */
const preparedOffers = (page: PageToStore) => [
  ...new Map(
    page.reading.offers.map((o) => prepareOffer(o, page.target.category)).map((p) => [p.key, p]),
  ).values(),
];

/**
 * Stores a batch of read pages in one transaction: the run's checkpoint rows (first, so a target
 * another worker already finished for this run is left out), the evidence files, every page's
 * offers (created or marked seen), the new prices as observations, and the targets' state. A price
 * an offer already has as its latest is not stored again: that observation is marked seen instead.
 * Storing in batches is what lets a crawl keep pace: a statement costs about the same for one page
 * as for twenty. Returns what was stored per target this call stored.
 */
export async function storePages(
  db: Db,
  runId: string,
  pages: readonly PageToStore[],
  memo: EnrichmentMemo,
): Promise<Map<string, StoredPage>> {
  return db.transaction(async (tx) => {
    const claimed = await crawlRunTargetsRepository.claim(
      tx,
      runId,
      pages.map((p) => ({ targetId: p.target.id, pages: p.reading.pages })),
    );
    const mine = pages.filter((p) => claimed.has(p.target.id));
    const result = new Map<string, StoredPage>();
    if (mine.length === 0) return result;

    const vendorIds = [...new Set(mine.map((p) => p.target.vendor_id))];
    const vendors = new Map((await vendorsRepository.crawlFacts(tx, vendorIds)).map((v) => [v.id, v]));
    const files = await evidenceRepository.storeMany(
      tx,
      mine.flatMap(({ reading: { evidence: e } }) => [
        {
          kind: 'snapshot' as const,
          contentType: e.snapshot.contentType,
          content: e.snapshot.content,
          sourceUrl: e.sourceUrl,
        },
        ...(e.screenshot
          ? [
              {
                kind: 'screenshot' as const,
                contentType: 'image/jpeg',
                content: e.screenshot,
                sourceUrl: e.sourceUrl,
              },
            ]
          : []),
      ]),
    );
    const prepared = mine.map((page) => ({ page, offers: preparedOffers(page) }));
    const latest = new Map(
      (
        await offersRepository.upsertWithLatest(
          tx,
          prepared.flatMap(({ page, offers }) =>
            offers.map((p) => ({
              vendorId: page.target.vendor_id,
              offerKey: p.key,
              name: p.offer.offer_name,
              category: p.category,
              unit: p.unit,
              sourceUrl: page.reading.evidence.sourceUrl,
              seenAt: page.reading.evidence.capturedAt,
            })),
          ),
        )
      ).map((l) => [`${l.vendor_id}|${l.offer_key}`, l]),
    );

    const counts = new Map([...vendors.values()].map((v) => [v.id, v.price_count]));
    const inserts: ObservationWrite[] = [];
    const seen: string[] = [];
    const newPrices = new Set<string>();
    for (const { page, offers } of prepared) {
      const vendor = vendors.get(page.target.vendor_id);
      if (!vendor) throw new Error('the vendor was deleted during the crawl');
      const { snapshot, screenshot, sourceUrl, capturedAt } = page.reading.evidence;
      const evidence = {
        sourceUrl,
        capturedAt,
        snapshotId: files.get(evidenceKey('snapshot', snapshot.content)) ?? null,
        screenshotId: screenshot ? (files.get(evidenceKey('screenshot', screenshot)) ?? null) : null,
      };
      const stored: StoredPage = { observations: 0, unchanged: 0 };
      for (const p of offers) {
        const state = latest.get(`${vendor.id}|${p.key}`)!;
        // The same new price on two pages of one batch (two targets of a vendor) is one observation.
        const priceKey = `${state.offer_id}|${p.price}|${p.offer.currency}|${p.quantity}|${p.taxState}`;
        const same = isLatest(state, p);
        if (same || newPrices.has(priceKey)) {
          if (same) seen.push(state.latest_id!);
          stored.unchanged++;
          continue;
        }
        newPrices.add(priceKey);
        const prior = counts.get(vendor.id) ?? 0;
        counts.set(vendor.id, prior + 1);
        inserts.push(
          await observationRow(tx, p, {
            vendor,
            priorVendorObservations: prior,
            offerId: state.offer_id,
            runId,
            targetId: page.target.id,
            evidence,
            memo,
          }),
        );
        stored.observations++;
      }
      result.set(page.target.id, stored);
    }

    await observationsRepository.markSeen(tx, seen);
    for (let i = 0; i < inserts.length; i += ROWS_PER_INSERT) {
      await observationsRepository.insertMany(tx, inserts.slice(i, i + ROWS_PER_INSERT));
    }
    await crawlRunTargetsRepository.setObservations(
      tx,
      runId,
      new Map([...result].map(([id, s]) => [id, s.observations])),
    );
    await targetsRepository.recordSuccesses(
      tx,
      mine.map((p) => ({ id: p.target.id, status: p.reading.offers.length > 0 ? 'ok' : 'empty' })),
    );
    return result;
  });
}
