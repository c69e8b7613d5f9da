import { foldText } from './text-normalize.ts';

/** Where a candidate number sits in its text. */
export type TrapInput = {
  start: number;
  end: number;
  /** End of the previous candidate: the words before a price stop there. */
  prior: number;
  /** No currency mark: only trusted in fields known to hold prices. */
  bare: boolean;
  amount: string;
};

/** Words that make the next price a former one ("Antes $500", "Was $949.99"). */
const OLD_WORDS =
  /\b(antes|precio anterior|precio regular|precio normal|precio de lista|normalmente|was|regular price|list price|compare at|reg\.?)\s*:?\s*$/;

/** Brazil's "de R$ 1.599,90 por R$ 1.299,90": the "de" price is the former one. */
function deFromPor(text: string, input: TrapInput, before: string): boolean {
  return /\bde\s*$/.test(before) && /^\s*por\b/.test(foldText(text.slice(input.end, input.end + 12)));
}

/** Whether a trapped price was a former price, named so in words rather than struck out. */
export function isOldMention(text: string, input: TrapInput): boolean {
  const before = wordsBefore(text, input);
  return OLD_WORDS.test(before) || deFromPor(text, input, before);
}

// Words just before an amount that make it something other than the offer's price. Matched on
// folded text (no accents, lower case), anchored at the end of the words before the amount.
const BEFORE: RegExp[] = [
  // Instalments: "12x $33.25", "12 MSI de", "3 meses sin intereses de", "6 pagos fijos de".
  /\d+\s*[x×]\s*(de\s*)?$/,
  /\bmsi\b/,
  /meses sin intereses/,
  /\b(pagos|mensualidades|cuotas|quincenas|abonos|parcialidades)\b/,
  /\b(installments?|payments? of|interest[- ]free)\b/,
  // Free-shipping and minimum-order thresholds.
  /\benvios?\b|\bshipping\b|\bdelivery\b/,
  /\b(compras?|pedidos?|ordenes|orders?)\b.{0,30}\b(mayor|mayores|superior|superiores|mas de|arriba de|sobre|desde|a partir de|minim[oa]s?|over|above|of at least)\b/,
  /\b(compra|pedido|monto|factura|cargo|orden|importe|ticket) minim[oa]\b|\bminimum (order|purchase|charge|invoice)\b|\bspend\b/,
  /\bminim[oa] de (compra|pedido|facturacion|factura|orden)\b|\bse factura\b.{0,20}$/,
  // A surcharge of an option ("Medium (+ €12.00)"), not a price of its own.
  /(^|[\s(])\+\s*$/,
  // Arithmetic: a worked example's operands and totals ("85 × $3.00 = $255.00").
  /=\s*$/,
  // An exchange rate ("TC: $17.60", "tipo de cambio $17.60").
  /\b(tc|t\.c\.|tipo de cambio|exchange rate|cotizacion del dolar)\s*:?\s*$/,
  // Old prices and savings, when the struck-out element was not marked up as such.
  OLD_WORDS,
  /\b(ahorra|ahorras|ahorre|ahorro|ahorrate|save|you save|descuento de|discount of|economize|economia de|voce economiza)\b\s*:?\s*$/,
  // A payment method's own price (Brazil's Pix), not the offer's.
  /\bpix\b.{0,25}$/,
  // A filter's bounds ("El precio más alto es $799.00", Dawn's "The highest price is").
  /\b(precio mas (alto|bajo) es|(highest|lowest) price is|precio (maximo|minimo)|(max|min)(imum)? price)\s*:?\s*$/,
  // A ceiling, not a price: a filter's "Hasta $60.000", "Up to $50".
  /\b(hasta|up to|menos de|under|below|less than|max\.?|maximo)\s*:?\s*$/,
  // A tax amount, not a price.
  /\biva\s*(\(16\s*%\))?\s*:?\s*$/,
];

// Words just after an amount that disqualify it.
const AFTER: RegExp[] = [
  /^\s*=/,
  /^\s*%/,
  /^\s*(msi|meses sin intereses|sin intereses|sem juros|de descuento|de ahorro|off\b)/,
  /^\s*(a vista )?(no|via|com|pelo) pix\b/,
  /^\s*[x×]\s*(\d|\$|de\b)/,
  /^\s*(pagos|mensualidades|cuotas|quincenas|meses|abonos|interest|payments|installments)\b/,
];

// Only a bare number can be a phone, a postal code or a year; a `$` settles those.
const BARE_BEFORE: RegExp[] = [
  /(\+|\btel|\btelefono|\bcel|\bcelular|\bwhatsapp|\bphone|\bfax|\bllamanos|\bcall)\W*$/,
  /\b(c\.?\s?p|codigo postal|zip)\.?\s*:?\s*$/,
  /(©|\(c\)|copyright|\bano\b|\byear\b)\s*$/,
];

/** The words before a candidate, cut at the previous candidate and at the last sentence break, so
 * "Envío gratis en compras mayores a $999" taints $999 but not a price earlier in the line. */
function wordsBefore(text: string, input: TrapInput): string {
  const from = Math.max(input.prior, input.start - 80);
  const raw = text.slice(from, input.start);
  const cut = Math.max(raw.lastIndexOf('\n'), raw.search(/[|•·;!?][^|•·;!?]*$/), lastSentenceBreak(raw));
  return foldText(cut >= 0 ? raw.slice(cut + 1) : raw);
}

function lastSentenceBreak(raw: string): number {
  let at = -1;
  // A capital after the stop: "C.P. 06700" and "Tel. 55…" are abbreviations, not breaks.
  for (const m of raw.matchAll(/[.!?]\s+(?=\p{Lu})/gu)) at = m.index;
  return at;
}

function looksLikePhone(text: string, input: TrapInput): boolean {
  const around = text.slice(Math.max(0, input.start - 20), input.end + 20);
  return /\+?\(?\d{2,3}\)?[\s.-]?\d{3,4}[\s.-]?\d{4}/.test(around);
}

/** Whether a candidate number is not an offer's price (see BEFORE, AFTER and BARE_BEFORE). */
export function isTrap(text: string, input: TrapInput): boolean {
  const before = wordsBefore(text, input);
  const after = foldText(text.slice(input.end, input.end + 30));
  if (BEFORE.some((r) => r.test(before))) return true;
  if (AFTER.some((r) => r.test(after))) return true;
  if (deFromPor(text, input, before)) return true;
  if (/^0+(\.0+)?$/.test(input.amount)) return true;
  if (!input.bare) return false;
  if (BARE_BEFORE.some((r) => r.test(before))) return true;
  if (/^(19|20)\d\d$/.test(input.amount)) return true;
  if (/^0\d/.test(text.slice(input.start, input.end).replace(/^\D+/, ''))) return true;
  return looksLikePhone(text, input);
}
