import { foldText } from './text-normalize.ts';

// "no incluye IVA" must be tested before "incluye IVA": the excluding forms come first.
const TAX_EXCLUDED =
  /(\bmas\s*(el\s*)?iva|\+\s*(el\s*)?iva|\biva\s*no\s*incluido|\bno\s*incluye[n]?\s*(el\s*)?iva|\bsin\s*iva|\bantes\s*de\s*iva|\biva\s*aparte|\bplus\s*(sales\s*)?tax|\+\s*tax|\btax(es)?\s*not\s*included|\bexcl(\.|uding|udes)?\s*(vat|tax|iva)|\bex\.?\s*(vat|tax)\b|\bexc\.?\s*vat\b|\bbefore\s*tax|\bno\s*incluyen?\s*impuestos)/;
const TAX_INCLUDED =
  /(\biva\s*incluido|\bincluyen?\s*(el\s*)?iva|\bcon\s*iva|\bc\/\s*iva|\biva\s*inc\b|\bincl(\.|uding|udes|uye|uyen)?\s*(vat|tax|iva)|\binc\.?\s*vat\b|\btax(es)?\s*included|\bimpuestos\s*incluidos|\bincluyen?\s*impuestos)/;

/** What a text says about tax: false for "más IVA"/"plus tax", true for "IVA incluido", null
 * when it says nothing, or says both (a page with contradicting notes tells us nothing). */
export function detectTax(text: string): boolean | null {
  const t = foldText(text);
  const excluded = TAX_EXCLUDED.test(t);
  const included = TAX_INCLUDED.test(t.replace(TAX_EXCLUDED, ' '));
  if (excluded === included) return null;
  return included;
}

/** Whether the words just before a price make it a floor ("desde $45", "a partir de"). */
export function isMinimumPrice(wordsBefore: string): boolean {
  return /\b(desde|a partir de|from|starting at|starts at|starting from|precio minimo|cargo minimo|min\.?|minimo)\s*:?\s*$/.test(
    foldText(wordsBefore),
  );
}

const PIECES = '(?:piezas?|pzas?\\.?|pz|pcs?|pieces?|unidades|units?|uds?\\.?|parts?)';

/** The smallest quantity of a tier phrase ("1–9 piezas" → 1, "10+" → 10, "más de 50 pzas" → 51),
 * or null when the words state no tier. */
export function tierQuantity(words: string): number | null {
  const t = foldText(words);
  const plus = new RegExp(
    `(\\d+)\\s*${PIECES}?\\s*(\\+(?!\\s*(?:iva|tax))|o mas\\b|y mas\\b|or more\\b|en adelante\\b|and up\\b)`,
  ).exec(t);
  if (plus) return Number(plus[1]);
  const range = new RegExp(`(\\d+)\\s*(?:-|–|—|a|al|to)\\s*\\d+\\s*${PIECES}`).exec(t);
  if (range) return Number(range[1]);
  const over = new RegExp(`\\b(?:mas de|over|more than)\\s*(\\d+)\\s*${PIECES}`).exec(t);
  if (over) return Number(over[1]) + 1;
  const from = new RegExp(`(?:\\bdesde|\\bfrom|\\bmin(?:imo)?\\.?|≥|>=)\\s*(\\d+)\\s*${PIECES}`).exec(t);
  if (from) return Number(from[1]);
  return null;
}
