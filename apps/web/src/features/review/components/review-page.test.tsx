import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ReviewListResponse } from '@preciofab/shared/contracts/review';
import { renderComponent, stubFetch, type FetchCall } from '../../../testing/render-component.tsx';
import { reviewItem } from '../utils/review-fixtures.ts';
import { ReviewPage } from './review-page.tsx';

const IDS = [
  '11111111-1111-4111-8111-111111111111',
  '22222222-2222-4222-8222-222222222222',
  '33333333-3333-4333-8333-333333333333',
];

const page = (ids: readonly string[], offset = 0): ReviewListResponse => ({
  data: ids.slice(offset, offset + 25).map((id) => reviewItem(id)),
  total: ids.length,
  limit: 25,
  offset,
  pending_by_reason: {
    currency_uncertain: 0,
    low_confidence: ids.length,
    outlier: 0,
    price_jump: 0,
    new_vendor: 0,
  },
});

/** The API: the queue holds `queue` until a bulk decision takes ids out of it. */
function serve(initial: readonly string[]) {
  let queue = [...initial];
  const calls = stubFetch((call: FetchCall) => {
    if (call.url.startsWith('/api/v1/vendors')) return { status: 200, body: { data: [], total: 0 } };
    if (call.method === 'POST' && call.url === '/api/v1/reviews/bulk') {
      const { ids } = call.body as { ids: string[] };
      queue = queue.filter((id) => !ids.includes(id));
      return {
        status: 200,
        body: { results: ids.map((id) => ({ id, outcome: 'done' })), done: ids.length },
      };
    }
    if (call.url.startsWith('/api/v1/reviews')) {
      const offset = Number(new URL(call.url, 'http://x').searchParams.get('offset'));
      return { status: 200, body: page(queue, offset) };
    }
    return { status: 404 };
  });
  return calls;
}

const rows = () => screen.queryAllByTestId('review-row');

describe('ReviewPage: the queue and its bulk selection', () => {
  it('ticks rows, says how many, and approves exactly those; the list and count refresh', async () => {
    const calls = serve(IDS);
    const { user, toasts } = renderComponent(<ReviewPage role="operator" />);
    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByTestId('review-total').textContent).toBe('3 en espera');
    expect(screen.queryByTestId('review-bulk')).toBeNull();

    const boxes = screen.getAllByTestId('review-select');
    await user.click(boxes[0]!);
    await user.click(boxes[2]!);
    expect(screen.getByTestId('review-bulk-count').textContent).toBe('2 seleccionadas');
    await user.click(boxes[2]!);
    expect(screen.getByTestId('review-bulk-count').textContent).toBe('1 seleccionada');
    await user.click(boxes[2]!);

    await user.click(screen.getByTestId('bulk-approve'));
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/v1/reviews/bulk',
        body: { action: 'approve', ids: [IDS[0], IDS[2]], note: null },
      },
    ]);
    expect(rows()[0]!.getAttribute('data-id')).toBe(IDS[1]);
    expect(screen.getByTestId('review-total').textContent).toBe('1 en espera');
    // The decided rows left the selection with the list: nothing is ticked any more.
    expect(screen.queryByTestId('review-bulk')).toBeNull();
    expect(toasts().map((t) => t.message)).toContain('2 decididas');
  });

  it('selects the whole page at once and rejects it with a note', async () => {
    const calls = serve(IDS);
    const { user } = renderComponent(<ReviewPage role="admin" />, { language: 'en' });
    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(screen.getByLabelText('Select all on this page'));
    expect(screen.getByTestId('review-bulk-count').textContent).toBe('3 selected');

    await user.click(screen.getByTestId('bulk-reject'));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('heading').textContent).toBe('Reject 3 observations');
    await user.type(dialog.getByLabelText('Note (optional)'), 'Duplicated import');
    await user.click(dialog.getByTestId('reject-submit'));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { action: 'reject', ids: IDS, note: 'Duplicated import' },
    ]);
    await vi.waitFor(() => expect(screen.getByText('Nothing to review')).toBeTruthy());
  });

  it('shows a viewer the queue and its reasons without boxes or decisions', async () => {
    serve(IDS);
    renderComponent(<ReviewPage role="viewer" />);
    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(rows()[0]!).getByTestId('review-reasons').textContent).toMatch(
      /Confianza baja.*Confianza 32\s?%, por debajo del mínimo 40\s?%/,
    );
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(screen.queryAllByTestId('review-approve')).toEqual([]);
    expect(screen.queryAllByTestId('review-correct')).toEqual([]);
    expect(screen.queryAllByTestId('review-reject')).toEqual([]);
    expect(screen.getByText('Tu rol solo permite consultar la cola; un operador decide.')).toBeTruthy();
  });

  it('pages through the queue, 25 at a time, and asks the server for the next page', async () => {
    const many = Array.from(
      { length: 30 },
      (_, i) => `${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`,
    );
    const calls = serve(many);
    const { user } = renderComponent(<ReviewPage role="operator" />);
    await vi.waitFor(() => expect(rows()).toHaveLength(25));
    expect(screen.getByTestId('review-range').textContent).toBe('1–25 de 30');
    expect((screen.getByTestId('review-previous') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId('review-next'));
    await vi.waitFor(() => expect(rows()).toHaveLength(5));
    expect(screen.getByTestId('review-range').textContent).toBe('26–30 de 30');
    expect((screen.getByTestId('review-next') as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((c) => c.url.startsWith('/api/v1/reviews?')).map((c) => c.url)).toEqual([
      '/api/v1/reviews?status=pending&limit=25&offset=0',
      '/api/v1/reviews?status=pending&limit=25&offset=25',
    ]);
  });

  it('says once why an approval was refused and keeps the row', async () => {
    stubFetch((call) => {
      if (call.url.startsWith('/api/v1/vendors')) return { status: 200, body: { data: [], total: 0 } };
      if (call.method === 'POST') {
        return { status: 409, body: { detail: 'Alguien ya decidió sobre este precio', errors: [] } };
      }
      return { status: 200, body: page(IDS) };
    });
    const { user, toasts } = renderComponent(<ReviewPage role="operator" />);
    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(screen.getAllByTestId('review-approve')[1]!);
    await vi.waitFor(() =>
      expect(toasts().map((t) => [t.type, t.message])).toEqual([
        ['error', 'Alguien ya decidió sobre este precio'],
      ]),
    );
    expect(rows()).toHaveLength(3);
  });
});
