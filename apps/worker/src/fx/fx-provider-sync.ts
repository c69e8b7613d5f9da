import type { Db } from '@preciofab/db/client';
import { writeFxRates } from '@preciofab/db/fx-rates-write';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import { fxProviderRepository } from '@preciofab/db/repositories/fx-provider.repository';
import { FetchError } from '@preciofab/fetch/fetch-error';
import { guardedFetch } from '@preciofab/fetch/guarded-fetch';
import type { Resolver } from '@preciofab/fetch/target-guard';
import { isCurrencyCode } from '@preciofab/shared/currencies';
import type { ParsedRate } from '@preciofab/shared/fx-import';
import { compareDecimal, divideDecimal, numberToDecimal, roundDecimal } from '@preciofab/shared/money';
import type { FxProviderSettings } from './fx-provider-config.ts';

/** The `source` of the provider's rates: what it filled, it does not fetch again. */
export const FX_PROVIDER_SOURCE = 'fx_provider';
/** A day's answer is a few kB; anything near this is not one. */
export const FX_PROVIDER_MAX_BYTES = 1024 * 1024;
/** Days fetched in one run at most (one request each); a longer gap continues the next day. */
export const FX_PROVIDER_MAX_DAYS = 400;
/** Time one run may spend fetching; the days fetched by then are written. */
export const FX_PROVIDER_BUDGET_MS = 2 * 60_000;

const DAY_MS = 86_400_000;
const MAX_RATE = '1000000000';
/** Failures listed in the activity entry. */
const LOGGED_FAILURES = 10;

/** Why one day could not be had: a fetch error code, `http_<status>`, or what was wrong with the
 * body. Never a URL or a message: the provider's URL carries its key. */
export type DayFailure = { date: string; reason: string };

export type FxProviderSyncResult = {
  from: string;
  to: string;
  /** Days asked for (those not yet fetched after they ended). */
  requested: number;
  /** Days whose rates were written. */
  days: number;
  rates: number;
  renormalized: number;
  /** Values left out: codes no longer (or never) in ISO 4217's active list, bad numbers, and rates
   * another source already wrote for that day. */
  skipped: number;
  failed: DayFailure[];
  /** The run stopped at its time budget; the remaining days are fetched next time. */
  out_of_time: boolean;
};

class BodyError extends Error {}

const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const dayMs = (date: string): number => Date.parse(`${date}T00:00:00Z`);

/** A finite positive JSON number as exact decimal text, or null. */
function decimalOf(v: unknown): string | null {
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) return null;
  return numberToDecimal(v);
}

/**
 * One day's answer, `{"base":"USD","rates":{"MXN":17.1,…}}`, as rates per US dollar for that date
 * (8 decimals, exact decimal arithmetic). Another base is converted through its USD rate:
 * units_per_usd(C) = rates[C] / rates[USD], and the base itself is 1 / rates[USD]. Only active ISO
 * codes are kept (no XAU, no BTC); USD itself is not stored.
 */
export function readProviderDay(text: string, date: string): { rates: ParsedRate[]; skipped: number } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new BodyError('invalid_json');
  }
  const { base, rates } = (body ?? {}) as { base?: unknown; rates?: unknown };
  if (typeof base !== 'string' || !/^[A-Z]{3}$/.test(base) || typeof rates !== 'object' || rates === null)
    throw new BodyError('invalid_body');
  const values = rates as Record<string, unknown>;
  let usd = '1';
  if (base !== 'USD') {
    const perBase = decimalOf(values.USD);
    if (!perBase) throw new BodyError('no_usd_rate');
    usd = perBase;
  }
  const out: ParsedRate[] = [];
  let skipped = 0;
  const codes = new Set([...Object.keys(values), base]);
  for (const code of codes) {
    if (code === 'USD') continue;
    const value = code === base && values[code] === undefined ? '1' : decimalOf(values[code]);
    const perUsd = value && isCurrencyCode(code) ? divideDecimal(value, usd, 8) : null;
    if (!perUsd || compareDecimal(perUsd, '0') <= 0 || compareDecimal(perUsd, MAX_RATE) > 0) {
      skipped++;
      continue;
    }
    out.push({ currency: code, effectiveDate: date, unitsPerUsd: roundDecimal(perUsd, 8) });
  }
  return { rates: out, skipped };
}

function dayUrl(settings: FxProviderSettings, date: string): string {
  const url = new URL(settings.url);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/historical/${date}.json`;
  if (settings.key) url.searchParams.set('app_id', settings.key);
  return url.href;
}

const reasonOf = (error: unknown): string => {
  if (error instanceof BodyError) return error.message;
  if (error instanceof FetchError) return error.code === 'http_status' ? `http_${error.status}` : error.code;
  return 'error';
};

export type SyncOptions = {
  /** CRAWLER_ALLOWED_HOSTS: a provider on a private address must be listed there. */
  allowedHosts: readonly string[];
  timeoutMs?: number;
  now?: Date;
  budgetMs?: number;
  maxDays?: number;
  /** Replaces DNS, for tests. */
  resolve?: Resolver;
};

/**
 * Fetches the provider's days that are missing, through the guarded fetcher, and writes them with
 * the prices they re-normalize in one transaction. The days: from today − FX_PROVIDER_BACKFILL_DAYS
 * (or, after a longer pause, from the day after the last one filled) up to today, oldest first,
 * less those already written after they ended. A failed day is reported and asked for again on
 * the next run. A rate another source (an import, an administrator) wrote for a day is left alone.
 */
export async function syncFxProvider(
  db: Db,
  settings: FxProviderSettings,
  options: SyncOptions,
): Promise<FxProviderSyncResult> {
  const now = options.now ?? new Date();
  const deadline = Date.now() + (options.budgetMs ?? FX_PROVIDER_BUDGET_MS);
  const maxDays = options.maxDays ?? FX_PROVIDER_MAX_DAYS;
  const today = day(now.getTime());
  const windowStart = dayMs(today) - settings.backfillDays * DAY_MS;
  const last = await fxProviderRepository.lastDay(db, FX_PROVIDER_SOURCE);
  const afterLast = last ? dayMs(last) + DAY_MS : windowStart;
  const from = day(Math.max(Math.min(afterLast, windowStart), dayMs(today) - 3660 * DAY_MS));
  const finished = await fxProviderRepository.finishedDays(db, FX_PROVIDER_SOURCE, from);
  const wanted: string[] = [];
  for (let t = dayMs(from); t <= dayMs(today) && wanted.length < maxDays; t += DAY_MS) {
    if (!finished.has(day(t))) wanted.push(day(t));
  }

  const result: FxProviderSyncResult = {
    from,
    to: today,
    requested: wanted.length,
    days: 0,
    rates: 0,
    renormalized: 0,
    skipped: 0,
    failed: [],
    out_of_time: false,
  };
  const fetched: ParsedRate[][] = [];
  for (const date of wanted) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      result.out_of_time = true;
      break;
    }
    try {
      const page = await guardedFetch(dayUrl(settings, date), {
        allowedHosts: options.allowedHosts,
        ...(options.resolve ? { resolve: options.resolve } : {}),
        timeoutMs: Math.min(options.timeoutMs ?? 10_000, remaining),
        maxBytes: FX_PROVIDER_MAX_BYTES,
        maxRedirects: 2,
        accept: 'application/json',
      });
      const read = readProviderDay(page.bytes.toString('utf8'), date);
      result.skipped += read.skipped;
      fetched.push(read.rates);
    } catch (error) {
      result.failed.push({ date, reason: reasonOf(error) });
    }
  }
  if (fetched.length === 0 && result.failed.length === 0) return result;

  const others = await fxProviderRepository.othersBetween(db, FX_PROVIDER_SOURCE, from, today);
  const rates: ParsedRate[] = [];
  for (const dayRates of fetched) {
    const kept = dayRates.filter((r) => !others.has(`${r.currency}|${r.effectiveDate}`));
    result.skipped += dayRates.length - kept.length;
    if (kept.length > 0) result.days++;
    rates.push(...kept);
  }
  await db.transaction(async (tx) => {
    const written = await writeFxRates(tx, rates, { source: FX_PROVIDER_SOURCE, actorId: null });
    result.rates = written.written;
    result.renormalized = written.renormalized;
    await activityRepository.record(tx, {
      actorId: null,
      action: 'fx_provider_synced',
      entityType: 'fx_rates',
      entityId: null,
      details: {
        // The host names the provider; the key is in the query, never here.
        name: new URL(settings.url).host,
        count: result.days,
        rates: result.rates,
        renormalized: result.renormalized,
        failed_count: result.failed.length,
        ...(result.failed.length > 0 ? { failed: result.failed.slice(0, LOGGED_FAILURES) } : {}),
      },
    });
  });
  return result;
}
