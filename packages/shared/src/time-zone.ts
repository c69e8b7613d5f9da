/**
 * Wall-clock arithmetic in an IANA time zone with nothing but `Intl.DateTimeFormat`: what a clock
 * in the zone shows at an instant, and the instant(s) at which it shows a given time. Schedules
 * (cron) are written in wall-clock time; the database and the queue hold instants.
 */

/** Where schedules run unless SCHEDULE_TIME_ZONE says otherwise: the operators' clock. */
export const DEFAULT_SCHEDULE_TIME_ZONE = 'America/Mexico_City';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** Whether the runtime knows the zone (an IANA name such as `America/Mexico_City`, or `UTC`). */
export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone.trim() !== timeZone || timeZone === '') return false;
  try {
    formatFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** What a clock in the zone shows at `instant`, as the UTC milliseconds of that same wall time
 * (so calendar arithmetic can use the Date UTC methods). Seconds are kept; milliseconds are not. */
export function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatFor(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The zone's offset from UTC at `instant`, in milliseconds (Mexico City: -6 h). */
export function zoneOffset(instant: number, timeZone: string): number {
  const whole = instant - (((instant % 1000) + 1000) % 1000);
  return wallClock(whole, timeZone) - whole;
}

// No zone changes its offset twice within three days, and no offset exceeds 14 hours: the
// offsets a day and a half either side bracket any wall time.
const BRACKET_MS = 36 * 3600_000;

/**
 * The instants at which a clock in the zone shows `wall` (UTC milliseconds of the wall time):
 * one as a rule; two in the hour a clock goes back (earlier first); none in the hour it skips
 * forward, in which case `gap` is the instant the skipped time is moved to (as far past the
 * change as the wall time was: 2:30 on a spring-forward night at 2:00 runs at 3:30).
 */
export function instantsAt(wall: number, timeZone: string): { instants: number[]; gap: number | null } {
  const before = zoneOffset(wall - BRACKET_MS, timeZone);
  const after = zoneOffset(wall + BRACKET_MS, timeZone);
  const instants = [...new Set([wall - before, wall - after])]
    .filter((t) => wallClock(t, timeZone) === wall)
    .sort((a, b) => a - b);
  return { instants, gap: instants.length === 0 ? wall - before : null };
}
