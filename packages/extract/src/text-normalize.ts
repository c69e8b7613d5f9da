/** Every space-like character fetchers hand us (nbsp, thin and narrow spaces, figure space). */
const SPACES = /[\s\u00a0\u2000-\u200b\u202f\u205f\u3000]+/g;

/** Collapses runs of any kind of space into one plain space. */
export function collapseSpaces(text: string): string {
  return text.replace(SPACES, ' ').trim();
}

/** Lower-case, accent-free, single-spaced text for dictionary matching ("Impresión" → "impresion").
 * Superscripts stay (cm³) because unit patterns look for them. */
export function foldText(text: string): string {
  return collapseSpaces(
    text
      // Element boundaries (dom.ts BOUNDARY) are no part of a word.
      .replace(/\u2063/g, '')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase(),
  );
}

/** The key two offers' names are compared by: folded, punctuation dropped. */
export function nameKey(text: string): string {
  return foldText(text)
    .replace(/[^\p{L}\p{N}³²]+/gu, ' ')
    .trim();
}

/** Like foldText but one output character per input character, so a match's indexes in the
 * folded text are its indexes in the original (to quote the page's own words back). */
export function foldKeepingLength(text: string): string {
  let out = '';
  for (const ch of text) {
    const lower = ch.toLowerCase();
    const bare = lower.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    const one = bare.length === ch.length ? bare : ch;
    out += /[\s\u00a0\u2000-\u200b\u202f\u205f\u3000]/.test(one) ? ' ' : one;
  }
  return out;
}

/** A part of a URL, or '' when the text is not a URL. */
export function urlPart(url: string, part: 'hostname' | 'pathname'): string {
  try {
    return new URL(url)[part];
  } catch {
    return '';
  }
}
