import { instantsAt, wallClock, zoneOffset } from './time-zone.ts';

/** A small five-field cron (minute hour day-of-month month day-of-week) for discovery and report
 * schedules: numbers, `*`, lists, ranges and steps. Names (JAN, MON) and the @-shortcuts are not
 * supported; the setup modal offers only numeric presets (spec §9). Times are wall-clock times in
 * a time zone (SCHEDULE_TIME_ZONE), so "0 6 * * *" is 6:00 on the operators' clock all year. */

export type CronSchedule = {
  minutes: ReadonlySet<number>;
  hours: ReadonlySet<number>;
  days: ReadonlySet<number>;
  months: ReadonlySet<number>;
  weekdays: ReadonlySet<number>;
  /** Whether the day-of-month / day-of-week field was `*`: classic cron matches either restricted
   * day field when both are restricted, and only the restricted one otherwise. */
  anyDay: boolean;
  anyWeekday: boolean;
};

type Range = { min: number; max: number };
const FIELDS: readonly Range[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12 },
  // 7 is Sunday too, as in most crons; it is folded into 0 below.
  { min: 0, max: 7 },
];

const NUMBER = /^\d{1,2}$/;

function parseField(text: string, { min, max }: Range): Set<number> | null {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const [base = '', stepText, extra] = part.split('/');
    if (extra !== undefined) return null;
    let step = 1;
    if (stepText !== undefined) {
      if (!NUMBER.test(stepText)) return null;
      step = Number(stepText);
      if (step < 1) return null;
    }
    let from: number;
    let to: number;
    if (base === '*') {
      from = min;
      to = max;
    } else {
      const [a = '', b, more] = base.split('-');
      if (more !== undefined || !NUMBER.test(a)) return null;
      from = Number(a);
      if (b === undefined) {
        // "5/15" means from 5 to the end, every 15 (as in Vixie cron).
        to = stepText === undefined ? from : max;
      } else {
        if (!NUMBER.test(b)) return null;
        to = Number(b);
      }
    }
    if (from < min || to > max || from > to) return null;
    for (let v = from; v <= to; v += step) out.add(v);
  }
  return out;
}

/** Parses an expression; null when it is not a valid five-field cron. */
export function parseCron(expression: string): CronSchedule | null {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) return null;
  const sets: Set<number>[] = [];
  for (let i = 0; i < 5; i++) {
    const set = parseField(parts[i]!, FIELDS[i]!);
    if (!set) return null;
    sets.push(set);
  }
  const [minutes, hours, days, months, weekdays] = sets as [
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
  ];
  if (weekdays.delete(7)) weekdays.add(0);
  return {
    minutes,
    hours,
    days,
    months,
    weekdays,
    anyDay: parts[2]!.startsWith('*'),
    anyWeekday: parts[4]!.startsWith('*'),
  };
}

function dayMatches(s: CronSchedule, d: Date): boolean {
  const dom = s.days.has(d.getUTCDate());
  const dow = s.weekdays.has(d.getUTCDay());
  if (s.anyDay && s.anyWeekday) return true;
  if (s.anyDay) return dow;
  if (s.anyWeekday) return dom;
  return dom || dow;
}

// Feb 29 of a century not divisible by 400 can push the next leap day 8 years out.
const SEARCH_DAYS = 8 * 366 + 1;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
// A local day's instants lie within 14 h before and 12 h after its wall times (the widest offsets).
const BEFORE_DAY = 14 * 3600_000;
const AFTER_DAY = DAY + 12 * 3600_000;

/** The instants at which one local day's fire times fall, in order, on a day the zone changes its
 * offset: a time the clock skips runs when the clock has moved on (2:30 at 3:30); a time it shows
 * twice runs the first time only, unless the schedule runs every hour (then both: an hourly job
 * does not lose an hour). */
function changeDayInstants(s: CronSchedule, dayWall: number, timeZone: string): number[] {
  const out: number[] = [];
  for (const h of s.hours) {
    for (const m of s.minutes) {
      const { instants, gap } = instantsAt(dayWall + (h * 60 + m) * MINUTE, timeZone);
      if (gap !== null) out.push(gap);
      else out.push(...(s.hours.size === 24 ? instants : instants.slice(0, 1)));
    }
  }
  return out.sort((a, b) => a - b);
}

/** The first time strictly after `after` that the schedule fires, its fields read as wall-clock
 * time in `timeZone` (an IANA zone), or null when it never does (such as 31 February). */
export function nextCronRun(expression: string | CronSchedule, after: Date, timeZone: string): Date | null {
  const s = typeof expression === 'string' ? parseCron(expression) : expression;
  if (!s) return null;
  const start = Math.floor(after.getTime() / MINUTE) * MINUTE + MINUTE;
  const hours = [...s.hours].sort((a, b) => a - b);
  const minutes = [...s.minutes].sort((a, b) => a - b);
  // From the local day before: where a clock goes back over midnight, that day's last hour
  // comes again after the start.
  const startWall = wallClock(start, timeZone);
  const day = new Date(startWall - (((startWall % DAY) + DAY) % DAY) - DAY);
  for (let i = 0; i < SEARCH_DAYS; i++, day.setUTCDate(day.getUTCDate() + 1)) {
    if (!s.months.has(day.getUTCMonth() + 1) || !dayMatches(s, day)) continue;
    const dayWall = day.getTime();
    const offset = zoneOffset(dayWall - BEFORE_DAY, timeZone);
    if (offset !== zoneOffset(dayWall + AFTER_DAY, timeZone)) {
      const at = changeDayInstants(s, dayWall, timeZone).find((t) => t >= start);
      if (at !== undefined) return new Date(at);
      continue;
    }
    // An ordinary day: one offset, so wall order is time order.
    for (const h of hours) {
      for (const m of minutes) {
        const at = dayWall + (h * 60 + m) * MINUTE - offset;
        if (at >= start) return new Date(at);
      }
    }
  }
  return null;
}

/** Whether the expression is a valid cron that fires at some time. */
export function isValidCron(expression: string): boolean {
  const s = parseCron(expression);
  return s !== null && nextCronRun(s, new Date(Date.UTC(2000, 0, 1)), 'UTC') !== null;
}
