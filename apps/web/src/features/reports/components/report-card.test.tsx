import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Report } from '@preciofab/shared/contracts/reports';
import { renderComponent } from '../../../testing/render-component.tsx';
import { ReportCard } from './report-card.tsx';

const failed = (over: Partial<Report>): Report => ({
  id: 'r1',
  name: 'Precios',
  type: 'pricing',
  description: null,
  format: 'csv',
  file_size: null,
  last_generated: null,
  rows: null,
  parameters: {},
  period_days: 30,
  language: 'es',
  schedule: null,
  schedule_time_zone: 'America/Mexico_City',
  next_run_at: null,
  status: 'failed',
  error_code: 'database_unavailable',
  error_values: null,
  error: 'connect ECONNREFUSED 127.0.0.1:5432',
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

function show(report: Report, language: 'es' | 'en') {
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
  return {
    reason: screen.getByTestId('report-failure').querySelector('p')!.textContent,
    detail: screen.queryByTestId('report-failure-detail'),
  };
}

describe("ReportCard's failed generation", () => {
  it("says why in Spanish, Node's words folded beneath as the technical detail", () => {
    const { reason, detail } = show(failed({}), 'es');
    expect(reason).toBe('La generación falló: no se pudo conectar con la base de datos');
    expect(reason).not.toContain('ECONNREFUSED');
    expect(detail!.tagName).toBe('DETAILS');
    expect(detail!.textContent).toBe('Detalle técnicoconnect ECONNREFUSED 127.0.0.1:5432');
  });

  it('says why in English, with the values the reason names', () => {
    const { reason } = show(
      failed({ error_code: 'size_budget', error_values: { size: '50 MB' }, error: 'over the limit' }),
      'en',
    );
    expect(reason).toBe(
      'Generation failed: the file would be larger than its limit of 50 MB; a shorter period or narrower filters give fewer rows',
    );
  });

  it('shows a failure from before the codes with the general reason, its text as the detail', () => {
    const { reason, detail } = show(failed({ error_code: null, error: 'boom: something broke' }), 'es');
    expect(reason).toBe('La generación falló: ocurrió un error inesperado');
    expect(detail!.textContent).toContain('boom: something broke');
  });
});
