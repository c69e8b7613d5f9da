import { CRAWL_TYPES } from '@preciofab/shared/catalogue';
import { bannerOf, submitFailure } from '../../../components/form/submit-failure.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useVendorOptions } from '../../../components/vendor-options/get-vendor-options.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useRunCrawl } from '../api/run-crawl.ts';
import {
  CRAWL_CATEGORIES,
  RUN_CRAWL_DEFAULTS,
  runCrawlByIdForm,
  runCrawlForm,
} from '../utils/run-crawl-form.ts';

/** Spec §2 run-crawl modal: crawl type, vendor or category, parallel workers, force. */
export function RunCrawlModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const run = useRunCrawl();
  // The vendor list as it stands (asked for below, once a vendor crawl is chosen): when it could
  // not load, the vendor id is typed and its message names the id.
  const listFailed = useVendorOptions(false).isError;
  const form = useSchemaForm(listFailed ? runCrawlByIdForm : runCrawlForm, {
    defaultValues: RUN_CRAWL_DEFAULTS,
  });
  const { errors } = form.formState;
  const banner = bannerOf(form);
  const type = form.watch('type');
  const vendors = useVendorOptions(type === 'vendor');

  const onSubmit = form.handleSubmit((body) =>
    run.mutate(body, {
      onSuccess: () => {
        toast.success(t('crawl_run.started'));
        onClose();
      },
      onError: submitFailure(form, t, t('crawl_run.failed')),
    }),
  );

  const vendorOptions = [
    { value: '', label: vendors.isPending ? t('common.loading') : t('crawl_run.vendor_placeholder') },
    ...(vendors.data ?? []).map((vendor) => ({ value: vendor.id, label: vendor.name })),
  ];

  return (
    <Modal title={t('crawl_run.title')} closeLabel={t('crawl_run.close')} onClose={onClose}>
      <form
        className="modal__form run-crawl-form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        data-testid="run-crawl-form"
      >
        <div className="modal__body run-crawl-form__body">
          {banner && <Alert tone="error">{banner}</Alert>}
          <fieldset className="run-crawl-form__types">
            <legend className="field__label">{t('crawl_run.type')}</legend>
            {CRAWL_TYPES.map((option) => (
              <label key={option} className="run-crawl-form__type">
                <input
                  type="radio"
                  value={option}
                  {...form.register('type')}
                  {...(option === 'all' ? { 'data-autofocus': true } : {})}
                />
                <span>
                  <span className="run-crawl-form__type-name">{t(`crawl_run.types.${option}`)}</span>
                  <span className="run-crawl-form__type-hint">{t(`crawl_run.type_hints.${option}`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {type === 'vendor' && vendors.isError && (
            // Without the vendor list, the spec's free-text vendor id still works.
            <TextField
              label={t('crawl_run.vendor_id')}
              {...form.register('vendor_id')}
              error={errors.vendor_id?.message}
            />
          )}
          {type === 'vendor' && !vendors.isError && (
            <SelectField
              label={t('crawl_run.vendor')}
              {...form.register('vendor_id')}
              options={vendorOptions}
              error={errors.vendor_id?.message}
            />
          )}
          {type === 'category' && (
            <SelectField
              label={t('crawl_run.category')}
              {...form.register('category')}
              options={[
                { value: '', label: t('crawl_run.category_placeholder') },
                ...CRAWL_CATEGORIES.map((c) => ({ value: c, label: t(`crawl_run.categories.${c}`) })),
              ]}
              error={errors.category?.message}
            />
          )}
          <TextField
            label={t('crawl_run.workers')}
            type="number"
            inputMode="numeric"
            min={1}
            max={10}
            step={1}
            {...form.register('parallel_workers')}
            error={errors.parallel_workers?.message}
          />
          <CheckboxField
            boxed
            label={t('crawl_run.force')}
            hint={t('crawl_run.force_hint')}
            {...form.register('force')}
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
