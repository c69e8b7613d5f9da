import type { Tree } from '../catalogue-types.ts';

/**
 * The texts shown before sign-in, loaded before the first render in the active language only: the
 * sign-in form, the page around it (brand, theme and language switches, footer), the error and
 * not-found pages, the call-level errors and the toasts. Each is a top-level group of the core
 * catalogue (es-MX.json, en-US.json) or a namespace file (namespaces/<name>.<locale>.json). Every
 * other group loads with the signed-in area (router.tsx). boot.<locale>.ts import exactly these.
 */
export const BOOT_GROUPS: readonly string[] = [
  'app',
  'common',
  'errors',
  'error_screen',
  'footer',
  'header',
  'language',
  'login',
  'not_found',
  'theme',
  'toasts',
  'unsubscribe',
];

/** The signed-in part of one language: every group of the core catalogue (its file's text) and
 * every namespace (keyed by file path) that the boot part does not hold. */
export function signedInTexts(coreText: string, namespaces: Readonly<Record<string, Tree>>): Tree {
  const texts: Record<string, string | Tree> = {};
  for (const [group, value] of Object.entries(JSON.parse(coreText) as Tree)) {
    if (!BOOT_GROUPS.includes(group)) texts[group] = value;
  }
  for (const [path, tree] of Object.entries(namespaces)) {
    const name = /([^/]+?)\.[a-z]{2}-[A-Z]{2}\.json$/.exec(path)?.[1];
    if (!name) throw new Error(`${path} is not named <namespace>.<locale>.json`);
    if (!BOOT_GROUPS.includes(name)) texts[name] = tree;
  }
  return texts;
}
