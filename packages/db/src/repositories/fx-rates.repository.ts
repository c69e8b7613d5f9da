import type { Db } from '../client.ts';

export type FxRateRow = {
  currency: string;
  effective_date: string;
  units_per_usd: string;
  source: string;
  updated_at: Date;
};

// Dates as text: node-postgres would turn a date into a local-midnight Date.
const COLUMNS = 'currency, effective_date::text as effective_date, units_per_usd, source, updated_at';

export const fxRatesRepository = {
  /** Every stored rate, newest first. */
  async list(db: Db): Promise<FxRateRow[]> {
    const r = await db.query<FxRateRow>(
      `select ${COLUMNS} from fx_rates order by effective_date desc, currency`,
    );
    return r.rows;
  },
  /** The rate in force on `date` for each currency: the latest effective on or before it. */
  async inForce(db: Db, date: string): Promise<FxRateRow[]> {
    const r = await db.query<FxRateRow>(
      `select distinct on (currency) ${COLUMNS} from fx_rates
        where effective_date <= $1::date order by currency, fx_rates.effective_date desc`,
      [date],
    );
    return r.rows;
  },
  async rateFor(db: Db, currency: string, date: string): Promise<FxRateRow | undefined> {
    const r = await db.query<FxRateRow>(
      `select ${COLUMNS} from fx_rates where currency = $1 and effective_date <= $2::date
        order by fx_rates.effective_date desc limit 1`,
      [currency, date],
    );
    return r.rows[0];
  },
  async onDate(db: Db, date: string): Promise<FxRateRow[]> {
    const r = await db.query<FxRateRow>(
      `select ${COLUMNS} from fx_rates where effective_date = $1::date order by currency`,
      [date],
    );
    return r.rows;
  },
  async upsert(
    db: Db,
    rate: {
      currency: string;
      effectiveDate: string;
      unitsPerUsd: string;
      source: string;
      updatedBy: string | null;
    },
  ): Promise<void> {
    await db.query(
      `insert into fx_rates (currency, effective_date, units_per_usd, source, updated_by, updated_at)
       values ($1, $2::date, $3, $4, $5, now())
       on conflict (currency, effective_date) do update
         set units_per_usd = excluded.units_per_usd, source = excluded.source,
             updated_by = excluded.updated_by, updated_at = now()`,
      [rate.currency, rate.effectiveDate, rate.unitsPerUsd, rate.source, rate.updatedBy],
    );
  },
};
