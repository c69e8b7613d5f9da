import type { CheerioAPI } from 'cheerio';
import { cssPath, loadVisible, pageTitle } from '../dom.ts';
import type { ExtractContext, ExtractedOffer } from '../offer.ts';
import { buildOffer } from '../offer-builder.ts';
import { declaredCurrency, detectTax, isMinimumPrice, tierQuantity } from '../price-notes.ts';
import { findPrices, type PriceMatch } from '../price-parser.ts';
import { parseUnit } from '../unit-parser.ts';
import { readPriceTable, type TableCell } from './text-table.ts';
import { pageLines, type TextLine } from './text-lines.ts';
import { splitSegments, nameFrom } from './text-segments.ts';

/** Longer lines are prose (a blog post quoting last year's prices), not a price list. */
const MAX_LINE = 250;
const NOTE = /\b(iva|tax|impuestos|envio|shipping|precios|prices)\b/i;

type Page = {
  $: CheerioAPI;
  title: string;
  tax: boolean | null;
  context: ExtractContext;
  out: ExtractedOffer[];
};

/** The headings above line `at`, nearest first: the sections a price sits in. */
function headingsAbove(lines: TextLine[], at: number): string[] {
  const found: string[] = [];
  let level = 7;
  for (let i = at - 1; i >= 0 && level > 1; i--) {
    const line = lines[i];
    if (line && line.level > 0 && line.level < level) {
      found.push(line.text);
      level = line.level;
    }
  }
  return found;
}

/** The title of the card or list a nameless price line belongs to: the nearest heading or bold
 * line above it, else the nearest short plain line; price lines in between are its other tiers. */
function nameAbove(lines: TextLine[], at: number): { name: string; el: TextLine['el'] } | null {
  let fallback: TextLine | null = null;
  for (let i = at - 1; i >= Math.max(0, at - 6); i--) {
    const line = lines[i];
    if (!line) break;
    const priced = findPrices(line.text).length > 0;
    if (priced) {
      if (fallback) break;
      continue;
    }
    if (line.titleLike) return { name: line.text, el: line.el };
    if (!fallback && line.text.length <= 80 && !NOTE.test(line.text)) fallback = line;
  }
  return fallback ? { name: fallback.text, el: fallback.el } : null;
}

function pushTableCell(page: Page, cell: TableCell, headings: string[]): void {
  const name =
    cell.material && !cell.name.toLowerCase().includes(cell.material.toLowerCase())
      ? `${cell.name} — ${cell.material}`
      : cell.name;
  page.out.push(
    buildOffer(
      {
        extractor: 'text',
        name,
        amount: cell.price.amount,
        currency: cell.price.currency,
        explicitCurrency: cell.price.explicitCurrency,
        unit: cell.unit,
        quantity: cell.quantity,
        includes_tax: cell.includes_tax ?? detectTax(cell.caption) ?? page.tax,
        price_is_minimum: cell.minimum,
        context: [cell.caption, ...headings].filter(Boolean),
        title: page.title,
        priceText: cell.rowText,
        selectors: { price: cell.selector, ...(cell.nameSelector ? { offer_name: cell.nameSelector } : {}) },
        confidence: 0.7,
        source_text: cell.rowText,
      },
      page.context,
    ),
  );
}

function pushLine(page: Page, lines: TextLine[], at: number, prices: PriceMatch[]): void {
  const line = lines[at];
  if (!line) return;
  const headings = headingsAbove(lines, at);
  let lineName: string | null = null;
  for (const segment of splitSegments(line.text, prices)) {
    const own = nameFrom(segment.before);
    const above = own || lineName ? null : nameAbove(lines, at);
    const name = own
      ? own
      : (lineName ?? (above ? [above.name, segment.size].filter(Boolean).join(' ') : null));
    if (!name) continue;
    if (own) lineName = own;
    page.out.push(
      buildOffer(
        {
          extractor: 'text',
          name,
          amount: segment.price.amount,
          currency: segment.price.currency,
          explicitCurrency: segment.price.explicitCurrency,
          unit: parseUnit(segment.after) ?? parseUnit(segment.before),
          quantity: tierQuantity(segment.before) ?? 1,
          includes_tax: detectTax(`${segment.before} ${segment.after}`) ?? detectTax(line.text) ?? page.tax,
          price_is_minimum: isMinimumPrice(segment.before),
          context: headings.filter((h) => h !== name),
          title: page.title,
          priceText: segment.after,
          selectors: {
            price: cssPath(page.$, line.el),
            ...(above ? { offer_name: cssPath(page.$, above.el) } : {}),
          },
          confidence: own ? 0.6 : 0.5,
          source_text: above ? `${above.name} ${line.text}` : line.text,
        },
        page.context,
      ),
    );
  }
}

/** Navigation and form controls: their text is never an offer. */
const PAGE_CHROME: ReadonlySet<string> = new Set([
  'nav',
  'footer',
  'select',
  'option',
  'button',
  'input',
  'textarea',
]);

/** Prices in a page's visible text: price tables, lists and cards, in Spanish or English. */
export function extractText(html: string, _url: string, context: ExtractContext = {}): ExtractedOffer[] {
  const $ = loadVisible(html, PAGE_CHROME);
  const defaultCurrency = context.defaultCurrency ?? declaredCurrency($('body').text()) ?? undefined;
  const tables: { cells: TableCell[]; at: number }[] = [];
  const lines = pageLines($, {
    table: (el, linesBefore) => {
      const cells = readPriceTable($, el, defaultCurrency);
      if (cells) tables.push({ cells, at: linesBefore });
      return cells !== null;
    },
  });
  const notes = lines.filter((l) => findPrices(l.text).length === 0).map((l) => detectTax(l.text));
  const stated = [...new Set(notes.filter((n) => n !== null))];
  const page: Page = {
    $,
    title: pageTitle($),
    tax: stated.length === 1 ? (stated[0] ?? null) : null,
    context: { ...context, defaultCurrency },
    out: [],
  };
  for (const table of tables) {
    for (const cell of table.cells) pushTableCell(page, cell, headingsAbove(lines, table.at));
  }
  lines.forEach((line, at) => {
    if (line.text.length > MAX_LINE) return;
    const prices = findPrices(line.text, { defaultCurrency });
    if (prices.length) pushLine(page, lines, at, prices);
  });
  return page.out;
}
