import { useCallback } from 'react';
import type { Language } from '@preciofab/shared/catalogue';
import { findValueLabel } from '@preciofab/shared/value-labels';
import { lookupMessage } from './catalogue.ts';
import { useTranslation } from './use-translation.ts';

/** Kinds of coded values the console names from its own catalogue (what its screens show). */
const CONSOLE_GROUPS = {
  unit: 'prices.units',
  category: 'prices.categories',
  price_type: 'prices.types',
  vendor_type: 'vendors.types',
  capability: 'vendors.capabilities',
  region: 'benchmarks.regions',
  report_type: 'reports.types',
} as const;
/** Kinds named by the shared messages (@preciofab/shared/value-labels), as the report files name
 * them: what people typed from the add-price form's lists ('Milling', 'CO2 Laser', 'wood'). */
const SHARED_KINDS = ['subcategory', 'material', 'technology'] as const;
type SharedKind = (typeof SHARED_KINDS)[number];

/** Coded values the console shows in words. */
export type ValueKind = keyof typeof CONSOLE_GROUPS | SharedKind;

const isShared = (kind: ValueKind): kind is SharedKind => (SHARED_KINDS as readonly string[]).includes(kind);

/** `value` of `kind` in words in `language`; a value outside the catalogue is shown as written. */
export function valueText(language: Language, kind: ValueKind, value: string): string {
  if (isShared(kind)) return findValueLabel(language, kind, value) ?? value;
  return lookupMessage(language, `${CONSOLE_GROUPS[kind]}.${value}`) ?? value;
}

/** `valueText` in the active language: 'Milling' → 'Fresado', 'cm3' → 'cm³', 'wood' → 'Madera'. */
export function useValueLabel(): (kind: ValueKind, value: string) => string {
  const { language } = useTranslation();
  return useCallback((kind: ValueKind, value: string) => valueText(language, kind, value), [language]);
}
