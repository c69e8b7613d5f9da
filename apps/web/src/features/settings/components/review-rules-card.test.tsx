import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ReviewSettingsAnswer } from '@preciofab/shared/contracts/review';
import { errorOf } from '../../../testing/field-error.ts';
import { renderComponent, stubFetch } from '../../../testing/render-component.tsx';
import { ReviewRulesCard } from './review-rules-card.tsx';

const SETTINGS: ReviewSettingsAnswer = {
  min_confidence_enabled: true,
  min_confidence: 0.4,
  outlier_enabled: true,
  outlier_factor: 2,
  price_jump_enabled: true,
  price_jump_percent: 50,
  hold_uncertain_currency: true,
  hold_new_vendor: true,
  updated_at: null,
  updated_by: null,
  updated_by_name: null,
};

describe('ReviewRulesCard', () => {
  it('saves an administrator’s thresholds with the contract’s body', async () => {
    const calls = stubFetch((call) =>
      call.method === 'PUT'
        ? {
            status: 200,
            body: {
              ...(call.body as object),
              updated_at: new Date().toISOString(),
              updated_by: '0190c1e4-0000-7000-8000-000000000001',
              updated_by_name: 'Ana',
            },
          }
        : { status: 200, body: SETTINGS },
    );
    const { user, toasts } = renderComponent(<ReviewRulesCard canEdit />);
    const form = within(await screen.findByTestId('review-rules-form'));
    await user.clear(form.getByLabelText('Salto máximo (%)'));
    await user.type(form.getByLabelText('Salto máximo (%)'), '80');
    await user.click(form.getByLabelText('Retener la primera oferta de un proveedor nuevo'));
    await user.click(form.getByTestId('review-rules-save'));
    await vi.waitFor(() => expect(toasts().map((t) => t.message)).toContain('Reglas de revisión guardadas'));
    const { updated_at: _at, updated_by: _by, updated_by_name: _name, ...values } = SETTINGS;
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: '/api/v1/review-settings',
        body: { ...values, price_jump_percent: 80, hold_new_vendor: false },
      },
    ]);
    expect(form.getByTestId('review-rules-updated').textContent).toBe('Reglas cambiadas ahora por Ana');
  });

  it('refuses a confidence above 1 on its field and sends nothing', async () => {
    const calls = stubFetch(() => ({ status: 200, body: SETTINGS }));
    const { user } = renderComponent(<ReviewRulesCard canEdit />, { language: 'en' });
    const form = within(await screen.findByTestId('review-rules-form'));
    await user.clear(form.getByLabelText('Minimum confidence (0 to 1)'));
    await user.type(form.getByLabelText('Minimum confidence (0 to 1)'), '40');
    await user.click(form.getByTestId('review-rules-save'));
    await vi.waitFor(() =>
      expect(errorOf(form.getByLabelText('Minimum confidence (0 to 1)'))).toBe(
        'Enter a confidence between 0 and 1',
      ),
    );
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('shows the rules to others read-only', async () => {
    stubFetch(() => ({ status: 200, body: SETTINGS }));
    renderComponent(<ReviewRulesCard canEdit={false} />);
    const form = within(await screen.findByTestId('review-rules-form'));
    expect((form.getByLabelText('Salto máximo (%)') as HTMLInputElement).value).toBe('50');
    expect(form.queryByTestId('review-rules-save')).toBeNull();
    expect(form.getByText('Solo un administrador cambia estas reglas.')).toBeTruthy();
  });
});
