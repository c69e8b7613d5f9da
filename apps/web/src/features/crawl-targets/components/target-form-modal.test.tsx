import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Target } from '@preciofab/shared/contracts/targets';
import { translate } from '@preciofab/shared/i18n/messages';
import es from '../../../i18n/es-MX.json';
import targetsEn from '../../../i18n/namespaces/crawl_targets.en-US.json';
import targets from '../../../i18n/namespaces/crawl_targets.es-MX.json';
import type { Toast } from '../../../lib/toast-store.ts';
import { errorOf } from '../../../testing/field-error.ts';
import {
  renderComponent,
  stubFetch,
  type FetchCall,
  type FetchReply,
} from '../../../testing/render-component.tsx';
import { TargetFormModal } from './target-form-modal.tsx';

const VENDOR = { id: '5d2e8a41-7c3b-4f0e-b1a2-9e8d7c6b5a40', name: 'Corte Láser Pacífico' };
const TARGET: Target = {
  id: 'c1a2b3d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  vendor_id: VENDOR.id,
  vendor_name: VENDOR.name,
  domain: 'laserpacifico.example.mx',
  url: 'https://laserpacifico.example.mx/precios',
  category: 'laser_cutting',
  priority: 9,
  frequency_hours: 36,
  crawl_frequency_days: 1.5,
  last_crawled_at: null,
  next_crawl_at: null,
  active: true,
  last_status: null,
  last_error: null,
  last_error_code: null,
  currency: 'MXN',
  consecutive_failures: 0,
  created_at: '2026-03-02T10:00:00.000Z',
};
const vendorList = { status: 200, body: { data: [VENDOR], total: 1, limit: 100, offset: 0 } } as const;

/** The vendor picker's list, and `post` for the form's own calls. */
const server = (post: (call: FetchCall) => FetchReply) =>
  stubFetch((call) => (call.method === 'GET' ? vendorList : post(call)));

const sent = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');
const field = (label: string) => screen.getByLabelText(label);
const valueOf = (label: string) => (field(label) as HTMLInputElement | HTMLSelectElement).value;
const successes = (toasts: readonly Toast[]) =>
  toasts.filter((toast) => toast.type === 'success').map((toast) => toast.message);

async function fillNew(
  user: ReturnType<typeof renderComponent>['user'],
  url = 'https://laserpacifico.example.mx/',
) {
  await screen.findByText(VENDOR.name, { selector: 'option' }, { timeout: 3000 });
  await user.selectOptions(field(targets.form.vendor), VENDOR.id);
  await user.type(field(targets.form.url), url);
}

describe('TargetFormModal', () => {
  it('asks to select a vendor and for a valid URL, keeps the spec §4 defaults, and sends nothing', async () => {
    const calls = server(() => ({ status: 201, body: TARGET }));
    const { user } = renderComponent(<TargetFormModal target={null} onClose={() => {}} />);
    expect([valueOf(targets.form.frequency), valueOf(targets.form.priority)]).toEqual(['24', '5']);
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByTestId('target-submit'));
    // Item 7: the form offers vendors by name, so it does not ask for an id.
    expect(errorOf(field(targets.form.vendor))).toBe('Por favor selecciona un proveedor');
    expect(errorOf(field(targets.form.url))).toBe(translate('es', 'validation.url_invalid'));

    await user.clear(field(targets.form.priority));
    await user.type(field(targets.form.priority), '12');
    await user.click(screen.getByTestId('target-submit'));
    expect(errorOf(field(targets.form.priority))).toBe(translate('es', 'validation.priority_range'));
    expect(sent(calls)).toEqual([]);
  });

  it('creates a target with what was chosen, says so and closes', async () => {
    const calls = server(() => ({ status: 201, body: TARGET }));
    const onClose = vi.fn();
    const { user, toasts } = renderComponent(<TargetFormModal target={null} onClose={onClose} />);
    await fillNew(user, ' https://laserpacifico.example.mx/precios ');
    await user.selectOptions(field(targets.form.category), 'laser_cutting');
    await user.selectOptions(field(targets.form.currency), 'MXN');
    await user.selectOptions(field(targets.form.frequency), '168');
    await user.clear(field(targets.form.priority));
    await user.type(field(targets.form.priority), '9');
    await user.click(screen.getByTestId('target-submit'));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/v1/crawl-targets',
        body: {
          vendor_id: VENDOR.id,
          url: 'https://laserpacifico.example.mx/precios',
          category: 'laser_cutting',
          frequency_hours: 168,
          priority: 9,
          active: true,
          currency: 'MXN',
        },
      },
    ]);
    expect(successes(toasts())).toEqual([targets.form.created]);
  });

  it("puts the server's field errors on their fields", async () => {
    const duplicate = 'Ya hay un objetivo con esa URL';
    server(() => ({
      status: 409,
      body: { detail: duplicate, errors: [{ field: 'url', message: duplicate }] },
    }));
    const onClose = vi.fn();
    const { user } = renderComponent(<TargetFormModal target={null} onClose={onClose} />);
    await fillNew(user);
    await user.click(screen.getByTestId('target-submit'));

    await waitFor(() => expect(errorOf(field(targets.form.url))).toBe(duplicate));
    expect(screen.queryByText(targets.form.failed)).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says a network failure, keeps what was typed, and a second submit goes through', async () => {
    let online = false;
    const calls = server(() => (online ? { status: 201, body: TARGET } : 'network-error'));
    const onClose = vi.fn();
    const { user, toasts } = renderComponent(<TargetFormModal target={null} onClose={onClose} />);
    await fillNew(user);
    await user.selectOptions(field(targets.form.frequency), '6');
    await user.click(screen.getByTestId('target-submit'));

    // The mutation's two retries (1 s, then 2 s) come first.
    await screen.findByText(es.errors.network, { selector: '.alert__body' }, { timeout: 10_000 });
    expect(sent(calls)).toHaveLength(3);
    expect([
      valueOf(targets.form.vendor),
      valueOf(targets.form.url),
      valueOf(targets.form.frequency),
    ]).toEqual([VENDOR.id, 'https://laserpacifico.example.mx/', '6']);

    online = true;
    await user.click(screen.getByTestId('target-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent(calls)).toHaveLength(4);
    expect(sent(calls)[3]?.body).toMatchObject({ vendor_id: VENDOR.id, frequency_hours: 6 });
    expect(successes(toasts())).toEqual([targets.form.created]);
  }, 30_000);

  it('edits a target: its values, its vendor fixed, a PATCH without the vendor', async () => {
    const calls = server(() => ({ status: 200, body: { ...TARGET, priority: 3 } }));
    const onClose = vi.fn();
    const { user, toasts } = renderComponent(<TargetFormModal target={TARGET} onClose={onClose} />);
    expect((field(targets.form.vendor) as HTMLSelectElement).disabled).toBe(true);
    // A stored frequency that is not among the choices stays chosen.
    expect(valueOf(targets.form.frequency)).toBe('36');
    await user.clear(field(targets.form.priority));
    await user.type(field(targets.form.priority), '3');
    await user.click(screen.getByTestId('target-submit'));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent(calls)).toEqual([
      {
        method: 'PATCH',
        url: `/api/v1/crawl-targets/${TARGET.id}`,
        body: {
          url: TARGET.url,
          category: 'laser_cutting',
          frequency_hours: 36,
          priority: 3,
          active: true,
          currency: 'MXN',
        },
      },
    ]);
    // The edit asks for no vendor list.
    expect(calls.filter((call) => call.method === 'GET')).toEqual([]);
    expect(successes(toasts())).toEqual([targets.form.updated]);
  });

  it('tests a page with the settings it would be crawled with, and not a wrong URL', async () => {
    const calls = server(() => ({
      status: 200,
      body: {
        url: 'https://laserpacifico.example.mx/',
        final_url: 'https://laserpacifico.example.mx/',
        page_kind: 'list',
        offers: [],
        truncated: false,
        script_drawn: false,
        ms: 140,
      },
    }));
    const { user } = renderComponent(<TargetFormModal target={null} onClose={() => {}} />);
    await user.type(field(targets.form.url), 'laserpacifico');
    await user.click(screen.getByTestId('target-test'));
    await waitFor(() =>
      expect(errorOf(field(targets.form.url))).toBe(translate('es', 'validation.url_invalid')),
    );
    // Only the fields a test reads are judged: no vendor is needed to test a page.
    expect(errorOf(field(targets.form.vendor))).toBeNull();
    expect(sent(calls)).toEqual([]);

    await user.clear(field(targets.form.url));
    await user.type(field(targets.form.url), 'https://laserpacifico.example.mx/');
    await user.selectOptions(field(targets.form.currency), 'USD');
    await user.click(screen.getByTestId('target-test'));
    await screen.findByTestId('target-preview');
    expect(sent(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/v1/crawl-targets/preview',
        body: {
          url: 'https://laserpacifico.example.mx/',
          category: 'additive_manufacturing',
          currency: 'USD',
        },
      },
    ]);
  });

  it('takes a typed vendor id when the list cannot load, and then names the id when it is missing', async () => {
    const calls = stubFetch((call) =>
      call.method === 'GET' ? { status: 400, body: {} } : { status: 201, body: TARGET },
    );
    const onClose = vi.fn();
    const { user } = renderComponent(<TargetFormModal target={null} onClose={onClose} />);
    const id = await screen.findByLabelText(targets.form.vendor_id, {}, { timeout: 3000 });
    await user.type(field(targets.form.url), TARGET.url);
    await user.click(screen.getByTestId('target-submit'));
    expect(errorOf(id)).toBe(translate('es', 'validation.vendor_id_required'));

    await user.type(id, VENDOR.id);
    await user.click(screen.getByTestId('target-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent(calls)[0]?.body).toMatchObject({ vendor_id: VENDOR.id, url: TARGET.url });
  });

  it('speaks English', async () => {
    server(() => ({ status: 201, body: TARGET }));
    const { user } = renderComponent(<TargetFormModal target={null} onClose={() => {}} />, {
      language: 'en',
    });
    await user.click(screen.getByTestId('target-submit'));
    expect(errorOf(field(targetsEn.form.vendor))).toBe('Please select a vendor');
    expect(errorOf(field(targetsEn.form.url))).toBe('Please enter a valid URL');
  });
});
