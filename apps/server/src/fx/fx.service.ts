import type { Db } from '@preciofab/db/client';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import { fxRatesRepository, type FxRateRow } from '@preciofab/db/repositories/fx-rates.repository';
import { writeFxRates, type RateToWrite } from '@preciofab/db/fx-rates-write';
import type { FxRate, FxRatesPage, FxRatesQuery, FxRatesUpdate } from '@preciofab/shared/contracts/fx-rates';
import { numberToDecimal, roundDecimal } from '@preciofab/shared/money';

export function toFxRate(row: FxRateRow): FxRate {
  return {
    currency: row.currency.trim(),
    effective_date: row.effective_date,
    units_per_usd: Number(row.units_per_usd),
    source: row.source,
    updated_at: row.updated_at.toISOString(),
  };
}

export function createFxService(db: Db) {
  return {
    async list(query: FxRatesQuery): Promise<FxRatesPage> {
      if (query.date) {
        const rows = await fxRatesRepository.inForce(db, query.date, query.currency);
        const page = rows.slice(query.offset, query.offset + query.limit);
        return { data: page.map(toFxRate), total: rows.length, limit: query.limit, offset: query.offset };
      }
      const { rows, total } = await fxRatesRepository.list(db, query);
      return { data: rows.map(toFxRate), total, limit: query.limit, offset: query.offset };
    },

    /** Writes the rates of one date (USD always 1) and re-normalizes the observations that now
     * use them, in one transaction. */
    async update(input: FxRatesUpdate, actorId: string): Promise<{ data: FxRate[] }> {
      const rates: RateToWrite[] = [
        { currency: 'USD', effectiveDate: input.effective_date, unitsPerUsd: '1' },
      ];
      for (const [currency, value] of Object.entries(input.rates)) {
        if (currency === 'USD') continue;
        rates.push({
          currency,
          effectiveDate: input.effective_date,
          unitsPerUsd: roundDecimal(numberToDecimal(value), 8),
        });
      }
      const rows = await db.transaction(async (tx) => {
        const result = await writeFxRates(tx, rates, { source: input.source, actorId });
        await activityRepository.record(tx, {
          actorId,
          action: 'fx_updated',
          entityType: 'fx_rates',
          entityId: input.effective_date,
          details: {
            name: input.effective_date,
            count: result.renormalized,
            rates: Object.fromEntries(rates.map((r) => [r.currency, r.unitsPerUsd])),
          },
        });
        return fxRatesRepository.onDate(tx, input.effective_date);
      });
      return { data: rows.map(toFxRate) };
    },
  };
}
