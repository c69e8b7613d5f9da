import type { Language } from '@preciofab/shared/catalogue';
import { renderMessage } from '@preciofab/shared/i18n/counted';
import type { MessageValues, Tree } from './catalogue-types.ts';

export type { Catalogue, MessageKey, MessageValues } from './catalogue-types.ts';

/**
 * The console's texts load by need, one language at a time (issue 14): the `boot` part (what shows
 * before sign-in: parts/groups.ts) before the first render, the `signed-in` part (every other
 * screen) with the signed-in layout, and another language's parts when the user switches to it.
 * Each part of each language is a chunk of its own (parts/).
 */
export type CataloguePart = 'boot' | 'signed-in';

const LOADERS: Record<CataloguePart, Record<Language, () => Promise<{ texts: Tree }>>> = {
  boot: { es: () => import('./parts/boot.es-MX.ts'), en: () => import('./parts/boot.en-US.ts') },
  'signed-in': {
    es: () => import('./parts/signed-in.es-MX.ts'),
    en: () => import('./parts/signed-in.en-US.ts'),
  },
};

const texts: Record<Language, Record<string, string | Tree>> = { es: {}, en: {} };
const loaded: Record<Language, Set<CataloguePart>> = { es: new Set(), en: new Set() };
const loading = new Map<string, Promise<void>>();
/** The parts the console has asked for so far: a language switch loads them all first. */
const wanted = new Set<CataloguePart>(['boot']);

/** Adds texts to a language's catalogue and counts `parts` as there. The console's loads go
 * through here; component tests preload every text with it (src/testing/component-setup.ts). */
export function provideTexts(language: Language, parts: readonly CataloguePart[], tree: Tree): void {
  Object.assign(texts[language], tree);
  for (const part of parts) loaded[language].add(part);
}

function loadPart(language: Language, part: CataloguePart): Promise<void> {
  if (loaded[language].has(part)) return Promise.resolve();
  const id = `${part}.${language}`;
  let promise = loading.get(id);
  if (!promise) {
    promise = LOADERS[part][language]()
      .then((module) => provideTexts(language, [part], module.texts))
      .finally(() => loading.delete(id));
    loading.set(id, promise);
  }
  return promise;
}

/** Whether every part asked for so far is there in `language` (so it can show without a key). */
export function cataloguesReady(language: Language): boolean {
  return [...wanted].every((part) => loaded[language].has(part));
}

/**
 * Asks for `parts` from now on (in every language the user switches to) and resolves once every
 * part asked for is there in `language`, a part asked for meanwhile included (the signed-in area
 * opening during a language switch). Rejects when a chunk cannot be fetched; a later call tries again.
 */
export async function loadCatalogues(
  language: Language,
  parts: readonly CataloguePart[] = [],
): Promise<void> {
  for (const part of parts) wanted.add(part);
  while (!cataloguesReady(language)) {
    await Promise.all([...wanted].map((part) => loadPart(language, part)));
  }
}

export function lookupMessage(language: Language, key: string): string | undefined {
  let node: string | Tree | undefined = texts[language];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The text of `key` filled with `values`: a count in its plural form (`<key>_one`, and counted
 * nouns in the group's `counts`; see @preciofab/shared/i18n/counted), numbers formatted for the
 * locale, a missing value left visible, an unknown key shown as itself. */
export function renderText(language: Language, key: string, values: MessageValues, locale: string): string {
  return renderMessage((k) => lookupMessage(language, k), key, values, locale);
}
