import type { CheerioAPI } from 'cheerio';
import { NO_DEADLINE, type Deadline } from '../deadline.ts';
import { cssPath, descendants, textOf, withoutBoundaries, type DomElement } from '../dom.ts';
import { detectTax, isMinimumPrice, tierQuantity } from '../price-notes.ts';
import { findPrices, type PriceMatch } from '../price-parser.ts';
import { currencyCandidates } from '@preciofab/shared/currencies';
import { foldText } from '../text-normalize.ts';
import { parseUnit, type ParsedUnit } from '../unit-parser.ts';

/** One price cell of a price table, with what its row and header say about it. */
export type TableCell = {
  name: string;
  material: string;
  price: PriceMatch;
  unit: ParsedUnit | null;
  quantity: number;
  includes_tax: boolean | null;
  minimum: boolean;
  caption: string;
  rowText: string;
  selector: string;
  nameSelector: string;
  row: DomElement;
};

type Column = {
  role: 'name' | 'price' | 'unit' | 'material' | 'quantity' | 'other';
  header: string;
  tier: number | null;
};

const NAME =
  /servicio|service|producto|product|concepto|descripcion|description|articulo|item|proceso|process|tecnologia|technology|tipo|type/;
const PRICE = /precio|price|costo|cost|tarifa|rate|importe|monto|\$|mxn|usd/;
const UNIT = /^(unidad|unit|unidad de medida|uom|por|per)$/;
const MATERIAL = /material|resina|filamento|resin|filament/;
const NOTES = /^(notas?|notes?|observaciones|comentarios|detalles?|details?|caracteristicas|features)\b/;
const QUANTITY = /cantidad|qty|quantity|minimo|volumen/;

function roleOf(header: string): Column {
  const h = foldText(header);
  const tier = tierQuantity(h);
  if (tier !== null) return { role: 'price', header, tier };
  if (PRICE.test(h)) return { role: 'price', header, tier: null };
  if (UNIT.test(h)) return { role: 'unit', header, tier: null };
  if (MATERIAL.test(h)) return { role: 'material', header, tier: null };
  if (QUANTITY.test(h)) return { role: 'quantity', header, tier: null };
  if (NAME.test(h)) return { role: 'name', header, tier: null };
  return { role: 'other', header, tier: null };
}

/** "Precio (USD)", "Precio MXN", "Precio (R$)": the mark a column gives its bare numbers. */
function headerMark(header: string): { mark: string; candidates: readonly string[] } | null {
  const h = foldText(header);
  if (/\busd\b|dolares|dollars|dlls/.test(h)) return { mark: 'USD', candidates: ['USD'] };
  if (/\beur\b|€|euros/.test(h)) return { mark: 'EUR', candidates: ['EUR'] };
  if (/\bmxn\b|pesos mexicanos|m\.n\./.test(h)) return { mark: 'MXN', candidates: ['MXN'] };
  for (const m of header.matchAll(/[(\s]([A-Z]{3}|[^\s\w()]{1,3}|[A-Z][a-z]?\$|[A-Z]{1,2}\/\.?)[)\s]?/g)) {
    const candidates = currencyCandidates(m[1]!);
    if (candidates) return { mark: m[1]!, candidates };
  }
  return null;
}

const PIECE_WORD = /\b(piezas?|pzas?|pz|pcs?|pieces?|unidades|units?)\b/;
/** A tier column ("10–49 pzas") prices each piece. */
const EACH_PIECE: ParsedUnit = { unit: 'piece', unit_text: 'c/u', unit_size: '1' };

const cellsOf = ($: CheerioAPI, row: DomElement) => $(row).children('th, td').toArray();

/** A table with a header row that names a price column (or quantity tiers); null for any other
 * table, which the caller reads row by row as text. */
export const MAX_ROWS = 2000;

export function readPriceTable(
  $: CheerioAPI,
  table: DomElement,
  deadline: Deadline = NO_DEADLINE,
): TableCell[] | null {
  // A price table is tens of rows; past MAX_ROWS the rest of a table is not read. (A walk, not
  // `find`: cheerio sorts what `find` returns, at a cost that grows with every row's siblings.)
  const rows: DomElement[] = [];
  let caption: DomElement | null = null;
  descendants(table, (el) => {
    if (rows.length >= MAX_ROWS) return false;
    if (el.tagName === 'caption') caption ??= el;
    if (el.tagName === 'tr') rows.push(el);
    return undefined;
  });
  const headerAt = rows.findIndex((r) => {
    const cells = cellsOf($, r);
    return (
      cells.length > 1 &&
      cells.every((c) => findPrices(textOf($(c))).length === 0) &&
      cells.some((c) => roleOf(textOf($(c))).role === 'price')
    );
  });
  const headerRow = rows[headerAt];
  if (!headerRow) return null;
  const columns = cellsOf($, headerRow).map((c) => roleOf(textOf($(c))));
  if (!columns.some((c) => c.role === 'price')) return null;
  // No name column: the material names the row ("Material | Precio | Notas": the caller puts the
  // heading above the table in front, "FDM (filamento) — PLA"); else the first column that is not
  // a note.
  if (!columns.some((c) => c.role === 'name') && !columns.some((c) => c.role === 'material')) {
    const col = columns.find((c) => c.role === 'other' && !NOTES.test(foldText(c.header)));
    if (col) col.role = 'name';
  }
  const captionText = caption ? textOf(caption) : '';
  const out: TableCell[] = [];
  for (const row of rows.slice(headerAt + 1)) {
    deadline.check();
    const cells = cellsOf($, row);
    const rowCells: TableCell[] = [];
    const text = (role: Column['role']) => {
      const at = columns.findIndex((c) => c.role === role);
      return at >= 0 && cells[at] ? textOf($(cells[at])) : '';
    };
    const nameAt = columns.findIndex((c) => c.role === 'name');
    const name = withoutBoundaries(text('name'));
    const rowText = textOf($(row));
    const rowQuantity =
      tierQuantity(text('quantity')) ?? (Number(text('quantity').replace(/\D/g, '')) || null);
    columns.forEach((col, i) => {
      const cell = cells[i];
      // A row with no name of its own (a product's tier table: "10+ pzas | $95 c/u") is named by
      // the caller, from the heading above the table.
      const tiered = rowQuantity !== null || col.tier !== null;
      if (col.role !== 'price' || !cell || (!name && !tiered && !text('material'))) return;
      const cellText = textOf($(cell));
      const found = findPrices(cellText, { allowBare: true })[0];
      if (!found) return;
      const fromHeader = found.candidates.length === 0 ? headerMark(col.header) : null;
      const price = fromHeader ? { ...found, ...fromHeader } : found;
      // A second column pricing the same tier in another currency is an equivalent, not an offer.
      const same = rowCells.find((c) => c.quantity === (col.tier ?? rowQuantity ?? 1));
      if (same && same.price.candidates.join() !== price.candidates.join()) return;
      out.push({
        name,
        material: text('material'),
        price,
        unit:
          parseUnit(cellText) ??
          parseUnit(text('unit')) ??
          parseUnit(`por ${text('unit')}`) ??
          parseUnit(col.header) ??
          (col.tier !== null && PIECE_WORD.test(foldText(col.header)) ? EACH_PIECE : null),
        quantity: col.tier ?? rowQuantity ?? 1,
        includes_tax: detectTax(cellText) ?? detectTax(col.header),
        minimum: price.rangeFloor || isMinimumPrice(withoutBoundaries(cellText.slice(0, price.start))),
        caption: captionText,
        rowText,
        selector: cssPath($, cell),
        nameSelector: nameAt >= 0 && cells[nameAt] ? cssPath($, cells[nameAt]) : '',
        row,
      });
      rowCells.push(out.at(-1)!);
    });
  }
  return out;
}
