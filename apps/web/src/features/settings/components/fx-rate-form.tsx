import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { fxRatesUpdateBody, type FxRate } from '@preciofab/shared/contracts/fx-rates';
import type { FieldError } from '@preciofab/shared/errors';
import { translate } from '@preciofab/shared/i18n/messages';
import { toFieldErrors } from '@preciofab/shared/validation';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { isoCurrencyOptions } from '../../../lib/currency-options.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useUpdateFxRates } from '../api/update-fx-rates.ts';
import {
  fxCurrencyErrors,
  fxFieldOf,
  rateInForce,
  toFxPayload,
  type FxField,
  type FxFormValues,
} from '../utils/settings-forms.ts';

type FxRateFormProps = {
  /** What the form starts with: a new rate, or an existing one to edit. */
  initial: FxFormValues;
  /** The rate being edited, if any: the title names it and Cancel goes back to a new rate. */
  editing: FxRate | null;
  /** The rates in force today: choosing a currency fills in its rate. */
  current: readonly FxRate[];
  onDone: () => void;
};

/** Admins set the rate of any active currency (units per US dollar) in force from a date, or
 * correct an existing one: saved on the same date, it replaces it. */
export function FxRateForm({ initial, editing, current, onDone }: FxRateFormProps) {
  const { t, language, locale } = useTranslation();
  const update = useUpdateFxRates();
  const [values, setValues] = useState<FxFormValues>(initial);
  const [localErrors, setLocalErrors] = useState<FieldError[]>([]);
  const unitsRef = useRef<HTMLInputElement>(null);
  // The dollar is always 1, so it is not offered.
  const currencies = useMemo(() => isoCurrencyOptions(locale).filter((o) => o.value !== 'USD'), [locale]);

  // An edit starts where the number is.
  useEffect(() => {
    if (editing) unitsRef.current?.focus();
  }, [editing]);

  const serverErrors = update.error instanceof ApiError ? update.error.errors : [];
  const fieldError = (field: FxField): string | undefined => {
    const local = localErrors.find((error) => fxFieldOf(error) === field);
    if (local) return translate(language, local.message, local.values);
    return serverErrors.find((error) => fxFieldOf(error) === field)?.message;
  };
  const placed = serverErrors.some((error) => fxFieldOf(error) !== null);
  const banner = update.error && !placed ? t('settings.fx.failed') : null;

  const input = (field: Exclude<FxField, 'currency'>) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((previous) => ({ ...previous, [field]: event.target.value })),
    error: fieldError(field),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = fxRatesUpdateBody.safeParse(toFxPayload(values));
    const errors = [
      ...fxCurrencyErrors(values),
      ...(parsed.success ? [] : toFieldErrors(parsed.error.issues)),
    ];
    setLocalErrors(errors);
    if (!parsed.success || errors.length > 0) {
      update.reset();
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(
          t('settings.fx.saved', { currency: values.currency, date: parsed.data.effective_date }),
        );
        onDone();
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || ![401, 403].includes(error.status))
          toast.error(t('settings.fx.failed'));
      },
    });
  }

  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate data-testid="fx-form">
      <h3 className="settings-form__title">
        {editing
          ? t('settings.fx.edit_title', { currency: editing.currency, date: editing.effective_date })
          : t('settings.fx.add_title')}
      </h3>
      {banner && <Alert tone="error">{banner}</Alert>}
      <div className="settings-form__grid">
        <SelectField
          label={t('settings.fx.currency')}
          name="currency"
          value={values.currency}
          onChange={(event) => {
            const currency = event.target.value;
            // A new currency starts from its rate in force, as the first one did.
            setValues((previous) => ({
              ...previous,
              currency,
              units_per_usd: rateInForce(current, currency),
            }));
          }}
          options={[{ value: '', label: t('settings.fx.currency_placeholder') }, ...currencies]}
          error={fieldError('currency')}
          data-testid="fx-currency"
        />
        <TextField label={t('settings.fx.effective_date')} type="date" {...input('effective_date')} />
        <TextField
          ref={unitsRef}
          label={
            values.currency
              ? t('settings.fx.units_per_usd_of', { currency: values.currency })
              : t('settings.fx.units_per_usd')
          }
          type="number"
          inputMode="decimal"
          step="any"
          min="0"
          data-testid="fx-units"
          {...input('units_per_usd')}
        />
        <TextField label={t('settings.fx.source')} {...input('source')} />
      </div>
      <div className="settings-form__actions">
        {editing && (
          <Button type="button" variant="secondary" onClick={onDone} data-testid="fx-cancel-edit">
            {t('settings.fx.cancel_edit')}
          </Button>
        )}
        <Button type="submit" loading={update.isPending} data-testid="fx-submit">
          {update.isPending ? t('settings.fx.saving') : t('settings.fx.save')}
        </Button>
      </div>
    </form>
  );
}
