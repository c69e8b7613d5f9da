import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { CATEGORIES, CATEGORY_CATALOGUE, REGIONS, type Category } from '@preciofab/shared/catalogue';
import type { AlertRuleCreate, AlertRuleUpdate } from '@preciofab/shared/contracts/alerts';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useVendorOptions } from '../../../components/vendor-options/get-vendor-options.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useValueLabel } from '../../../i18n/use-value-label.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { AlertRule } from '../api/get-alert-rules.ts';
import { useOfferSearch } from '../api/search-offers.ts';
import type { RuleField, RuleFormValues } from '../utils/rule-form.ts';

type Form = UseFormReturn<RuleFormValues, unknown, AlertRuleCreate | AlertRuleUpdate>;
type Option = { value: string; label: string };

const SEARCH_DEBOUNCE_MS = 300;

/** A stored value the list does not offer (a vendor past the picker's 100, a subcategory typed
 * elsewhere) stays a choice, so an edit does not drop it. */
const keep = (options: Option[], value: string, label: string | null): Option[] =>
  value && !options.some((option) => option.value === value)
    ? [...options, { value, label: label ?? value }]
    : options;

/** Where a rule looks: vendor, category and subcategory, region, a single offer (each "any" when
 * left blank), as many of them as its kind reads. */
export function RuleScopeFields({
  form,
  fields,
  rule,
}: {
  form: Form;
  fields: readonly RuleField[];
  rule: AlertRule | null;
}) {
  const { t } = useTranslation();
  const label = useValueLabel();
  const { errors } = form.formState;
  const vendors = useVendorOptions(fields.includes('vendor_id'));
  const category = form.watch('category');

  const vendorOptions = keep(
    [
      { value: '', label: vendors.isPending ? t('alerts.form.loading') : t('alerts.form.any_vendor') },
      ...(vendors.data ?? []).map((vendor) => ({ value: vendor.id, label: vendor.name })),
    ],
    form.getValues('vendor_id'),
    rule?.vendor_name ?? null,
  );
  const subcategories = category ? CATEGORY_CATALOGUE[category as Category].subcategories : [];
  const subcategoryOptions = keep(
    [
      { value: '', label: t('alerts.form.any_subcategory') },
      ...subcategories.map((value) => ({ value, label: label('subcategory', value) })),
    ],
    form.getValues('subcategory'),
    null,
  );

  return (
    <div className="rule-form__fields">
      <p className="rule-form__note">{t('alerts.form.scope_hint')}</p>
      {fields.includes('vendor_id') && (
        <SelectField
          label={t('alerts.form.vendor')}
          {...form.register('vendor_id')}
          options={vendorOptions}
          error={errors.vendor_id?.message}
        />
      )}
      {fields.includes('category') && (
        <div className="rule-form__row">
          <SelectField
            label={t('alerts.form.category')}
            {...form.register('category', {
              // Another category's subcategory would not match anything.
              onChange: () => form.setValue('subcategory', ''),
            })}
            options={[
              { value: '', label: t('alerts.form.any_category') },
              ...CATEGORIES.map((value) => ({ value, label: label('category', value) })),
            ]}
            error={errors.category?.message}
          />
          {fields.includes('subcategory') && (
            <SelectField
              label={t('alerts.form.subcategory')}
              {...form.register('subcategory')}
              disabled={!category}
              options={subcategoryOptions}
              error={errors.subcategory?.message}
            />
          )}
        </div>
      )}
      {fields.includes('region') && (
        <SelectField
          label={t('alerts.form.region')}
          {...form.register('region')}
          options={[
            { value: '', label: t('alerts.form.any_region') },
            ...REGIONS.map((value) => ({ value, label: label('region', value) })),
          ]}
          error={errors.region?.message}
        />
      )}
      {fields.includes('offer_id') && <OfferPicker form={form} rule={rule} />}
    </div>
  );
}

/** A single offer, found by its name or its vendor's (the prices list's search). */
function OfferPicker({ form, rule }: { form: Form; rule: AlertRule | null }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const offers = useOfferSearch(query);
  const found = offers.data ?? [];
  const options = keep(
    [
      { value: '', label: t('alerts.form.any_offer') },
      ...found.map((offer) => ({ value: offer.id, label: `${offer.vendor_name} · ${offer.name}` })),
    ],
    form.getValues('offer_id'),
    rule?.offer_id === form.getValues('offer_id') ? (rule?.offer_name ?? null) : null,
  );
  const status = !query
    ? undefined
    : offers.isFetching
      ? t('alerts.form.offer_searching')
      : t('alerts.form.offer_found', { count: found.length });
  return (
    <div className="rule-form__row">
      <TextField
        label={t('alerts.form.offer_search')}
        type="search"
        placeholder={t('alerts.form.offer_search_placeholder')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        hint={status}
        data-testid="offer-search"
      />
      <SelectField
        label={t('alerts.form.offer')}
        {...form.register('offer_id')}
        options={options}
        error={form.formState.errors.offer_id?.message}
      />
    </div>
  );
}
