import { useState, type FormEvent } from 'react';
import { fxRatesUpdateBody, type FxRate } from '@preciofab/shared/contracts/fx-rates';
import type { FieldError } from '@preciofab/shared/errors';
import { translate } from '@preciofab/shared/i18n/messages';
import { toFieldErrors } from '@preciofab/shared/validation';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useUpdateFxRates } from '../api/update-fx-rates.ts';
import {
  fxFieldOf,
  initialFxForm,
  toFxPayload,
  type FxField,
  type FxFormValues,
} from '../utils/settings-forms.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** Admins set the MXN and EUR rates (units per US dollar) in force from a date. */
export function FxRateForm({ rates }: { rates: readonly FxRate[] }) {
  const { t, language } = useTranslation();
  const update = useUpdateFxRates();
  const [values, setValues] = useState<FxFormValues>(() => initialFxForm(rates, today()));
  const [localErrors, setLocalErrors] = useState<FieldError[]>([]);

  const serverErrors = update.error instanceof ApiError ? update.error.errors : [];
  const fieldError = (field: FxField): string | undefined => {
    const local = localErrors.find((error) => fxFieldOf(error.field) === field);
    if (local) return translate(language, local.message, local.values);
    return serverErrors.find((error) => fxFieldOf(error.field) === field)?.message;
  };
  const placed = serverErrors.some((error) => fxFieldOf(error.field) !== null);
  const banner = update.error && !placed ? t('settings.fx.failed') : null;

  const input = (field: FxField) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((previous) => ({ ...previous, [field]: event.target.value })),
    error: fieldError(field),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = fxRatesUpdateBody.safeParse(toFxPayload(values));
    if (!parsed.success) {
      setLocalErrors(toFieldErrors(parsed.error.issues));
      update.reset();
      return;
    }
    setLocalErrors([]);
    update.mutate(parsed.data, {
      onSuccess: () => toast.success(t('settings.fx.saved', { date: parsed.data.effective_date })),
      onError: (error) => {
        if (!(error instanceof ApiError) || ![401, 403].includes(error.status))
          toast.error(t('settings.fx.failed'));
      },
    });
  }

  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate data-testid="fx-form">
      <h3 className="settings-form__title">{t('settings.fx.edit_title')}</h3>
      {banner && <Alert tone="error">{banner}</Alert>}
      <div className="settings-form__grid">
        <TextField label={t('settings.fx.effective_date')} type="date" {...input('effective_date')} />
        <TextField
          label={t('settings.fx.mxn')}
          type="number"
          inputMode="decimal"
          step="any"
          min="0"
          {...input('MXN')}
        />
        <TextField
          label={t('settings.fx.eur')}
          type="number"
          inputMode="decimal"
          step="any"
          min="0"
          {...input('EUR')}
        />
        <TextField label={t('settings.fx.source')} {...input('source')} />
      </div>
      <div className="settings-form__actions">
        <Button type="submit" loading={update.isPending} data-testid="fx-submit">
          {update.isPending ? t('settings.fx.saving') : t('settings.fx.save')}
        </Button>
      </div>
    </form>
  );
}
