import en from './messages.en-US.json' with { type: 'json' };
import es from './messages.es-MX.json' with { type: 'json' };
import type { Language } from '../catalogue.ts';
import { renderMessage, type MessageValues } from './counted.ts';

type Tree = { [k: string]: string | Tree };
const catalogues: Record<Language, Tree> = { es, en };

/** The locale each language writes numbers, dates and plurals in. */
export const MESSAGE_LOCALES: Record<Language, string> = { es: 'es-MX', en: 'en-US' };

function lookup(lang: Language, key: string): string | undefined {
  let node: string | Tree | undefined = catalogues[lang];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** Looks up a dotted key in the shared messages catalogue and fills it, counts in their plural
 * form and numbers written for the language (see counted.ts); an unknown key is returned as is. */
export function translate(lang: Language, key: string, values: MessageValues = {}): string {
  return renderMessage((k) => lookup(lang, k), key, values, MESSAGE_LOCALES[lang]);
}

/** Picks es or en from an Accept-Language header; Spanish is the product's default. */
export function negotiateLanguage(header: string | undefined): Language {
  if (!header) return 'es';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', q] = part.trim().split(';q=');
      return { tag: tag.toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('es')) return 'es';
    if (tag.startsWith('en')) return 'en';
  }
  return 'es';
}
