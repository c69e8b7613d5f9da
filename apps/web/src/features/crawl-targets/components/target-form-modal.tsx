import { CATEGORIES } from '@preciofab/shared/catalogue';
import { bannerOf, submitFailure } from '../../../components/form/submit-failure.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useVendorOptions } from '../../../components/vendor-options/get-vendor-options.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { isoCurrencyOptions } from '../../../lib/currency-options.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useCreateTarget } from '../api/create-target.ts';
import type { Target } from '../api/get-targets.ts';
import { usePreviewTarget } from '../api/preview-target.ts';
import { useUpdateTarget } from '../api/update-target.ts';
import { FREQUENCY_OPTIONS, frequencyChoices } from '../utils/target-display.ts';
import {
  TARGET_FORM_DEFAULTS,
  targetCreateByIdForm,
  targetCreateForm,
  targetPreviewOf,
  targetToFormValues,
  targetUpdateForm,
} from '../utils/target-form.ts';
import { TargetPreviewPanel } from './target-preview.tsx';

/** The crawl-target setup form (spec §2/§5): a new target, or an edit of `target`. */
export function TargetFormModal({ target, onClose }: { target: Target | null; onClose: () => void }) {
  const { t, locale } = useTranslation();
  const create = useCreateTarget();
  const update = useUpdateTarget();
  const preview = usePreviewTarget();
  const vendors = useVendorOptions(target === null);
  // Without the vendor list, the vendor id is typed: its message then names the id (spec §5).
  const schema = target ? targetUpdateForm : vendors.isError ? targetCreateByIdForm : targetCreateForm;
  const form = useSchemaForm(schema, {
    defaultValues: target ? targetToFormValues(target) : TARGET_FORM_DEFAULTS,
  });
  const { errors } = form.formState;
  const banner = bannerOf(form);
  const pending = target ? update.isPending : create.isPending;

  /** Test: what the crawler would read at the URL with these settings, saving nothing. */
  async function onTest() {
    const body = (await form.trigger(['url', 'currency'])) ? targetPreviewOf(form.getValues()) : null;
    if (body) preview.mutate(body);
    else preview.reset();
  }

  const onSubmit = form.handleSubmit((body) => {
    const done = (message: string) => () => {
      toast.success(message);
      onClose();
    };
    if (target) {
      update.mutate(
        { id: target.id, changes: body },
        {
          onSuccess: done(t('crawl_targets.form.updated')),
          onError: submitFailure(form, t, t('crawl_targets.form.update_failed')),
        },
      );
    } else if ('vendor_id' in body) {
      create.mutate(body, {
        onSuccess: done(t('crawl_targets.form.created')),
        onError: submitFailure(form, t, t('crawl_targets.form.failed')),
      });
    }
  });

  const vendorOptions = target
    ? [{ value: target.vendor_id, label: target.vendor_name }]
    : [
        {
          value: '',
          label: vendors.isPending ? t('common.loading') : t('crawl_targets.form.vendor_placeholder'),
        },
        ...(vendors.data ?? []).map((vendor) => ({ value: vendor.id, label: vendor.name })),
      ];
  const frequencies = frequencyChoices(Number(form.watch('frequency_hours'))).map((hours) => {
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
      <form
        className="modal__form target-form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        data-testid="target-form"
      >
        <div className="modal__body target-form__body">
          {banner && <Alert tone="error">{banner}</Alert>}
          {vendors.isError ? (
            // Without the vendor list, the vendor id can still be typed (spec §5: vendor id).
            <TextField
              label={t('crawl_targets.form.vendor_id')}
              {...form.register('vendor_id')}
              error={errors.vendor_id?.message}
              data-autofocus
            />
          ) : (
            <SelectField
              label={t('crawl_targets.form.vendor')}
              {...form.register('vendor_id')}
              disabled={target !== null}
              options={vendorOptions}
              error={errors.vendor_id?.message}
              data-autofocus
            />
          )}
          <div className="target-form__url">
            <TextField
              label={t('crawl_targets.form.url')}
              type="url"
              inputMode="url"
              placeholder={t('crawl_targets.form.url_placeholder')}
              {...form.register('url', {
                // A result shown for another URL would mislead.
                onChange: () => {
                  if (!preview.isIdle) preview.reset();
                },
              })}
              error={errors.url?.message}
            />
            <Button
              variant="secondary"
              className="target-form__test"
              onClick={() => void onTest()}
              loading={preview.isPending}
              title={t('crawl_targets.form.test_label')}
              data-testid="target-test"
            >
              {t('crawl_targets.form.test')}
            </Button>
          </div>
          <SelectField
            label={t('crawl_targets.form.category')}
            {...form.register('category')}
            options={CATEGORIES.map((c) => ({ value: c, label: t(`crawl_targets.categories.${c}`) }))}
          />
          <SelectField
            label={t('crawl_targets.form.currency')}
            {...form.register('currency')}
            options={[
              { value: '', label: t('crawl_targets.form.currency_auto') },
              ...isoCurrencyOptions(locale),
            ]}
            hint={t('crawl_targets.form.currency_hint')}
            error={errors.currency?.message}
          />
          <div className="target-form__row">
            <SelectField
              label={t('crawl_targets.form.frequency')}
              {...form.register('frequency_hours')}
              options={frequencies}
              error={errors.frequency_hours?.message}
            />
            <TextField
              label={t('crawl_targets.form.priority')}
              type="number"
              inputMode="numeric"
              min={1}
              max={10}
              step={1}
              {...form.register('priority')}
              error={errors.priority?.message}
            />
          </div>
          <CheckboxField
            label={t('crawl_targets.form.active')}
            hint={t('crawl_targets.form.active_hint')}
            {...form.register('active')}
          />
          <TargetPreviewPanel preview={preview} />
        </div>
        <ModalFooter
          cancelLabel={t('crawl_targets.form.cancel')}
          onCancel={onClose}
          confirmLabel={target ? t('crawl_targets.form.save') : t('crawl_targets.form.submit')}
          busy={pending}
          confirmTestId="target-submit"
        />
      </form>
    </Modal>
  );
}
