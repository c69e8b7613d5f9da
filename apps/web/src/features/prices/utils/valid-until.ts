import { localToday } from '../../../lib/local-today.ts';

/** Spec §5: a valid-until date, when given, cannot be before today. ISO dates compare as text. */
export function isValidUntilAllowed(value: string, now: Date = new Date()): boolean {
  return value === '' || value >= localToday(now);
}
