import { useEffect, useMemo } from 'react';
import type { FxRate } from '@preciofab/shared/contracts/fx-rates';
import { placeServerErrors } from '../../../components/form/server-errors.ts';
import { BANNER, bannerOf } from '../../../components/form/submit-failure.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { isoCurrencyOptions } from '../../../lib/currency-options.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useUpdateFxRates } from '../api/update-fx-rates.ts';
import {
  fxFormSchema,
  fxServerError,
  rateInForce,
  type FxField,
  type FxFormValues,
} from '../utils/settings-forms.ts';

const FIELDS: readonly FxField[] = ['currency', 'effective_date', 'units_per_usd', 'source'];

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
  const { t, locale } = useTranslation();
  const update = useUpdateFxRates();
  const form = useSchemaForm(fxFormSchema, { defaultValues: initial });
  const { errors } = form.formState;
  const currency = form.watch('currency');
  // The dollar is always 1, so it is not offered.
  const currencies = useMemo(() => isoCurrencyOptions(locale).filter((o) => o.value !== 'USD'), [locale]);

  // An edit starts where the number is.
  useEffect(() => {
    if (editing) form.setFocus('units_per_usd');
  }, [editing, form]);

  const onSubmit = form.handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: () => {
        const [saved = ''] = Object.keys(body.rates);
        toast.success(t('settings.fx.saved', { currency: saved, date: body.effective_date }));
        onDone();
      },
      onError: (error) => {
        const banner = placeServerErrors(
          fxServerError(error),
          FIELDS,
          form.setError,
          t,
          t('settings.fx.failed'),
        );
        if (banner) form.setError(BANNER, { type: 'server', message: banner });
      },
    }),
  );

  const banner = bannerOf(form);
  return (
    <form
      className="settings-form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="fx-form"
    >
      <h3 className="settings-form__title">
        {editing
          ? t('settings.fx.edit_title', { currency: editing.currency, date: editing.effective_date })
          : t('settings.fx.add_title')}
      </h3>
      {banner && <Alert tone="error">{banner}</Alert>}
      <div className="settings-form__grid">
        <SelectField
          label={t('settings.fx.currency')}
          options={[{ value: '', label: t('settings.fx.currency_placeholder') }, ...currencies]}
          error={errors.currency?.message}
          data-testid="fx-currency"
          {...form.register('currency', {
            // A new currency starts from its rate in force, as the first one did.
            onChange: (event: { target: { value: string } }) =>
              form.setValue('units_per_usd', rateInForce(current, event.target.value)),
          })}
        />
        <TextField
          label={t('settings.fx.effective_date')}
          type="date"
          error={errors.effective_date?.message}
          {...form.register('effective_date')}
        />
        <TextField
          label={currency ? t('settings.fx.units_per_usd_of', { currency }) : t('settings.fx.units_per_usd')}
          type="number"
          inputMode="decimal"
          step="any"
          min="0"
          error={errors.units_per_usd?.message}
          data-testid="fx-units"
          {...form.register('units_per_usd')}
        />
        <TextField
          label={t('settings.fx.source')}
          error={errors.source?.message}
          {...form.register('source')}
        />
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
