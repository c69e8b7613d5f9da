import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AlertRule } from '@preciofab/shared/contracts/alerts';
import { translate } from '@preciofab/shared/i18n/messages';
import alertsEn from '../../../i18n/namespaces/alerts.en-US.json';
import alerts from '../../../i18n/namespaces/alerts.es-MX.json';
import { errorOf } from '../../../testing/field-error.ts';
import {
  renderComponent,
  stubFetch,
  type FetchCall,
  type FetchReply,
} from '../../../testing/render-component.tsx';
import { RuleFormModal } from './rule-form-modal.tsx';

const VENDOR = { id: '5d2e8a41-7c3b-4f0e-b1a2-9e8d7c6b5a40', name: 'Corte Láser Pacífico' };
const RULE: AlertRule = {
  id: 'a1a2b3d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  name: 'PLA baja',
  kind: 'price_change',
  active: true,
  owner_id: 'u1',
  owner_name: 'Ana',
  can_edit: true,
  vendor_id: VENDOR.id,
  vendor_name: VENDOR.name,
  category: 'additive_manufacturing',
  subcategory: 'FDM',
  region: null,
  offer_id: null,
  offer_name: null,
  change_percent: 15,
  change_amount: null,
  change_currency: null,
  missed_crawls: null,
  failures: null,
  min_confidence: 0.73,
  alert_count: 2,
  last_alert_at: null,
  created_at: '2026-03-02T10:00:00.000Z',
  updated_at: '2026-03-02T10:00:00.000Z',
};
const vendorList = { status: 200, body: { data: [VENDOR], total: 1, limit: 100, offset: 0 } } as const;

const server = (send: (call: FetchCall) => FetchReply) =>
  stubFetch((call) => (call.method === 'GET' ? vendorList : send(call)));
const sent = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');
const field = (label: string) => screen.getByLabelText(label);
const shown = (label: string) => screen.queryByLabelText(label) !== null;
const form = alerts.form;

describe('RuleFormModal', () => {
  it("shows each kind's own fields", async () => {
    server(() => ({ status: 201, body: RULE }));
    const { user } = renderComponent(<RuleFormModal rule={null} onClose={() => {}} />);
    // Price change: a percentage and/or an amount, a confidence, every scope.
    for (const label of [form.change_percent, form.change_amount, form.change_currency, form.min_confidence])
      expect(shown(label), label).toBe(true);
    for (const label of [form.vendor, form.category, form.subcategory, form.region, form.offer])
      expect(shown(label), label).toBe(true);
    expect(shown(form.failures)).toBe(false);

    await user.selectOptions(field(form.kind), 'target_failing');
    expect(shown(form.failures)).toBe(true);
    for (const label of [
      form.change_percent,
      form.change_amount,
      form.min_confidence,
      form.subcategory,
      form.offer,
    ])
      expect(shown(label), label).toBe(false);
    for (const label of [form.vendor, form.category, form.region]) expect(shown(label), label).toBe(true);
    expect(screen.getByText(alerts.kind_hints.target_failing)).toBeTruthy();

    await user.selectOptions(field(form.kind), 'offer_gone');
    expect(shown(form.missed_crawls)).toBe(true);
    expect(shown(form.offer)).toBe(true);

    // Discovery: a confidence that must be given (no "any"), and no scope at all.
    await user.selectOptions(field(form.kind), 'discovery_candidate');
    const confidence = field(form.min_confidence) as HTMLSelectElement;
    expect(confidence.value).toBe('0.8');
    expect(within(confidence).queryByText(form.any_confidence)).toBeNull();
    expect(screen.getByText(form.no_scope)).toBeTruthy();
    expect(shown(form.vendor)).toBe(false);

    await user.selectOptions(field(form.kind), 'benchmark_move');
    expect([shown(form.change_percent), shown(form.change_amount), shown(form.vendor)]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('says what is missing with the contract messages and sends nothing', async () => {
    const calls = server(() => ({ status: 201, body: RULE }));
    const { user } = renderComponent(<RuleFormModal rule={null} onClose={() => {}} />);
    await user.clear(field(form.change_percent));
    await user.type(field(form.change_amount), '50');
    await user.selectOptions(field(form.change_currency), 'MXN');
    await user.click(screen.getByTestId('rule-submit'));
    expect(errorOf(field(form.name))).toBe(translate('es', 'validation.alert_rule_name_required'));
    // An amount alone is a valid change: the percentage is not asked for.
    expect(errorOf(field(form.change_percent))).toBeNull();

    await user.clear(field(form.change_amount));
    await user.type(field(form.name), 'Cualquier cambio');
    await user.click(screen.getByTestId('rule-submit'));
    await waitFor(() =>
      expect(errorOf(field(form.change_percent))).toBe(translate('es', 'validation.alert_change_required')),
    );

    await user.selectOptions(field(form.kind), 'offer_gone');
    await user.clear(field(form.missed_crawls));
    await user.type(field(form.missed_crawls), '0');
    await user.click(screen.getByTestId('rule-submit'));
    await waitFor(() => expect(errorOf(field(form.missed_crawls))).not.toBeNull());
    expect(sent(calls)).toEqual([]);
  });

  it('creates a rule with only the fields its kind reads', async () => {
    const calls = server(() => ({ status: 201, body: RULE }));
    const onClose = vi.fn();
    const { user, toasts } = renderComponent(<RuleFormModal rule={null} onClose={onClose} />);
    await screen.findByText(VENDOR.name, { selector: 'option' }, { timeout: 3000 });
    await user.type(field(form.name), '  Láser desaparecida ');
    // Typed for a price rule, then the kind changed: the percentage must not be sent.
    await user.type(field(form.change_amount), '50');
    await user.selectOptions(field(form.kind), 'offer_gone');
    await user.clear(field(form.missed_crawls));
    await user.type(field(form.missed_crawls), '5');
    await user.selectOptions(field(form.vendor), VENDOR.id);
    await user.selectOptions(field(form.category), 'laser_cutting');
    await user.selectOptions(field(form.subcategory), 'CO2 Laser');
    await user.click(screen.getByTestId('rule-submit'));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/v1/alerts/rules',
        body: {
          name: 'Láser desaparecida',
          kind: 'offer_gone',
          active: true,
          vendor_id: VENDOR.id,
          category: 'laser_cutting',
          subcategory: 'CO2 Laser',
          region: null,
          offer_id: null,
          change_percent: null,
          change_amount: null,
          change_currency: null,
          missed_crawls: 5,
          failures: null,
          min_confidence: null,
        },
      },
    ]);
    expect(toasts().map((toast) => toast.message)).toEqual([form.created]);
  });

  it("puts the server's field errors on their fields and keeps the form open", async () => {
    const unknown = translate('es', 'validation.alert_vendor_unknown');
    server(() => ({
      status: 400,
      body: { detail: unknown, errors: [{ field: 'vendor_id', message: unknown }] },
    }));
    const onClose = vi.fn();
    const { user } = renderComponent(<RuleFormModal rule={null} onClose={onClose} />);
    await screen.findByText(VENDOR.name, { selector: 'option' }, { timeout: 3000 });
    await user.type(field(form.name), 'Proveedor borrado');
    await user.selectOptions(field(form.vendor), VENDOR.id);
    await user.click(screen.getByTestId('rule-submit'));

    await waitFor(() => expect(errorOf(field(form.vendor))).toBe(unknown));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByText(form.failed)).toBeNull();
  });

  it('says a refusal naming no field in a banner', async () => {
    const limit = 'Límite de reglas de alerta alcanzado (100); elimina una primero';
    server(() => ({ status: 409, body: { detail: limit, errors: [] } }));
    const { user } = renderComponent(<RuleFormModal rule={null} onClose={() => {}} />);
    await user.type(field(form.name), 'Una más');
    await user.click(screen.getByTestId('rule-submit'));
    await screen.findByText(limit, { selector: '.alert__body' });
  });

  it('edits a rule: its values, its kind fixed, a PATCH without the kind', async () => {
    const calls = server(() => ({ status: 200, body: { ...RULE, change_percent: 20 } }));
    const onClose = vi.fn();
    const { user } = renderComponent(<RuleFormModal rule={RULE} onClose={onClose} />);
    expect((field(form.kind) as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByText(form.kind_fixed)).toBeTruthy();
    // A saved confidence that is not among the choices stays chosen.
    expect((field(form.min_confidence) as HTMLSelectElement).value).toBe('0.73');
    expect((field(form.subcategory) as HTMLSelectElement).value).toBe('FDM');
    await user.clear(field(form.change_percent));
    await user.type(field(form.change_percent), '20');
    await user.click(screen.getByTestId('rule-submit'));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent(calls)).toEqual([
      {
        method: 'PATCH',
        url: `/api/v1/alerts/rules/${RULE.id}`,
        body: {
          name: 'PLA baja',
          active: true,
          vendor_id: VENDOR.id,
          category: 'additive_manufacturing',
          subcategory: 'FDM',
          region: null,
          offer_id: null,
          change_percent: 20,
          change_amount: null,
          change_currency: null,
          missed_crawls: null,
          failures: null,
          min_confidence: 0.73,
        },
      },
    ]);
  });

  it('speaks English: labels and the contract messages', async () => {
    server(() => ({ status: 201, body: RULE }));
    const { user } = renderComponent(<RuleFormModal rule={null} onClose={() => {}} />, { language: 'en' });
    await user.click(screen.getByTestId('rule-submit'));
    expect(errorOf(screen.getByLabelText(alertsEn.form.name))).toBe(
      translate('en', 'validation.alert_rule_name_required'),
    );
    expect(screen.getByText(alertsEn.form.title)).toBeTruthy();
  });
});
