/** A month ('2025-03', or a date in it such as '2025-03-01') as its short name and year in the
 * locale ("mar 2025", "Mar 2025"), in UTC so no time zone moves it to the month before. */
export function monthLabel(locale: string, month: string): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, m - 1, 1)),
  );
}
