import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '@preciofab/shared/catalogue';
import { renderMessage } from '@preciofab/shared/i18n/counted';
import type { Catalogue, MessageValues, Tree } from '../i18n/catalogue-types.ts';

/**
 * Every text of the console, read from the files themselves (the core catalogue and every file in
 * namespaces/), for tests: the console loads its texts by need (i18n/catalogue.ts), a test sees
 * them all at once, whichever part they load with. Node only (node:fs).
 */
// Paths, not URLs: jsdom's URL (component tests) is not the one node:fs takes.
const I18N_DIR = join(dirname(fileURLToPath(import.meta.url)), '../i18n');
const FILE_LOCALES: Record<Language, string> = { es: 'es-MX', en: 'en-US' };

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, Tree>;

function readCatalogue(language: Language): Record<string, string | Tree> {
  const locale = FILE_LOCALES[language];
  const catalogue: Record<string, string | Tree> = readJson(join(I18N_DIR, `${locale}.json`));
  for (const file of readdirSync(join(I18N_DIR, 'namespaces')).sort()) {
    const [, name, fileLocale] = /^(\w+)\.([a-z]{2}-[A-Z]{2})\.json$/.exec(file) ?? [];
    if (!name) throw new Error(`i18n/namespaces/${file} is not named <namespace>.<locale>.json`);
    if (fileLocale === locale) catalogue[name] = readJson(join(I18N_DIR, 'namespaces', file));
  }
  return catalogue;
}

export const CATALOGUES: Record<Language, Tree> = { es: readCatalogue('es'), en: readCatalogue('en') };
/** The same catalogues with their literal shape, for tests that look texts up by path. */
export const MESSAGES = CATALOGUES as unknown as Record<Language, Catalogue>;

export function lookupMessage(language: Language, key: string): string | undefined {
  let node: string | Tree | undefined = CATALOGUES[language];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** i18n/catalogue.ts's renderText over every text. */
export function renderText(language: Language, key: string, values: MessageValues, locale: string): string {
  return renderMessage((k) => lookupMessage(language, k), key, values, locale);
}
