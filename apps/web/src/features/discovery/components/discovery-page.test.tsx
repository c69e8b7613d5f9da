import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DiscoverySource } from '@preciofab/shared/contracts/discovery';
import {
  renderComponent,
  stubFetch,
  type FetchCall,
  type FetchReply,
} from '../../../testing/render-component.tsx';
import { DiscoveryPage } from './discovery-page.tsx';

const BEFORE = '2026-01-01T06:00:00.000Z';
const AFTER = '2026-01-02T10:00:00.000Z';

const source = (over: Partial<DiscoverySource> = {}): DiscoverySource => ({
  id: 's1',
  name: 'Directorio demo',
  type: 'directory',
  config: { directory_url: 'https://directorio.example.mx/' },
  secret_fields: [],
  schedule: '',
  active: true,
  status: 'idle',
  total_discovered: 5,
  total_approved: 1,
  last_run_at: BEFORE,
  last_error: null,
  last_run_errors: [],
  next_run_at: null,
  schedule_time_zone: 'America/Mexico_City',
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

/** The API of a discovery page whose source, once run, reads `after` (in turn, one per list read). */
function api(...after: DiscoverySource[]) {
  let queued = false;
  let reads = 0;
  return (call: FetchCall): FetchReply => {
    if (call.method === 'POST') {
      queued = true;
      return { status: 202, body: { job_id: 'j1', status: 'queued' } };
    }
    if (call.url.startsWith('/api/v1/discovery/candidates')) {
      return { status: 200, body: { data: [], total: 0, limit: 50, offset: 0 } };
    }
    const now = queued ? (after[Math.min(reads++, after.length - 1)] ?? source()) : source();
    return { status: 200, body: { data: [now], total: 1 } };
  };
}

async function runSource(language: 'es' | 'en', reply: (call: FetchCall) => FetchReply) {
  const calls = stubFetch(reply);
  const rendered = renderComponent(<DiscoveryPage role="operator" />, { language });
  await rendered.user.click(await screen.findByTestId('tab-sources'));
  const card = within(await screen.findByTestId('source-card'));
  await rendered.user.click(card.getByTestId('source-run'));
  return { ...rendered, calls, card };
}

describe('a discovery run started from the sources tab', () => {
  it('says when it found no new candidates, on the card and in a toast', async () => {
    const { card, calls, toasts } = await runSource(
      'es',
      api(source({ status: 'queued' }), source({ status: 'running' }), source({ last_run_at: AFTER })),
    );
    const found = await card.findByTestId('source-run-found', {}, { timeout: 10_000 });
    expect(found.textContent).toBe('Ejecución terminada: ningún candidato nuevo');
    expect(toasts().map((t) => t.message)).toContain('Directorio demo terminó sin candidatos nuevos');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/v1/discovery/run/s1']);
  }, 20_000);

  it('counts what it found, even when it ended before the list saw it pending (in English)', async () => {
    const { card, toasts } = await runSource('en', api(source({ last_run_at: AFTER, total_discovered: 7 })));
    const found = await card.findByTestId('source-run-found', {}, { timeout: 5000 });
    expect(found.textContent).toBe('Run finished: 2 new candidates');
    expect(toasts().map((t) => t.message)).toContain('Directorio demo finished: 2 new candidates');
  });

  it('says nothing of the kind for a run that failed: the card says it failed', async () => {
    const { card } = await runSource(
      'es',
      api(source({ status: 'failed', last_run_at: AFTER, last_error: 'sin respuesta' })),
    );
    await card.findByText(/La última ejecución falló/, {}, { timeout: 5000 });
    expect(card.queryByTestId('source-run-found')).toBeNull();
  });
});
