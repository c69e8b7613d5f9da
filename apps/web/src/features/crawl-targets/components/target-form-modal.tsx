import { useState, type FormEvent } from 'react';
import { CATEGORIES } from '@preciofab/shared/catalogue';
import type { FieldError } from '@preciofab/shared/errors';
import { translate } from '@preciofab/shared/i18n/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useCreateTarget } from '../api/create-target.ts';
import type { Target } from '../api/get-targets.ts';
import { usePreviewTarget } from '../api/preview-target.ts';
import { useVendorOptions } from '../../../components/vendor-options/get-vendor-options.ts';
import { useUpdateTarget } from '../api/update-target.ts';
import { isoCurrencyOptions } from '../../../lib/currency-options.ts';
import { FREQUENCY_OPTIONS, frequencyChoices } from '../utils/target-display.ts';
import {
  TARGET_FORM_DEFAULTS,
  targetToFormValues,
  validateTargetCreate,
  validateTargetPreview,
  validateTargetUpdate,
  type TargetFormValues,
} from '../utils/target-form.ts';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { TargetPreviewPanel } from './target-preview.tsx';

type Field = keyof TargetFormValues;

/** The crawl-target setup form (spec §2/§5): a new target, or an edit of `target`. */
export function TargetFormModal({ target, onClose }: { target: Target | null; onClose: () => void }) {
  const { t, language, locale } = useTranslation();
  const create = useCreateTarget();
  const update = useUpdateTarget();
  const preview = usePreviewTarget();
  const mutation = target ? update : create;
  const [values, setValues] = useState<TargetFormValues>(
    target ? targetToFormValues(target) : TARGET_FORM_DEFAULTS,
  );
  const [localErrors, setLocalErrors] = useState<FieldError[]>([]);
  const vendors = useVendorOptions(target === null);

  const serverErrors = mutation.error instanceof ApiError ? mutation.error.errors : [];
  const fieldError = (field: Field): string | undefined => {
    const local = localErrors.find((error) => error.field === field);
    if (local) return translate(language, local.message, local.values);
    return serverErrors.find((error) => error.field === field)?.message;
  };
  const placed = serverErrors.some((error) => error.field in TARGET_FORM_DEFAULTS);
  const banner =
    mutation.error && !placed
      ? t(target ? 'crawl_targets.form.update_failed' : 'crawl_targets.form.failed')
      : null;

  const set = <K extends Field>(field: K, value: TargetFormValues[K]) =>
    setValues((previous) => ({ ...previous, [field]: value }));

  /** Test: what the crawler would read at the URL with these settings, saving nothing. */
  function onTest() {
    const result = validateTargetPreview(values);
    setLocalErrors(result.ok ? [] : result.errors);
    if (result.ok) preview.mutate(result.body);
    else preview.reset();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const done = (message: string) => () => {
      toast.success(message);
      setValues(TARGET_FORM_DEFAULTS);
      onClose();
    };
    if (target) {
      const result = validateTargetUpdate(values);
      setLocalErrors(result.ok ? [] : result.errors);
      if (result.ok)
        update.mutate(
          { id: target.id, changes: result.body },
          { onSuccess: done(t('crawl_targets.form.updated')) },
        );
      else update.reset();
      return;
    }
    const result = validateTargetCreate(values);
    setLocalErrors(result.ok ? [] : result.errors);
    if (result.ok) create.mutate(result.body, { onSuccess: done(t('crawl_targets.form.created')) });
    else create.reset();
  }

  const vendorOptions = target
    ? [{ value: target.vendor_id, label: target.vendor_name }]
    : [
        {
          value: '',
          label: vendors.isPending ? t('common.loading') : t('crawl_targets.form.vendor_placeholder'),
        },
        ...(vendors.data ?? []).map((vendor) => ({ value: vendor.id, label: vendor.name })),
      ];
  const frequencies = frequencyChoices(Number(values.frequency_hours)).map((hours) => {
    const listed = FREQUENCY_OPTIONS.find((option) => option === hours);
    return {
      value: String(hours),
      label: listed
        ? t(`crawl_targets.form.frequencies.${listed}`)
        : t('crawl_targets.form.frequencies.other', { hours }),
    };
  });

  return (
    <Modal
      title={target ? t('crawl_targets.form.edit_title') : t('crawl_targets.form.title')}
      closeLabel={t('crawl_targets.form.close')}
      onClose={onClose}
      size={preview.isIdle ? 'md' : 'lg'}
    >
      <form className="modal__form target-form" onSubmit={onSubmit} noValidate data-testid="target-form">
        <div className="modal__body target-form__body">
          {banner && <Alert tone="error">{banner}</Alert>}
          {vendors.isError ? (
            // Without the vendor list, the vendor id can still be typed (spec §5: vendor id).
            <TextField
              label={t('crawl_targets.form.vendor_id')}
              name="vendor_id"
              value={values.vendor_id}
              onChange={(event) => set('vendor_id', event.target.value)}
              error={fieldError('vendor_id')}
              data-autofocus
            />
          ) : (
            <SelectField
              label={t('crawl_targets.form.vendor')}
              name="vendor_id"
              value={values.vendor_id}
              disabled={target !== null}
              onChange={(event) => set('vendor_id', event.target.value)}
              options={vendorOptions}
              error={fieldError('vendor_id')}
              data-autofocus
            />
          )}
          <div className="target-form__url">
            <TextField
              label={t('crawl_targets.form.url')}
              name="url"
              type="url"
              inputMode="url"
              placeholder={t('crawl_targets.form.url_placeholder')}
              value={values.url}
              onChange={(event) => {
                set('url', event.target.value);
                // A result shown for another URL would mislead.
                if (!preview.isIdle) preview.reset();
              }}
              error={fieldError('url')}
            />
            <Button
              variant="secondary"
              className="target-form__test"
              onClick={onTest}
              loading={preview.isPending}
              title={t('crawl_targets.form.test_label')}
              data-testid="target-test"
            >
              {t('crawl_targets.form.test')}
            </Button>
          </div>
          <SelectField
            label={t('crawl_targets.form.category')}
            name="category"
            value={values.category}
            onChange={(event) => {
              const category = CATEGORIES.find((c) => c === event.target.value);
              if (category) set('category', category);
            }}
            options={CATEGORIES.map((c) => ({ value: c, label: t(`crawl_targets.categories.${c}`) }))}
          />
          <SelectField
            label={t('crawl_targets.form.currency')}
            name="currency"
            value={values.currency}
            onChange={(event) => set('currency', event.target.value)}
            options={[
              { value: '', label: t('crawl_targets.form.currency_auto') },
              ...isoCurrencyOptions(locale),
            ]}
            hint={t('crawl_targets.form.currency_hint')}
            error={fieldError('currency')}
          />
          <div className="target-form__row">
            <SelectField
              label={t('crawl_targets.form.frequency')}
              name="frequency_hours"
              value={values.frequency_hours}
              onChange={(event) => set('frequency_hours', event.target.value)}
              options={frequencies}
              error={fieldError('frequency_hours')}
            />
            <TextField
              label={t('crawl_targets.form.priority')}
              name="priority"
              type="number"
              inputMode="numeric"
              min={1}
              max={10}
              step={1}
              value={values.priority}
              onChange={(event) => set('priority', event.target.value)}
              error={fieldError('priority')}
            />
          </div>
          <CheckboxField
            label={t('crawl_targets.form.active')}
            hint={t('crawl_targets.form.active_hint')}
            name="active"
            checked={values.active}
            onChange={(event) => set('active', event.target.checked)}
          />
          <TargetPreviewPanel preview={preview} />
        </div>
        <ModalFooter
          cancelLabel={t('crawl_targets.form.cancel')}
          onCancel={onClose}
          confirmLabel={target ? t('crawl_targets.form.save') : t('crawl_targets.form.submit')}
          busy={mutation.isPending}
          confirmTestId="target-submit"
        />
      </form>
    </Modal>
  );
}
