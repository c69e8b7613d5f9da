import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderComponent, stubFetch, type FetchReply } from '../../../testing/render-component.tsx';
import { CalculateDialog } from './calculate-dialog.tsx';

const QUEUED = { status: 202, body: { job_id: 'j1', status: 'queued' } };

function open(language: 'es' | 'en' = 'es') {
  const onClose = vi.fn();
  const rendered = renderComponent(<CalculateDialog onClose={onClose} />, { language });
  const form = within(screen.getByTestId('calculate-form'));
  const submit = () => rendered.user.click(form.getByTestId('calculate-submit'));
  return { ...rendered, onClose, form, submit };
}

describe('CalculateDialog', () => {
  it.each([
    ['0', 'El mínimo de observaciones debe ser al menos 1'],
    ['', 'El mínimo de observaciones debe ser al menos 1'],
    ['101', 'El mínimo de observaciones debe ser como máximo 100'],
  ])('refuses %j minimum observations with the spec message and sends nothing', async (min, message) => {
    const calls = stubFetch(() => QUEUED);
    const { form, submit, user } = open();
    const field = form.getByLabelText('Mínimo de observaciones (1 a 100)');
    await user.clear(field);
    if (min) await user.type(field, min);
    await submit();
    expect(await form.findByText(message)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('queues the calculation with the chosen filters (All left out), says so and closes', async () => {
    const calls = stubFetch(() => QUEUED);
    const { form, submit, user, onClose, toasts } = open();
    await user.selectOptions(form.getByLabelText('Categoría'), 'additive_manufacturing');
    await user.selectOptions(form.getByLabelText('Periodo'), '90');
    await user.clear(form.getByLabelText('Mínimo de observaciones (1 a 100)'));
    await user.type(form.getByLabelText('Mínimo de observaciones (1 a 100)'), '5');
    await user.click(form.getByLabelText(/Forzar recálculo/));
    await submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      {
        method: 'POST',
        url: '/api/v1/benchmarks/calculate',
        body: {
          category: 'additive_manufacturing',
          time_window_days: 90,
          min_observations: 5,
          force_recalculation: true,
        },
      },
    ]);
    expect(toasts().map((t) => [t.type, t.message])).toContainEqual([
      'success',
      'Cálculo de referencias iniciado',
    ]);
  });

  it('puts the server’s field errors on their fields; a 404 says the calculation is missing', async () => {
    let reply: FetchReply = {
      status: 400,
      body: {
        detail: 'x',
        errors: [{ field: 'min_observations', message: 'Demasiadas pocas observaciones' }],
      },
    };
    stubFetch(() => reply);
    const { form, submit, onClose } = open();
    await submit();
    expect(await form.findByText('Demasiadas pocas observaciones')).toBeTruthy();
    expect(form.queryByRole('alert')).toBeNull();

    reply = { status: 404, body: { detail: 'Not found', errors: [] } };
    await submit();
    const banner = await form.findByRole('alert');
    expect(banner.textContent).toBe('El cálculo de referencias aún no está implementado en el backend');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says a network failure, keeps the choices and sends again (in English)', async () => {
    let reply: FetchReply = 'network-error';
    const calls = stubFetch(() => reply);
    const { form, submit, user, onClose } = open('en');
    await user.selectOptions(form.getByLabelText('Region'), 'LATAM');
    await submit();
    const banner = await form.findByRole('alert', {}, { timeout: 8000 });
    expect(banner.textContent).toBe('Network error. Please check your connection and try again.');
    expect((form.getByLabelText('Region') as HTMLSelectElement).value).toBe('LATAM');

    reply = QUEUED;
    await submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.at(-1)?.body).toEqual({
      region: 'LATAM',
      time_window_days: 30,
      min_observations: 3,
      force_recalculation: false,
    });
  }, 15_000);
});
