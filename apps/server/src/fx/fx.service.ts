import type { Db } from '@preciofab/db/client';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import { fxRatesRepository, type FxRateRow } from '@preciofab/db/repositories/fx-rates.repository';
import { observationsRepository } from '@preciofab/db/repositories/observations.repository';
import type { FxRate, FxRatesUpdate } from '@preciofab/shared/contracts/fx-rates';
import { numberToDecimal, roundDecimal } from '@preciofab/shared/money';

export function toFxRate(row: FxRateRow): FxRate {
  return {
    currency: row.currency.trim() as FxRate['currency'],
    effective_date: row.effective_date,
    units_per_usd: Number(row.units_per_usd),
    source: row.source,
    updated_at: row.updated_at.toISOString(),
  };
}

export function createFxService(db: Db) {
  return {
    async list(date: string | undefined): Promise<{ data: FxRate[] }> {
      const rows = date ? await fxRatesRepository.inForce(db, date) : await fxRatesRepository.list(db);
      return { data: rows.map(toFxRate) };
    },

    /** Writes the rates of one date (USD always 1) and re-normalizes the observations that now
     * use them, in one transaction. */
    async update(input: FxRatesUpdate, actorId: string): Promise<{ data: FxRate[] }> {
      const rates: [string, string][] = [['USD', '1']];
      for (const currency of ['MXN', 'EUR'] as const) {
        const value = input.rates[currency];
        if (value !== undefined) rates.push([currency, roundDecimal(numberToDecimal(value), 8)]);
      }
      const rows = await db.transaction(async (tx) => {
        let renormalized = 0;
        for (const [currency, unitsPerUsd] of rates) {
          await fxRatesRepository.upsert(tx, {
            currency,
            effectiveDate: input.effective_date,
            unitsPerUsd,
            source: input.source,
            updatedBy: actorId,
          });
          renormalized += await observationsRepository.renormalizeFx(tx, currency, input.effective_date);
        }
        await activityRepository.record(tx, {
          actorId,
          action: 'fx_updated',
          entityType: 'fx_rates',
          entityId: input.effective_date,
          details: { name: input.effective_date, count: renormalized, rates: Object.fromEntries(rates) },
        });
        return fxRatesRepository.onDate(tx, input.effective_date);
      });
      return { data: rows.map(toFxRate) };
    },
  };
}
