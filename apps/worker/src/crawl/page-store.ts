import type { Db } from '@preciofab/db/client';
import { runSteps } from '@preciofab/db/steps';
import type { EnrichmentMemo } from '@preciofab/db/observation-enrichment';
import { alertTriggers } from '@preciofab/db/repositories/alert-triggers.repository';
import { crawlRunTargetsRepository } from '@preciofab/db/repositories/crawl-run-targets.repository';
import { crawlWorkRepository } from '@preciofab/db/repositories/crawl-work.repository';
import {
  evidenceFile,
  evidenceRepository,
  type EvidenceToStore,
} from '@preciofab/db/repositories/evidence.repository';
import {
  observationsRepository,
  type ObservationWrite,
} from '@preciofab/db/repositories/observations.repository';
import { offersRepository, type OfferLatest } from '@preciofab/db/repositories/offers.repository';
import { targetsRepository, type TargetToCrawl } from '@preciofab/db/repositories/targets.repository';
import { vendorsRepository } from '@preciofab/db/repositories/vendors.repository';
import { reviewRepository } from '@preciofab/db/repositories/review.repository';
import { newObservationId } from '@preciofab/db/observation-id';
import { holdReasonsOf, reviewGate } from '@preciofab/db/review-gate';
import type { ReviewReason } from '@preciofab/shared/review-hold';
import { compareDecimal } from '@preciofab/shared/money';
import {
  observationRow,
  prepareOffer,
  storableOffers,
  type OfferNote,
  type PreparedOffer,
} from './offer-rows.ts';
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

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** The page's offers resolved for storage, one per offer key, and why some were left out. */
function preparedOffers(page: PageToStore): { offers: PreparedOffer[]; note: OfferNote | null } {
  const { storable, note } = storableOffers(page.reading.offers);
  const byKey = new Map(storable.map((o) => prepareOffer(o, page.target.category)).map((p) => [p.key, p]));
  return { offers: [...byKey.values()], note };
}

/** Some pages of a batch were already stored for this run by another worker: the transaction is
 * rolled back and the batch stored again without them. */
class AlreadyStored extends Error {
  constructor(readonly claimed: ReadonlySet<string>) {
    super('part of the batch was already stored for this run');
  }
}

/**
 * Stores a batch of read pages in one transaction: the run's checkpoint rows, the evidence files,
 * every page's offers (created or marked seen), the new prices as observations, and the targets'
 * state. A price an offer already has as its latest is not stored again: that observation is marked
 * seen instead. A target another worker already finished for this run is left out. Storing in
 * batches is what lets a crawl keep pace: a statement costs about the same for one page as for
 * twenty, and the batch takes two round trips to the database whatever its size. Returns what
 * was stored per target this call stored.
 */
export async function storePages(
  db: Db,
  runId: string,
  pages: readonly PageToStore[],
  memo: EnrichmentMemo,
  worker: string | null = null,
): Promise<Map<string, StoredPage>> {
  let batch = pages.map((page): Prepared => {
    const e = page.reading.evidence;
    return {
      page,
      ...preparedOffers(page),
      snapshot: evidenceFile('snapshot', e.snapshot.contentType, e.snapshot.content, e.sourceUrl),
      screenshot: e.screenshot ? evidenceFile('screenshot', 'image/jpeg', e.screenshot, e.sourceUrl) : null,
    };
  });
  for (;;) {
    try {
      return await storeClaimed(db, runId, batch, memo, worker);
    } catch (error) {
      if (!(error instanceof AlreadyStored)) throw error;
      batch = batch.filter(({ page }) => error.claimed.has(page.target.id));
      if (batch.length === 0) return new Map();
    }
  }
}

/** A page ready for storage: its offers resolved and its evidence files hashed, once per batch. */
type Prepared = {
  page: PageToStore;
  offers: PreparedOffer[];
  /** Why some of the page's offers are not stored (an undecided currency), for its target. */
  note: OfferNote | null;
  snapshot: EvidenceToStore;
  screenshot: EvidenceToStore | null;
};

/** One attempt at a batch, which throws AlreadyStored when a page of it is not this worker's. */
async function storeClaimed(
  db: Db,
  runId: string,
  mine: readonly Prepared[],
  memo: EnrichmentMemo,
  worker: string | null,
): Promise<Map<string, StoredPage>> {
  return db.transaction(async (tx) => {
    // Round trip 1: read the vendors' facts, store the evidence files and every page's offers
    // (created or marked seen) with the latest price each already has.
    const [facts, files, latestRows, review] = await runSteps(tx, [
      vendorsRepository.crawlFactsStep([...new Set(mine.map(({ page }) => page.target.vendor_id))]),
      evidenceRepository.storeManyStep(
        mine.flatMap(({ snapshot, screenshot }) => (screenshot ? [snapshot, screenshot] : [snapshot])),
      ),
      offersRepository.upsertWithLatestStep(
        mine.flatMap(({ page, offers }) =>
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
      ),
      // The review rules and bands, cached per process: usually no statement at all.
      reviewGate.contextStep(db),
    ] as const);
    const result = new Map<string, StoredPage>();
    const vendors = new Map(facts.map((v) => [v.id, v]));

    const latest = new Map(latestRows.map((l) => [`${l.vendor_id}|${l.offer_key}`, l]));

    const counts = new Map([...vendors.values()].map((v) => [v.id, v.price_count]));
    const inserts: ObservationWrite[] = [];
    const held: { write: ObservationWrite; reasons: ReviewReason[] }[] = [];
    const seen: string[] = [];
    const newPrices = new Set<string>();
    const referenced = new Set<string>();
    for (const { page, offers, snapshot, screenshot } of mine) {
      const vendor = vendors.get(page.target.vendor_id);
      if (!vendor) throw new Error('the vendor was deleted during the crawl');
      const { sourceUrl, capturedAt, screenshotSkipped } = page.reading.evidence;
      const evidence = {
        sourceUrl,
        capturedAt,
        snapshotId: files.get(snapshot.key)?.id ?? null,
        screenshotId: screenshot ? (files.get(screenshot.key)?.id ?? null) : null,
        screenshotSkipped,
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
        const write = await observationRow(tx, p, {
          vendor,
          priorVendorObservations: prior,
          offerId: state.offer_id,
          runId,
          targetId: page.target.id,
          evidence,
          memo,
        });
        inserts.push(write);
        const previous =
          state.latest_id === null
            ? null
            : {
                price: Number(state.price),
                quantity: Number(state.quantity),
                currency: state.currency!.trim(),
                unit: state.unit!,
              };
        const reasons = holdReasonsOf(write, review, { previous, newVendor: prior === 0 });
        if (reasons.length > 0) held.push({ write, reasons });
        stored.observations++;
      }
      if (stored.observations > 0) {
        if (evidence.snapshotId) referenced.add(evidence.snapshotId);
        if (evidence.screenshotId) referenced.add(evidence.screenshotId);
      }
      result.set(page.target.id, stored);
    }
    // Files this batch created that no new observation points at (pages whose prices were all
    // seen before, or that had none) would be kept for nothing: they go again before the commit.
    const unreferenced = [...files.values()]
      .filter((f) => f.created && !referenced.has(f.id))
      .map((f) => f.id);
    // Every new row gets its id here, a UUIDv7 as the column's default makes: the review table
    // names held prices by id, and the alerts' evaluation names the batch's rows.
    for (const w of inserts) w.id ??= newObservationId();

    // Round trip 2: the run's checkpoint rows with their counts, the run's work on them gone, the prices seen again, the files
    // nothing points at, the new observations and the targets' state. The claim almost always succeeds; when another worker
    // already stored a page of the batch for this run, all of it is rolled back (AlreadyStored).
    const [claimed] = await runSteps(tx, [
      crawlRunTargetsRepository.claimStep(
        runId,
        mine.map(({ page }) => ({
          targetId: page.target.id,
          pages: page.reading.pages,
          observations: result.get(page.target.id)?.observations ?? 0,
        })),
        worker,
      ),
      // The run's work on these targets is done (whichever worker had claimed it).
      crawlWorkRepository.finishStep(
        runId,
        mine.map(({ page }) => page.target.id),
      ),
      observationsRepository.markSeenStep(seen),
      evidenceRepository.deleteStep(unreferenced),
      ...chunks(inserts, ROWS_PER_INSERT).map((rows) => observationsRepository.insertManyStep(rows)),
      reviewRepository.holdManyStep(held.map((h) => ({ observationId: h.write.id!, reasons: h.reasons }))),
      targetsRepository.recordSuccessesStep(
        mine.map(({ page, offers, note }) => ({
          id: page.target.id,
          status: offers.length > 0 ? 'ok' : 'empty',
          note,
        })),
      ),
    ] as const);
    if (claimed.size < mine.length) throw new AlreadyStored(claimed);
    await alertTriggers.observationsStored(
      tx,
      inserts.map((w) => w.id!),
    );
    return result;
  });
}
