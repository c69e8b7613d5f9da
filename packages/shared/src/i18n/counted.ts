/**
 * How a catalogue text is filled in the reader's language. A placeholder given no value of its own
 * but a `<name>_key` is written as that other text of the catalogue, filled with the same values
 * (a pipeline message names its failure's reason by key: `{ reason_key: 'discovery.errors.tls' }`).
 *
 * How a catalogue text says a number of things in the reader's language, through the language's
 * plural rule (`Intl.PluralRules`), in both the console's catalogues and the shared messages:
 *
 * - A text with a `count` value has its singular beside it as `<key>_one` ("1 proveedor"); the key
 *   itself is every other form ("0 proveedores", "2 proveedores"; Spanish's 'many' reads as it).
 * - A text that counts several things names each by a placeholder that has a counted noun in its
 *   group's `counts` ("pipeline.crawl.started": "Rastreo iniciado: {targets} de {vendors} por
 *   visitar", with "pipeline.crawl.counts.targets_one": "1 objetivo" and
 *   "pipeline.crawl.counts.targets": "{count} objetivos"): a number given for it is written as that
 *   noun, in its form.
 *
 * Numbers are written for the locale ("6,461").
 */
export type MessageLookup = (key: string) => string | undefined;
export type MessageValues = Record<string, string | number>;

const rules = new Map<string, Intl.PluralRules>();

/** `one` when the locale's plural rule says so for `count`, else `other`. */
export function pluralForm(locale: string, count: number): 'one' | 'other' {
  let rule = rules.get(locale);
  if (!rule) {
    rule = new Intl.PluralRules(locale);
    rules.set(locale, rule);
  }
  return rule.select(count) === 'one' ? 'one' : 'other';
}

/** The key of `key`'s text for `values.count`: `<key>_one` when the count is singular and the
 * catalogue has that form, else `key`. */
export function countedKey(
  lookup: MessageLookup,
  key: string,
  values: MessageValues,
  locale: string,
): string {
  const count = values.count;
  if (typeof count !== 'number' || pluralForm(locale, count) !== 'one') return key;
  return lookup(`${key}_one`) === undefined ? key : `${key}_one`;
}

const formatValue = (value: string | number, locale: string) =>
  typeof value === 'number' ? value.toLocaleString(locale) : value;

/** Fills `text` (the text of `key`) with `values`: a number whose placeholder has a counted noun
 * in the key's group (`<group>.counts.<name>`) is written as that noun; other numbers are
 * formatted for the locale; a placeholder given as `<name>_key` is that text; a placeholder
 * without a value stays visible. */
export function fillMessage(
  lookup: MessageLookup,
  key: string,
  text: string,
  values: MessageValues,
  locale: string,
  nested = false,
): string {
  const group = key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : '';
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    const ref = values[`${name}_key`];
    if (value === undefined && typeof ref === 'string' && !nested) {
      const form = countedKey(lookup, ref, values, locale);
      const refText = lookup(form);
      if (refText !== undefined) return fillMessage(lookup, form, refText, values, locale, true);
    }
    if (value === undefined) return placeholder;
    if (typeof value === 'number' && name !== 'count') {
      const noun = `${group ? `${group}.` : ''}counts.${name}`;
      const form = countedKey(lookup, noun, { count: value }, locale);
      const nounText = lookup(form);
      if (nounText !== undefined) return nounText.replace(/\{count\}/g, formatValue(value, locale));
    }
    return formatValue(value, locale);
  });
}

/** A catalogue text in full: its counted form, filled. An unknown key is returned as it is. */
export function renderMessage(
  lookup: MessageLookup,
  key: string,
  values: MessageValues,
  locale: string,
): string {
  const form = countedKey(lookup, key, values, locale);
  const text = lookup(form);
  return text === undefined ? key : fillMessage(lookup, form, text, values, locale);
}
