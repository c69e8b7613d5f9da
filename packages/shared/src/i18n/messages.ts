import en from './messages.en-US.json' with { type: 'json' };
import es from './messages.es-MX.json' with { type: 'json' };
import type { Language } from '../catalogue.ts';

type Tree = { [k: string]: string | Tree };
const catalogues: Record<Language, Tree> = { es, en };

/** Looks up a dotted key in the shared messages catalogue; an unknown key is returned as is. */
export function translate(lang: Language, key: string, values: Record<string, string | number> = {}): string {
  let node: string | Tree | undefined = catalogues[lang];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  const text = typeof node === 'string' ? node : key;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m));
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
