import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AlertRule } from '@preciofab/shared/contracts/alerts';
import alerts from '../../../i18n/namespaces/alerts.es-MX.json';
import { renderComponent, stubFetch } from '../../../testing/render-component.tsx';
import { AlertsPage } from './alerts-page.tsx';

const rule = (over: Partial<AlertRule>): AlertRule => ({
  id: 'r1',
  name: 'PLA baja',
  kind: 'price_change',
  active: true,
  owner_id: 'u1',
  owner_name: 'Ana',
  can_edit: true,
  vendor_id: null,
  vendor_name: null,
  category: 'additive_manufacturing',
  subcategory: null,
  region: 'Mexico',
  offer_id: null,
  offer_name: null,
  change_percent: 10,
  change_amount: 50,
  change_currency: 'MXN',
  missed_crawls: null,
  failures: null,
  min_confidence: null,
  alert_count: 1,
  last_alert_at: null,
  created_at: '2026-03-02T10:00:00.000Z',
  updated_at: '2026-03-02T10:00:00.000Z',
  ...over,
});
const MINE = rule({});
const OTHERS = rule({
  id: 'r2',
  name: 'Fallas de Beto',
  kind: 'target_failing',
  owner_name: 'Beto',
  can_edit: false,
  category: null,
  region: null,
  change_percent: null,
  change_amount: null,
  change_currency: null,
  failures: 3,
  alert_count: 0,
});

function serve() {
  return stubFetch((call) => {
    if (call.method === 'GET')
      return { status: 200, body: { data: [MINE, OTHERS], total: 2, limit: 500, offset: 0 } };
    if (call.method === 'PATCH') return { status: 200, body: { ...MINE, active: false } };
    return { status: 200, body: { ok: true } };
  });
}
const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('AlertsPage', () => {
  it('lists every rule in words and offers only what the reader may change', async () => {
    serve();
    renderComponent(<AlertsPage role="operator" />);
    await screen.findByText('PLA baja');
    const mine = row('PLA baja');
    expect(mine.textContent?.replace(/\u00a0/g, ' ')).toContain(
      'Cambio de 10% o más o cambio de MXN 50.00 o más',
    );
    expect(mine.textContent).toContain('Categoría: Impresión 3D');
    expect(mine.textContent).toContain('Región: México');
    expect(mine.textContent).toContain('1 alerta');
    expect(within(mine).getAllByRole('button')).toHaveLength(3);
    const others = row('Fallas de Beto');
    expect(others.textContent).toContain('3 fallas seguidas');
    expect(others.textContent).toContain(alerts.rules.any_scope);
    // Beto's rule: read only for this operator (the server says so with can_edit).
    expect(within(others).queryAllByRole('button')).toEqual([]);
    expect(screen.getByTestId('add-rule')).toBeTruthy();
  });

  it('shows a viewer no way to change anything', async () => {
    serve();
    renderComponent(<AlertsPage role="viewer" />);
    await screen.findByText('PLA baja');
    expect(screen.getByText(alerts.rules.read_only)).toBeTruthy();
    expect(screen.queryByTestId('add-rule')).toBeNull();
    expect(screen.queryAllByTestId('edit-rule')).toEqual([]);
    expect(screen.queryAllByTestId('delete-rule')).toEqual([]);
  });

  it('pauses a rule, and deletes one only after confirming', async () => {
    const calls = serve();
    const { user, toasts } = renderComponent(<AlertsPage role="operator" />);
    await screen.findByText('PLA baja');
    await user.click(within(row('PLA baja')).getByTestId('toggle-rule'));
    await waitFor(() => expect(toasts().map((t) => t.message)).toContain(alerts.rules.actions.paused));
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: '/api/v1/alerts/rules/r1',
      body: { active: false },
    });

    await user.click(within(row('PLA baja')).getByTestId('delete-rule'));
    expect(
      screen.getByText(
        '¿Eliminar la regla «PLA baja»? Las alertas que ya generó y sus notificaciones se conservan.',
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByTestId('confirm-delete-rule'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/v1/alerts/rules/r1')).toBe(true),
    );
  });
});
