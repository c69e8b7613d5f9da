import type { Language } from './catalogue.ts';
import { translate } from './i18n/messages.ts';

/**
 * Coded values of the catalogue and the data, written as words in the reader's language: the
 * console's lists and forms, the report files and their previews all name them from here
 * (`reports.values.<group>.<code>` in the shared messages).
 *
 * Subcategories, materials and technologies are stored as people and the add-price form wrote
 * them ('Milling', 'CO2 Laser', 'wood', 'PLA'): they are looked up by their folded form
 * ('milling', 'co2_laser', 'wood', 'pla').
 */
export const VALUE_GROUPS = [
  'vendor_type',
  'category',
  'region',
  'tax_state',
  'unit',
  'candidate_status',
  'subcategory',
  'material',
  'technology',
] as const;
export type ValueGroup = (typeof VALUE_GROUPS)[number];

/** 'CO2 Laser' → 'co2_laser', 'Aluminum' → 'aluminum'. */
export const foldValue = (value: string): string =>
  value
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** The label of `value` in `group`, or null when the catalogue has none. */
export function findValueLabel(lang: Language, group: ValueGroup, value: string): string | null {
  for (const code of [value, foldValue(value)]) {
    if (!code) continue;
    const key = `reports.values.${group}.${code}`;
    const label = translate(lang, key);
    if (label !== key) return label;
  }
  return null;
}

/** The label of `value` in `group`; a value the catalogue does not know (a vendor's own
 * subcategory, say) is shown as it was written. */
export const valueLabel = (lang: Language, group: ValueGroup, value: string): string =>
  findValueLabel(lang, group, value) ?? value;
