import { renderMessage, type MessageLookup } from './counted.ts';

/**
 * Checks that a pair of catalogues (es-MX and en-US) says every count in its plural form (the rules
 * of counted.ts), for the tests of both the console's catalogues and the shared messages:
 *
 * - a text whose `{count}` is followed by a word ("{count} proveedores") has its `_one` form in
 *   both languages, and every `_one` form has its other form;
 * - any other number placeholder followed by a word ("{rows} filas") is a counted noun of its
 *   group's `counts` instead, unless `exempt` names the key with the reason it cannot be 1;
 * - every counted noun has both forms, with `{count}` in the other, and no text names its noun
 *   twice ("Objetivos: 3 objetivos").
 */
export type Tree = { readonly [key: string]: unknown };

/** Placeholders that hold a number of things (other than `count`). */
export const NUMBER_PLACEHOLDERS = [
  'days',
  'hours',
  'rows',
  'fields',
  'targets',
  'vendors',
  'pages',
  'observations',
  'sites',
  'errors',
  'valid',
  'invalid',
  'present',
  'required',
  'shown',
  'total',
  'done',
  'selected',
  'limit',
] as const;

export function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else if (value && typeof value === 'object') {
      for (const [k, v] of flatten(value as Tree, `${prefix}${key}.`)) out.set(k, v);
    }
  }
  return out;
}

/** Words a number may stand before without being their count ("{done} de {total}", "{count} en
 * total"). */
const LINK_WORDS = new Set([
  'de',
  'del',
  'en',
  'a',
  'al',
  'y',
  'con',
  'por',
  'of',
  'in',
  'to',
  'and',
  'with',
  'per',
  'from',
]);

/** Unit symbols, the same for any number ("12 MB", "1 s"). */
const UNIT_SYMBOLS = new Set(['s', 'ms', 'h', 'min', 'KB', 'MB', 'GB']);

/** Whether `{name}` stands before a word it counts ("{rows} filas"). */
function countsAWord(text: string, name: string): boolean {
  for (const m of text.matchAll(new RegExp(`\\{${name}\\}\\s+(\\p{L}+)`, 'gu'))) {
    if (!LINK_WORDS.has(m[1]!.toLowerCase()) && !UNIT_SYMBOLS.has(m[1]!)) return true;
  }
  return false;
}
const groupOf = (key: string) => (key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : '');
const isNoun = (key: string) => /(^|\.)counts\.[a-z_]+$/.test(key);

export function pluralProblems(
  catalogues: { es: Tree; en: Tree },
  exempt: Readonly<Record<string, string>> = {},
): string[] {
  const problems: string[] = [];
  const flat = { es: flatten(catalogues.es), en: flatten(catalogues.en) };
  const locales = { es: 'es-MX', en: 'en-US' } as const;

  for (const lang of ['es', 'en'] as const) {
    const texts = flat[lang];
    for (const [key, text] of texts) {
      if (key in exempt) continue;
      if (key.endsWith('_one') && !texts.has(key.slice(0, -4)))
        problems.push(`${lang} ${key}: no other form`);
      if (isNoun(key) && !key.endsWith('_one')) {
        if (!texts.has(`${key}_one`)) problems.push(`${lang} ${key}: counted noun without its _one form`);
        if (!text.includes('{count}')) problems.push(`${lang} ${key}: counted noun without {count}`);
      }
      if (key.endsWith('_one') || isNoun(key)) continue;
      if (countsAWord(text, 'count') && !texts.has(`${key}_one`)) {
        problems.push(`${lang} ${key}: "${text}" has no _one form`);
      }
      for (const name of NUMBER_PLACEHOLDERS) {
        if (!countsAWord(text, name)) continue;
        problems.push(
          `${lang} ${key}: "${text}" writes a word after {${name}}; make it a counted noun (${groupOf(key)}.counts.${name})`,
        );
      }
    }

    // A counted noun is written whole: the text around it must not say its noun again.
    const lookup: MessageLookup = (k) => texts.get(k);
    for (const [key, text] of texts) {
      if (isNoun(key)) continue;
      const group = groupOf(key.replace(/_one$/, ''));
      const values: Record<string, number> = {};
      for (const [, name] of text.matchAll(/\{(\w+)\}/g)) {
        if (name && texts.has(`${group ? `${group}.` : ''}counts.${name}`)) values[name] = 2;
      }
      if (Object.keys(values).length === 0) continue;
      const rendered = renderMessage(lookup, key, values, locales[lang]).toLowerCase();
      for (const name of Object.keys(values)) {
        const noun = renderMessage(
          lookup,
          `${group ? `${group}.` : ''}counts.${name}`,
          { count: 2 },
          locales[lang],
        )
          .replace(/^2\s*/, '')
          .split(/\s+/)[0]!
          .toLowerCase();
        const times = rendered.split(/[^\p{L}]+/u).filter((word) => word === noun).length;
        if (times > 1) problems.push(`${lang} ${key}: "${rendered}" names "${noun}" ${times} times`);
      }
    }
  }
  return problems;
}
