import { useState, type FormEvent } from 'react';
import type { FieldError } from '@preciofab/shared/errors';
import { translate } from '@preciofab/shared/i18n/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useCalculateBenchmarks } from '../api/calculate-benchmarks.ts';
import {
  CALCULATION_REGION_OPTIONS,
  CALCULATION_WINDOWS,
  FILTER_CATEGORIES,
  parseFilter,
} from '../utils/benchmark-filters.ts';
import { CALCULATE_DEFAULTS, validateCalculate, type CalculateValues } from '../utils/calculate-form.ts';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';

type Field = keyof CalculateValues;

/** Spec §2/§5: the benchmark calculation dialog. */
export function CalculateDialog({ onClose }: { onClose: () => void }) {
  const { t, language } = useTranslation();
  const calculate = useCalculateBenchmarks();
  const [values, setValues] = useState<CalculateValues>(CALCULATE_DEFAULTS);
  const [localErrors, setLocalErrors] = useState<FieldError[]>([]);

  const serverErrors = calculate.error instanceof ApiError ? calculate.error.errors : [];
  const fieldError = (field: Field): string | undefined => {
    const local = localErrors.find((error) => error.field === field);
    if (local) return translate(language, local.message, local.values);
    return serverErrors.find((error) => error.field === field)?.message;
  };
  const placed = serverErrors.some((error) => error.field in CALCULATE_DEFAULTS);
  // Spec §8: a 404 means the backend has no calculation; anything else is a plain failure.
  const banner =
    !calculate.error || placed
      ? null
      : calculate.error instanceof ApiError && calculate.error.status === 404
        ? t('benchmarks.dialog.not_implemented')
        : t('benchmarks.dialog.failed');

  const set = <K extends Field>(field: K, value: CalculateValues[K]) =>
    setValues((previous) => ({ ...previous, [field]: value }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateCalculate(values);
    if (!result.ok) {
      setLocalErrors(result.errors);
      calculate.reset();
      return;
    }
    setLocalErrors([]);
    calculate.mutate(result.body, {
      onSuccess: () => {
        toast.success(t('benchmarks.dialog.started'));
        setValues(CALCULATE_DEFAULTS);
        onClose();
      },
    });
  }

  const all = { value: 'all', label: t('benchmarks.dialog.all') };
  return (
    <Modal title={t('benchmarks.dialog.title')} closeLabel={t('benchmarks.dialog.close')} onClose={onClose}>
      <form
        className="modal__form calculate-form"
        onSubmit={onSubmit}
        noValidate
        data-testid="calculate-form"
      >
        <div className="modal__body calculate-form__body">
          {banner && <Alert tone="error">{banner}</Alert>}
          <SelectField
            label={t('benchmarks.dialog.category')}
            name="category"
            value={values.category}
            data-autofocus
            onChange={(event) => set('category', parseFilter(FILTER_CATEGORIES, event.target.value) ?? 'all')}
            options={[
              all,
              ...FILTER_CATEGORIES.map((c) => ({ value: c, label: t(`benchmarks.categories.${c}`) })),
            ]}
          />
          <SelectField
            label={t('benchmarks.dialog.region')}
            name="region"
            value={values.region}
            onChange={(event) =>
              set('region', parseFilter(CALCULATION_REGION_OPTIONS, event.target.value) ?? 'all')
            }
            options={[
              all,
              ...CALCULATION_REGION_OPTIONS.map((r) => ({ value: r, label: t(`benchmarks.regions.${r}`) })),
            ]}
          />
          <SelectField
            label={t('benchmarks.dialog.time_window')}
            name="time_window_days"
            value={String(values.time_window_days)}
            onChange={(event) => {
              const days = parseFilter(CALCULATION_WINDOWS, event.target.value);
              if (days) set('time_window_days', days);
            }}
            options={CALCULATION_WINDOWS.map((days) => ({
              value: String(days),
              label: t('benchmarks.filters.days', { days }),
            }))}
          />
          <TextField
            label={t('benchmarks.dialog.min_observations')}
            name="min_observations"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
            value={values.min_observations}
            onChange={(event) => set('min_observations', event.target.value)}
            error={fieldError('min_observations')}
          />
          <CheckboxField
            label={t('benchmarks.dialog.force')}
            hint={t('benchmarks.dialog.force_hint')}
            name="force_recalculation"
            checked={values.force_recalculation}
            onChange={(event) => set('force_recalculation', event.target.checked)}
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
