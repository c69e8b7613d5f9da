import { useCallback } from 'react';
import type { MessageKey } from '../../i18n/catalogue.ts';
import { lookupMessage } from '../../i18n/catalogue.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { valueText, type ValueKind } from '../../i18n/use-value-label.ts';

/** The extracted fields whose values are codes of the catalogue, and what kind. */
const VALUE_KINDS: Readonly<Record<string, ValueKind>> = {
  unit: 'unit',
  category: 'category',
  price_type: 'price_type',
  subcategory: 'subcategory',
  technology: 'technology',
  material: 'material',
};
const YES_NO_FIELDS = new Set(['includes_tax', 'price_is_minimum']);
const TAX_STATES = new Set(['included', 'excluded', 'unknown']);

/** An extracted field's name and value as the evidence shows them: 'includes_tax' reads "Incluye
 * IVA", 'true' reads "Sí", 'cm3' reads "cm³", 'Milling' reads "Fresado". A field or value outside
 * the catalogue is shown as the extractor named it. */
export function useFieldText() {
  const { t, language } = useTranslation();
  const name = useCallback(
    (field: string) => {
      const key = `evidence.raw.fields.${field}`;
      return lookupMessage(language, key) === undefined ? field : t(key as MessageKey);
    },
    [t, language],
  );
  const value = useCallback(
    (field: string, raw: string) => {
      if (YES_NO_FIELDS.has(field) && (raw === 'true' || raw === 'false')) {
        return raw === 'true' ? t('common.yes') : t('common.no');
      }
      if (field === 'tax_state' && TAX_STATES.has(raw)) {
        return t(`crawl_targets.preview.tax.${raw as 'included' | 'excluded' | 'unknown'}`);
      }
      const kind = VALUE_KINDS[field];
      return kind ? valueText(language, kind, raw) : raw;
    },
    [t, language],
  );
  return { name, value };
}
