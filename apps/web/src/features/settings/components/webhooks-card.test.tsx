import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type {
  AlertDelivery,
  WebhookEndpoint,
  WebhookTestResult,
} from '@preciofab/shared/contracts/alert-channels';
import { errorOf } from '../../../testing/field-error.ts';
import {
  renderComponent,
  stubFetch,
  type FetchCall,
  type FetchReply,
} from '../../../testing/render-component.tsx';
import { WebhooksCard } from './webhooks-card.tsx';

const ENDPOINT: WebhookEndpoint = {
  id: '0190c1e4-0000-7000-8000-0000000000w1',
  name: 'Slack compras',
  url: 'https://hooks.taller.mx/compras',
  active: true,
  all_rules: true,
  rule_ids: [],
  secret_hint: 'whsec_…a1b2',
  counts: { queued: 0, sent: 12, failed: 1 },
  last_attempt_at: '2026-11-26T20:00:00.000Z',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};
const SECRET = 'whsec_0123456789abcdef0123456789abcdef';
const DELIVERY: AlertDelivery = {
  id: 'd1',
  alert_id: 'a1',
  alert_kind: 'price_change',
  rule_id: 'r1',
  rule_name: 'PLA sube',
  channel: 'webhook',
  mode: 'immediate',
  user_id: null,
  user_name: null,
  endpoint_id: ENDPOINT.id,
  endpoint_name: ENDPOINT.name,
  status: 'sent',
  attempts: 2,
  next_attempt_at: null,
  last_error: null,
  created_at: '2026-11-26T19:59:00.000Z',
  updated_at: '2026-11-26T20:00:00.000Z',
  attempt_log: [
    {
      attempt: 2,
      attempted_at: '2026-11-26T20:00:00.000Z',
      outcome: 'sent',
      http_status: 200,
      smtp_reply: null,
      error_code: null,
      error: null,
      duration_ms: 143,
    },
    {
      attempt: 1,
      attempted_at: '2026-11-26T19:59:00.000Z',
      outcome: 'retry',
      http_status: 503,
      smtp_reply: null,
      error_code: 'http_status',
      error: 'Service Unavailable',
      duration_ms: 2210,
    },
  ],
};

function serve(route: (call: FetchCall) => FetchReply | undefined = () => undefined) {
  return stubFetch((call) => {
    const routed = route(call);
    if (routed) return routed;
    if (call.method === 'GET' && call.url.startsWith(`/api/v1/webhooks/${ENDPOINT.id}/deliveries`))
      return { status: 200, body: { data: [DELIVERY], total: 1, limit: 20, offset: 0 } };
    if (call.method === 'GET' && call.url === '/api/v1/webhooks')
      return { status: 200, body: { data: [ENDPOINT] } };
    return { status: 404, body: { detail: 'no' } };
  });
}

describe('WebhooksCard', () => {
  it('adds an endpoint with exactly the contract body and shows its secret once', async () => {
    const calls = serve((call) =>
      call.method === 'POST' && call.url === '/api/v1/webhooks'
        ? { status: 201, body: { ...ENDPOINT, id: 'new', name: 'ERP', secret: SECRET } }
        : undefined,
    );
    const { user } = renderComponent(<WebhooksCard />);
    const form = within(await screen.findByTestId('webhook-create-form'));
    await user.type(form.getByLabelText('Nombre'), '  ERP ');
    await user.type(form.getByLabelText('URL'), 'https://erp.taller.mx/hook');
    await user.click(form.getByTestId('webhook-create'));
    const panel = within(await screen.findByTestId('webhook-secret'));
    expect(panel.getByTestId('webhook-secret-value').textContent).toBe(SECRET);
    expect(panel.getByText('Cópialo ahora: no se volverá a mostrar.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/v1/webhooks',
        body: { name: 'ERP', url: 'https://erp.taller.mx/hook', active: true, all_rules: true, rule_ids: [] },
      },
    ]);
    await user.click(panel.getByTestId('webhook-secret-dismiss'));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('puts a server field error on its field', async () => {
    serve((call) =>
      call.method === 'POST'
        ? {
            status: 400,
            body: {
              detail: 'La solicitud no es válida',
              errors: [{ field: 'url', message: 'Esa dirección no es pública', code: 'custom' }],
            },
          }
        : undefined,
    );
    const { user } = renderComponent(<WebhooksCard />);
    const form = within(await screen.findByTestId('webhook-create-form'));
    await user.type(form.getByLabelText('Nombre'), 'Interno');
    await user.type(form.getByLabelText('URL'), 'https://intranet.taller.mx/hook');
    await user.click(form.getByTestId('webhook-create'));
    await vi.waitFor(() => expect(errorOf(form.getByLabelText('URL'))).toBe('Esa dirección no es pública'));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('sends a test and says how it went, error code and retry included', async () => {
    let answer: WebhookTestResult = {
      ok: true,
      status: 204,
      error_code: null,
      retryable: false,
      duration_ms: 80,
    };
    const calls = serve((call) =>
      call.method === 'POST' && call.url.endsWith('/test') ? { status: 200, body: answer } : undefined,
    );
    const { user, toasts } = renderComponent(<WebhooksCard />, { language: 'en' });
    const table = within(await screen.findByTestId('webhooks-table'));
    expect(table.getByText('whsec_…a1b2')).toBeTruthy();
    await user.click(table.getByTestId('webhook-test'));
    await vi.waitFor(() =>
      expect(toasts().map((t) => t.message)).toContain('Test to “Slack compras”: OK (HTTP 204)'),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `/api/v1/webhooks/${ENDPOINT.id}/test`,
    ]);
    answer = { ok: false, status: null, error_code: 'timeout', retryable: true, duration_ms: 10000 };
    await user.click(table.getByTestId('webhook-test'));
    await vi.waitFor(() =>
      expect(toasts().map((t) => t.message)).toContain(
        'Test to “Slack compras” failed: timeout (HTTP —). A real alert would be retried.',
      ),
    );
  });

  it('expands the delivery log with each attempt', async () => {
    serve();
    const { user } = renderComponent(<WebhooksCard />, { language: 'en' });
    const table = within(await screen.findByTestId('webhooks-table'));
    expect(screen.queryByTestId('webhook-log')).toBeNull();
    await user.click(table.getByTestId('webhook-log-toggle'));
    const log = within(await screen.findByTestId('webhook-log'));
    expect(log.getByText('PLA sube', { exact: false })).toBeTruthy();
    expect(log.getByText('2 attempts', { exact: false })).toBeTruthy();
    const attempts = within(log.getByRole('table', { name: 'Attempts of “PLA sube”' }));
    const rows = attempts.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('200')).toBeTruthy();
    expect(within(rows[1]!).getByText('503')).toBeTruthy();
    expect(within(rows[1]!).getByText('http_status')).toBeTruthy();
    expect(within(rows[1]!).getByText('Will retry')).toBeTruthy();
    expect(within(rows[1]!).getByText('2,210 ms')).toBeTruthy();
  });
});
