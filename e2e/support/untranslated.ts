/// <reference lib="dom" />
import type { Page } from 'playwright-core';

/**
 * What a reader of the Spanish console must never see: English words of the catalogue and the
 * screens (category values, units, UI words, Node's error codes), raw booleans and a raw
 * snake_case code. Chosen so no Spanish catalogue text matches (a test in spanish.e2e.ts checks
 * that): "Láser" and "Resina" do not match "Laser" and "Resin", "Metal", "Nylon", "Global",
 * "Makerspace" and "Sitemap" are Spanish too and are left out.
 */
const CATALOGUE_WORDS =
  /\b(Milling|Turning|Grinding|Lasers?|Filaments?|Aluminum|Acrylic|Resins?|Steel|Brass|Copper|Plastic|Wood|Fabric|Paper|Leather|Sheets|Rods|Powders)\b/i;
const SCREEN_WORDS =
  /\b(Vendors?|Prices?|Pricing|Reports?|Benchmarks?|Targets?|Crawls?|Discovery|Dashboard|Settings|Loading|Search|Cancel|Save|Delete|Close|Unknown|None|Yes|pieces?|hours?|minutes?|liters?|false|true|null|undefined|NaN|Invalid Date|Mexico|getaddrinfo|ENOTFOUND|ECONNREFUSED|ECONNRESET|could not|failed|answered|did not answer|Home page)\b/;

/** Whether a text holds an English word of the lists: catalogue values in any case (as stored,
 * 'wood', or as the add-price form wrote them, 'Wood'), the screens' words as written. */
export const hasEnglish = (text: string): boolean => CATALOGUE_WORDS.test(text) || SCREEN_WORDS.test(text);

/** A code as stored ('additive_manufacturing', 'service_per_part'). */
export const SNAKE_CASE = /\b[a-z]+_[a-z_]+\b/;

/** A catalogue placeholder left unfilled ('Últimos {days} días' rendered without its days). */
export const PLACEHOLDER = /\{[a-z_]+\}/;

/** Technical names a reader must type as they are: the columns a vendor CSV and an exchange-rate
 * file carry (the import forms name them). */
export const TECHNICAL_TOKENS = ['contact_email', 'contact_phone', 'units_per_usd'];

/** Every text a reader of the page sees: visible text (an open select's options included), the
 * names assistive technology reads (aria-label, alt, placeholder) and the values prefilled in
 * inputs. Left out: `code` and `pre` (technical text by design), the folded contents of a closed
 * `<details>`, and `title` attributes, where the technical detail of a translated message lives. */
export async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const technical = (el: Element) => el.closest('code, pre, script, style, noscript') !== null;
    const folded = (el: Element) => {
      for (let d = el.closest('details'); d; d = d.parentElement?.closest('details') ?? null) {
        if (!(d as HTMLDetailsElement).open && !el.closest('summary')) return true;
      }
      return false;
    };
    const shown = (el: Element) =>
      !technical(el) &&
      !folded(el) &&
      el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true } as CheckVisibilityOptions);

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const el = node.parentElement;
      if (!text || !el) continue;
      const select = el.closest('select');
      if (select ? shown(select) : shown(el)) out.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [alt], [placeholder]')) {
      if (!shown(el)) continue;
      for (const name of ['aria-label', 'alt', 'placeholder']) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    }
    const fields = document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'input:not([type=hidden]):not([type=password]):not([type=checkbox]):not([type=radio]):not([type=file]):not([type=number]):not([type=date]), textarea',
    );
    for (const field of fields) if (shown(field) && field.value.trim()) out.push(field.value.trim());
    return out;
  });
}

/** The texts that show an English word or a raw code, once the user's own data (vendor names, offer
 * names, URLs…) is taken out of them, whole words only. */
export function untranslated(texts: readonly string[], userData: readonly string[]): string[] {
  const suspect = (text: string) => {
    let rest = text;
    for (const token of TECHNICAL_TOKENS) rest = rest.split(token).join(' ');
    return hasEnglish(rest) || SNAKE_CASE.test(rest) || PLACEHOLDER.test(rest);
  };
  // Longest first, so a name is taken out before a shorter name inside it.
  const data = [...new Set(userData.map((s) => s.trim()).filter((s) => s.length > 2))]
    .sort((a, b) => b.length - a.length)
    .map((item) => ({
      item,
      whole: new RegExp(
        `(?<![\\p{L}\\p{N}])${item.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`,
        'gu',
      ),
    }));
  const found = new Set<string>();
  for (const text of texts) {
    if (!suspect(text)) continue;
    let rest = text;
    for (const { item, whole } of data) if (rest.includes(item)) rest = rest.replace(whole, ' ');
    if (suspect(rest)) found.add(text);
  }
  return [...found];
}
