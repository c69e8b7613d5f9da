import type { Db } from '../client.ts';
import { runSteps, type Step } from '../steps.ts';

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
  /** Stored rates newest first, of one currency or all, a page at a time, with their total. */
  async list(
    db: Db,
    f: { currency?: string | undefined; limit: number; offset: number },
  ): Promise<{ rows: FxRateRow[]; total: number }> {
    const currency = f.currency ?? null;
    const [page, count] = await Promise.all([
      db.query<FxRateRow>(
        `select ${COLUMNS} from fx_rates where ($1::text is null or currency = $1)
          order by effective_date desc, currency limit $2 offset $3`,
        [currency, f.limit, f.offset],
      ),
      db.query<{ n: number }>(
        'select count(*)::int as n from fx_rates where ($1::text is null or currency = $1)',
        [currency],
      ),
    ]);
    return { rows: page.rows, total: count.rows[0]?.n ?? 0 };
  },
  /** The rate in force on `date` for each currency (or one): the latest effective on or before it. */
  async inForce(db: Db, date: string, currency?: string): Promise<FxRateRow[]> {
    const r = await db.query<FxRateRow>(
      `select distinct on (currency) ${COLUMNS} from fx_rates
        where effective_date <= $1::date and ($2::text is null or currency = $2)
        order by currency, fx_rates.effective_date desc`,
      [date, currency ?? null],
    );
    return r.rows;
  },
  async rateFor(db: Db, currency: string, date: string): Promise<FxRateRow | undefined> {
    const [rate] = await runSteps(db, [fxRatesRepository.rateForStep(currency, date)] as const);
    return rate;
  },
  /** `rateFor` as a step, to send with other statements. */
  rateForStep(currency: string, date: string): Step<FxRateRow | undefined> {
    return {
      statement: {
        sql: `select ${COLUMNS} from fx_rates where currency = $1 and effective_date <= $2::date
               order by fx_rates.effective_date desc limit 1`,
        params: [currency, date],
      },
      read: (r) => r.rows[0] as FxRateRow | undefined,
    };
  },
  async onDate(db: Db, date: string): Promise<FxRateRow[]> {
    const r = await db.query<FxRateRow>(
      `select ${COLUMNS} from fx_rates where effective_date = $1::date order by currency`,
      [date],
    );
    return r.rows;
  },
  /** Many rates in one statement (an imported history): each (currency, date) written once,
   * an existing one replaced. Returns how many rows were written. */
  async upsertMany(
    db: Db,
    rates: readonly { currency: string; effectiveDate: string; unitsPerUsd: string }[],
    source: string,
    updatedBy: string | null,
  ): Promise<number> {
    if (rates.length === 0) return 0;
    const r = await db.query(
      `insert into fx_rates (currency, effective_date, units_per_usd, source, updated_by, updated_at)
       select r.currency, r.effective_date::date, r.units_per_usd::numeric, $2, $3, now()
         from jsonb_to_recordset($1::jsonb) as r(currency text, effective_date text, units_per_usd text)
       on conflict (currency, effective_date) do update
         set units_per_usd = excluded.units_per_usd, source = excluded.source,
             updated_by = excluded.updated_by, updated_at = now()`,
      [
        JSON.stringify(
          rates.map((x) => ({
            currency: x.currency,
            effective_date: x.effectiveDate,
            units_per_usd: x.unitsPerUsd,
          })),
        ),
        source,
        updatedBy,
      ],
    );
    return r.rowCount;
  },
};
