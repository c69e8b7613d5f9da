import { useReducer, useState, type FormEvent } from 'react';
import { CATEGORIES, CATEGORY_CATALOGUE, TECHNOLOGIES, type Category } from '@preciofab/shared/catalogue';
import { priceCreateBody } from '@preciofab/shared/contracts/prices';
import type { FieldError } from '@preciofab/shared/errors';
import { translate } from '@preciofab/shared/i18n/messages';
import { toFieldErrors } from '@preciofab/shared/validation';
import { Alert } from '../../../components/ui/alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { americasCurrencyOptions } from '../../../lib/currency-options.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useCreatePrice } from '../api/create-price.ts';
import { useVendorOptions } from '../../../components/vendor-options/get-vendor-options.ts';
import {
  initialPriceForm,
  priceFormReducer,
  toPricePayload,
  type PriceFormField,
} from '../utils/price-form.ts';
import { localToday } from '../../../lib/local-today.ts';
import { isValidUntilAllowed } from '../utils/valid-until.ts';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { useUnitLabel } from '../../../i18n/use-unit-label.ts';

type AddPriceModalProps = {
  onClose: () => void;
  /** A vendor chosen beforehand (e.g. from a vendor's page): the picker is then skipped. */
  vendorId?: string;
};

const FIELDS = Object.keys(initialPriceForm()) as PriceFormField[];
const fieldOf = (path: string): string => path.split('.')[0] ?? path;
const isCategory = (value: string): value is Category => (CATEGORIES as readonly string[]).includes(value);

/** Spec §3/§5: the add-price form, validated with the shared contract before it is sent. */
export function AddPriceModal({ onClose, vendorId }: AddPriceModalProps) {
  const { t, language, locale } = useTranslation();
  const unitLabel = useUnitLabel();
  const create = useCreatePrice();
  const vendors = useVendorOptions(vendorId === undefined);
  const [values, dispatch] = useReducer(priceFormReducer, vendorId, initialPriceForm);
  // Catalogue keys, so the messages follow a language switch.
  const [localErrors, setLocalErrors] = useState<FieldError[]>([]);
  const catalogue = CATEGORY_CATALOGUE[values.category];

  const serverErrors = create.error instanceof ApiError ? create.error.errors : [];
  const fieldError = (field: PriceFormField): string | undefined => {
    const local = localErrors.find((error) => fieldOf(error.field) === field);
    if (local) return translate(language, local.message, local.values);
    return serverErrors.find((error) => fieldOf(error.field) === field)?.message;
  };
  const placedOnField = serverErrors.some((error) => FIELDS.includes(fieldOf(error.field) as PriceFormField));
  const forbidden = create.error instanceof ApiError && create.error.status === 403;
  const banner = !create.error
    ? null
    : forbidden
      ? t('errors.forbidden')
      : placedOnField
        ? null
        : t('prices.form.failed');

  const set = (field: Exclude<PriceFormField, 'category'>, value: string | boolean) =>
    dispatch({ type: 'set', field, value });
  const text = (field: Exclude<PriceFormField, 'category' | 'includes_tax' | 'includes_shipping'>) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    error: fieldError(field),
  });
  const options = (list: readonly string[], label: (value: string) => string = (v) => v) =>
    list.map((value) => ({ value, label: label(value) }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The same schema the server validates with (shared contract), plus the local calendar's today.
    const parsed = priceCreateBody.safeParse(toPricePayload(values));
    const errors = parsed.success ? [] : toFieldErrors(parsed.error.issues);
    if (!isValidUntilAllowed(values.valid_until) && !errors.some((e) => e.field === 'valid_until')) {
      errors.push({ field: 'valid_until', message: 'validation.valid_until_past' });
    }
    setLocalErrors(errors);
    if (!parsed.success || errors.length > 0) {
      create.reset();
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: () => {
        dispatch({ type: 'reset', ...(vendorId === undefined ? {} : { vendorId }) });
        toast.success(t('prices.form.created', { name: parsed.data.service_name }));
        onClose();
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || ![401, 403].includes(error.status))
          toast.error(t('prices.form.failed'));
      },
    });
  }

  return (
    <Modal title={t('prices.form.title')} closeLabel={t('prices.form.close')} onClose={onClose} size="lg">
      <form className="modal__form price-form" onSubmit={onSubmit} noValidate data-testid="price-form">
        <div className="modal__body">
          {banner && (
            <div className="price-form__banner">
              <Alert tone="error">{banner}</Alert>
            </div>
          )}
          <div className="price-form__grid">
            {vendorId === undefined && (
              <SelectField
                label={t('prices.form.vendor')}
                className="price-form__wide"
                data-autofocus
                options={[
                  {
                    value: '',
                    label: vendors.isPending ? t('common.loading') : t('prices.form.vendor_placeholder'),
                  },
                  ...(vendors.data ?? []).map((vendor) => ({ value: vendor.id, label: vendor.name })),
                ]}
                {...text('vendor_id')}
              />
            )}
            <TextField
              label={t('prices.form.service_name')}
              placeholder={t('prices.form.service_name_placeholder')}
              className="price-form__wide"
              {...text('service_name')}
            />
            <SelectField
              label={t('prices.form.category')}
              name="category"
              value={values.category}
              onChange={(event) => {
                if (isCategory(event.target.value))
                  dispatch({ type: 'category', category: event.target.value });
              }}
              options={options(CATEGORIES, (c) => t(`prices.categories.${c as Category}`))}
              error={fieldError('category')}
            />
            <SelectField
              label={t('prices.form.subcategory')}
              options={options(catalogue.subcategories)}
              {...text('subcategory')}
            />
            <SelectField
              label={t('prices.form.technology')}
              options={[
                { value: '', label: t('prices.form.none') },
                ...options(TECHNOLOGIES, (v) => v.toUpperCase()),
              ]}
              {...text('technology')}
            />
            <SelectField
              label={t('prices.form.material')}
              options={[{ value: '', label: t('prices.form.none') }, ...options(catalogue.materials)]}
              {...text('material')}
            />
            <TextField
              label={t('prices.form.price')}
              type="number"
              inputMode="decimal"
              step="any"
              min="0"
              {...text('price')}
            />
            <SelectField
              label={t('prices.form.currency')}
              // MXN, USD, then the Americas' currencies and the euro, named in the UI language.
              options={americasCurrencyOptions(locale)}
              {...text('currency')}
            />
            <SelectField
              label={t('prices.form.unit')}
              options={options(catalogue.units, unitLabel)}
              {...text('unit')}
            />
            <TextField
              label={t('prices.form.minimum_order')}
              type="number"
              inputMode="numeric"
              step="1"
              min="0"
              {...text('minimum_order')}
            />
            <TextField
              label={t('prices.form.lead_time_days')}
              type="number"
              inputMode="numeric"
              step="1"
              min="0"
              {...text('lead_time_days')}
            />
            <TextField
              label={t('prices.form.valid_until')}
              type="date"
              min={localToday()}
              {...text('valid_until')}
            />
            <div className="price-form__checks price-form__wide">
              <CheckboxField
                name="includes_tax"
                label={t('prices.form.includes_tax')}
                checked={values.includes_tax}
                onChange={(event) => set('includes_tax', event.target.checked)}
              />
              <CheckboxField
                name="includes_shipping"
                label={t('prices.form.includes_shipping')}
                checked={values.includes_shipping}
                onChange={(event) => set('includes_shipping', event.target.checked)}
              />
            </div>
            <TextAreaField label={t('prices.form.notes')} className="price-form__wide" {...text('notes')} />
          </div>
        </div>
        <ModalFooter
          cancelLabel={t('prices.form.cancel')}
          onCancel={onClose}
          confirmLabel={create.isPending ? t('prices.form.submitting') : t('prices.form.submit')}
          busy={create.isPending}
          confirmTestId="price-submit"
        />
      </form>
    </Modal>
  );
}
