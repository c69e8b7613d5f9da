const rules = new Map<string, Intl.PluralRules>();

/** The catalogue key of a count: `one` when the language's plural rule says so ("1 moneda"), else
 * `other` ("0 monedas", "2 monedas"). Spanish's 'many' (a million) reads as the other form. */
export function plural<K extends string>(locale: string, count: number, forms: { one: K; other: K }): K {
  let rule = rules.get(locale);
  if (!rule) {
    rule = new Intl.PluralRules(locale);
    rules.set(locale, rule);
  }
  return rule.select(count) === 'one' ? forms.one : forms.other;
}
