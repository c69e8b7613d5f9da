import { CATEGORIES, CATEGORY_CATALOGUE, TECHNOLOGIES, type Category } from '@preciofab/shared/catalogue';
import { bannerOf, submitFailure } from '../../../components/form/submit-failure.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useVendorOptions } from '../../../components/vendor-options/get-vendor-options.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useUnitLabel } from '../../../i18n/use-unit-label.ts';
import { useValueLabel } from '../../../i18n/use-value-label.ts';
import { americasCurrencyOptions } from '../../../lib/currency-options.ts';
import { localToday } from '../../../lib/local-today.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useCreatePrice } from '../api/create-price.ts';
import {
  categoryDefaults,
  initialPriceForm,
  priceFormSchema,
  type PriceFormValues,
} from '../utils/price-form.ts';

type AddPriceModalProps = {
  onClose: () => void;
  /** A vendor chosen beforehand (e.g. from a vendor's page): the picker is then skipped. */
  vendorId?: string;
};

type TextFieldName = Exclude<keyof PriceFormValues, 'category' | 'includes_tax' | 'includes_shipping'>;

const isCategory = (value: string): value is Category => (CATEGORIES as readonly string[]).includes(value);

/** Spec §3/§5: the add-price form, validated with the shared contract before it is sent. */
export function AddPriceModal({ onClose, vendorId }: AddPriceModalProps) {
  const { t, locale } = useTranslation();
  const unitLabel = useUnitLabel();
  const valueLabel = useValueLabel();
  const create = useCreatePrice();
  const vendors = useVendorOptions(vendorId === undefined);
  const form = useSchemaForm(priceFormSchema, { defaultValues: initialPriceForm(vendorId) });
  const { errors } = form.formState;
  const banner = bannerOf(form);
  const category = form.watch('category');
  const catalogue = CATEGORY_CATALOGUE[category];

  const text = (field: TextFieldName) => ({ ...form.register(field), error: errors[field]?.message });
  const options = (list: readonly string[], label: (value: string) => string = (v) => v) =>
    list.map((value) => ({ value, label: label(value) }));

  // Spec §4: another category brings its own first subcategory, unit and material.
  const categoryField = form.register('category', {
    onChange: (event: { target: { value: string } }) => {
      if (!isCategory(event.target.value)) return;
      const { subcategory, unit, material } = categoryDefaults(event.target.value);
      form.setValue('subcategory', subcategory);
      form.setValue('unit', unit);
      form.setValue('material', material);
    },
  });

  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        toast.success(t('prices.form.created', { name: body.service_name }));
        onClose();
      },
      onError: submitFailure(form, t, t('prices.form.failed')),
    }),
  );

  return (
    <Modal title={t('prices.form.title')} closeLabel={t('prices.form.close')} onClose={onClose} size="lg">
      <form
        className="modal__form price-form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        data-testid="price-form"
      >
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
              {...categoryField}
              options={options(CATEGORIES, (c) => t(`prices.categories.${c as Category}`))}
              error={errors.category?.message}
            />
            {/* Keyed by the category: a new list of options, set to its first entries. */}
            <SelectField
              key={`subcategory-${category}`}
              label={t('prices.form.subcategory')}
              options={options(catalogue.subcategories, (v) => valueLabel('subcategory', v))}
              {...text('subcategory')}
            />
            <SelectField
              label={t('prices.form.technology')}
              options={[
                { value: '', label: t('prices.form.none') },
                ...options(TECHNOLOGIES, (v) => valueLabel('technology', v)),
              ]}
              {...text('technology')}
            />
            <SelectField
              key={`material-${category}`}
              label={t('prices.form.material')}
              options={[
                { value: '', label: t('prices.form.none') },
                ...options(catalogue.materials, (v) => valueLabel('material', v)),
              ]}
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
              key={`unit-${category}`}
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
              <CheckboxField label={t('prices.form.includes_tax')} {...form.register('includes_tax')} />
              <CheckboxField
                label={t('prices.form.includes_shipping')}
                {...form.register('includes_shipping')}
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
