import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { Db } from '@preciofab/db/client';
import { runSteps } from '@preciofab/db/steps';
import {
  createEnrichmentMemo,
  enrichObservation,
  type Enrichment,
} from '@preciofab/db/observation-enrichment';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import { alertTriggers } from '@preciofab/db/repositories/alert-triggers.repository';
import { observationsRepository } from '@preciofab/db/repositories/observations.repository';
import { reviewRepository } from '@preciofab/db/repositories/review.repository';
import { newObservationId } from '@preciofab/db/observation-id';
import { holdReasonsOf, reviewGate } from '@preciofab/db/review-gate';
import type { ReviewReason } from '@preciofab/shared/review-hold';
import { pricesRepository, type ImportOffer } from '@preciofab/db/repositories/prices.repository';
import type { Language } from '@preciofab/shared/catalogue';
import { requestBenchmarkRefresh, type JobQueue } from '@preciofab/shared/contracts/jobs';
import {
  PRICE_IMPORT_MAX_BYTES,
  PRICE_IMPORT_MAX_REPORTED,
  PRICE_IMPORT_MAX_ROWS,
  priceCreateBody,
  type PriceCreate,
  type PriceImportResult,
} from '@preciofab/shared/contracts/prices';
import { AppError, type FieldError } from '@preciofab/shared/errors';
import { translate } from '@preciofab/shared/i18n/messages';
import { offerKey } from '@preciofab/shared/offer-key';
import { controlCharacterErrors, toFieldErrors } from '@preciofab/shared/validation';
import { csvReader, jsonLinesReader, type ImportRecord } from './price-import.parse.ts';
import { newPrice, type PriceVendor } from './price-write.ts';

export type ImportFormat = 'csv' | 'jsonl';

/** Limits of one import; the contract's unless a test passes smaller ones. */
export type ImportLimits = { maxBytes: number; maxRows: number };
const LIMITS: ImportLimits = { maxBytes: PRICE_IMPORT_MAX_BYTES, maxRows: PRICE_IMPORT_MAX_ROWS };

/** Rows per insert statement: each one travels as one JSON parameter. */
const INSERT_CHUNK = 5000;
/** Rows validated or enriched between two yields to the event loop, so other requests are
 * answered while a large import is read. */
const YIELD_EVERY = 2000;

const FIELDS = Object.keys(priceCreateBody.shape);
const REQUIRED = ['vendor_id', 'service_name', 'category', 'price', 'unit'];
const NUMBERS = new Set(['price', 'minimum_order', 'lead_time_days']);
const BOOLEANS = new Set(['includes_tax', 'includes_shipping']);
const TRUE = new Set(['true', 'yes', 'sí', 'si', '1', 'x']);
const FALSE = new Set(['false', 'no', '0']);

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const refuse = (errors: FieldError[]) => new AppError('validation', 'errors.invalid_request', { errors });

/** A CSV cell as the payload's field wants it: empty is absent, numbers and yes/no read as such
 * (a decimal comma too); anything else stays text, for the schema to refuse with its message. */
function cellValue(field: string, cell: string): unknown {
  const text = cell.trim();
  if (text === '') return undefined;
  if (NUMBERS.has(field) && /^-?\d+(?:[.,]\d+)?$/.test(text)) return Number(text.replace(',', '.'));
  if (BOOLEANS.has(field)) {
    const lower = text.toLowerCase();
    if (TRUE.has(lower)) return true;
    if (FALSE.has(lower)) return false;
  }
  return cell;
}

/** The header row's columns, checked: each a field of the new-price payload, once, the required
 * ones present. Refused as a whole otherwise: every row would fail alike. */
function checkHeader(header: string[]): string[] {
  const columns = header.map((h) => h.trim());
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const c of columns) {
    if (!FIELDS.includes(c)) {
      errors.push({ field: c, message: 'validation.unknown_field', values: { field: c } });
    } else if (seen.has(c)) {
      errors.push({ field: c, message: 'validation.price_import_duplicate_column', values: { field: c } });
    }
    seen.add(c);
  }
  for (const f of REQUIRED) {
    if (!seen.has(f)) {
      errors.push({ field: f, message: 'validation.price_import_missing_column', values: { field: f } });
    }
  }
  if (errors.length > 0) throw refuse(errors);
  return columns;
}

type Parsed = { row: number; line: number; price: PriceCreate };
type Rejected = { row: number; line: number; errors: FieldError[] };

/** Reads the body as it arrives: records are validated as they complete, so the text is never
 * held whole; past the byte or row limit the import is refused without reading further. */
async function readBody(
  body: AsyncIterable<Buffer | string>,
  format: ImportFormat,
  limits: ImportLimits,
): Promise<{ valid: Parsed[]; rejected: Rejected[]; rows: number }> {
  const decoder = new StringDecoder('utf8');
  const csv = format === 'csv' ? csvReader() : null;
  const reader = csv ?? jsonLinesReader();
  let columns: string[] | null = null;
  const valid: Parsed[] = [];
  const rejected: Rejected[] = [];
  let rows = 0;
  let bytes = 0;
  let sinceYield = 0;

  const take = async (records: ImportRecord[]) => {
    for (const r of records) {
      rows++;
      if (rows > limits.maxRows) {
        throw refuse([
          {
            field: 'body',
            message: 'validation.price_import_too_many_rows',
            values: { max: limits.maxRows },
          },
        ]);
      }
      let value: unknown = r.value;
      if (csv) {
        columns ??= checkHeader(csv.header()!);
        const cells = r.value as string[];
        if (cells.length !== columns.length) {
          rejected.push({
            row: r.row,
            line: r.line,
            errors: [
              {
                field: 'row',
                message: 'validation.price_import_columns',
                values: { expected: columns.length, found: cells.length },
              },
            ],
          });
          continue;
        }
        const object: Record<string, unknown> = {};
        columns.forEach((c, i) => {
          const v = cellValue(c, cells[i]!);
          if (v !== undefined) object[c] = v;
        });
        value = object;
      } else if (r.notObject) {
        rejected.push({
          row: r.row,
          line: r.line,
          errors: [{ field: 'row', message: 'validation.price_import_not_object' }],
        });
        continue;
      }
      const control = controlCharacterErrors(value);
      const parsed = control.length === 0 ? priceCreateBody.safeParse(value) : null;
      if (parsed?.success) valid.push({ row: r.row, line: r.line, price: parsed.data });
      else
        rejected.push({
          row: r.row,
          line: r.line,
          errors: parsed ? toFieldErrors(parsed.error.issues) : control,
        });
      if (++sinceYield >= YIELD_EVERY) {
        sinceYield = 0;
        await yieldToLoop();
      }
    }
  };

  for await (const chunk of body) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    bytes += buffer.length;
    if (bytes > limits.maxBytes) {
      throw refuse([
        {
          field: 'body',
          message: 'validation.price_import_too_large',
          values: { max: Math.round(limits.maxBytes / 2 ** 20) },
        },
      ]);
    }
    await take(reader.push(decoder.write(buffer)));
  }
  await take(reader.push(decoder.end()));
  await take(reader.end());
  // A CSV of a header alone: the header is still checked.
  if (csv && columns === null && csv.header()) checkHeader(csv.header()!);
  if (rows === 0) throw refuse([{ field: 'body', message: 'validation.price_import_no_rows' }]);
  return { valid, rejected, rows };
}

/** Bulk import of new prices (POST /api/v1/prices/import). See importPricesOperation for the
 * decision: valid rows stored together in one transaction, rejected rows reported. */
export function createPriceImportService(db: Db, queue: JobQueue<Db>, limits: ImportLimits = LIMITS) {
  return {
    async import(
      body: Readable | AsyncIterable<Buffer | string>,
      format: ImportFormat,
      actorId: string,
      lang: Language,
      now = new Date(),
    ): Promise<PriceImportResult> {
      const { valid, rejected, rows } = await readBody(body, format, limits);

      // Vendors that do not exist: those rows are rejected like any invalid value.
      const vendorIds = [...new Set(valid.map((p) => p.price.vendor_id))];
      const vendors = new Map(
        (vendorIds.length ? await pricesRepository.importVendors(db, vendorIds) : []).map((v) => [v.id, v]),
      );
      const stored: { parsed: Parsed; vendor: PriceVendor & { price_count: number } }[] = [];
      for (const p of valid) {
        const vendor = vendors.get(p.price.vendor_id);
        if (vendor) stored.push({ parsed: p, vendor });
        else {
          rejected.push({
            row: p.row,
            line: p.line,
            errors: [{ field: 'vendor_id', message: 'errors.vendor_not_found' }],
          });
        }
      }
      rejected.sort((a, b) => a.row - b.row);

      // Normalized and scored before the transaction: the rates and similar prices they read are
      // read once per currency, group and day (the memo), and each vendor's count goes up here.
      const memo = createEnrichmentMemo();
      const counts = new Map([...vendors.values()].map((v) => [v.id, v.price_count]));
      const writes: {
        observation: ReturnType<typeof newPrice>['observation'];
        key: string;
        enriched: Enrichment;
      }[] = [];
      const offers = new Map<string, ImportOffer>();
      // The review queue's inputs, in one round trip: each offer's latest price, the rules and bands.
      const [previous, review] = await runSteps(db, [
        reviewRepository.previousPricesStep(
          stored.map(({ parsed, vendor }) => ({
            vendorId: vendor.id,
            offerKey: offerKey(parsed.price.service_name, parsed.price.unit),
          })),
        ),
        reviewGate.contextStep(db),
      ] as const);
      const newVendors = new Set([...vendors.values()].filter((v) => v.price_count === 0).map((v) => v.id));
      const holds: { observationId: string; reasons: ReviewReason[] }[] = [];
      for (const [i, { parsed, vendor }] of stored.entries()) {
        const { enrichment, observation } = newPrice(parsed.price, vendor, now);
        const prior = counts.get(vendor.id)!;
        counts.set(vendor.id, prior + 1);
        const enriched = await enrichObservation(
          db,
          { ...enrichment, priorVendorObservations: prior },
          now,
          memo,
        );
        const key = `${vendor.id}|${offerKey(parsed.price.service_name, parsed.price.unit)}`;
        offers.set(key, {
          vendorId: vendor.id,
          offerKey: key.slice(vendor.id.length + 1),
          name: parsed.price.service_name,
          category: parsed.price.category,
          unit: parsed.price.unit,
        });
        writes.push({ observation, key, enriched });
        if (i % YIELD_EVERY === YIELD_EVERY - 1) await yieldToLoop();
      }

      if (writes.length > 0) {
        // What the import adds to each offer's and vendor's counts, applied once at its end.
        const added = new Map<string, { n: number; p: number }>();
        const perVendor = new Map<string, number>();
        for (const w of writes) {
          const a = added.get(w.key) ?? { n: 0, p: 0 };
          a.n++;
          if (w.enriched.priceUsd !== null) a.p++;
          added.set(w.key, a);
          const vendorId = offers.get(w.key)!.vendorId;
          perVendor.set(vendorId, (perVendor.get(vendorId) ?? 0) + 1);
        }
        await db.transaction(async (tx) => {
          // Nothing another writer waits for is taken before the end: the stored offers are read
          // unlocked, the new ones get their ids now and are created at the end, and the counts'
          // row locks wait for the end too. A single price for the same vendor or offer then waits
          // for the last statements and the commit, not for the whole import.
          await runSteps(tx, [pricesRepository.deferCountsStep(true)]);
          const offerIds = await pricesRepository.importOfferIds(tx, [...offers.values()]);
          const ofStored = writes.filter((w) => offerIds.has(w.key));
          const ofNew = writes.filter((w) => !offerIds.has(w.key));
          for (const key of offers.keys()) if (!offerIds.has(key)) offerIds.set(key, randomUUID());
          // The next chunk's rows and JSON are built while the database inserts this one. The rows of
          // new offers go last, their offer checked at commit.
          const ids: string[] = [];
          let inserting: Promise<unknown> = Promise.resolve();
          for (const rows of [ofStored, ofNew]) {
            if (rows === ofNew && rows.length > 0) {
              await inserting;
              inserting = runSteps(tx, [pricesRepository.deferOfferCheckStep()]);
            }
            for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
              const chunk = rows.slice(start, start + INSERT_CHUNK).map((w) => {
                const o = { ...w.observation(offerIds.get(w.key)!, w.enriched, 'import', actorId) };
                o.id = newObservationId();
                ids.push(o.id);
                // A new vendor's first price is the one held for it (the first row of the import).
                const first = newVendors.delete(o.vendorId);
                const reasons = holdReasonsOf(o, review, {
                  previous: previous.get(w.key) ?? null,
                  newVendor: first,
                });
                if (reasons.length > 0) holds.push({ observationId: o.id, reasons });
                return o;
              });
              const step = observationsRepository.insertManyStep(chunk);
              await inserting;
              inserting = runSteps(tx, [step]);
            }
          }
          await inserting;
          const [offersStep, ...vendorSteps] = pricesRepository.applyImportOffersSteps(
            [...offers].map(([key, o]) => ({ ...o, id: offerIds.get(key)!, ...added.get(key)! })),
            [...perVendor].map(([id, n]) => ({ id, n })),
            now,
          );
          const [, , moves] = await runSteps(tx, [
            reviewRepository.holdManyStep(holds),
            pricesRepository.deferCountsStep(false),
            offersStep,
            ...vendorSteps,
          ] as const);
          if (moves.length > 0) await runSteps(tx, [pricesRepository.moveImportRowsStep(moves)]);
          await requestBenchmarkRefresh(queue, tx);
          await alertTriggers.observationsStored(tx, ids);
          await activityRepository.record(tx, {
            actorId,
            action: 'prices_imported',
            entityType: 'price_observation',
            entityId: null,
            details: { count: writes.length, rejected: rejected.length },
          });
        });
      }

      return {
        rows,
        accepted: writes.length,
        rejected: rejected.length,
        errors: rejected.slice(0, PRICE_IMPORT_MAX_REPORTED).map((r) => ({
          row: r.row,
          line: r.line,
          errors: r.errors.map((e) => ({
            field: e.field,
            message: translate(lang, e.message, e.values),
            ...(e.code ? { code: e.code } : {}),
          })),
        })),
      };
    },
  };
}
