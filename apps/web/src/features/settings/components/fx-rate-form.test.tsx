import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FxRate } from '@preciofab/shared/contracts/fx-rates';
import { renderComponent, stubFetch, type FetchReply } from '../../../testing/render-component.tsx';
import { fxFormFromRate, newFxForm } from '../utils/settings-forms.ts';
import { FxRateForm } from './fx-rate-form.tsx';

const rate = (currency: string, units_per_usd: number, effective_date = '2026-11-01'): FxRate => ({
  currency,
  effective_date,
  units_per_usd,
  source: 'seed',
  updated_at: '2026-11-01T00:00:00Z',
});
const IN_FORCE = [rate('MXN', 17.9), rate('CLP', 950)];
const WRITTEN = { status: 200, body: { data: [] } };

function open(editing: FxRate | null = null, language: 'es' | 'en' = 'es') {
  const onDone = vi.fn();
  const initial = editing ? fxFormFromRate(editing) : newFxForm(IN_FORCE, '2026-11-22');
  const rendered = renderComponent(
    <FxRateForm initial={initial} editing={editing} current={IN_FORCE} onDone={onDone} />,
    { language },
  );
  const form = within(screen.getByTestId('fx-form'));
  const units = () => form.getByTestId('fx-units') as HTMLInputElement;
  const submit = () => rendered.user.click(form.getByTestId('fx-submit'));
  return { ...rendered, onDone, form, units, submit };
}

describe('FxRateForm', () => {
  it('refuses a missing currency and a zero rate with the spec messages and sends nothing', async () => {
    const calls = stubFetch(() => WRITTEN);
    const { form, units, submit, user } = open();
    await user.selectOptions(form.getByTestId('fx-currency'), '');
    await user.clear(units());
    await user.type(units(), '0');
    await submit();
    expect(
      await form.findByText('Elige una moneda válida: un código ISO 4217 en mayúsculas, como MXN o USD'),
    ).toBeTruthy();
    expect(form.getByText('El tipo de cambio debe ser mayor que 0')).toBeTruthy();
    expect(units().getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('starts a chosen currency from its rate in force and saves one rate on its date', async () => {
    const calls = stubFetch(() => WRITTEN);
    const { form, units, submit, user, onDone, toasts } = open();
    expect(units().value).toBe('17.9');
    await user.selectOptions(form.getByTestId('fx-currency'), 'CLP');
    expect(units().value).toBe('950');
    expect(form.getByLabelText('CLP por USD')).toBe(units());
    await user.clear(units());
    await user.type(units(), '940.5');
    await submit();
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        method: 'PUT',
        url: '/api/v1/fx-rates',
        body: { effective_date: '2026-11-22', rates: { CLP: 940.5 }, source: 'manual' },
      },
    ]);
    expect(toasts().map((t) => [t.type, t.message])).toEqual([
      ['success', 'Tipo de cambio de CLP desde el 2026-11-22 guardado'],
    ]);
  });

  it('puts the server’s rates.XYZ error under the units', async () => {
    stubFetch(() => ({
      status: 400,
      body: { detail: 'x', errors: [{ field: 'rates.MXN', message: 'Tipo de cambio fuera de rango' }] },
    }));
    const { form, units, submit, onDone } = open();
    await submit();
    expect(await form.findByText('Tipo de cambio fuera de rango')).toBeTruthy();
    expect(units().getAttribute('aria-invalid')).toBe('true');
    expect(form.queryByRole('alert')).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('edits a rate on its own date; a network failure keeps the number and it saves again (in English)', async () => {
    let reply: FetchReply = 'network-error';
    const calls = stubFetch(() => reply);
    const { form, units, submit, user, onDone } = open(rate('CLP', 950, '2026-10-01'), 'en');
    expect(form.getByRole('heading').textContent).toBe('Edit the CLP rate in force from 2026-10-01');
    await vi.waitFor(() => expect(document.activeElement).toBe(units()));
    await user.clear(units());
    await user.type(units(), '945');
    await submit();
    const banner = await form.findByRole('alert', {}, { timeout: 8000 });
    expect(banner.textContent).toBe('Network error. Please check your connection and try again.');
    expect(units().value).toBe('945');

    reply = WRITTEN;
    await submit();
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.at(-1)?.body).toEqual({ effective_date: '2026-10-01', rates: { CLP: 945 }, source: 'seed' });
  }, 15_000);
});
