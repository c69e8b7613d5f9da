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

  return {
    integer: (value: number) => integer.format(value),
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
