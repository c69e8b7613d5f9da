import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AlertChannelSettings, AlertSubscription } from '@preciofab/shared/contracts/alert-channels';
import { errorOf } from '../../../testing/field-error.ts';
import { renderComponent, stubFetch, type FetchCall } from '../../../testing/render-component.tsx';
import { AlertDeliveryCard } from './alert-delivery-card.tsx';

const SETTINGS: AlertChannelSettings = {
  email_address: 'ana@taller.mx',
  time_zone: 'America/Mexico_City',
  digest_hour: 8,
  email_configured: true,
};
const RULE: AlertSubscription = {
  rule_id: '0190c1e4-0000-7000-8000-0000000000a1',
  rule_name: 'PLA sube',
  rule_kind: 'price_change',
  rule_active: true,
  owner_name: 'Ana',
  is_owner: true,
  explicit: false,
  in_app: true,
  email: 'off',
};

function serve(
  overrides: Partial<AlertChannelSettings> = {},
  onPut?: (call: FetchCall) => { status: number; body?: unknown },
) {
  return stubFetch((call) => {
    if (call.method === 'PUT' && onPut) return onPut(call);
    if (call.url.startsWith('/api/v1/alerts/channel-settings'))
      return { status: 200, body: { ...SETTINGS, ...overrides } };
    if (call.url.startsWith('/api/v1/alerts/subscriptions/') && call.method === 'PUT')
      return { status: 200, body: { ...RULE, ...(call.body as object), explicit: true } };
    if (call.url.startsWith('/api/v1/alerts/subscriptions'))
      return { status: 200, body: { data: [RULE], total: 1, limit: 500, offset: 0 } };
    return { status: 404, body: { detail: 'no' } };
  });
}

describe('AlertDeliveryCard', () => {
  it('sets a rule’s email to the daily digest with one PUT, and shows the saved choice', async () => {
    const calls = serve();
    const { user } = renderComponent(<AlertDeliveryCard />);
    const table = within(await screen.findByTestId('alert-subscriptions'));
    expect(table.getByText('PLA sube')).toBeTruthy();
    await user.selectOptions(table.getByLabelText('Correo de «PLA sube»'), 'digest');
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        { method: 'PUT', url: `/api/v1/alerts/subscriptions/${RULE.rule_id}`, body: { email: 'digest' } },
      ]),
    );
    expect((table.getByLabelText('Correo de «PLA sube»') as HTMLSelectElement).value).toBe('digest');
    await user.click(table.getByLabelText('Avisos en la consola de «PLA sube»'));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ in_app: false }),
    );
  });

  it('saves the time zone and the digest hour as numbers, and says where email goes', async () => {
    const calls = serve({}, (call) => ({ status: 200, body: { ...SETTINGS, ...(call.body as object) } }));
    const { user, toasts } = renderComponent(<AlertDeliveryCard />, { language: 'en' });
    const form = within(await screen.findByTestId('alert-delivery-form'));
    expect(screen.getByText('Email goes to ana@taller.mx.')).toBeTruthy();
    await user.selectOptions(form.getByLabelText('Time zone'), 'America/Bogota');
    await user.selectOptions(form.getByLabelText('Daily digest hour'), '7');
    await user.click(form.getByTestId('alert-delivery-save'));
    await vi.waitFor(() => expect(toasts().map((t) => t.message)).toContain('Alert preferences saved'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: '/api/v1/alerts/channel-settings',
        body: { time_zone: 'America/Bogota', digest_hour: 7 },
      },
    ]);
  });

  it('warns when the server cannot send email, and puts a server error on its field', async () => {
    serve({ email_configured: false }, () => ({
      status: 400,
      body: {
        detail: 'La solicitud no es válida',
        errors: [{ field: 'time_zone', message: 'Zona horaria no válida', code: 'custom' }],
      },
    }));
    const { user } = renderComponent(<AlertDeliveryCard />);
    const form = within(await screen.findByTestId('alert-delivery-form'));
    expect(screen.getByText(/no tiene correo configurado/)).toBeTruthy();
    await user.click(form.getByTestId('alert-delivery-save'));
    await vi.waitFor(() =>
      expect(errorOf(form.getByLabelText('Zona horaria'))).toBe('Zona horaria no válida'),
    );
  });
});
