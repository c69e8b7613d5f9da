import { TAX_STATES } from '@preciofab/shared/catalogue';
import { bannerOf, submitFailure } from '../../../components/form/submit-failure.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useUnitLabel } from '../../../i18n/use-unit-label.ts';
import { americasCurrencyOptions, currencyOptions } from '../../../lib/currency-options.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useCorrectReview } from '../api/correct-review.ts';
import type { ReviewItem } from '../api/get-reviews.ts';
import { correctFormDefaults, correctFormSchema, unitChoices } from '../utils/correct-form.ts';

type Props = { item: Pick<ReviewItem, 'id' | 'observation' | 'evidence'>; onClose: () => void };

/** Corrects a held reading: price, currency, unit and tax state, stored beside the original (which
 * is never overwritten); a correction can pin the target's currency or selectors so the next
 * crawl reads it right. Validated with the contract's schema; the server's field errors land on
 * their fields. */
export function CorrectReviewModal({ item, onClose }: Props) {
  const { t, locale } = useTranslation();
  const format = useFormat();
  const unitLabel = useUnitLabel();
  const correct = useCorrectReview();
  const form = useSchemaForm(correctFormSchema, { defaultValues: correctFormDefaults(item) });
  const { errors } = form.formState;
  const banner = bannerOf(form);
  const { observation: o, evidence } = item;
  const hasTarget = evidence.crawl_target_id !== null;
  const currencies = americasCurrencyOptions(locale);
  const currencyList = currencies.some((c) => c.value === o.currency)
    ? currencies
    : [...currencyOptions([o.currency], locale), ...currencies];

  const onSubmit = form.handleSubmit((body) =>
    correct.mutate(
      { id: item.id, body },
      {
        onSuccess: () => {
          toast.success(t('review.toasts.corrected', { offer: o.offer_name }));
          onClose();
        },
        onError: submitFailure(form, t, t('review.toasts.failed')),
      },
    ),
  );

  return (
    <Modal
      title={t('review.correct.title', { offer: o.offer_name })}
      closeLabel={t('review.detail.close')}
      onClose={onClose}
    >
      <form
        className="modal__form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        data-testid="correct-form"
      >
        <div className="modal__body review-form">
          {banner && <Alert tone="error">{banner}</Alert>}
          <p className="review-form__text">{t('review.correct.text')}</p>
          <p className="review-form__original" data-testid="correct-original">
            {t('review.correct.original', {
              price: t('usd.per_unit', {
                amount: format.money(o.price, o.currency),
                unit: unitLabel(o.unit),
              }),
            })}
          </p>
          <div className="review-form__row">
            <TextField
              label={t('review.correct.price')}
              type="number"
              inputMode="decimal"
              step="any"
              min="0"
              data-autofocus
              error={errors.price?.message}
              {...form.register('price', { valueAsNumber: true })}
            />
            <SelectField
              label={t('review.correct.currency')}
              options={currencyList}
              error={errors.currency?.message}
              {...form.register('currency')}
            />
          </div>
          <div className="review-form__row">
            <SelectField
              label={t('review.correct.unit')}
              options={unitChoices(item).map((unit) => ({ value: unit, label: unitLabel(unit) }))}
              error={errors.unit?.message}
              {...form.register('unit')}
            />
            <SelectField
              label={t('review.correct.tax_state')}
              options={TAX_STATES.map((state) => ({
                value: state,
                label: t(`review.tax_states.${state}`),
              }))}
              error={errors.tax_state?.message}
              {...form.register('tax_state')}
            />
          </div>
          <TextAreaField
            label={t('review.correct.note')}
            maxLength={1000}
            error={errors.note?.message}
            {...form.register('note')}
          />
          <fieldset className="review-form__pins">
            <CheckboxField
              label={t('review.correct.pin_currency')}
              hint={t('review.correct.pin_currency_hint')}
              disabled={!hasTarget}
              {...form.register('pin_currency')}
            />
            <CheckboxField
              label={t('review.correct.pin_selectors')}
              hint={t('review.correct.pin_selectors_hint')}
              disabled={!hasTarget}
              {...form.register('pin_selectors')}
            />
            {errors.pin_selectors?.message && (
              <p className="field__error" role="alert">
                {errors.pin_selectors.message}
              </p>
            )}
            {!hasTarget && <p className="review-form__hint">{t('review.correct.no_target')}</p>}
          </fieldset>
        </div>
        <ModalFooter
          cancelLabel={t('review.correct.cancel')}
          onCancel={onClose}
          confirmLabel={correct.isPending ? t('review.correct.submitting') : t('review.correct.submit')}
          busy={correct.isPending}
          confirmTestId="correct-submit"
        />
      </form>
    </Modal>
  );
}
