import { useState, type FormEvent } from 'react';
import { CRAWL_TYPES } from '@preciofab/shared/catalogue';
import type { FieldError } from '@preciofab/shared/errors';
import { translate } from '@preciofab/shared/i18n/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useVendorOptions } from '../../../components/vendor-options/get-vendor-options.ts';
import { useRunCrawl } from '../api/run-crawl.ts';
import {
  CRAWL_CATEGORIES,
  RUN_CRAWL_DEFAULTS,
  validateRunCrawl,
  type RunCrawlValues,
} from '../utils/run-crawl-form.ts';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';

type Field = keyof RunCrawlValues;

/** Spec §2 run-crawl modal: crawl type, vendor or category, parallel workers, force. */
export function RunCrawlModal({ onClose }: { onClose: () => void }) {
  const { t, language } = useTranslation();
  const run = useRunCrawl();
  const [values, setValues] = useState<RunCrawlValues>(RUN_CRAWL_DEFAULTS);
  const [localErrors, setLocalErrors] = useState<FieldError[]>([]);
  const vendors = useVendorOptions(values.type === 'vendor');

  const serverErrors = run.error instanceof ApiError ? run.error.errors : [];
  const fieldError = (field: Field): string | undefined => {
    const local = localErrors.find((error) => error.field === field);
    if (local) return translate(language, local.message, local.values);
    return serverErrors.find((error) => error.field === field)?.message;
  };
  const placed = serverErrors.some((error) => error.field in RUN_CRAWL_DEFAULTS);
  const banner = run.error && !placed ? t('crawl_run.failed') : null;

  const set = <K extends Field>(field: K, value: RunCrawlValues[K]) =>
    setValues((previous) => ({ ...previous, [field]: value }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateRunCrawl(values);
    if (!result.ok) {
      setLocalErrors(result.errors);
      run.reset();
      return;
    }
    setLocalErrors([]);
    run.mutate(result.body, {
      onSuccess: () => {
        toast.success(t('crawl_run.started'));
        setValues(RUN_CRAWL_DEFAULTS);
        onClose();
      },
    });
  }

  const vendorOptions = [
    { value: '', label: vendors.isPending ? t('common.loading') : t('crawl_run.vendor_placeholder') },
    ...(vendors.data ?? []).map((vendor) => ({ value: vendor.id, label: vendor.name })),
  ];

  return (
    <Modal title={t('crawl_run.title')} closeLabel={t('crawl_run.close')} onClose={onClose}>
      <form
        className="modal__form run-crawl-form"
        onSubmit={onSubmit}
        noValidate
        data-testid="run-crawl-form"
      >
        <div className="modal__body run-crawl-form__body">
          {banner && <Alert tone="error">{banner}</Alert>}
          <fieldset className="run-crawl-form__types">
            <legend className="field__label">{t('crawl_run.type')}</legend>
            {CRAWL_TYPES.map((type) => (
              <label key={type} className="run-crawl-form__type">
                <input
                  type="radio"
                  name="type"
                  value={type}
                  checked={values.type === type}
                  onChange={() => set('type', type)}
                  {...(type === 'all' ? { 'data-autofocus': true } : {})}
                />
                <span>
                  <span className="run-crawl-form__type-name">{t(`crawl_run.types.${type}`)}</span>
                  <span className="run-crawl-form__type-hint">{t(`crawl_run.type_hints.${type}`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {values.type === 'vendor' && vendors.isError && (
            // Without the vendor list, the spec's free-text vendor id still works.
            <TextField
              label={t('crawl_run.vendor_id')}
              name="vendor_id"
              value={values.vendor_id}
              onChange={(event) => set('vendor_id', event.target.value)}
              error={fieldError('vendor_id')}
            />
          )}
          {values.type === 'vendor' && !vendors.isError && (
            <SelectField
              label={t('crawl_run.vendor')}
              name="vendor_id"
              value={values.vendor_id}
              onChange={(event) => set('vendor_id', event.target.value)}
              options={vendorOptions}
              error={fieldError('vendor_id')}
            />
          )}
          {values.type === 'category' && (
            <SelectField
              label={t('crawl_run.category')}
              name="category"
              value={values.category}
              onChange={(event) =>
                set('category', CRAWL_CATEGORIES.find((c) => c === event.target.value) ?? '')
              }
              options={[
                { value: '', label: t('crawl_run.category_placeholder') },
                ...CRAWL_CATEGORIES.map((c) => ({ value: c, label: t(`crawl_run.categories.${c}`) })),
              ]}
              error={fieldError('category')}
            />
          )}
          <TextField
            label={t('crawl_run.workers')}
            name="parallel_workers"
            type="number"
            inputMode="numeric"
            min={1}
            max={10}
            step={1}
            value={values.parallel_workers}
            onChange={(event) => set('parallel_workers', event.target.value)}
            error={fieldError('parallel_workers')}
          />
          <CheckboxField
            boxed
            label={t('crawl_run.force')}
            hint={t('crawl_run.force_hint')}
            name="force"
            checked={values.force}
            onChange={(event) => set('force', event.target.checked)}
          />
          <Alert tone="info">{t('crawl_run.info')}</Alert>
        </div>
        <ModalFooter
          cancelLabel={t('crawl_run.cancel')}
          onCancel={onClose}
          confirmLabel={run.isPending ? t('crawl_run.starting') : t('crawl_run.start')}
          busy={run.isPending}
          confirmTestId="run-crawl-submit"
        />
      </form>
    </Modal>
  );
}
