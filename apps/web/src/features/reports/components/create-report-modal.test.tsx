import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Report } from '@preciofab/shared/contracts/reports';
import { renderComponent, stubFetch, type FetchReply } from '../../../testing/render-component.tsx';
import { CreateReportModal } from './create-report-modal.tsx';

const report = (name: string): Report => ({
  id: 'r1',
  name,
  type: 'vendor',
  description: null,
  format: 'csv',
  file_size: null,
  last_generated: null,
  rows: null,
  parameters: {},
  period_days: 90,
  language: 'es',
  schedule: null,
  next_run_at: null,
  schedule_time_zone: 'America/Mexico_City',
  status: 'queued',
  error_code: null,
  error_values: null,
  error: null,
  created_at: '2026-01-01T00:00:00.000Z',
});

function open(language: 'es' | 'en' = 'es') {
  const onClose = vi.fn();
  const rendered = renderComponent(<CreateReportModal onClose={onClose} />, { language });
  const form = within(screen.getByTestId('report-form'));
  const submit = () => rendered.user.click(form.getByTestId('report-submit'));
  return { ...rendered, onClose, form, submit };
}

describe('CreateReportModal', () => {
  it('refuses a schedule that is not a cron, on its field, and sends nothing', async () => {
    const calls = stubFetch(() => ({ status: 500 }));
    const { form, submit, user } = open();
    await user.type(form.getByLabelText('Programación (opcional)'), 'cada lunes');
    await submit();
    expect(
      await form.findByText('Programación no válida (usa una expresión cron de cinco campos)'),
    ).toBeTruthy();
    expect(form.getByLabelText('Programación (opcional)').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('queues the report with the chosen type, format and period, says so and closes', async () => {
    const calls = stubFetch(() => ({ status: 201, body: report('Proveedores e2e') }));
    const { form, submit, user, onClose, toasts } = open();
    await user.type(form.getByLabelText('Nombre (opcional)'), 'Proveedores e2e');
    await user.selectOptions(form.getByLabelText('Tipo de reporte'), 'vendor');
    await user.selectOptions(form.getByLabelText('Formato'), 'csv');
    await user.selectOptions(form.getByLabelText('Periodo'), '90');
    await user.type(form.getByLabelText('Programación (opcional)'), '0 7 * * 1');
    await submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/v1/reports',
        body: {
          name: 'Proveedores e2e',
          description: null,
          type: 'vendor',
          format: 'csv',
          period_days: 90,
          parameters: {},
          schedule: '0 7 * * 1',
        },
      },
    ]);
    expect(toasts().map((t) => [t.type, t.message])).toEqual([
      ['success', 'Proveedores e2e en cola para generarse'],
    ]);
  });

  it('puts the server’s field errors on their fields', async () => {
    stubFetch(() => ({
      status: 400,
      body: { detail: 'x', errors: [{ field: 'name', message: 'Ya existe un reporte con ese nombre' }] },
    }));
    const { form, submit, user, onClose } = open();
    await user.type(form.getByLabelText('Nombre (opcional)'), 'Repetido');
    await submit();
    expect(await form.findByText('Ya existe un reporte con ese nombre')).toBeTruthy();
    expect(form.getByLabelText('Nombre (opcional)').getAttribute('aria-invalid')).toBe('true');
    expect(form.queryByRole('alert')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says a network failure, keeps what was typed and sends again (in English)', async () => {
    let reply: FetchReply = 'network-error';
    const calls = stubFetch(() => reply);
    const { form, submit, user, onClose } = open('en');
    await user.type(form.getByLabelText('Name (optional)'), 'Monthly');
    await user.selectOptions(form.getByLabelText('Format'), 'xlsx');
    await submit();
    const banner = await form.findByRole('alert', {}, { timeout: 8000 });
    expect(banner.textContent).toBe('Network error. Please check your connection and try again.');
    expect((form.getByLabelText('Name (optional)') as HTMLInputElement).value).toBe('Monthly');
    expect((form.getByLabelText('Format') as HTMLSelectElement).value).toBe('xlsx');

    reply = { status: 201, body: report('Monthly') };
    await submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.at(-1)?.body).toMatchObject({ name: 'Monthly', format: 'xlsx' });
  }, 15_000);
});
