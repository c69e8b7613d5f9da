import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DiscoveryCandidate } from '@preciofab/shared/contracts/discovery';
import { renderComponent, stubFetch, type FetchReply } from '../../../testing/render-component.tsx';
import { CandidatesPanel } from './candidates-panel.tsx';

const candidate: DiscoveryCandidate = {
  id: 'c1',
  title: 'Taller Norte',
  domain: 'tallernorte.example.mx',
  url: 'https://tallernorte.example.mx/',
  description: null,
  discovered_at: '2026-01-01T00:00:00.000Z',
  confidence_score: 0.8,
  category_suggestions: [],
  vendor_type: null,
  city: null,
  state: null,
  capabilities: [],
  price_url: null,
  status: 'pending',
  decision_reason: null,
  approved_category: null,
  decided_at: null,
  source_id: null,
  source_name: null,
  vendor_id: null,
};

/** The dialog as the candidates panel opens it, deciding through the real mutation. */
async function openReject(language: 'es' | 'en' = 'es') {
  const rendered = renderComponent(
    <CandidatesPanel
      list={{ data: [candidate], total: 1, limit: 50, offset: 0 }}
      canDecide
      onViewSources={() => {}}
    />,
    { language },
  );
  await rendered.user.click(screen.getByTestId('candidate-reject'));
  const dialog = within(screen.getByRole('dialog'));
  return { ...rendered, dialog };
}

const rejectCalls = (calls: { method: string; url: string }[]) =>
  calls.filter((c) => c.method === 'POST').map((c) => c.url);

describe('RejectDialog', () => {
  it('starts with the translated reason and sends it trimmed', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { ...candidate, status: 'rejected' } }));
    const { dialog, user, toasts } = await openReject();
    const reason = dialog.getByLabelText('Motivo') as HTMLInputElement;
    expect(reason.value).toBe('no relevante');
    await user.clear(reason);
    await user.type(reason, '  solo revende  ');
    await user.click(dialog.getByTestId('reject-confirm'));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rejectCalls(calls)).toEqual(['/api/v1/discovery/candidates/c1/reject?reason=solo+revende']);
    expect(toasts().map((t) => [t.type, t.message])).toEqual([['success', 'Taller Norte rechazado']]);
  });

  it('sends no reason when it is left blank', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { ...candidate, status: 'rejected' } }));
    const { dialog, user } = await openReject();
    await user.clear(dialog.getByLabelText('Motivo'));
    await user.type(dialog.getByLabelText('Motivo'), '   ');
    await user.click(dialog.getByTestId('reject-confirm'));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rejectCalls(calls)).toEqual(['/api/v1/discovery/candidates/c1/reject']);
  });

  it('stays open on a network failure, keeps the reason and sends again (in English)', async () => {
    let reply: FetchReply = 'network-error';
    const calls = stubFetch(() => reply);
    const { dialog, user, toasts } = await openReject('en');
    const reason = dialog.getByLabelText('Reason') as HTMLInputElement;
    await user.clear(reason);
    await user.type(reason, 'a reseller');
    await user.click(dialog.getByTestId('reject-confirm'));
    await vi.waitFor(
      () =>
        expect(toasts().map((t) => t.message)).toContain(
          'Network error. Please check your connection and try again.',
        ),
      { timeout: 8000 },
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(reason.value).toBe('a reseller');

    reply = { status: 200, body: { ...candidate, status: 'rejected' } };
    await user.click(dialog.getByTestId('reject-confirm'));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rejectCalls(calls).at(-1)).toBe('/api/v1/discovery/candidates/c1/reject?reason=a+reseller');
  }, 15_000);
});
