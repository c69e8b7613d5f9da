import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { translate } from '@preciofab/shared/i18n/messages';
import es from '../../../i18n/es-MX.json';
import runEn from '../../../i18n/namespaces/crawl_run.en-US.json';
import run from '../../../i18n/namespaces/crawl_run.es-MX.json';
import type { Toast } from '../../../lib/toast-store.ts';
import { errorOf } from '../../../testing/field-error.ts';
import {
  renderComponent,
  stubFetch,
  type FetchCall,
  type FetchReply,
} from '../../../testing/render-component.tsx';
import { RunCrawlModal } from './run-crawl-modal.tsx';

const VENDOR = { id: '5d2e8a41-7c3b-4f0e-b1a2-9e8d7c6b5a40', name: 'Corte Láser Pacífico' };
const vendorList = { status: 200, body: { data: [VENDOR], total: 1, limit: 100, offset: 0 } } as const;
const queued = { status: 202, body: { run_id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', status: 'queued' } };

/** The vendor picker's list, and `post` for the form's own call. */
const server = (post: (call: FetchCall) => FetchReply) =>
  stubFetch((call) => (call.method === 'GET' ? vendorList : post(call)));

const sent = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');
const field = (label: string) => screen.getByLabelText(label);
/** A radio or checkbox, named by its label and the hint inside it. */
const choice = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const successes = (toasts: readonly Toast[]) =>
  toasts.filter((toast) => toast.type === 'success').map((toast) => toast.message);

async function pickVendor(user: ReturnType<typeof renderComponent>['user']) {
  await user.click(choice(run.types.vendor));
  await screen.findByText(VENDOR.name, { selector: 'option' }, { timeout: 3000 });
  await user.selectOptions(field(run.vendor), VENDOR.id);
}

describe('RunCrawlModal', () => {
  it('asks to select a vendor, or a category, and for 1 to 10 workers; sends nothing', async () => {
    const calls = server(() => queued);
    const { user } = renderComponent(<RunCrawlModal onClose={() => {}} />);
    expect(choice(run.types.all).checked).toBe(true);
    expect((field(run.workers) as HTMLInputElement).value).toBe('4');
    await user.click(choice(run.types.vendor));
    await user.click(screen.getByTestId('run-crawl-submit'));
    // Item 7: the form offers vendors by name, so it does not ask for an id.
    expect(errorOf(field(run.vendor))).toBe('Por favor selecciona un proveedor');

    await user.click(choice(run.types.category));
    await user.clear(field(run.workers));
    await user.type(field(run.workers), '11');
    await user.click(screen.getByTestId('run-crawl-submit'));
    expect(errorOf(field(run.category))).toBe(translate('es', 'validation.category_required'));
    expect(errorOf(field(run.workers))).toBe(translate('es', 'validation.parallel_workers_range'));
    expect(sent(calls)).toEqual([]);
  });

  it('starts a vendor crawl with what was chosen, says so and closes', async () => {
    const calls = server(() => queued);
    const onClose = vi.fn();
    const { user, toasts } = renderComponent(<RunCrawlModal onClose={onClose} />);
    await pickVendor(user);
    await user.click(choice(run.force));
    await user.clear(field(run.workers));
    await user.type(field(run.workers), '2');
    await user.click(screen.getByTestId('run-crawl-submit'));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/v1/crawl/run',
        body: { type: 'vendor', force: true, parallel_workers: 2, vendor_id: VENDOR.id, category: null },
      },
    ]);
    expect(successes(toasts())).toEqual([run.started]);
  });

  it("puts the server's field errors on their fields", async () => {
    const missing = 'El proveedor no existe';
    server(() => ({
      status: 400,
      body: { detail: missing, errors: [{ field: 'vendor_id', message: missing }] },
    }));
    const onClose = vi.fn();
    const { user } = renderComponent(<RunCrawlModal onClose={onClose} />);
    await pickVendor(user);
    await user.click(screen.getByTestId('run-crawl-submit'));

    await waitFor(() => expect(errorOf(field(run.vendor))).toBe(missing));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says a network failure, keeps what was chosen, and a second submit goes through', async () => {
    let online = false;
    const calls = server(() => (online ? queued : 'network-error'));
    const onClose = vi.fn();
    const { user, toasts } = renderComponent(<RunCrawlModal onClose={onClose} />);
    await user.click(choice(run.types.category));
    await user.selectOptions(field(run.category), 'laser_cutting');
    await user.click(screen.getByTestId('run-crawl-submit'));

    // The mutation's two retries (1 s, then 2 s) come first.
    await screen.findByText(es.errors.network, { selector: '.alert__body' }, { timeout: 10_000 });
    expect(sent(calls)).toHaveLength(3);
    expect(screen.getByTestId('run-crawl-submit').textContent).toBe(run.start);
    expect(choice(run.types.category).checked).toBe(true);
    expect((field(run.category) as HTMLSelectElement).value).toBe('laser_cutting');

    online = true;
    await user.click(screen.getByTestId('run-crawl-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent(calls)).toHaveLength(4);
    expect(sent(calls)[3]?.body).toMatchObject({ type: 'category', category: 'laser_cutting' });
    expect(successes(toasts())).toEqual([run.started]);
  }, 30_000);

  it('takes a typed vendor id when the list cannot load, and then names the id when it is missing', async () => {
    const calls = stubFetch((call) => (call.method === 'GET' ? { status: 400, body: {} } : queued));
    const onClose = vi.fn();
    const { user } = renderComponent(<RunCrawlModal onClose={onClose} />);
    await user.click(choice(run.types.vendor));
    const id = await screen.findByLabelText(run.vendor_id, {}, { timeout: 3000 });
    await user.click(screen.getByTestId('run-crawl-submit'));
    expect(errorOf(id)).toBe(translate('es', 'validation.vendor_id_required'));

    await user.type(id, VENDOR.id);
    await user.click(screen.getByTestId('run-crawl-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent(calls)[0]?.body).toMatchObject({ type: 'vendor', vendor_id: VENDOR.id });
  });

  it('speaks English', async () => {
    const calls = server(() => queued);
    const { user, toasts } = renderComponent(<RunCrawlModal onClose={() => {}} />, { language: 'en' });
    await user.click(choice(runEn.types.vendor));
    await user.click(screen.getByTestId('run-crawl-submit'));
    expect(errorOf(field(runEn.vendor))).toBe('Please select a vendor');

    await user.click(choice(runEn.types.priority));
    await user.click(screen.getByTestId('run-crawl-submit'));
    await waitFor(() => expect(successes(toasts())).toEqual([runEn.started]));
    expect(sent(calls)[0]?.body).toEqual({
      type: 'priority',
      force: false,
      parallel_workers: 4,
      vendor_id: null,
      category: null,
    });
  });
});
