import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@preciofab/shared/contracts/alerts';
import alertsEn from '../../i18n/namespaces/alerts.en-US.json';
import alerts from '../../i18n/namespaces/alerts.es-MX.json';
import { clearAuthToken, setAuthToken } from '../../lib/auth-token.ts';
import { renderComponent, stubFetch, type FetchCall } from '../../testing/render-component.tsx';
import { NotificationBell } from './notification-bell.tsx';

/** Stands in for the browser's WebSocket: the test sends the server's frames itself. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send() {}
  close() {}
  receive(message: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
}

const PRICE_CHANGE: Notification = {
  id: 'n1',
  alert_id: 'a1',
  rule_id: 'r1',
  rule_name: 'PLA',
  created_at: new Date().toISOString(),
  read_at: null,
  kind: 'price_change',
  data: {
    offer_id: 'o1',
    offer_name: 'Impresión PLA',
    vendor_id: 'v1',
    vendor_name: 'Taller Norte',
    observation_id: 'obs2',
    previous_observation_id: 'obs1',
    basis: 'observed',
    old_price: 100,
    new_price: 112.5,
    currency: 'MXN',
    unit: 'piece',
    change_percent: 12.5,
    change_amount: 12.5,
    observed_at: new Date().toISOString(),
    source_url: null,
  },
};

let unread = 3;
let calls: FetchCall[] = [];
const bell = () => screen.getByTestId('notification-bell');

beforeEach(() => {
  FakeSocket.all = [];
  unread = 3;
  vi.stubGlobal('WebSocket', FakeSocket);
  setAuthToken('session-token');
  calls = stubFetch((call) => {
    if (call.url.startsWith('/api/v1/notifications/unread-count')) return { status: 200, body: { unread } };
    if (call.url.startsWith('/api/v1/notifications/read-all')) {
      unread = 0;
      return { status: 200, body: { unread: 0 } };
    }
    if (call.url.startsWith('/api/v1/notifications'))
      return {
        status: 200,
        body: { data: [PRICE_CHANGE], total: 1, limit: 5, offset: 0, unread },
      };
    return { status: 404, body: { detail: 'not here' } };
  });
});
afterEach(() => clearAuthToken('logout'));

describe('NotificationBell', () => {
  it('shows the unread count with a counted label', async () => {
    renderComponent(<NotificationBell />);
    await waitFor(() => expect(screen.getByTestId('bell-count').textContent).toBe('3'));
    expect(bell().getAttribute('aria-label')).toBe('Notificaciones: 3 sin leer');
  });

  it('says one in the singular and none without a badge, in both languages', async () => {
    unread = 1;
    renderComponent(<NotificationBell />, { language: 'en' });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe(alertsEn.bell.label_one));
    unread = 0;
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    FakeSocket.all[0]?.receive({ type: 'notifications_update', unread: 0 });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe(alertsEn.bell.label_none));
    expect(screen.queryByTestId('bell-count')).toBeNull();
  });

  it('rises live when the socket says a notification arrived, without asking the server', async () => {
    renderComponent(<NotificationBell />);
    await waitFor(() => expect(screen.getByTestId('bell-count').textContent).toBe('3'));
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    expect(FakeSocket.all[0]?.url).toContain('/api/v1/ws/pipeline-status?token=session-token');
    const asked = calls.length;

    FakeSocket.all[0]?.receive({ type: 'notifications_update', unread: 4 });
    await waitFor(() => expect(screen.getByTestId('bell-count').textContent).toBe('4'));
    expect(bell().getAttribute('aria-label')).toBe('Notificaciones: 4 sin leer');
    // The count came with the message; only the (closed) panel's list would be asked for again.
    expect(calls.slice(asked).filter((call) => call.url.includes('unread-count'))).toEqual([]);

    // A pipeline update on the same socket leaves the count alone; over 99 the badge caps.
    FakeSocket.all[0]?.receive({ type: 'pipeline_update', stage: 'crawl', status: 'running' });
    FakeSocket.all[0]?.receive({ type: 'notifications_update', unread: 120 });
    await waitFor(() => expect(screen.getByTestId('bell-count').textContent).toBe(alerts.bell.badge_max));
  });

  it('opens the latest notifications as sentences, marks all read, and links to the page', async () => {
    const { user } = renderComponent(<NotificationBell />);
    await waitFor(() => expect(screen.getByTestId('bell-count').textContent).toBe('3'));
    await user.click(bell());
    const sentence = await screen.findByTestId('notification-sentence');
    // Intl writes a no-break space between the code and the amount.
    expect(sentence.textContent?.replace(/\u00a0/g, ' ')).toBe(
      `${alerts.notifications.unread}: El precio de «Impresión PLA» de Taller Norte pasó de MXN 100.00 a MXN 112.50 por pieza (+12.5%).`,
    );
    expect(screen.getByTestId('bell-see-all').getAttribute('href')).toBe('/notifications');

    await user.click(screen.getByTestId('bell-mark-all'));
    await waitFor(() => expect(screen.queryByTestId('bell-count')).toBeNull());
    expect(
      calls.some((call) => call.method === 'POST' && call.url === '/api/v1/notifications/read-all'),
    ).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('bell-panel')).toBeNull();
  });
});
