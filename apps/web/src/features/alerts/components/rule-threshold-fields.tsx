import type { UseFormReturn } from 'react-hook-form';
import type { AlertRuleCreate, AlertRuleUpdate } from '@preciofab/shared/contracts/alerts';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { isoCurrencyOptions } from '../../../lib/currency-options.ts';
import { CONFIDENCE_CHOICES, type RuleField, type RuleFormValues } from '../utils/rule-form.ts';

type Form = UseFormReturn<RuleFormValues, unknown, AlertRuleCreate | AlertRuleUpdate>;

/** The thresholds a rule's kind reads: a change in % and/or an amount, crawls, failures, confidence. */
export function RuleThresholdFields({
  form,
  fields,
  confidenceRequired,
}: {
  form: Form;
  fields: readonly RuleField[];
  /** The kind needs a confidence (discovery): no "any" choice. */
  confidenceRequired: boolean;
}) {
  const { t, locale } = useTranslation();
  const fmt = useFormat();
  const { errors } = form.formState;
  const saved = Number(form.getValues('min_confidence'));
  const confidences = [...CONFIDENCE_CHOICES];
  if (form.getValues('min_confidence') !== '' && !confidences.some((c) => c === saved)) {
    confidences.push(saved as (typeof CONFIDENCE_CHOICES)[number]);
    confidences.sort((a, b) => a - b);
  }
  const number = (
    name: 'change_percent' | 'change_amount' | 'missed_crawls' | 'failures',
    integer: boolean,
  ) => ({
    type: 'number',
    inputMode: integer ? ('numeric' as const) : ('decimal' as const),
    min: integer ? 1 : 0,
    step: integer ? 1 : 'any',
    ...form.register(name),
    error: errors[name]?.message,
  });

  return (
    <div className="rule-form__fields">
      {fields.includes('change_percent') && (
        <TextField
          label={t('alerts.form.change_percent')}
          hint={t('alerts.form.change_percent_hint')}
          {...number('change_percent', false)}
        />
      )}
      {fields.includes('change_amount') && (
        <div className="rule-form__row">
          <TextField
            label={t('alerts.form.change_amount')}
            hint={t('alerts.form.change_amount_hint')}
            {...number('change_amount', false)}
          />
          <SelectField
            label={t('alerts.form.change_currency')}
            {...form.register('change_currency')}
            options={isoCurrencyOptions(locale)}
            error={errors.change_currency?.message}
          />
        </div>
      )}
      {fields.includes('missed_crawls') && (
        <TextField label={t('alerts.form.missed_crawls')} max={100} {...number('missed_crawls', true)} />
      )}
      {fields.includes('failures') && (
        <TextField label={t('alerts.form.failures')} max={100} {...number('failures', true)} />
      )}
      {fields.includes('min_confidence') && (
        <SelectField
          label={t('alerts.form.min_confidence')}
          {...form.register('min_confidence')}
          options={[
            ...(confidenceRequired ? [] : [{ value: '', label: t('alerts.form.any_confidence') }]),
            ...confidences.map((value) => ({ value: String(value), label: fmt.scorePercent(value) })),
          ]}
          error={errors.min_confidence?.message}
        />
      )}
    </div>
  );
}
