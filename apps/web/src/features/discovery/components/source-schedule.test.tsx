import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DiscoverySource } from '@preciofab/shared/contracts/discovery';
import { renderComponent } from '../../../testing/render-component.tsx';
import { ScheduleSelect } from './schedule-select.tsx';
import { SourceCard } from './source-card.tsx';

const source = (patch: Partial<DiscoverySource>): DiscoverySource => ({
  id: 's1',
  name: 'Directorio del Bajío',
  type: 'directory',
  config: { directory_url: 'https://directorio.example.mx/' },
  secret_fields: [],
  schedule: '0 6 * * *',
  schedule_time_zone: 'America/Mexico_City',
  active: true,
  status: 'idle',
  total_discovered: 0,
  total_approved: 0,
  last_run_at: null,
  last_error: null,
  last_run_errors: [],
  next_run_at: '2026-01-02T12:00:00.000Z',
  created_at: '2025-01-01T00:00:00.000Z',
  ...patch,
});

const card = (s: DiscoverySource, language: 'es' | 'en') => {
  renderComponent(<SourceCard source={s} onRun={null} runStarting={false} admin={null} />, { language });
  return screen.getByTestId('source-schedule').textContent;
};

describe('a source’s schedule in the console', () => {
  it('names the schedule with the time zone it runs in', () => {
    expect(card(source({}), 'es')).toBe('Diario a las 6:00 (hora de America/Mexico_City)');
  });

  it('in English too, and a cron set some other way as it is', () => {
    expect(card(source({ schedule: '30 7 * * 1-5', schedule_time_zone: 'America/Santiago' }), 'en')).toBe(
      'Custom (every Monday, Tuesday, Wednesday, Thursday, and Friday at 7:30) (America/Santiago time)',
    );
  });

  it('says manual only, without a zone, for a source with no schedule', () => {
    expect(card(source({ schedule: '' }), 'es')).toBe('Solo manual');
  });

  it('tells in the form which zone the times are in, or that they are the server’s', () => {
    const { unmount } = renderComponent(
      <ScheduleSelect
        value="daily"
        onChange={() => undefined}
        error={undefined}
        timeZone="America/Mexico_City"
      />,
    );
    expect(screen.getByText('Las horas corresponden a la zona horaria America/Mexico_City.')).toBeTruthy();
    unmount();
    renderComponent(<ScheduleSelect value="daily" onChange={() => undefined} error={undefined} />, {
      language: 'en',
    });
    expect(screen.getByText("Times are in the server's schedule time zone.")).toBeTruthy();
  });
});
