import type { Db } from './client.ts';
import { fxRatesRepository } from './repositories/fx-rates.repository.ts';
import { observationsRepository } from './repositories/observations.repository.ts';

export type RateToWrite = { currency: string; effectiveDate: string; unitsPerUsd: string };

export type RatesWritten = {
  /** Rate rows inserted or replaced. */
  written: number;
  /** Observations normalized again (including those that had no rate and now convert). */
  renormalized: number;
  /** Per currency: the first and last dates written. */
  currencies: Record<string, { from: string; to: string; count: number }>;
};

/** Rates sent to the database in one statement: a statement's JSON stays a few hundred kB. */
const CHUNK = 5_000;

/**
 * Writes a set of rates (one date set by hand, a provider's day, an imported history) and
 * re-normalizes every observation they now apply to, currency by currency from the earliest date
 * written. Every writer of rates goes through here: the API, the importers and the provider job.
 * Call it inside a transaction so the rates and the prices converted at them change together.
 */
export async function writeFxRates(
  tx: Db,
  rates: readonly RateToWrite[],
  by: { source: string; actorId: string | null },
): Promise<RatesWritten> {
  // One row per (currency, date), the last given winning: one statement cannot write a row twice.
  const unique = [...new Map(rates.map((r) => [`${r.currency}|${r.effectiveDate}`, r])).values()];
  const currencies: RatesWritten['currencies'] = {};
  for (const r of unique) {
    const c = (currencies[r.currency] ??= { from: r.effectiveDate, to: r.effectiveDate, count: 0 });
    if (r.effectiveDate < c.from) c.from = r.effectiveDate;
    if (r.effectiveDate > c.to) c.to = r.effectiveDate;
    c.count += 1;
  }
  let written = 0;
  for (let i = 0; i < unique.length; i += CHUNK) {
    written += await fxRatesRepository.upsertMany(tx, unique.slice(i, i + CHUNK), by.source, by.actorId);
  }
  let renormalized = 0;
  for (const [currency, span] of Object.entries(currencies)) {
    renormalized += await observationsRepository.renormalizeFx(tx, currency, span.from);
  }
  return { written, renormalized, currencies };
}
