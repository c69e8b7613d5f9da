import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Report } from '@preciofab/shared/contracts/reports';
import { renderComponent } from '../../../testing/render-component.tsx';
import { CreateReportModal } from './create-report-modal.tsx';
import { ReportCard } from './report-card.tsx';

const report: Report = {
  id: 'r1',
  name: 'Precios semanales',
  type: 'pricing',
  description: null,
  format: 'csv',
  file_size: 120,
  last_generated: '2026-01-05T12:00:00.000Z',
  rows: 3,
  parameters: {},
  period_days: 30,
  language: 'es',
  schedule: '0 7 * * 1',
  schedule_time_zone: 'America/Mexico_City',
  next_run_at: '2026-01-12T13:00:00.000Z',
  status: 'ready',
  error_code: null,
  error_values: null,
  error: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

const showCard = (language: 'es' | 'en') =>
  renderComponent(
    <ReportCard
      report={report}
      onDownload={() => undefined}
      downloading={false}
      onPreview={() => undefined}
      onRegenerate={null}
    />,
    { language },
  );

describe('a report’s schedule in the console', () => {
  it('shows the schedule in words with the time zone it runs in', () => {
    showCard('es');
    expect(screen.getByText('Programado (cada lunes a las 7:00, hora de America/Mexico_City)')).toBeTruthy();
    expect(screen.getByText(/Últimos 30 días/)).toBeTruthy();
  });

  it('in English too', () => {
    showCard('en');
    expect(screen.getByText('Scheduled (every Monday at 7:00, America/Mexico_City time)')).toBeTruthy();
  });

  it('tells in the form which zone a cron is read in, no longer UTC', () => {
    const { unmount } = renderComponent(
      <CreateReportModal onClose={() => undefined} timeZone="America/Mexico_City" />,
    );
    expect(screen.getByText(/^Una expresión cron en hora de America\/Mexico_City, p\. ej\./)).toBeTruthy();
    unmount();
    renderComponent(<CreateReportModal onClose={() => undefined} />, { language: 'en' });
    expect(screen.getByText(/^A cron expression in the server's schedule time zone/)).toBeTruthy();
  });
});
