import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@preciofab/shared/contracts/alerts';
import alerts from '../../../i18n/namespaces/alerts.es-MX.json';
import { renderComponent, stubFetch, type FetchCall } from '../../../testing/render-component.tsx';
import { NotificationsPage } from './notifications-page.tsx';

const failing = (i: number, read: boolean): Notification => ({
  id: `n${i}`,
  alert_id: `a${i}`,
  rule_id: null,
  rule_name: null,
  created_at: new Date(Date.now() - i * 60_000).toISOString(),
  read_at: read ? new Date().toISOString() : null,
  kind: 'target_failing',
  data: {
    target_id: 't',
    target_url: `https://sitio${i}.example/precios`,
    vendor_id: 'v',
    vendor_name: 'Taller',
    failures: 3,
    error_code: null,
    error: null,
    run_id: null,
  },
});
// 25 notifications, the first two unread.
const ALL = Array.from({ length: 25 }, (_, i) => failing(i, i >= 2));

function serve(): FetchCall[] {
  return stubFetch((call) => {
    const url = new URL(call.url, 'http://x');
    if (call.method === 'POST') return { status: 200, body: { unread: 1 } };
    const only = url.searchParams.get('unread') === 'true';
    const rows = only ? ALL.filter((n) => n.read_at === null) : ALL;
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit'));
    return {
      status: 200,
      body: { data: rows.slice(offset, offset + limit), total: rows.length, limit, offset, unread: 2 },
    };
  });
}

describe('NotificationsPage', () => {
  it('lists newest first a page at a time, each as a sentence with its evidence page', async () => {
    const calls = serve();
    const { user } = renderComponent(<NotificationsPage role="viewer" />);
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(20));
    const first = screen.getAllByTestId('notification-sentence')[0];
    expect(first?.textContent).toBe(
      `${alerts.notifications.unread}: El objetivo https://sitio0.example/precios de Taller falló 3 veces seguidas.`,
    );
    expect(screen.getAllByTestId('notification-evidence')[0]?.getAttribute('href')).toBe('/crawl-targets');
    expect(screen.getAllByText(alerts.notifications.rule_deleted)).toHaveLength(20);
    expect(screen.getByTestId('notifications-unread').textContent).toBe('2 sin leer');

    await user.click(screen.getByTestId('notifications-more'));
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(25));
    expect(calls.filter((c) => c.method === 'GET').map((c) => c.url)).toEqual([
      '/api/v1/notifications?limit=20',
      '/api/v1/notifications?limit=20&offset=20',
    ]);
    expect(screen.queryByTestId('notifications-more')).toBeNull();
  });

  it('filters the unread ones and marks one read', async () => {
    const calls = serve();
    const { user } = renderComponent(<NotificationsPage role="viewer" />);
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(20));
    await user.click(screen.getByTestId('filter-unread'));
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(2));
    expect(screen.getByTestId('filter-unread').getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getAllByTestId('mark-read')[0]!);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v1/notifications/n0/read')).toBe(true),
    );
  });
});
