const RELATIVE_UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

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
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
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
  const moneyFormats = new Map<string, Intl.NumberFormat>();
  const moneyFormat = (currency: string) => {
    let format = moneyFormats.get(currency);
    if (!format) {
      format = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        currencyDisplay: 'code',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
      moneyFormats.set(currency, format);
    }
    return format;
  };

  return {
    integer: (value: number) => integer.format(value),
    /** A number with exactly 2 decimals (spec §1). */
    decimal: (value: number) => decimals.format(value),
    /** An amount with its ISO currency code and 2 decimals: "MXN 1,234.50" (es-MX "MXN 1,234.50"). */
    money: (value: number, currency: string) => moneyFormat(currency).format(value),
    /** Benchmarks are always in US dollars (spec §1). */
    usd: (value: number) => moneyFormat('USD').format(value),
    /** A 0–1 score as a whole percentage: 0.826 → "83 %". */
    scorePercent: (score: number) => percent.format(Math.round(score * 100) / 100),
    date: (value: Date | string) => date.format(new Date(value)),
    time: (value: Date | string) => time.format(new Date(value)),
    /** A percentage given on a 0–100 scale. */
    percent: (value: number) => percent.format(value / 100),
    megabytes: (value: number) => megabytes.format(value),
    dateTime: (value: Date | string) => dateTime.format(new Date(value)),
    /** "hace 5 minutos" / "5 minutes ago"; under a minute reads "ahora" / "now". */
    relativeTime(value: Date | string, now: number = Date.now()): string {
      const seconds = (new Date(value).getTime() - now) / 1000;
      for (const [name, size] of RELATIVE_UNITS) {
        if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), name);
      }
      return relative.format(Math.abs(seconds) < 45 ? 0 : Math.round(seconds), 'second');
    },
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
