import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const MIN = 60;
const HOUR = 3_600;
const DAY = 86_400;
const at = (secondsFromNow: number) => new Date(NOW + secondsFromNow * 1000);

describe('relativeTime', () => {
  it.each([
    // [seconds from now, es-MX, en-US]
    [-10, 'ahora', 'now'],
    [-44, 'ahora', 'now'],
    [-45, 'hace 1 minuto', '1 minute ago'],
    [-5 * MIN, 'hace 5 minutos', '5 minutes ago'],
    // Rounded, not truncated: 1 h 40 min reads 2 hours (the server used to say 1).
    [-(HOUR + 40 * MIN), 'hace 2 horas', '2 hours ago'],
    [-90 * MIN, 'hace 2 horas', '2 hours ago'],
    [-(HOUR + 20 * MIN), 'hace 1 hora', '1 hour ago'],
    // A count that rounds up to the next unit is that unit (the console used to say 60 minutes).
    [-(59 * MIN + 40), 'hace 1 hora', '1 hour ago'],
    [-(23 * HOUR + 40 * MIN), 'ayer', 'yesterday'],
    [-DAY, 'ayer', 'yesterday'],
    [-3 * DAY, 'hace 3 días', '3 days ago'],
    [-(6 * DAY + 14 * HOUR), 'la semana pasada', 'last week'],
    [-26 * DAY, 'hace 4 semanas', '4 weeks ago'],
    [-31 * DAY, 'hace 4 semanas', '4 weeks ago'],
    [-35 * DAY, 'el mes pasado', 'last month'],
    [-200 * DAY, 'hace 7 meses', '7 months ago'],
    [-364 * DAY, 'el año pasado', 'last year'],
    [-800 * DAY, 'hace 2 años', '2 years ago'],
    // The future rounds the same way.
    [90 * MIN, 'dentro de 2 horas', 'in 2 hours'],
    [3 * DAY, 'dentro de 3 días', 'in 3 days'],
  ])('%d s reads "%s" / "%s"', (seconds, es, en) => {
    expect(relativeTime(at(seconds), 'es-MX', NOW)).toBe(es);
    expect(relativeTime(at(seconds), 'en-US', NOW)).toBe(en);
  });

  it('takes ISO strings and epoch milliseconds, and shows nothing for an unreadable date', () => {
    expect(relativeTime(at(-5 * MIN).toISOString(), 'en-US', NOW)).toBe('5 minutes ago');
    expect(relativeTime(NOW - 3 * DAY * 1000, 'en-US', NOW)).toBe('3 days ago');
    expect(relativeTime('not a date', 'en-US', NOW)).toBe('');
  });
});
