/** Elements with nothing inside to mark: the highlight goes on the element itself. */
const VOID = new Set(['IMG', 'INPUT', 'BR', 'HR', 'AREA', 'COL', 'EMBED', 'SOURCE', 'TRACK', 'WBR']);

export type HighlightedSnapshot = { html: string; found: readonly string[] };

/**
 * An inert snapshot (components/evidence/inert-snapshot.ts) with the fields the reviewer checks
 * marked: the content of every element a field's selector matches goes into a `<mark>`, which the
 * browser shows highlighted with no style of its own (the frame, like the console, allows none).
 * A selector that is not CSS (a JSON-LD path) or matches nothing is skipped; `found` names the
 * fields that were marked.
 */
export function highlightSnapshot(
  inertHtml: string,
  selectors: Readonly<Record<string, string>>,
  fields: readonly string[],
): HighlightedSnapshot {
  const doc = new DOMParser().parseFromString(inertHtml, 'text/html');
  const found: string[] = [];
  for (const field of fields) {
    const selector = selectors[field];
    if (!selector) continue;
    let matches: Element[];
    try {
      matches = [...doc.body.querySelectorAll(selector)];
    } catch {
      continue;
    }
    if (matches.length === 0) continue;
    found.push(field);
    for (const element of matches) {
      if (element.closest('mark[data-review-field]')) continue;
      const mark = doc.createElement('mark');
      mark.setAttribute('data-review-field', field);
      if (VOID.has(element.tagName)) {
        element.replaceWith(mark);
        mark.append(element);
      } else {
        mark.append(...element.childNodes);
        element.append(mark);
      }
    }
  }
  return { html: `<!doctype html>${doc.documentElement.outerHTML}`, found };
}
