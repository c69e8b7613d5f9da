import type { Path } from 'react-hook-form';
import { placeServerErrors } from '../../../components/form/server-errors.ts';
import { BANNER, bannerOf } from '../../../components/form/submit-failure.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useCalculateBenchmarks } from '../api/calculate-benchmarks.ts';
import {
  CALCULATION_REGION_OPTIONS,
  CALCULATION_WINDOWS,
  FILTER_CATEGORIES,
} from '../utils/benchmark-filters.ts';
import { CALCULATE_DEFAULTS, calculateFormSchema, type CalculateValues } from '../utils/calculate-form.ts';

const FIELDS = Object.keys(CALCULATE_DEFAULTS) as Path<CalculateValues>[];

/** Spec §2/§5: the benchmark calculation dialog. */
export function CalculateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const calculate = useCalculateBenchmarks();
  const form = useSchemaForm(calculateFormSchema, { defaultValues: CALCULATE_DEFAULTS });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) =>
    calculate.mutate(body, {
      onSuccess: () => {
        toast.success(t('benchmarks.dialog.started'));
        onClose();
      },
      onError: (error) => {
        // Spec §8: a 404 means the backend has no calculation.
        const banner =
          error instanceof ApiError && error.status === 404
            ? t('benchmarks.dialog.not_implemented')
            : placeServerErrors(error, FIELDS, form.setError, t, t('benchmarks.dialog.failed'));
        if (banner) form.setError(BANNER, { type: 'server', message: banner });
      },
    }),
  );

  const banner = bannerOf(form);
  const all = { value: 'all', label: t('benchmarks.dialog.all') };
  return (
    <Modal title={t('benchmarks.dialog.title')} closeLabel={t('benchmarks.dialog.close')} onClose={onClose}>
      <form
        className="modal__form calculate-form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        data-testid="calculate-form"
      >
        <div className="modal__body calculate-form__body">
          {banner && <Alert tone="error">{banner}</Alert>}
          <SelectField
            label={t('benchmarks.dialog.category')}
            data-autofocus
            options={[
              all,
              ...FILTER_CATEGORIES.map((c) => ({ value: c, label: t(`benchmarks.categories.${c}`) })),
            ]}
            {...form.register('category')}
          />
          <SelectField
            label={t('benchmarks.dialog.region')}
            options={[
              all,
              ...CALCULATION_REGION_OPTIONS.map((r) => ({ value: r, label: t(`benchmarks.regions.${r}`) })),
            ]}
            {...form.register('region')}
          />
          <SelectField
            label={t('benchmarks.dialog.time_window')}
            options={CALCULATION_WINDOWS.map((days) => ({
              value: String(days),
              label: t('benchmarks.filters.days', { days }),
            }))}
            {...form.register('time_window_days', { valueAsNumber: true })}
          />
          <TextField
            label={t('benchmarks.dialog.min_observations')}
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
            error={errors.min_observations?.message}
            {...form.register('min_observations')}
          />
          <CheckboxField
            label={t('benchmarks.dialog.force')}
            hint={t('benchmarks.dialog.force_hint')}
            {...form.register('force_recalculation')}
          />
          <Alert tone="info">{t('benchmarks.dialog.info')}</Alert>
        </div>
        <ModalFooter
          cancelLabel={t('benchmarks.dialog.cancel')}
          onCancel={onClose}
          confirmLabel={t('benchmarks.dialog.submit')}
          busy={calculate.isPending}
          confirmTestId="calculate-submit"
        />
      </form>
    </Modal>
  );
}
