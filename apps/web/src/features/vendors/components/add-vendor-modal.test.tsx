import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Vendor } from '@preciofab/shared/contracts/vendors';
import { translate } from '@preciofab/shared/i18n/messages';
import en from '../../../i18n/en-US.json';
import es from '../../../i18n/es-MX.json';
import type { Toast } from '../../../lib/toast-store.ts';
import { errorOf } from '../../../testing/field-error.ts';
import { renderComponent, stubFetch, type FetchCall } from '../../../testing/render-component.tsx';
import { AddVendorModal } from './add-vendor-modal.tsx';

const VENDOR: Vendor = {
  id: '0b6f1c9e-2f4a-4c7e-9a57-3f1d2c4b5a69',
  name: 'Impresiones Norte',
  type: 'bureau',
  website: 'https://impresiones-norte.mx',
  location: null,
  city: 'Monterrey',
  state: 'Nuevo León',
  country: 'Mexico',
  country_code: 'MX',
  region: 'Mexico',
  capabilities: ['fdm_printing', 'sla_printing'],
  contact_email: null,
  contact_phone: null,
  description: null,
  trust_score: 0.5,
  price_count: 0,
  created_at: '2026-03-02T10:00:00.000Z',
  updated_at: '2026-03-02T10:00:00.000Z',
};

const sent = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');
const field = (label: string) => screen.getByLabelText(label);
const successes = (toasts: readonly Toast[]) =>
  toasts.filter((toast) => toast.type === 'success').map((toast) => toast.message);

describe('AddVendorModal', () => {
  it('shows the spec §5 messages on their fields and sends nothing', async () => {
    const calls = stubFetch(() => ({ status: 201, body: VENDOR }));
    const { user } = renderComponent(<AddVendorModal onClose={() => {}} />);
    await user.click(screen.getByTestId('vendor-submit'));
    expect(errorOf(field(es.vendors.form.name))).toBe(translate('es', 'validation.vendor_name_required'));
    expect(errorOf(screen.getByTestId('capabilities'))).toBe(
      translate('es', 'validation.capability_required'),
    );

    await user.type(field(es.vendors.form.website), 'no es url');
    await user.type(field(es.vendors.form.email), 'mal correo@x');
    await user.click(screen.getByTestId('vendor-submit'));
    expect(errorOf(field(es.vendors.form.website))).toBe(translate('es', 'validation.url_invalid'));
    expect(errorOf(field(es.vendors.form.email))).toBe(translate('es', 'validation.email_invalid'));
    expect(sent(calls)).toEqual([]);
  });

  it('adds a vendor: the typed values as the contract reads them, a toast, and the form closes', async () => {
    const calls = stubFetch(() => ({ status: 201, body: VENDOR }));
    const onClose = vi.fn();
    const { user, toasts } = renderComponent(<AddVendorModal onClose={onClose} />);
    await user.type(field(es.vendors.form.name), '  Impresiones Norte ');
    await user.selectOptions(field(es.vendors.form.type), 'makerspace');
    await user.type(field(es.vendors.form.website), 'https://impresiones-norte.mx');
    await user.type(field(es.vendors.form.city), 'Monterrey');
    // Checked out of order: sent in the catalogue's order.
    await user.click(screen.getByLabelText(es.vendors.capabilities.sla_printing));
    await user.click(screen.getByLabelText(es.vendors.capabilities.fdm_printing));
    await user.click(screen.getByTestId('vendor-submit'));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/v1/vendors',
        body: {
          name: 'Impresiones Norte',
          type: 'makerspace',
          website: 'https://impresiones-norte.mx',
          location: null,
          city: 'Monterrey',
          state: null,
          country: 'México',
          capabilities: ['fdm_printing', 'sla_printing'],
          contact_email: null,
          contact_phone: null,
          description: null,
        },
      },
    ]);
    expect(successes(toasts())).toEqual(['Proveedor «Impresiones Norte» agregado']);
  });

  it("puts the server's field errors on their fields", async () => {
    const duplicate = 'Ya existe un proveedor con ese sitio web';
    stubFetch(() => ({
      status: 409,
      body: { detail: duplicate, errors: [{ field: 'website', message: duplicate }] },
    }));
    const onClose = vi.fn();
    const { user } = renderComponent(<AddVendorModal onClose={onClose} />);
    await user.type(field(es.vendors.form.name), 'Copia');
    await user.type(field(es.vendors.form.website), 'https://lasermaker.mx');
    await user.click(screen.getByLabelText(es.vendors.capabilities.cnc_milling));
    await user.click(screen.getByTestId('vendor-submit'));

    await waitFor(() => expect(errorOf(field(es.vendors.form.website))).toBe(duplicate));
    expect(errorOf(field(es.vendors.form.name))).toBeNull();
    // Every error found its field: no banner.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says a network failure, keeps what was typed, and a second submit goes through', async () => {
    let online = false;
    const calls = stubFetch(() => (online ? { status: 201, body: VENDOR } : 'network-error'));
    const onClose = vi.fn();
    const { user, toasts } = renderComponent(<AddVendorModal onClose={onClose} />);
    await user.type(field(es.vendors.form.name), 'Impresiones Norte');
    await user.click(screen.getByLabelText(es.vendors.capabilities.fdm_printing));
    await user.click(screen.getByTestId('vendor-submit'));

    // The mutation's two retries (1 s, then 2 s) come first.
    await screen.findByText(es.errors.network, { selector: '.alert__body' }, { timeout: 10_000 });
    expect(sent(calls)).toHaveLength(3);
    expect(screen.getByTestId('vendor-submit').textContent).toBe(es.vendors.form.submit);
    expect((field(es.vendors.form.name) as HTMLInputElement).value).toBe('Impresiones Norte');
    expect((screen.getByLabelText(es.vendors.capabilities.fdm_printing) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(onClose).not.toHaveBeenCalled();

    online = true;
    await user.click(screen.getByTestId('vendor-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent(calls)).toHaveLength(4);
    expect(sent(calls)[3]?.body).toMatchObject({ name: 'Impresiones Norte', capabilities: ['fdm_printing'] });
    expect(successes(toasts())).toEqual(['Proveedor «Impresiones Norte» agregado']);
  }, 30_000);

  it('speaks English: the messages, and the toast of a new vendor', async () => {
    stubFetch(() => ({ status: 201, body: { ...VENDOR, name: 'Laser Maker Space' } }));
    const { user, toasts } = renderComponent(<AddVendorModal onClose={() => {}} />, { language: 'en' });
    await user.click(screen.getByTestId('vendor-submit'));
    expect(errorOf(field(en.vendors.form.name))).toBe('Vendor name is required');
    expect(errorOf(screen.getByTestId('capabilities'))).toBe('Select at least one capability');

    await user.type(field(en.vendors.form.name), 'Laser Maker Space');
    await user.click(screen.getByLabelText(en.vendors.capabilities.laser_cutting));
    await user.click(screen.getByTestId('vendor-submit'));
    await waitFor(() => expect(successes(toasts())).toEqual(['Vendor "Laser Maker Space" added']));
  });

  it('edits a vendor: filled with its values, PATCHes the form fields, says so', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { ...VENDOR, city: 'Saltillo' } }));
    const onClose = vi.fn();
    const { user, toasts } = renderComponent(<AddVendorModal vendor={VENDOR} onClose={onClose} />);
    expect((field(es.vendors.form.website) as HTMLInputElement).value).toBe(VENDOR.website);
    expect((field(es.vendors.form.country) as HTMLInputElement).value).toBe('México');
    expect((screen.getByLabelText(es.vendors.capabilities.sla_printing) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.clear(field(es.vendors.form.city));
    await user.type(field(es.vendors.form.city), 'Saltillo');
    await user.click(screen.getByLabelText(es.vendors.capabilities.sla_printing));
    await user.click(screen.getByTestId('vendor-submit'));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const [call] = sent(calls);
    expect(call).toMatchObject({ method: 'PATCH', url: `/api/v1/vendors/${VENDOR.id}` });
    expect(call?.body).toEqual({
      name: 'Impresiones Norte',
      type: 'bureau',
      website: 'https://impresiones-norte.mx',
      location: null,
      city: 'Saltillo',
      state: 'Nuevo León',
      // Stored as 'Mexico', shown (and sent back) as its name in the reader's language.
      country: 'México',
      capabilities: ['fdm_printing'],
      contact_email: null,
      contact_phone: null,
      description: null,
    });
    expect(successes(toasts())).toEqual(['Proveedor Impresiones Norte actualizado']);
  });
});
