import type { PriceMatch } from '../price-parser.ts';
import { parseUnit } from '../unit-parser.ts';

/** The words that belong to one price of a line: "1–9 piezas $120 c/u, 10+ $95 c/u" has two. */
export type Segment = {
  price: PriceMatch;
  /** From the previous segment's end to the price: name, tier, "desde". */
  before: string;
  /** From the price to the next separator: unit, tax. */
  after: string;
  /** A pack size that is all the segment names ("1 kg"), to add to a heading-given name. */
  size: string;
};

const SEPARATOR = /[,;|·•]|\s[-–—]\s/;
const PIECES = String.raw`(?:piezas?|pzas?\.?|pz|pcs?|pieces?|unidades|units?|uds?\.?|parts?)`;
const TIERS = [
  new RegExp(String.raw`\d+\s*(?:-|–|—|a|al|to)\s*\d+\s*${PIECES}`, 'giu'),
  new RegExp(String.raw`\d+\s*${PIECES}?\s*(?:\+|o m[aá]s|y m[aá]s|or more|en adelante|and up)`, 'giu'),
  new RegExp(
    String.raw`(?:m[aá]s de|over|more than|desde|from|m[ií]n(?:imo)?\.?|≥|>=)\s*\d+\s*${PIECES}`,
    'giu',
  ),
];
const FILLER =
  /(?<![\p{L}])(antes|ahora|precio anterior|anterior|was|now|regular|desde|a partir de|from|starting at|starts at|precio|precios|price|prices|costo|cost|tarifa|total|ahora|now|solo|sólo|only|oferta|sale|just|por solo|c\/u|cada uno|each|mxn|usd|m\.n\.|más iva|\+ ?iva|iva incluido)(?![\p{L}])/giu;
const SIZE_ONLY = /^\d+(?:[.,]\d+)?\s*(kg|kgs|kilos?|g|gr|gramos?|grams?|l|lt|litros?|liters?|ml|m2|m²)$/iu;

function clean(text: string): string {
  let t = text;
  for (const tier of TIERS) t = t.replace(tier, ' ');
  return t
    .replace(/(?:US\$|MX\$|\$|€|MXN|USD|EUR)\s*\d[\d.,]*/giu, ' ')
    .replace(FILLER, ' ')
    .replace(/[|:=()[\]]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;])/g, '$1')
    .replace(/^[\s\-–—•·*,.;/]+|[\s\-–—•·*,.;/]+$/g, '')
    .trim();
}

/** The item name in the words before a price, or null when they hold only a tier, a unit or
 * filler words ("Desde", "Precio:"). */
export function nameFrom(before: string): string | null {
  const t = clean(before);
  if (SIZE_ONLY.test(t)) return null;
  const unit = parseUnit(t);
  const letters = (unit ? t.replace(unit.unit_text, ' ') : t).match(/\p{L}/gu)?.length ?? 0;
  return letters >= 3 ? t : null;
}

/** Cuts a line into one segment per price. */
export function splitSegments(text: string, prices: PriceMatch[]): Segment[] {
  const segments: Segment[] = [];
  let before = text.slice(0, prices[0]?.start ?? 0);
  prices.forEach((price, k) => {
    const next = prices[k + 1];
    const tail = text.slice(price.end, next?.start ?? text.length);
    let after = tail;
    let rest = '';
    if (next) {
      const cut = tail.search(SEPARATOR);
      const unit = parseUnit(tail);
      const unitEnd = unit ? tail.indexOf(unit.unit_text) + unit.unit_text.length : -1;
      const end = cut >= 0 ? cut : unit && tail.indexOf(unit.unit_text) <= 3 ? unitEnd : 0;
      after = tail.slice(0, end);
      rest = tail.slice(cut >= 0 ? cut + 1 : end);
    }
    const cleaned = clean(before);
    segments.push({ price, before, after, size: SIZE_ONLY.test(cleaned) ? cleaned : '' });
    before = rest;
  });
  return segments;
}
