import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { translate } from '@preciofab/shared/i18n/messages';
import es from '../../../i18n/es-MX.json';
import pricesEn from '../../../i18n/namespaces/prices.en-US.json';
import prices from '../../../i18n/namespaces/prices.es-MX.json';
import type { Toast } from '../../../lib/toast-store.ts';
import { errorOf } from '../../../testing/field-error.ts';
import {
  renderComponent,
  stubFetch,
  type FetchCall,
  type FetchReply,
} from '../../../testing/render-component.tsx';
import { AddPriceModal } from './add-price-modal.tsx';

const NORTE = { id: '0b6f1c9e-2f4a-4c7e-9a57-3f1d2c4b5a69', name: 'Impresiones Norte' };
const PACIFICO = { id: '5d2e8a41-7c3b-4f0e-b1a2-9e8d7c6b5a40', name: 'Corte Láser Pacífico' };
const VENDORS = [NORTE, PACIFICO];
const vendorList = { status: 200, body: { data: VENDORS, total: 2, limit: 100, offset: 0 } } as const;

/** The vendor picker's list, and `post` for the form's own call. */
const server = (post: (call: FetchCall) => FetchReply) =>
  stubFetch((call) => (call.method === 'GET' ? vendorList : post(call)));
const created = { status: 201, body: { id: 'a8f3c2d1-0000-4000-8000-000000000001' } };

const sent = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');
const field = (label: string) => screen.getByLabelText(label);
const valueOf = (label: string) => (field(label) as HTMLInputElement | HTMLSelectElement).value;
const successes = (toasts: readonly Toast[]) =>
  toasts.filter((toast) => toast.type === 'success').map((toast) => toast.message);

async function pickVendor(user: ReturnType<typeof renderComponent>['user'], label = prices.form.vendor) {
  await screen.findByText(PACIFICO.name, { selector: 'option' }, { timeout: 3000 });
  await user.selectOptions(field(label), PACIFICO.id);
}

describe('AddPriceModal', () => {
  it('shows the spec §5 messages on their fields and sends nothing', async () => {
    const calls = server(() => created);
    const { user } = renderComponent(<AddPriceModal onClose={() => {}} />);
    await user.click(screen.getByTestId('price-submit'));
    expect(errorOf(field(prices.form.vendor))).toBe(translate('es', 'validation.vendor_required'));
    expect(errorOf(field(prices.form.service_name))).toBe(
      translate('es', 'validation.service_name_required'),
    );
    expect(errorOf(field(prices.form.price))).toBe(translate('es', 'validation.price_positive'));
    expect(errorOf(field(prices.form.valid_until))).toBeNull();

    await user.type(field(prices.form.valid_until), '2020-01-01');
    await user.type(field(prices.form.minimum_order), '2.5');
    await user.click(screen.getByTestId('price-submit'));
    expect(errorOf(field(prices.form.valid_until))).toBe(translate('es', 'validation.valid_until_past'));
    expect(errorOf(field(prices.form.minimum_order))).toBe(translate('es', 'validation.integer_min_zero'));
    expect(sent(calls)).toEqual([]);
  });

  it('adds a price: the category brings its own options, the body is what the contract reads', async () => {
    const calls = server(() => created);
    const onClose = vi.fn();
    const { user, toasts } = renderComponent(<AddPriceModal onClose={onClose} />);
    await pickVendor(user);
    await user.type(field(prices.form.service_name), ' Fresado de aluminio ');
    await user.selectOptions(field(prices.form.category), 'cnc_machining');
    // Spec §4: subcategory, unit and material follow the category.
    expect(valueOf(prices.form.subcategory)).toBe('Milling');
    expect(valueOf(prices.form.unit)).toBe('hour');
    expect(valueOf(prices.form.material)).toBe('Aluminum');
    // Named in the reader's language.
    for (const label of [prices.units.hour, 'Fresado', 'Aluminio']) {
      expect(screen.getByText(label, { selector: 'option' })).toBeDefined();
    }
    await user.clear(field(prices.form.price));
    await user.type(field(prices.form.price), '845.50');
    await user.selectOptions(field(prices.form.currency), 'USD');
    await user.type(field(prices.form.lead_time_days), '5');
    await user.click(field(prices.form.includes_tax));
    await user.click(screen.getByTestId('price-submit'));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/v1/prices',
        body: {
          vendor_id: PACIFICO.id,
          service_name: 'Fresado de aluminio',
          category: 'cnc_machining',
          subcategory: 'Milling',
          technology: null,
          material: 'Aluminum',
          price: 845.5,
          currency: 'USD',
          unit: 'hour',
          minimum_order: null,
          lead_time_days: 5,
          includes_tax: true,
          includes_shipping: false,
          notes: null,
          valid_until: null,
        },
      },
    ]);
    expect(successes(toasts())).toEqual(['Precio «Fresado de aluminio» agregado']);
  });

  it("puts the server's field errors on their fields", async () => {
    const missing = 'El proveedor no existe';
    server(() => ({
      status: 400,
      body: { detail: missing, errors: [{ field: 'vendor_id', message: missing }] },
    }));
    const onClose = vi.fn();
    const { user } = renderComponent(<AddPriceModal onClose={onClose} />);
    await pickVendor(user);
    await user.type(field(prices.form.service_name), 'Corte');
    await user.type(field(prices.form.price), '12');
    await user.click(screen.getByTestId('price-submit'));

    await waitFor(() => expect(errorOf(field(prices.form.vendor))).toBe(missing));
    expect(screen.queryByText(prices.form.failed)).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says a network failure, keeps what was typed, and a second submit goes through', async () => {
    let online = false;
    const calls = server(() => (online ? created : 'network-error'));
    const onClose = vi.fn();
    const { user, toasts } = renderComponent(<AddPriceModal onClose={onClose} />);
    await pickVendor(user);
    await user.type(field(prices.form.service_name), 'Impresión SLA');
    await user.selectOptions(field(prices.form.subcategory), 'SLA');
    await user.clear(field(prices.form.price));
    await user.type(field(prices.form.price), '3.2');
    await user.click(screen.getByTestId('price-submit'));

    // The mutation's two retries (1 s, then 2 s) come first.
    await screen.findByText(es.errors.network, { selector: '.alert__body' }, { timeout: 10_000 });
    expect(sent(calls)).toHaveLength(3);
    expect(screen.getByTestId('price-submit').textContent).toBe(prices.form.submit);
    expect([valueOf(prices.form.vendor), valueOf(prices.form.service_name)]).toEqual([
      PACIFICO.id,
      'Impresión SLA',
    ]);
    expect([valueOf(prices.form.subcategory), valueOf(prices.form.price)]).toEqual(['SLA', '3.2']);

    online = true;
    await user.click(screen.getByTestId('price-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent(calls)).toHaveLength(4);
    expect(sent(calls)[3]?.body).toMatchObject({
      service_name: 'Impresión SLA',
      subcategory: 'SLA',
      price: 3.2,
    });
    expect(successes(toasts())).toEqual(['Precio «Impresión SLA» agregado']);
  }, 30_000);

  it('speaks English, and skips the picker when the vendor is given', async () => {
    const calls = server(() => created);
    const { user, toasts } = renderComponent(<AddPriceModal vendorId={NORTE.id} onClose={() => {}} />, {
      language: 'en',
    });
    expect(screen.queryByLabelText(pricesEn.form.vendor)).toBeNull();
    await user.click(screen.getByTestId('price-submit'));
    expect(errorOf(field(pricesEn.form.service_name))).toBe('Service name is required');
    expect(errorOf(field(pricesEn.form.price))).toBe('Price must be greater than 0');

    await user.type(field(pricesEn.form.service_name), 'FDM printing');
    await user.type(field(pricesEn.form.price), '1.5');
    await user.click(screen.getByTestId('price-submit'));
    await waitFor(() => expect(successes(toasts())).toEqual(['Price "FDM printing" added']));
    expect(calls.filter((call) => call.method === 'GET')).toEqual([]);
    expect(sent(calls)[0]?.body).toMatchObject({ vendor_id: NORTE.id, price: 1.5 });
  });
});
