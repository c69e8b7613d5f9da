/** A small five-field cron (minute hour day-of-month month day-of-week) for discovery schedules:
 * numbers, `*`, lists, ranges and steps. Names (JAN, MON) and the @-shortcuts are not supported;
 * the setup modal offers only numeric presets (spec §9). Times are UTC. */

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

/** The first time strictly after `after` that the schedule fires (UTC), or null when it never does
 * (such as 31 February). */
export function nextCronRun(expression: string | CronSchedule, after: Date): Date | null {
  const s = typeof expression === 'string' ? parseCron(expression) : expression;
  if (!s) return null;
  const start = new Date(after.getTime());
  start.setUTCSeconds(0, 0);
  start.setUTCMinutes(start.getUTCMinutes() + 1);
  const day = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()));
  const hours = [...s.hours].sort((a, b) => a - b);
  const minutes = [...s.minutes].sort((a, b) => a - b);
  for (let i = 0; i < SEARCH_DAYS; i++, day.setUTCDate(day.getUTCDate() + 1)) {
    if (!s.months.has(day.getUTCMonth() + 1) || !dayMatches(s, day)) continue;
    for (const h of hours) {
      for (const m of minutes) {
        const at = new Date(day.getTime() + (h * 60 + m) * 60_000);
        if (at >= start) return at;
      }
    }
  }
  return null;
}

/** Whether the expression is a valid cron that fires at some time. */
export function isValidCron(expression: string): boolean {
  const s = parseCron(expression);
  return s !== null && nextCronRun(s, new Date(Date.UTC(2000, 0, 1))) !== null;
}
