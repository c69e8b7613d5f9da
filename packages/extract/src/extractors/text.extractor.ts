import { NO_SIGNALS, resolveCurrency, type CurrencyReading } from '../currency-evidence.ts';
import { cssPath, withoutBoundaries } from '../dom.ts';
import type { ExtractContext } from '../offer.ts';
import { buildOffer, type Found } from '../offer-builder.ts';
import type { Page } from '../page.ts';
import type { Region } from '../page-regions.ts';
import { detectTax, isMinimumPrice, tierQuantity } from '../price-notes.ts';
import { scanPrices, type PriceMatch, type PriceScan } from '../price-parser.ts';
import { parseUnit } from '../unit-parser.ts';
import { readPriceTable, type TableCell } from './text-table.ts';
import { pageLines, type PageLines, type TextLine } from './text-lines.ts';
import { splitSegments, nameFrom } from './text-segments.ts';

/** Longer lines are prose (a blog post quoting last year's prices), not a price list. */
export const MAX_LINE = 250;
/** Offers one page may give: past it, the page is a catalogue dump and the rest is not read. */
export const MAX_OFFERS = 500;
/** Words before a price that hold a finished sentence and go on: prose. */
const PROSE = /[.!?]\s+\p{Lu}[^|]{20,}$/u;
const PRICES_NOTE = /^(todos los |nuestros )?(precios|prices|all prices|tarifas)\b/i;
const NOTE = /\b(iva|tax|impuestos|envio|shipping|precios|prices)\b/i;

/** A page's visible text: its lines, its price tables and its struck-out prices. */
export type TextReading = PageLines & {
  tables: { cells: TableCell[]; at: number; region: Region }[];
  /** The prices of line `at`, scanned once however many readers ask (currency signs, tax notes,
   * offers, names above, former prices). */
  scan(at: number): PriceScan;
};

/** Reads the page's lines and price tables (one walk), before currencies can be decided: the
 * lines hold the phones and words that decide them. */
export function readText(page: Page): TextReading {
  const tables: TextReading['tables'] = [];
  const lines = pageLines(
    page.$,
    {
      table: (el, linesBefore, region) => {
        const cells = readPriceTable(page.$, el, page.deadline);
        if (cells) tables.push({ cells, at: linesBefore, region });
        return cells !== null;
      },
    },
    page.deadline,
  );
  const scans: PriceScan[] = [];
  const scan = (at: number) => (scans[at] ??= scanPrices(lines.lines[at]?.text ?? ''));
  return { ...lines, tables, scan };
}

type Sink = {
  page: Page;
  lines: TextLine[];
  scan: TextReading['scan'];
  tax: boolean | null;
  context: ExtractContext;
  out: Found[];
};

const currencyOf = (sink: Sink, price: PriceMatch): CurrencyReading =>
  resolveCurrency(price, sink.context.signals ?? NO_SIGNALS);

/** The headings above line `at`, nearest first: the sections a price sits in. */
function headingsAbove(lines: TextLine[], at: number): string[] {
  const found: string[] = [];
  let level = 7;
  for (let i = at - 1; i >= 0 && level > 1 && at - i < 400; i--) {
    const line = lines[i];
    if (line && line.level > 0 && line.level < level) {
      found.push(withoutBoundaries(line.text));
      level = line.level;
    }
  }
  return found;
}

/** The title of the card or list a nameless price line belongs to: the nearest heading or bold
 * line above it, else the nearest short plain line; price lines in between are its other tiers. */
function nameAbove(
  lines: TextLine[],
  at: number,
  scan: TextReading['scan'],
): { name: string; el: TextLine['el'] } | null {
  let fallback: TextLine | null = null;
  for (let i = at - 1; i >= Math.max(0, at - 6); i--) {
    const line = lines[i];
    if (!line) break;
    const priced = scan(i).prices.length > 0;
    if (priced) {
      if (fallback) break;
      continue;
    }
    const text = withoutBoundaries(line.text);
    if (line.titleLike) return { name: text, el: line.el };
    if (!fallback && text.length <= 80 && !NOTE.test(text)) fallback = { ...line, text };
  }
  return fallback ? { name: fallback.text, el: fallback.el } : null;
}

function push(sink: Sink, found: Found): void {
  if (sink.out.length < MAX_OFFERS) sink.out.push(found);
}

function pushTableCell(sink: Sink, cell: TableCell, headings: string[], region: Region): void {
  const base = cell.name || headings[0] || sink.page.title;
  if (!base) return;
  const name =
    cell.material && !base.toLowerCase().includes(cell.material.toLowerCase())
      ? `${base} — ${cell.material}`
      : base;
  const offer = buildOffer(
    {
      extractor: 'text',
      name,
      amount: cell.price.amount,
      currency: currencyOf(sink, cell.price),
      unit: cell.unit,
      quantity: cell.quantity,
      includes_tax: cell.includes_tax ?? detectTax(cell.caption) ?? sink.tax,
      price_is_minimum: cell.minimum,
      context: [cell.caption, ...headings].filter(Boolean),
      title: sink.page.title,
      priceText: cell.rowText,
      selectors: { price: cell.selector, ...(cell.nameSelector ? { offer_name: cell.nameSelector } : {}) },
      confidence: 0.7,
      source_text: cell.rowText,
    },
    sink.context,
  );
  const el = cell.row;
  push(sink, { offer, el, region, tier: cell.quantity > 1 });
}

function pushLine(sink: Sink, at: number, prices: PriceMatch[]): void {
  const { lines } = sink;
  const line = lines[at];
  if (!line) return;
  const headings = headingsAbove(lines, at);
  let lineName: string | null = null;
  let lineCurrency: string | null | undefined;
  for (const segment of splitSegments(line.text, prices)) {
    // A price inside a sentence of prose ("El material se cotiza aparte (aluminio desde $180/kg)")
    // is an aside, not an offer of the list.
    if (PROSE.test(withoutBoundaries(segment.before))) continue;
    const own = nameFrom(withoutBoundaries(segment.before));
    const above = own || lineName ? null : nameAbove(lines, at, sink.scan);
    const name = own
      ? own
      : (lineName ?? (above ? [above.name, segment.size].filter(Boolean).join(' ') : null));
    if (!name) continue;
    const currency = currencyOf(sink, segment.price);
    // "$1,200 MXN / $65 USD": the same item in a second currency is an equivalent, not an offer.
    if (!own && lineCurrency !== undefined && currency.currency !== lineCurrency) continue;
    if (own) lineName = own;
    lineCurrency = currency.currency;
    const before = withoutBoundaries(segment.before);
    const after = withoutBoundaries(segment.after);
    const quantity = tierQuantity(before) ?? 1;
    const offer = buildOffer(
      {
        extractor: 'text',
        name,
        amount: segment.price.amount,
        currency,
        unit: parseUnit(after) ?? parseUnit(before),
        quantity,
        includes_tax: detectTax(`${before} ${after}`) ?? detectTax(withoutBoundaries(line.text)) ?? sink.tax,
        price_is_minimum: segment.price.rangeFloor || isMinimumPrice(before),
        context: headings.filter((h) => h !== name),
        title: sink.page.title,
        priceText: after,
        selectors: {
          price: cssPath(sink.page.$, line.el),
          ...(above ? { offer_name: cssPath(sink.page.$, above.el) } : {}),
        },
        confidence: own ? 0.6 : 0.5,
        source_text: above ? `${above.name} ${line.text}` : line.text,
      },
      sink.context,
    );
    push(sink, { offer, el: line.el, region: line.region, tier: quantity > 1 });
  }
}

/** Prices in a page's visible text: price tables, lists and cards, in any language the price
 * parser reads. Chrome (menus, footer, mini-cart) is never read. */
export function extractText(page: Page, reading: TextReading, context: ExtractContext = {}): Found[] {
  const { lines, scan } = reading;
  const notes = lines
    .filter(
      (l, at) =>
        l.region === 'main' &&
        l.text.length <= MAX_LINE &&
        // A note about all prices ("Precios antes de IVA. …") may quote a price of its own.
        (PRICES_NOTE.test(withoutBoundaries(l.text)) || scan(at).prices.length === 0),
    )
    .map((l) => detectTax(withoutBoundaries(l.text)));
  const stated = [...new Set(notes.filter((n) => n !== null))];
  const sink: Sink = {
    page,
    lines,
    scan,
    tax: stated.length === 1 ? (stated[0] ?? null) : null,
    context,
    out: [],
  };
  for (const table of reading.tables) {
    if (table.region === 'chrome') continue;
    for (const cell of table.cells) pushTableCell(sink, cell, headingsAbove(lines, table.at), table.region);
  }
  lines.forEach((line, at) => {
    if (line.region === 'chrome' || line.text.length > MAX_LINE || sink.out.length >= MAX_OFFERS) return;
    context.deadline?.check();
    const { prices } = scan(at);
    if (prices.length) pushLine(sink, at, prices);
  });
  return sink.out;
}
