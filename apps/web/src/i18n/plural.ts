import { pluralForm } from '@preciofab/shared/i18n/counted';

/** The catalogue key of a count: `one` when the language's plural rule says so ("1 moneda"), else
 * `other` ("0 monedas", "2 monedas"). Spanish's 'many' (a million) reads as the other form. A text
 * given `{ count }` picks its `_one` form by itself (see catalogue.ts); this is for texts composed
 * of several counted parts. */
export function plural<K extends string>(locale: string, count: number, forms: { one: K; other: K }): K {
  return pluralForm(locale, count) === 'one' ? forms.one : forms.other;
}
