import { relativeTime } from '@preciofab/shared/relative-time';
import { currencyDecimals } from '@preciofab/shared/report-format';

/** Most digits an amount shows after the point: enough for a real fraction of a currency without
 * minor units (CLP 0.35 per g) or of a per-unit price, and no more than a price list writes. */
export const MAX_MONEY_DECIMALS = 4;

/** A code Intl can format as a currency (three letters); anything else is shown beside a number. */
const CODE_SHAPE = /^[A-Za-z]{3}$/;

export type Formatters = ReturnType<typeof createFormatters>;

/** Number, date and time formatting of one locale, all through Intl. */
export function createFormatters(locale: string) {
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const megabytes = new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: 1,
  });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const durationParts = new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' });
  const unit = (name: 'day' | 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'narrow' });
  const days = unit('day');
  const hours = unit('hour');
  const minutes = unit('minute');

  const decimals = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'medium' });
  const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: MAX_MONEY_DECIMALS });
  const moneyFormats = new Map<string, Intl.NumberFormat>();
  /** The currency's ISO minor units as the least digits (MXN 2.50, CLP 1,200, KWD 1.250) and up to
   * MAX_MONEY_DECIMALS when the amount has a finer fraction; the code, not the sign, since MXN,
   * COP, CLP and ARS all write `$`. */
  const moneyFormat = (currency: string, code: boolean) => {
    const key = `${currency}:${code}`;
    let format = moneyFormats.get(key);
    if (!format) {
      // A code outside the active ISO table (a withdrawn one on an old price): 2, as most have.
      const minor = currencyDecimals(currency, 2);
      format = new Intl.NumberFormat(locale, {
        ...(code ? { style: 'currency', currency, currencyDisplay: 'code' } : {}),
        minimumFractionDigits: minor,
        maximumFractionDigits: Math.max(minor, MAX_MONEY_DECIMALS),
      });
      moneyFormats.set(key, format);
    }
    return format;
  };
  const money = (value: number, currency: string) =>
    CODE_SHAPE.test(currency)
      ? moneyFormat(currency.toUpperCase(), true).format(value)
      : `${plain.format(value)} ${currency}`.trim();
  // A USD value per base unit: cents, or three significant digits when that shows more (0.0523 per
  // cm³), since a per-unit price is often a fraction of a cent.
  const usdPerUnit = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'code',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    maximumSignificantDigits: 3,
    roundingPriority: 'morePrecision',
  });
  const usd = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'code',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });

  return {
    integer: (value: number) => integer.format(value),
    /** A number with exactly 2 decimals (spec §1). */
    decimal: (value: number) => decimals.format(value),
    /** An amount in its own currency with its ISO code: "MXN 1,234.50", "CLP 12,990", "CLP 0.35". */
    money,
    /** An amount of a currency without its code (a column beside names it): "1,234.50", "12,990". */
    amount: (value: number, currency: string) =>
      CODE_SHAPE.test(currency)
        ? moneyFormat(currency.toUpperCase(), false).format(value)
        : plain.format(value),
    /** Benchmarks are always in US dollars with cents (spec §1). */
    usd: (value: number) => usd.format(value),
    /** USD per base unit: "USD 0.0523", "USD 45.13". */
    usdPerUnit: (value: number) => usdPerUnit.format(value),
    /** A 0–1 score as a whole percentage: 0.826 → "83 %". */
    scorePercent: (score: number) => percent.format(Math.round(score * 100) / 100),
    date: (value: Date | string) => date.format(new Date(value)),
    time: (value: Date | string) => time.format(new Date(value)),
    /** A percentage given on a 0–100 scale. */
    percent: (value: number) => percent.format(value / 100),
    megabytes: (value: number) => megabytes.format(value),
    dateTime: (value: Date | string) => dateTime.format(new Date(value)),
    /** "hace 2 horas" / "2 hours ago", rounded; under 45 s "ahora" / "now" (the server's rule too). */
    relativeTime: (value: Date | string, now: number = Date.now()): string =>
      relativeTime(value, locale, now),
    /** An uptime in its two largest units: "3d 4h", "2h 5min", "7min". */
    duration(totalSeconds: number): string {
      const total = Math.max(0, Math.floor(totalSeconds / 60));
      const d = Math.floor(total / 1440);
      const h = Math.floor((total % 1440) / 60);
      const m = total % 60;
      if (d > 0) return durationParts.format([days.format(d), hours.format(h)]);
      if (h > 0) return durationParts.format([hours.format(h), minutes.format(m)]);
      return minutes.format(m);
    },
  };
}
