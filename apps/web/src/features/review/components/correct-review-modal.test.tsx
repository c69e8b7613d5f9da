import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorOf } from '../../../testing/field-error.ts';
import { renderComponent, stubFetch } from '../../../testing/render-component.tsx';
import { reviewDetail, reviewItem } from '../utils/review-fixtures.ts';
import { CorrectReviewModal } from './correct-review-modal.tsx';

const ID = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';

function open(item = reviewItem(ID), language: 'es' | 'en' = 'es') {
  const onClose = vi.fn();
  const rendered = renderComponent(<CorrectReviewModal item={item} onClose={onClose} />, { language });
  const form = within(screen.getByTestId('correct-form'));
  const submit = () => rendered.user.click(form.getByTestId('correct-submit'));
  return { ...rendered, onClose, form, submit };
}

describe('CorrectReviewModal', () => {
  it('starts from the reading as held', () => {
    const { form } = open();
    expect((form.getByLabelText('Precio') as HTMLInputElement).value).toBe('3.2');
    expect((form.getByLabelText('Moneda') as HTMLSelectElement).value).toBe('MXN');
    expect((form.getByLabelText('Unidad') as HTMLSelectElement).value).toBe('cm3');
    expect((form.getByLabelText('Impuestos') as HTMLSelectElement).value).toBe('unknown');
    expect(form.getByTestId('correct-original').textContent).toMatch(/^Leído: MXN\s3\.20 \/ cm³$/);
  });

  it('refuses an empty price on its field and sends nothing', async () => {
    const calls = stubFetch(() => ({ status: 500 }));
    const { form, submit, user } = open();
    await user.clear(form.getByLabelText('Precio'));
    await submit();
    await vi.waitFor(() =>
      expect(errorOf(form.getByLabelText('Precio'))).toBe('El precio debe ser mayor que 0'),
    );
    expect(calls).toEqual([]);
  });

  it('sends the corrected price, currency, unit, tax state, note and the currency pin, then closes', async () => {
    const calls = stubFetch(() => ({ status: 201, body: reviewDetail(reviewItem(ID)) }));
    const { form, submit, user, onClose, toasts } = open();
    await user.clear(form.getByLabelText('Precio'));
    await user.type(form.getByLabelText('Precio'), '320');
    await user.selectOptions(form.getByLabelText('Moneda'), 'USD');
    await user.selectOptions(form.getByLabelText('Unidad'), 'piece');
    await user.selectOptions(form.getByLabelText('Impuestos'), 'excluded');
    await user.type(form.getByLabelText('Nota (opcional)'), 'El sitio cotiza en dólares');
    await user.click(form.getByLabelText(/Fijar esta moneda en el objetivo/));
    await submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        method: 'POST',
        url: `/api/v1/reviews/${ID}/correct`,
        body: {
          price: 320,
          currency: 'USD',
          unit: 'piece',
          tax_state: 'excluded',
          note: 'El sitio cotiza en dólares',
          pin_currency: true,
          pin_selectors: false,
        },
      },
    ]);
    expect(toasts().map((t) => [t.type, t.message])).toEqual([
      ['success', 'Impresión FDM 3f2a corregida: la lectura original se conserva'],
    ]);
  });

  it('puts the server’s field errors on their fields and stays open (in English)', async () => {
    stubFetch(() => ({
      status: 400,
      body: {
        detail: 'x',
        errors: [{ field: 'unit', message: 'That unit does not belong to the category' }],
      },
    }));
    const { form, submit, onClose } = open(reviewItem(ID), 'en');
    await submit();
    await vi.waitFor(() =>
      expect(errorOf(form.getByLabelText('Unit'))).toBe('That unit does not belong to the category'),
    );
    expect(form.queryByRole('alert')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers no pin for a reading that did not come from a crawl target', () => {
    const item = reviewItem(ID);
    const { form } = open({ ...item, evidence: { ...item.evidence, crawl_target_id: null } });
    expect((form.getByLabelText(/Fijar esta moneda/) as HTMLInputElement).disabled).toBe(true);
    expect((form.getByLabelText(/Fijar los selectores/) as HTMLInputElement).disabled).toBe(true);
    expect(form.getByText('Sin objetivo de rastreo: no hay nada que fijar.')).toBeTruthy();
  });
});
