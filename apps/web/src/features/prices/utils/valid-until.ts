/** The user's today as YYYY-MM-DD (local calendar, which is what the date picker shows). */
export function localToday(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** Spec §5: a valid-until date, when given, cannot be before today. ISO dates compare as text. */
export function isValidUntilAllowed(value: string, now: Date = new Date()): boolean {
  return value === '' || value >= localToday(now);
}
