import type { Db } from '../client.ts';

/** What the rates provider already filled, to fetch only what is missing. */
export const fxProviderRepository = {
  /** The last day written by `source`, or null. */
  async lastDay(db: Db, source: string): Promise<string | null> {
    const r = await db.query<{ day: string | null }>(
      'select max(effective_date)::text as day from fx_rates where source = $1',
      [source],
    );
    return r.rows[0]?.day ?? null;
  },
  /** Days from `from` on that `source` wrote after they had ended (UTC), so their rates are the
   * day's final ones: a day fetched while it was still going on is fetched again. */
  async finishedDays(db: Db, source: string, from: string): Promise<Set<string>> {
    const r = await db.query<{ day: string }>(
      `select effective_date::text as day from fx_rates
        where source = $1 and effective_date >= $2::date
        group by effective_date
       having max(updated_at) >= (effective_date + 1)::timestamp at time zone 'UTC'`,
      [source, from],
    );
    return new Set(r.rows.map((row) => row.day));
  },
  /** `currency|date` of the rates between two days that another source wrote (an import, an
   * administrator): the provider fills gaps, it does not overwrite them. */
  async othersBetween(db: Db, source: string, from: string, to: string): Promise<Set<string>> {
    const r = await db.query<{ key: string }>(
      `select trim(currency) || '|' || effective_date::text as key from fx_rates
        where source <> $1 and effective_date between $2::date and $3::date`,
      [source, from, to],
    );
    return new Set(r.rows.map((row) => row.key));
  },
};
