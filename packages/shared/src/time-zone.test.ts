import { describe, expect, it } from 'vitest';
import { instantsAt, isValidTimeZone, wallClock, zoneOffset } from './time-zone.ts';

const at = (s: string) => Date.parse(`${s}Z`);
const iso = (ms: number) => new Date(ms).toISOString();

describe('time zones', () => {
  it('knows IANA zones and refuses anything else', () => {
    for (const zone of ['America/Mexico_City', 'America/Santiago', 'UTC', 'Europe/Madrid'])
      expect(isValidTimeZone(zone)).toBe(true);
    for (const zone of ['', 'Mexico City', 'America/Atlantis', ' UTC', 'GMT+25'])
      expect(isValidTimeZone(zone)).toBe(false);
  });

  it('reads the wall clock and the offset at an instant', () => {
    expect(iso(wallClock(at('2025-03-10T12:00:00'), 'America/Mexico_City'))).toBe('2025-03-10T06:00:00.000Z');
    expect(zoneOffset(at('2025-07-01T12:00:00'), 'America/Mexico_City')).toBe(-6 * 3600_000);
    expect(zoneOffset(at('2025-07-01T12:00:00'), 'America/New_York')).toBe(-4 * 3600_000);
    expect(zoneOffset(at('2025-01-01T12:00:00'), 'America/New_York')).toBe(-5 * 3600_000);
  });

  it('finds one, two or no instants for a wall time', () => {
    const ny = 'America/New_York';
    expect(instantsAt(at('2025-06-01T06:00:00'), ny)).toEqual({
      instants: [at('2025-06-01T10:00:00')],
      gap: null,
    });
    expect(instantsAt(at('2025-11-02T01:30:00'), ny)).toEqual({
      instants: [at('2025-11-02T05:30:00'), at('2025-11-02T06:30:00')],
      gap: null,
    });
    expect(instantsAt(at('2025-03-09T02:30:00'), ny)).toEqual({
      instants: [],
      gap: at('2025-03-09T07:30:00'),
    });
  });
});
