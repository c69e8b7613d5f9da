import { describe, expect, it } from 'vitest';
import type { DiscoverySource } from '@preciofab/shared/contracts/discovery';
import { runEnd } from './run-outcome.ts';

const source = (over: Partial<DiscoverySource>): DiscoverySource => ({
  id: 's1',
  name: 'Directorio',
  type: 'directory',
  config: {},
  secret_fields: [],
  schedule: '',
  active: true,
  status: 'idle',
  total_discovered: 12,
  total_approved: 0,
  last_run_at: '2026-01-01T06:00:00.000Z',
  last_error: null,
  last_run_errors: [],
  next_run_at: null,
  schedule_time_zone: 'America/Mexico_City',
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
});
const START = { total_discovered: 12, last_run_at: '2026-01-01T06:00:00.000Z' };
const LATER = '2026-01-02T10:00:00.000Z';

describe('runEnd', () => {
  it('waits while the run is queued or running, or not yet seen ending', () => {
    expect(runEnd(START, source({ status: 'queued' }))).toBeNull();
    expect(runEnd(START, source({ status: 'running', last_run_at: LATER }))).toBeNull();
    expect(runEnd(START, source({}))).toBeNull();
  });

  it('counts what the run added, none included', () => {
    expect(runEnd(START, source({ last_run_at: LATER, total_discovered: 14 }))).toBe(2);
    expect(runEnd(START, source({ last_run_at: LATER }))).toBe(0);
    expect(
      runEnd({ total_discovered: 0, last_run_at: null }, source({ last_run_at: LATER, total_discovered: 1 })),
    ).toBe(1);
  });

  it('says a run that failed', () => {
    expect(runEnd(START, source({ status: 'failed', last_run_at: LATER }))).toBe('failed');
  });
});
