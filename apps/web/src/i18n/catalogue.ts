import type { Language } from '@preciofab/shared/catalogue';
import enUS from './en-US.json';
import esMX from './es-MX.json';

type Tree = { readonly [key: string]: string | Tree };

/** Dotted paths to every text of a catalogue, e.g. 'dashboard.stats.total_vendors'. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type MessageKey = Leaves<typeof esMX>;
export type MessageValues = Record<string, string | number>;

export const CATALOGUES: Record<Language, Tree> = { es: esMX, en: enUS };

export function lookupMessage(language: Language, key: string): string | undefined {
  let node: string | Tree | undefined = CATALOGUES[language];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** Fills {name} placeholders; numbers are formatted for the locale. A missing value stays visible. */
export function interpolate(text: string, values: MessageValues, locale: string): string {
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) return placeholder;
    return typeof value === 'number' ? value.toLocaleString(locale) : value;
  });
}
