import type { CheerioAPI } from 'cheerio';
import { cssPath, textOf, type DomElement } from '../dom.ts';
import type { DollarCurrency } from '../offer.ts';
import { detectTax, isMinimumPrice, tierQuantity } from '../price-notes.ts';
import { findPrices, type PriceMatch } from '../price-parser.ts';
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
const MATERIAL = /material/;
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

/** "Precio (USD)", "Precio MXN": a column's currency for its bare numbers. */
function currencyWord(header: string): DollarCurrency | undefined {
  const h = foldText(header);
  if (/\busd\b|dolares|dollars|dlls/.test(h)) return 'USD';
  if (/\beur\b|€|euros/.test(h)) return 'EUR';
  if (/\bmxn\b|pesos|m\.n\./.test(h)) return 'MXN';
  return undefined;
}

const PIECE_WORD = /\b(piezas?|pzas?|pz|pcs?|pieces?|unidades|units?)\b/;
/** A tier column ("10–49 pzas") prices each piece. */
const EACH_PIECE: ParsedUnit = { unit: 'piece', unit_text: 'c/u', unit_size: '1' };

const cellsOf = ($: CheerioAPI, row: DomElement) => $(row).children('th, td').toArray();

/** A table with a header row that names a price column (or quantity tiers); null for any other
 * table, which the caller reads row by row as text. */
export function readPriceTable(
  $: CheerioAPI,
  table: DomElement,
  defaultCurrency: DollarCurrency | undefined,
): TableCell[] | null {
  const rows = $(table).find('tr').toArray();
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
  if (!columns.some((c) => c.role === 'name')) {
    const first = columns.findIndex((c) => c.role === 'other');
    const col = columns[first];
    if (col) col.role = 'name';
  }
  const caption = textOf($(table).find('caption').first());
  const out: TableCell[] = [];
  for (const row of rows.slice(headerAt + 1)) {
    const cells = cellsOf($, row);
    const text = (role: Column['role']) => {
      const at = columns.findIndex((c) => c.role === role);
      return at >= 0 && cells[at] ? textOf($(cells[at])) : '';
    };
    const nameAt = columns.findIndex((c) => c.role === 'name');
    const name = text('name');
    const rowText = textOf($(row));
    const rowQuantity =
      tierQuantity(text('quantity')) ?? (Number(text('quantity').replace(/\D/g, '')) || null);
    columns.forEach((col, i) => {
      const cell = cells[i];
      if (col.role !== 'price' || !cell || !name) return;
      const cellText = textOf($(cell));
      const headerCurrency = currencyWord(col.header);
      const price = findPrices(cellText, {
        allowBare: true,
        defaultCurrency: headerCurrency ?? defaultCurrency,
      })[0];
      if (!price) return;
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
        minimum: isMinimumPrice(cellText.slice(0, price.start)),
        caption,
        rowText,
        selector: cssPath($, cell),
        nameSelector: nameAt >= 0 && cells[nameAt] ? cssPath($, cells[nameAt]) : '',
      });
    });
  }
  return out;
}
